"""Reading ratings out: the leaderboard and the number shown to people."""

from __future__ import annotations

import math

from ratings.engine.config import TRACKS
from ratings.engine.errors import RatingError
from ratings.engine.model import LeaderboardEntry
from ratings.engine.state import RatingState


def leaderboard(
    state: RatingState, track: str = "overall", min_games: int = 0, limit: int | None = None
) -> list[LeaderboardEntry]:
    """Players by rating on `track` ("red", "black" or "overall"), best first, among those
    with at least `min_games` rated games on that track (all games for "overall").
    Ties: more games first, then the smaller player id. Ranks are positions 1, 2, 3 …"""
    if track not in TRACKS:
        raise RatingError(f"unknown track {track!r}; expected one of {', '.join(TRACKS)}")
    rows = []
    for player_id, rating in state.items():
        if track == "red":
            value, games = rating.red, rating.red_games
        elif track == "black":
            value, games = rating.black, rating.black_games
        else:
            value, games = rating.overall, rating.games
        if games >= min_games and games > 0:
            rows.append((value, games, player_id))
    rows.sort(key=lambda row: (-row[0], -row[1], row[2]))
    if limit is not None:
        rows = rows[:limit]
    return [
        LeaderboardEntry(rank, player_id, value, games)
        for rank, (value, games, player_id) in enumerate(rows, start=1)
    ]


def display_rating(value: float) -> int:
    """The whole number shown on pages: halves round up (1500.5 → 1501, −0.5 → 0).
    Ratings are stored and computed unrounded; round only here."""
    return math.floor(value + 0.5)
