"""What goes into the engine (a rated game) and what comes out (one history row per player)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ratings.engine.config import BLACK_SEATS, RED_SEATS, TIERS
from ratings.engine.errors import RatingError

PlayerId = Hashable


@dataclass(frozen=True, slots=True)
class RatingGame:
    """One finished game as the rating sees it.

    `order_key` places the game in the total order games are rated in; the site uses
    `(played_at, game_id)`. Any comparable value works; keys must strictly increase.
    `winner` is None for a game with no winner (unfinished): such a game is skipped.
    A win by disqualification is a win like any other; annulled games are left out upstream.
    """

    game_id: Any
    order_key: Any
    red: tuple[PlayerId, ...]
    black: tuple[PlayerId, ...]
    winner: str | None
    tier: str = "club"

    def __post_init__(self) -> None:
        if type(self.red) is not tuple:  # lists from a queryset are fine too
            object.__setattr__(self, "red", tuple(self.red))
        if type(self.black) is not tuple:
            object.__setattr__(self, "black", tuple(self.black))
        if len(self.red) != RED_SEATS or len(self.black) != BLACK_SEATS:
            raise RatingError(
                f"game {self.game_id!r}: a table is {RED_SEATS} red and {BLACK_SEATS} black "
                f"players, not {len(self.red)} and {len(self.black)}"
            )
        if len(set(self.red) | set(self.black)) != RED_SEATS + BLACK_SEATS:
            raise RatingError(f"game {self.game_id!r}: a player sits at the table twice")
        if self.winner not in ("red", "black", None):
            raise RatingError(
                f"game {self.game_id!r}: winner must be 'red', 'black' or None, not {self.winner!r}"
            )
        if self.tier not in TIERS:
            raise RatingError(
                f"game {self.game_id!r}: unknown tier {self.tier!r}; "
                f"expected one of {', '.join(TIERS)}"
            )

    @classmethod
    def unchecked(cls, game_id: Any, order_key: Any, red: tuple, black: tuple, winner: str | None,
                  tier: str) -> RatingGame:
        """A game built without the checks above, for a source that guarantees them (the site's
        database: the query counts the seats, a constraint keeps a player to one seat, the winner
        and tier are choices). `red` and `black` must be tuples. The checks were a fifth of the
        engine's time on a full rebuild."""
        game = _new(cls)
        # the slots' own setters: a frozen dataclass refuses setattr, and object.__setattr__
        # costs half as much again
        _set_game_id(game, game_id)
        _set_order_key(game, order_key)
        _set_red(game, red)
        _set_black(game, black)
        _set_winner(game, winner)
        _set_tier(game, tier)
        return game


_new = object.__new__
_set_game_id, _set_order_key, _set_red, _set_black, _set_winner, _set_tier = (
    getattr(RatingGame, name).__set__ for name in ("game_id", "order_key", "red", "black", "winner", "tier")
)


class RatingChange(NamedTuple):
    """One player's history row for one game: before/after on the track they played,
    their overall rating before/after, and their whole state after the game (so the
    latest row per player is a snapshot, see `RatingState.from_changes`)."""

    game_id: Any
    order_key: Any
    player_id: PlayerId
    track: str  # "red" or "black": the colour the player was dealt
    won: bool
    expected: float  # the probability the player's side was given to win
    before: float  # track rating before the game
    after: float  # track rating after the game
    delta: float  # after - before; the overall rating moves by the same amount
    overall_before: float
    overall_after: float
    red_rating: float  # after the game
    black_rating: float  # after the game
    red_games: int  # rated games as red, this one included
    black_games: int  # rated games as black, this one included


class PlayerRating(NamedTuple):
    """A player's ratings now (a player never seen has the baseline and no games)."""

    red: float
    black: float
    overall: float
    red_games: int
    black_games: int

    @property
    def games(self) -> int:
        return self.red_games + self.black_games


class LeaderboardEntry(NamedTuple):
    rank: int
    player_id: PlayerId
    rating: float
    games: int
