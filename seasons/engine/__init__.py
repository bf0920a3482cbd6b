"""The seasons engine: a club season's players → its standings by the season's measure, with
their places and ties (docs/seasons.md). Pure Python, no Django."""

from .standings import MEAN, MEASURES, POINTS, RATING, Entry, SeasonTable, Standing, season_table

__all__ = ["MEAN", "MEASURES", "POINTS", "RATING", "Entry", "SeasonTable", "Standing", "season_table"]
