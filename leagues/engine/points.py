"""A points table version and the points of one tournament's final places (docs/leagues.md).

Exact arithmetic: every amount is an integer number of **thousandths** of a point (``12.5`` points
is ``12500``). The table's points, the category multipliers and every stored result are such
integers, so sums are exact and what a page shows (three decimals at most) is what was added.
In between, one tournament's points are a ``Fraction`` — a tie's average over the places it covers
(thirds, sevenths) times the size ratio — and are rounded once, to the nearest thousandth, halves
up (`round_milli`), when they become the player's result for that tournament.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from math import floor

MILLI = 1000  # thousandths in a point

NONE, SIZE, CATEGORY = "none", "size", "category"
SCALINGS = (NONE, SIZE, CATEGORY)


@dataclass(frozen=True)
class TableVersion:
    """One version of a points table, in force from ``effective_from`` until the next one.

    ``points[i]`` is the points (thousandths) for final place ``i + 1``; a place beyond the table
    earns 0. ``scaling``: ``NONE``; ``SIZE`` — × players ÷ ``reference_size``; ``CATEGORY`` — ×
    the multiplier (thousandths) of the tournament's category, 1 for a category not listed.
    ``key``: the caller's own id of the version (the engine never reads it).
    """

    effective_from: date
    points: tuple[int, ...]
    scaling: str = NONE
    reference_size: int | None = None
    multipliers: Mapping[str, int] = field(default_factory=dict)
    key: object = None

    def __post_init__(self):
        if self.scaling not in SCALINGS:
            raise ValueError(f"unknown scaling {self.scaling!r}")
        if any(p < 0 for p in self.points):
            raise ValueError("points cannot be negative")
        if self.scaling == SIZE and not (self.reference_size and self.reference_size > 0):
            raise ValueError("scaling by size needs a reference size of at least 1")
        if any(m < 0 for m in self.multipliers.values()):
            raise ValueError("multipliers cannot be negative")


def version_for(versions: Iterable[TableVersion], day: date) -> TableVersion | None:
    """The version in force on ``day``: the latest ``effective_from`` on or before it; None when
    every version starts later (or there is none)."""
    in_force = [v for v in versions if v.effective_from <= day]
    return max(in_force, key=lambda v: v.effective_from) if in_force else None


def round_milli(amount: Fraction) -> int:
    """A non-negative amount of thousandths to a whole number of them, halves up."""
    return floor(amount + Fraction(1, 2))


def place_points(version: TableVersion, place: int, shared: int = 1) -> Fraction:
    """Unscaled points (thousandths) of a final ``place`` that ``shared`` players share: the
    average of the points of the places they cover, ``place`` … ``place + shared - 1`` (places
    beyond the table count 0)."""
    if place < 1 or shared < 1:
        raise ValueError("places and the number sharing them start at 1")
    covered = range(place - 1, place - 1 + shared)
    return Fraction(sum(version.points[i] for i in covered if i < len(version.points)), shared)


def scale(version: TableVersion, *, size: int, category: str | None = None) -> Fraction:
    """The factor a tournament's points are multiplied by."""
    if version.scaling == SIZE:
        return Fraction(size, version.reference_size)
    if version.scaling == CATEGORY:
        return Fraction(version.multipliers.get(category or "", MILLI), MILLI)
    return Fraction(1)


@dataclass(frozen=True)
class Finisher:
    """A player's final place in a tournament (players level on every key share a place)."""

    player_id: int
    place: int


def finishers(standings: Sequence[tuple[int, int]]) -> list[Finisher]:
    """The final places among the players who count, from the tournament's standings in their
    order: ``(player_id, place)`` of each such player. Places are numbered again among them
    (1, 2, 2, 4: a player left out opens no gap), and players who shared a place still share it."""
    placed: list[Finisher] = []
    for index, (player_id, place) in enumerate(standings, start=1):
        previous = placed[-1] if placed else None
        same = previous is not None and standings[index - 2][1] == place
        placed.append(Finisher(player_id, previous.place if same else index))
    return placed


def tournament_points(version: TableVersion, finishers: Sequence[Finisher], *,
                      category: str | None = None) -> dict[int, int]:
    """Each finisher's points (thousandths) for the tournament: the (shared) place's points ×
    the scaling, rounded once. The tournament's size is the number of finishers."""
    sharing = Counter(f.place for f in finishers)
    factor = scale(version, size=len(finishers), category=category)
    return {f.player_id: round_milli(place_points(version, f.place, sharing[f.place]) * factor)
            for f in finishers}
