"""Writes for stored scores: recomputed from a game's current protocol, never typed in."""

from __future__ import annotations

import logging
from decimal import Decimal

from django.db import transaction

from core.locking import named_lock
from games.engine import ProtocolError, replay

from .engine import RULES_EDITION
from .models import SeatScore

logger = logging.getLogger(__name__)


def score_record(record, review=None):
    """The scoring engine's ``score(record)``; None while the engine is not installed.

    ``review``: the discipline decisions that change penalties (docs/discipline.md).
    """
    try:
        from scoring.engine import score
    except ImportError:
        logger.warning("scoring.engine.score is not available yet; scores are not stored")
        return None
    return score(record, review=review)


@transaction.atomic
def game_scores_recompute(*, game_id: int) -> list[SeatScore]:
    """Store each seat's score of a finished game from its current protocol; idempotent.

    A game that is not finished (or no longer finished, after an undo) keeps no scores, nor does
    an annulled one. Standings read these rows only for confirmed games. Decided discipline cases
    that change a penalty are applied here (``games.discipline_selectors.scoring_review``).

    The game's row is read, not locked: a judge's or an organizer's action on the game never waits
    for its scores (issue 14). Two runs for one game take turns on the job's own advisory lock;
    a change committed meanwhile has asked for another run, which stores its scores.
    """
    from games.models import Game

    named_lock(f"recompute:game_scores:{game_id}")
    game = Game.objects.filter(pk=game_id).order_by().first()
    if game is None:
        return []
    if game.status not in (Game.Status.FINISHED, Game.Status.CONFIRMED) or not game.protocol:
        SeatScore.objects.filter(game=game).delete()
        return []
    from games.discipline_selectors import scoring_review

    try:
        record = replay(game.protocol)
        result = score_record(record, scoring_review(game.pk))
    except ProtocolError as error:  # ScoringError is one too
        logger.error("game %s: cannot score version %s: %s", game.pk, game.protocol_version, error.message)
        SeatScore.objects.filter(game=game).delete()
        return []
    if result is None:
        return []
    players = {seat.seat: seat.player_id for seat in game.seats.all()}
    stored = []
    for player in result.to_dict()["players"]:
        row, _ = SeatScore.objects.update_or_create(
            game=game, seat=player["seat"],
            defaults={
                "player_id": players.get(player["seat"]),
                "role": player["role"],
                "won": result.winner is not None and record.team(player["seat"]) == result.winner,
                "total": Decimal(str(player["total"])),
                "items": player["items"],
                "protocol_version": game.protocol_version,
                "rules_edition": RULES_EDITION,
            },
        )
        stored.append(row)
    SeatScore.objects.filter(game=game).exclude(seat__in=[row.seat for row in stored]).delete()
    return stored
