"""A season's standings: each player's figures in the season's games → places by the measure.

The measures (docs/seasons.md, "Measures"):

- ``POINTS``: the sum of the player's points (thousandths, exact);
- ``MEAN``: the points per game (every game counts, one without a winner too), compared as exact
  fractions;
- ``RATING``: the player's rating change over the season, rounded as the site shows ratings
  (`ratings.engine.display_rating`: halves up) before it is compared, so players shown with the
  same change share a place.

A player needs at least ``min_games`` games to be placed; the others are listed below the table,
unplaced, by the same order. Equal values share a place ("1, 2, 2, 4": records.engine.ranking);
within a tie, and among the unplaced, more games first, then by nickname (case-blind), then by id,
so the order never depends on the database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ratings.engine import display_rating
from records.engine.ranking import ranked
from scoring.engine.points import ONE

POINTS, MEAN, RATING = "points", "mean", "rating"
HUNDREDTH = Decimal("0.01")
MEASURES = (POINTS, MEAN, RATING)


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's figures in the season's games."""

    player_id: int
    nickname: str
    games: int
    wins: int
    points_milli: int
    rating_change: float = 0.0  # unrounded; 0 without a rated game in the season

    @property
    def points(self) -> float:
        return self.points_milli / ONE

    @property
    def mean(self) -> Decimal:
        """Points per game as shown, to the hundredth, halves up (the place compares the exact
        fraction: `measure_key`)."""
        if not self.games:
            return Decimal(0).quantize(HUNDREDTH)
        return (Decimal(self.points_milli) / ONE / self.games).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)

    @property
    def points_shown(self) -> Decimal:
        return (Decimal(self.points_milli) / ONE).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)

    @property
    def rating_shown(self) -> int:
        return display_rating(self.rating_change)


@dataclass(frozen=True, slots=True)
class Standing:
    place: int | None  # None: fewer games than the season's minimum
    entry: Entry
    key: int | Fraction  # what the place is decided by


@dataclass(frozen=True, slots=True)
class SeasonTable:
    measure: str
    min_games: int
    placed: tuple[Standing, ...]
    below_minimum: tuple[Standing, ...]

    def __iter__(self):
        yield from self.placed
        yield from self.below_minimum


def measure_key(entry: Entry, measure: str) -> int | Fraction:
    """The value a player is placed by (larger is better)."""
    if measure == POINTS:
        return entry.points_milli
    if measure == MEAN:
        return Fraction(entry.points_milli, entry.games) if entry.games else Fraction(0)
    if measure == RATING:
        return display_rating(entry.rating_change)
    raise ValueError(f"no season measure {measure!r} (one of {MEASURES})")


def season_table(entries: Iterable[Entry], measure: str, min_games: int = 0) -> SeasonTable:
    """The standings: the players with at least ``min_games`` games placed by the measure (ties
    share a place), then the others, unplaced."""
    if min_games < 0:
        raise ValueError(f"a minimum of {min_games} games")
    keyed = sorted(((measure_key(entry, measure), entry) for entry in entries),
                   key=lambda pair: (-pair[0], -pair[1].games, pair[1].nickname.casefold(), pair[1].player_id))
    placed = [(key, entry) for key, entry in keyed if entry.games >= min_games]
    below = [Standing(None, entry, key) for key, entry in keyed if entry.games < min_games]
    return SeasonTable(
        measure=measure, min_games=min_games,
        placed=tuple(Standing(place, entry, key) for place, (key, entry) in ranked(placed, key=lambda pair: pair[0])),
        below_minimum=tuple(below),
    )
