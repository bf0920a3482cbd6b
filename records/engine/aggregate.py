"""Many games' `SeatFacts` → one `Totals`; and the win rate's 95% interval.

`Totals` is immutable: `add` and `remove` return new totals, and removing a game's facts undoes
adding them exactly (every field is an integer count or a sum of thousandths, and the per-rule
sums keep a canonical order), so totals kept up to date game by game equal totals rebuilt from
the games that remain.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

from scoring.engine.points import ONE, Milli, as_number
from vocabulary import ROLES

from .facts import ByRole, RulePoints, SeatFacts

# How a seat left (the protocol engine's `Departure.how`) → the counter it adds to.
LEFT_COUNTERS = {
    "vote": "left_by_vote",
    "raise": "left_by_raise",
    "shot": "left_by_shot",
    "disqualified": "left_by_disqualification",
    None: "stayed",
}


@dataclass(frozen=True, slots=True)
class Totals:
    """The sums of many seats' facts (docs/records.md, "Totals")."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    undecided: int = 0  # games without a winner
    points_milli: Milli = 0
    rule_points: tuple[RulePoints, ...] = ()  # by rule slug, in alphabetical order
    left_by_vote: int = 0
    left_by_raise: int = 0
    left_by_shot: int = 0
    left_by_disqualification: int = 0
    stayed: int = 0
    shot_first_night: int = 0
    first_night_wills: int = 0
    first_night_blacks_guessed: int = 0
    guessed_three: int = 0
    guessed_two: int = 0
    fouls_ordinary: int = 0
    fouls_technical: int = 0
    disqualified: int = 0
    declared_defeats: int = 0
    nominated: ByRole = ByRole()
    nominated_by: ByRole = ByRole()
    voted: ByRole = ByRole()
    voted_by: ByRole = ByRole()
    checked_by_don: int = 0
    checked_by_sheriff: int = 0

    @classmethod
    def of(cls, facts: SeatFacts) -> Totals:
        """One game's seat as totals: what `add` adds."""
        left = {LEFT_COUNTERS[facts.left]: 1}
        return cls(
            games=1,
            wins=int(facts.won is True),
            losses=int(facts.won is False),
            undecided=int(facts.won is None),
            points_milli=facts.points_milli,
            rule_points=tuple(sorted(facts.rule_points)),
            shot_first_night=int(facts.shot_first_night),
            first_night_wills=int(facts.first_night_will),
            first_night_blacks_guessed=facts.first_night_blacks_guessed,
            guessed_three=int(facts.guessed_three),
            guessed_two=int(facts.guessed_two),
            fouls_ordinary=facts.fouls_ordinary,
            fouls_technical=facts.fouls_technical,
            disqualified=int(facts.disqualified),
            declared_defeats=int(facts.declared_defeat),
            nominated=facts.nominated,
            nominated_by=facts.nominated_by,
            voted=facts.voted,
            voted_by=facts.voted_by,
            checked_by_don=facts.checked_by_don,
            checked_by_sheriff=facts.checked_by_sheriff,
            **left,
        )

    @classmethod
    def of_all(cls, many: Iterable[SeatFacts]) -> Totals:
        """The rebuild: the totals of every seat's facts given."""
        totals = cls()
        for facts in many:
            totals = totals.add(facts)
        return totals

    @classmethod
    def from_sums(cls, sums: Mapping[str, int], rule_points: Iterable[RulePoints] = ()) -> Totals:
        """Totals from counters already summed elsewhere (the store's aggregate query): one sum
        for each name of `SUM_NAMES`, and the seats' per-rule entries, any order, a rule repeated."""
        values: dict[str, object] = {name: sums[name] for name in _SUMS}
        for name in BY_ROLE_FIELDS:
            values[name] = ByRole(tuple(sums[by_role_name(name, role)] for role in ROLES))
        items: Counter[str] = Counter()
        milli: Counter[str] = Counter()
        for entry in rule_points:
            items[entry.rule] += entry.items
            milli[entry.rule] += entry.milli
        values["rule_points"] = tuple(RulePoints(rule, items[rule], milli[rule]) for rule in sorted(items) if items[rule])
        return cls(**values)

    def sums(self) -> dict[str, int]:
        """The counters by their flat names (`SUM_NAMES`): what `from_sums` reads back."""
        flat = {name: getattr(self, name) for name in _SUMS}
        for name in BY_ROLE_FIELDS:
            flat.update(zip((by_role_name(name, role) for role in ROLES), getattr(self, name).counts, strict=True))
        return flat

    def add(self, facts: SeatFacts) -> Totals:
        return self._combined(Totals.of(facts), 1)

    def remove(self, facts: SeatFacts) -> Totals:
        """Undo `add(facts)`; ValueError when the facts cannot have been added."""
        return self._combined(Totals.of(facts), -1)

    def _combined(self, other: Totals, sign: int) -> Totals:
        values: dict[str, object] = {
            name: getattr(self, name) + sign * getattr(other, name) for name in _SUMS
        }
        for name in BY_ROLE_FIELDS:
            mine, theirs = getattr(self, name), getattr(other, name)
            values[name] = mine + theirs if sign > 0 else mine - theirs
        values["rule_points"] = _rule_points_combined(self.rule_points, other.rule_points, sign)
        totals = Totals(**values)
        if sign < 0 and totals._has_a_negative_count():
            raise ValueError("these facts were not added: removing them leaves a count below zero")
        return totals

    def _has_a_negative_count(self) -> bool:
        return any(getattr(self, name) < 0 for name in _SUMS if name != "points_milli") or any(
            min(getattr(self, name).counts) < 0 for name in BY_ROLE_FIELDS
        )

    # --- what a reader sees ------------------------------------------------------------
    @property
    def points(self) -> float | int:
        return as_number(self.points_milli)

    @property
    def mean_points(self) -> float | None:
        """Points per game (None before the first game)."""
        return self.points_milli / self.games / ONE if self.games else None

    @property
    def decided(self) -> int:
        """Games with a winner: the win rate's denominator."""
        return self.wins + self.losses

    def win_rate_interval(self, z: float = 1.96) -> tuple[float, float]:
        return win_rate_interval(self.wins, self.decided, z)


# Totals' fields by how they add up: integers, counts by role (the `ByRole` fields of SeatFacts
# too), and the per-rule sums.
_SUMS = tuple(field.name for field in fields(Totals) if isinstance(field.default, int))
BY_ROLE_FIELDS = tuple(field.name for field in fields(Totals) if isinstance(field.default, ByRole))
if {*_SUMS, *BY_ROLE_FIELDS, "rule_points"} != {field.name for field in fields(Totals)}:
    raise TypeError("a field of Totals that neither adds up as a number nor as a ByRole")


def by_role_name(field: str, role: str) -> str:
    """One role's count of a `ByRole` field as a flat name: `nominated_by` and the Don → `nominated_by_don`."""
    return f"{field}_{role}"


# Every counter of Totals as a flat name (a ByRole field as one name per role): what a store sums
# and hands to `Totals.from_sums`. The per-rule breakdown is not among them.
SUM_NAMES = (*_SUMS, *(by_role_name(name, role) for name in BY_ROLE_FIELDS for role in ROLES))


def _rule_points_combined(
    mine: tuple[RulePoints, ...], theirs: tuple[RulePoints, ...], sign: int
) -> tuple[RulePoints, ...]:
    """Per-rule sums, one entry per rule that gave at least one item, by rule slug.

    A rule stays while it has items, even when its points add up to zero (a +0.3 and a −0.3),
    so that the entry's presence never depends on the order games were added in."""
    items = {entry.rule: entry.items for entry in mine}
    milli = {entry.rule: entry.milli for entry in mine}
    for entry in theirs:
        items[entry.rule] = items.get(entry.rule, 0) + sign * entry.items
        milli[entry.rule] = milli.get(entry.rule, 0) + sign * entry.milli
    combined = []
    for rule in sorted(items):
        if items[rule] < 0 or (items[rule] == 0 and milli[rule] != 0):
            raise ValueError(f"these facts were not added: rule {rule!r} would have {items[rule]} items")
        if items[rule]:
            combined.append(RulePoints(rule, items[rule], milli[rule]))
    return tuple(combined)


def win_rate_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (z = 1.96: 95%); (0.0, 1.0) without games.

    Wilson's, not the normal approximation p ± z·√(p(1−p)/n): a player's record is mostly small
    samples (ten games as the Sheriff), where the normal interval leaves [0, 1], collapses to a
    single point at 0 or n wins (3 wins of 3 would read "100% ± 0"), and undercovers. Wilson's
    stays inside [0, 1], is never empty and covers close to 95% from a handful of games on.
    """
    if not 0 <= wins <= games:
        raise ValueError(f"{wins} wins of {games} games")
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (rate + z2 / (2 * games)) / denominator
    half = z / denominator * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)
