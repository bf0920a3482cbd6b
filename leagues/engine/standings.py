"""A series' standings from its players' tournament results (docs/leagues.md, "Standings").

A player's **total** is the sum of their tournament points (thousandths, exact). The order:
total, then more tournament wins (first places, shared ones included), then the best single
tournament's points; players level on all three share a place and are listed by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """A player's result in one tournament of the series."""

    player_id: int
    name: str
    tournament_id: int
    place: int
    points: int  # thousandths


@dataclass
class SeriesStanding:
    player_id: int
    name: str
    place: int = 0
    total: int = 0
    wins: int = 0
    best: int = 0
    results: dict[int, Result] = field(default_factory=dict)  # tournament id → result

    def key(self) -> tuple[int, int, int]:
        return (self.total, self.wins, self.best)


def series_standings(results: Iterable[Result]) -> list[SeriesStanding]:
    """Sum each player's results and rank them (standard competition places: 1, 2, 2, 4)."""
    table: dict[int, SeriesStanding] = {}
    for result in results:
        standing = table.get(result.player_id)
        if standing is None:
            standing = table[result.player_id] = SeriesStanding(result.player_id, result.name)
        standing.results[result.tournament_id] = result
        standing.total += result.points
        standing.wins += result.place == 1
        standing.best = max(standing.best, result.points)
    ranked = sorted(table.values(), key=lambda s: (s.name.lower(), s.player_id))
    ranked.sort(key=SeriesStanding.key, reverse=True)
    previous = None
    for index, standing in enumerate(ranked, start=1):
        standing.place = previous.place if previous is not None and previous.key() == standing.key() else index
        previous = standing
    return ranked
