"""A tiny builder for rating scenarios: `table(1, winner="red")` is a game at order key 1
with players 1–7 red and 8–10 black unless told otherwise."""

from __future__ import annotations

from ratings.engine import RatingGame

REDS = (1, 2, 3, 4, 5, 6, 7)
BLACKS = (8, 9, 10)


def table(
    key: int,
    *,
    winner: str | None = "red",
    tier: str = "club",
    red: tuple = REDS,
    black: tuple = BLACKS,
) -> RatingGame:
    return RatingGame(
        game_id=key, order_key=key, red=tuple(red), black=tuple(black), winner=winner, tier=tier
    )
