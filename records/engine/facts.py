"""One replayed game → what each seat did in it: the facts a player's record counts.

`seat_facts(record, score)` reads only the protocol engine's `GameRecord` and the scoring
engine's `GameScore` of the same game; each statistic's definition, and every reading made where
the rules are silent, is in docs/records.md.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from games.engine import GameRecord
from games.engine.rulesets import RULESETS
from scoring.engine import GameScore, PlayerScore
from scoring.engine.points import Milli, as_number
from vocabulary import BLACK, BLACK_ROLES, DON, RED_ROLES, ROLES, SHERIFF

# The will kinds that name seats as suspects (a pass of the helm or a skipped will names none).
FIRST_COLOR = "first_color"
ORDERED = "ordered"


@dataclass(frozen=True, slots=True)
class ByRole:
    """A count for each role of the other seat (the target, the voter…), in `ROLES` order.

    The colours are sums over the roles: "against the Mafia" is `black` (the Don included),
    "against civilians" is `self[CIVILIAN]`, "against the Sheriff" is `self[SHERIFF]`.
    """

    counts: tuple[int, ...] = (0,) * len(ROLES)

    def __getitem__(self, role: str) -> int:
        return self.counts[ROLES.index(role)]

    @property
    def red(self) -> int:
        return sum(self[role] for role in RED_ROLES)

    @property
    def black(self) -> int:
        return sum(self[role] for role in BLACK_ROLES)

    @property
    def total(self) -> int:
        return sum(self.counts)

    def __add__(self, other: ByRole) -> ByRole:
        return ByRole(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def __sub__(self, other: ByRole) -> ByRole:
        return ByRole(tuple(a - b for a, b in zip(self.counts, other.counts, strict=True)))


class RulePoints(NamedTuple):
    """A scoring rule's share of a player's points: how many items it gave and their sum."""

    rule: str  # the scoring engine's rule slug ("first-color-will")
    items: int
    milli: Milli  # thousandths of a point, exact

    @property
    def points(self) -> float | int:
        return as_number(self.milli)


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What one seat did in one game (docs/records.md defines each field)."""

    seat: int
    player: str
    player_id: object | None
    ruleset: str
    role: str
    team: str
    won: bool | None  # None: the game has no winner (not finished)
    points_milli: Milli
    rule_points: tuple[RulePoints, ...]  # in the order each rule first gave this seat an item
    left: str | None  # Departure.how: "vote", "raise", "shot", "disqualified"; None: stayed
    shot_first_night: bool
    first_night_will: bool  # shot on the first night, red, and its will named at least one seat
    first_night_blacks_guessed: int  # blacks that will named as blacks (0 without such a will)
    fouls_ordinary: int
    fouls_technical: int
    disqualified: bool
    declared_defeat: bool
    nominated: ByRole  # this seat's nominations, by the target's role
    nominated_by: ByRole  # the nominations of this seat, by the nominator's role
    voted: ByRole  # this seat's ballots in every voting round, by the candidate's role
    voted_by: ByRole  # the ballots against this seat, by the voter's role
    checked_by_don: int
    checked_by_sheriff: int

    @property
    def points(self) -> float | int:
        return as_number(self.points_milli)

    @property
    def guessed_three(self) -> bool:
        return self.first_night_will and self.first_night_blacks_guessed == 3

    @property
    def guessed_two(self) -> bool:
        """Exactly two: a will that guessed three counts under `guessed_three` only."""
        return self.first_night_will and self.first_night_blacks_guessed == 2


def seat_facts(record: GameRecord, score: GameScore) -> tuple[SeatFacts, ...]:
    """The facts of every seat of a replayed game, in seat order; `score` is its `score(record)`.

    Each list of the record (nominations, ballots, fouls, checks…) is read once for all seats."""
    seats = [(info.seat, info.player, info.role) for info in record.seats]
    if score.ruleset != record.ruleset or seats != [(p.seat, p.player, p.role) for p in score.players]:
        raise ValueError("the score is not this game's: its ruleset or its seats differ")
    role = {info.seat: ROLES.index(info.role) for info in record.seats}  # seat → its role's index
    nominated, nominated_by = _role_counters(role), _role_counters(role)
    for nomination in record.nominations:
        nominated[nomination.by][role[nomination.target]] += 1
        nominated_by[nomination.target][role[nomination.by]] += 1
    voted, voted_by = _role_counters(role), _role_counters(role)
    for vote in record.votes:
        for voter, candidate in vote.ballots.items():
            voted[voter][role[candidate]] += 1
            voted_by[candidate][role[voter]] += 1
    fouls = Counter((foul.seat, foul.kind) for foul in record.fouls)
    checks = Counter((check.target, check.by) for check in record.checks)
    left = {departure.seat: departure.how for departure in record.departures}
    disqualified = {removal.seat for removal in record.disqualifications}
    offender = record.dd.seat if record.dd is not None else None
    shot_first = _shot_on_the_first_night(record)
    facts = []
    for info, player in zip(record.seats, score.players, strict=True):
        seat = info.seat
        named_blacks = (
            _named_as_black(record, seat) if seat == shot_first and info.role in RED_ROLES else None
        )
        facts.append(SeatFacts(
            seat=seat,
            player=info.player,
            player_id=info.player_id,
            ruleset=record.ruleset,
            role=info.role,
            team=info.team,
            won=None if record.winner is None else record.winner == info.team,
            points_milli=player.total_milli,
            rule_points=_rule_points(player),
            left=left.get(seat),
            shot_first_night=seat == shot_first,
            first_night_will=named_blacks is not None,
            first_night_blacks_guessed=sum(map(record.is_black, named_blacks or ())),
            fouls_ordinary=fouls[seat, "ordinary"],
            fouls_technical=fouls[seat, "technical"],
            disqualified=seat in disqualified,
            declared_defeat=seat == offender,
            nominated=ByRole(tuple(nominated[seat])),
            nominated_by=ByRole(tuple(nominated_by[seat])),
            voted=ByRole(tuple(voted[seat])),
            voted_by=ByRole(tuple(voted_by[seat])),
            checked_by_don=checks[seat, DON],
            checked_by_sheriff=checks[seat, SHERIFF],
        ))
    return tuple(facts)


def _role_counters(role: dict[int, int]) -> dict[int, list[int]]:
    """For each seat, a count per role (`ROLES` order), all zero."""
    return {seat: [0] * len(ROLES) for seat in role}


def _rule_points(player: PlayerScore) -> tuple[RulePoints, ...]:
    items: dict[str, int] = {}
    milli: dict[str, int] = {}
    for item in player.items:
        items[item.rule] = items.get(item.rule, 0) + 1
        milli[item.rule] = milli.get(item.rule, 0) + item.milli
    return tuple(RulePoints(rule, items[rule], milli[rule]) for rule in items)


def _shot_on_the_first_night(record: GameRecord) -> int | None:
    """The seat killed by the shot of the ruleset's first shooting night (Pro Mafia: Night 1;
    fiim-2025: Night 0), whoever left before it; None after a miss or before that night."""
    first_night = RULESETS[record.ruleset].first_shot_night
    return next((night.killed for night in record.nights if night.night == first_night), None)


def _named_as_black(record: GameRecord, seat: int) -> tuple[int, ...] | None:
    """The seats the seat's will named as black, or None without a will that names a seat.

    A First Color Will names as black the seats it declares black (a will declaring only reds
    names seats, none as black); a Last Will Ordered names its targets as the seats to vote out,
    that is as black. A pass of the helm or a skipped will names no suspect."""
    will = record.will_of(seat)
    if will is not None and will.kind == FIRST_COLOR and will.declarations:
        return tuple(named for named, colour in will.declarations.items() if colour == BLACK)
    if will is not None and will.kind == ORDERED and will.targets:
        return tuple(will.targets)
    return None
