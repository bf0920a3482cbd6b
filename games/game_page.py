"""The one public page of a seated game (``/games/<id>/``, and inside its tournament
``/tournaments/<slug>/games/<id>/``): its seats, the result and each seat's points with their
rules, and once the visitor may see it, the whole record told phase by phase
(``templates/games/_game.html``). Both addresses build it here, so they cannot disagree.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from games.engine import ProtocolError, replay

from .entry import END_NAMES
from .final_scores import final_scores
from .game_story import StoryPhase, game_story
from .models import Game
from .rulesets import ROLE_LABELS
from .visibility import FINISHED_STATUSES

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class SeatRow:
    seat: int
    player: object | None  # clubs.Player, or None for an empty seat
    name: str
    role: str = ""
    role_name: str = ""
    total: float | int | None = None
    items: list[dict] = field(default_factory=list)


@dataclass(slots=True)
class GamePage:
    game: Game
    roles_visible: bool
    story_visible: bool
    rows: list[SeatRow]
    story: list[StoryPhase]
    end: str = ""

    @property
    def scored(self) -> bool:
        return any(row.total is not None for row in self.rows)


def game_page(game: Game, *, roles_visible: bool, story_visible: bool) -> GamePage:
    """``roles_visible``: ``games.visibility.may_see_roles``; ``story_visible``: the whole record
    (``protocol_visible``, which adds a tournament's "full protocols" switch)."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
    rows = [SeatRow(seat.seat, seat.player, seat.player.nickname if seat.player else "",
                    role=seat.role if roles_visible else "",
                    role_name=str(ROLE_LABELS.get(seat.role, "")) if roles_visible else "")
            for seat in seats]
    page = GamePage(game, roles_visible, story_visible and roles_visible, rows, [])
    if not roles_visible or game.status not in FINISHED_STATUSES or not (game.protocol or {}).get("seats"):
        return page
    try:
        record = replay(game.protocol)
    except ProtocolError:  # every save replayed it; a changed engine must not take the page down
        logger.exception("game %s: the stored protocol no longer replays", game.pk)
        return page
    page.end = str(END_NAMES.get(record.end, "")) if record.end else ""
    _add_scores(page, record)
    if page.story_visible:
        page.story = game_story(record, {row.seat: row.name for row in rows if row.name})
    return page


def _add_scores(page: GamePage, record) -> None:
    try:
        result = final_scores(record, page.game.pk)
    except Exception:  # a scoring bug must not hide the game: log it, show the rest
        logger.exception("game %s: the scores could not be computed", page.game.pk)
        return
    if result is None:
        return
    by_seat = {player.seat: player for player in result.players}
    for row in page.rows:
        scored = by_seat.get(row.seat)
        if scored is not None:
            row.total = scored.total
            row.items = [item.to_dict() for item in scored.items]
