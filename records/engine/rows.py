"""One game's rows of the players' records' store, as values (docs/records.md, "The store").

Pure Python, no Django: the store's writers (``records.services`` for one game, ``records.rebuild``
for all of them, in worker processes) turn a game's protocol into the columns of its rows here,
so both write the same values. ``FACT_COLUMNS`` are the columns read from a seat's `SeatFacts`;
the game's own columns (``GAME_COLUMNS``: its id, time, club, tournament, evening) and the seat's
registered player are the site's, copied onto each row. ``ROW_COLUMNS`` is a whole row.

``game_rows`` is the rebuild's unit of work: one game's protocol (its JSON text), its seats'
players, its stored scores when they can be trusted (``stored_score``: the stored items are the
scoring engine's own, read back) or else the discipline review to score it with. It only reads
its arguments, so it runs in any process.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import NamedTuple

from games.engine import GameRecord, ProtocolError, replay
from scoring.engine import GameScore, Review, ScoreItem, score
from scoring.engine.points import ONE
from vocabulary import ROLES

from .aggregate import BY_ROLE_FIELDS, by_role_name
from .facts import SeatFacts, seat_facts

GAME_COLUMNS = ("game_id", "played_at", "club_id", "tournament_id", "evening_id")
FACT_COLUMNS = (
    "seat", "role", "team", "ruleset", "won", "points_milli", "rule_points", "left",
    "shot_first_night", "first_night_will", "first_night_blacks_guessed", "guessed_three", "guessed_two",
    "fouls_ordinary", "fouls_technical", "disqualified", "declared_defeat",
    *(by_role_name(name, role) for name in BY_ROLE_FIELDS for role in ROLES),
    "checked_by_don", "checked_by_sheriff",
)
ROW_COLUMNS = (*GAME_COLUMNS, "player_id", *FACT_COLUMNS)


def fact_values(facts: SeatFacts) -> tuple:
    """The seat's ``FACT_COLUMNS``: the per-rule breakdown as the JSON list the store keeps
    (``[[rule, items, thousandths], …]``), a seat that stayed as a blank ``left``."""
    return (
        facts.seat, facts.role, facts.team, facts.ruleset, facts.won, facts.points_milli,
        [list(entry) for entry in facts.rule_points], facts.left or "",
        facts.shot_first_night, facts.first_night_will, facts.first_night_blacks_guessed,
        facts.guessed_three, facts.guessed_two, facts.fouls_ordinary, facts.fouls_technical,
        facts.disqualified, facts.declared_defeat,
        *facts.nominated.counts, *facts.nominated_by.counts, *facts.voted.counts, *facts.voted_by.counts,
        facts.checked_by_don, facts.checked_by_sheriff,
    )


if BY_ROLE_FIELDS != ("nominated", "nominated_by", "voted", "voted_by"):
    raise TypeError("fact_values lists the ByRole fields in BY_ROLE_FIELDS order")


def stored_score(record: GameRecord, items: dict[int, list[dict]]) -> GameScore | None:
    """The game's score from its stored items (``PlayerScore.to_dict()["items"]`` of each seat, by
    seat), or None when a seat of the record has none. A stored item's points are its thousandths
    over a thousand (``as_number``), so the thousandths come back exactly."""
    if set(items) != {info.seat for info in record.seats}:
        return None
    return GameScore.of(record, {
        seat: [ScoreItem(round(item["points"] * ONE), item["rule"], item["note"]) for item in seat_items]
        for seat, seat_items in items.items()
    })


class GameInput(NamedTuple):
    """What the rebuild reads of one counting game (plain values, cheap to send to a process)."""

    game_id: int
    protocol_version: int
    protocol: str | dict  # the stored protocol, as JSON text or already read
    head: tuple  # GAME_COLUMNS but the id: played_at, club_id, tournament_id, evening_id
    players: str | dict[int, int | None]  # seat → the seat's registered player (GameSeat; JSON text or read)
    scores: str | dict | None  # seat → its stored score items (JSON text or read), None: score it
    review: Review | None  # the discipline decisions to score it with (None: none)


class GameRows(NamedTuple):
    game_id: int
    rows: list[tuple]  # ROW_COLUMNS each
    error: str | None  # why a protocol gave no rows (it cannot be replayed or scored)


def _game_facts(game: GameInput) -> tuple[tuple[SeatFacts, ...], dict] | str:
    """The game's seats' facts and its seats' players; or why its protocol gives none."""
    try:
        record = replay(game.protocol)
        result = None
        if game.scores is not None:
            scores = json.loads(game.scores) if isinstance(game.scores, str) else game.scores
            result = stored_score(record, {int(seat): items for seat, items in scores.items()})
        if result is None:
            result = score(record, review=game.review)
    except ProtocolError as error:  # ScoringError is one too
        return error.message
    players = game.players
    if isinstance(players, str):
        players = {int(seat): player for seat, player in json.loads(players).items()}
    return seat_facts(record, result), players


def game_rows(game: GameInput) -> GameRows:
    """The game's rows; none, with the reason, for a protocol that cannot be replayed or scored."""
    made = _game_facts(game)
    if isinstance(made, str):
        return GameRows(game.game_id, [], made)
    facts, players = made
    head = (game.game_id, *game.head)
    return GameRows(game.game_id, [(*head, players.get(seat.seat), *fact_values(seat)) for seat in facts], None)


def games_rows(games: Iterable[GameInput]) -> tuple[list[tuple], list[tuple[int, int, str]]]:
    """The games' rows, and the games that gave none with the reason: (game, protocol version,
    message)."""
    rows, errors = [], []
    for game in games:
        made = game_rows(game)
        rows.extend(made.rows)
        if made.error is not None:
            errors.append((game.game_id, game.protocol_version, made.error))
    return rows, errors


# --- PostgreSQL's COPY text format ---------------------------------------------------------------
# One line per row, ROW_COLUMNS tab-separated: NULL is \N, a boolean t or f, the per-rule
# breakdown its JSON. The words (roles, teams, the ruleset, how a seat left) are the vocabulary's
# and the engine's, checked by the replay; only the JSON could hold a character COPY escapes.

_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_BOOL = {True: "t", False: "f", None: "\\N"}
_rule_points_text: dict[tuple, str] = {}  # the JSON of a breakdown; most games repeat a few


def _nullable(value) -> str:
    return "\\N" if value is None else str(value)


def _breakdown(rule_points: tuple) -> str:
    text = _rule_points_text.get(rule_points)
    if text is None:
        if len(_rule_points_text) > 100_000:
            _rule_points_text.clear()
        text = _rule_points_text[rule_points] = json.dumps([list(entry) for entry in rule_points]).translate(_ESCAPES)
    return text


def copy_lines(game: GameInput, facts: tuple[SeatFacts, ...], players: dict) -> list[str]:
    """The game's rows as COPY text lines (each ``fact_values`` of a seat after the game's columns)."""
    at, club, tournament, evening = game.head
    head = f"{game.game_id}\t{at}\t{club}\t{_nullable(tournament)}\t{_nullable(evening)}\t"
    bools = _BOOL
    return [
        f"{head}{_nullable(players.get(seat.seat))}\t{seat.seat}\t{seat.role}\t{seat.team}\t{seat.ruleset}\t"
        f"{bools[seat.won]}\t{seat.points_milli}\t{_breakdown(seat.rule_points)}\t{seat.left or ''}\t"
        f"{bools[seat.shot_first_night]}\t{bools[seat.first_night_will]}\t{seat.first_night_blacks_guessed}\t"
        f"{bools[seat.guessed_three]}\t{bools[seat.guessed_two]}\t{seat.fouls_ordinary}\t{seat.fouls_technical}\t"
        f"{bools[seat.disqualified]}\t{bools[seat.declared_defeat]}\t"
        + "\t".join(map(str, (*seat.nominated.counts, *seat.nominated_by.counts, *seat.voted.counts,
                              *seat.voted_by.counts, seat.checked_by_don, seat.checked_by_sheriff)))
        for seat in facts
    ]


def games_copy_text(games: Iterable[GameInput]) -> tuple[str, int, list[tuple[int, int, str]]]:
    """The games' rows as one block of COPY text, how many rows, and the games that gave none
    with the reason: (game, protocol version, message). What a worker process returns."""
    lines, errors = [], []
    for game in games:
        made = _game_facts(game)
        if isinstance(made, str):
            errors.append((game.game_id, game.protocol_version, made))
            continue
        lines.extend(copy_lines(game, *made))
    return "".join(line + "\n" for line in lines), len(lines), errors
