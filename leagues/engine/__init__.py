"""The leagues engine: points tables (versioned, scaled) and series standings. Pure Python, no
Django (issue 29, "Seasons, series, leagues"; every rule in docs/leagues.md)."""

from .points import (
    CATEGORY,
    MILLI,
    NONE,
    SCALINGS,
    SIZE,
    Finisher,
    TableVersion,
    finishers,
    place_points,
    round_milli,
    scale,
    tournament_points,
    version_for,
)
from .standings import Result, SeriesStanding, series_standings

__all__ = [
    "CATEGORY", "MILLI", "NONE", "SCALINGS", "SIZE", "Finisher", "Result", "SeriesStanding", "TableVersion", "finishers",
    "place_points", "round_milli", "scale", "series_standings", "tournament_points", "version_for",
]
