"""Every player's ratings at one point of the game order, with snapshot and restore."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ratings.engine.errors import RatingError
from ratings.engine.model import PlayerId, PlayerRating, RatingChange

SNAPSHOT_VERSION = 1

# A player's record is a list [red rating, black rating, red games, black games]; the engine
# (elo.apply_game) updates it in place.


def overall_rating(red: float, black: float, baseline: float) -> float:
    """Overall rating: the baseline plus the player's edge on each track,
    `overall = baseline + (red − baseline) + (black − baseline)` (docs/ratings.md, "Overall")."""
    return red + black - baseline


class RatingState:
    """Ratings of every player seen so far, and the order key of the last rated game.

    Players are created at the baseline on first appearance. `process_games` and
    `apply_game` update the state in place; `copy()` before if you need the old one.
    """

    __slots__ = ("baseline", "last_order_key", "_players")

    def __init__(self, baseline: float = 1500.0) -> None:
        self.baseline = float(baseline)
        self.last_order_key: Any = None
        self._players: dict[PlayerId, list] = {}

    # -- reading -----------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._players)

    def __contains__(self, player_id: object) -> bool:
        return player_id in self._players

    def __iter__(self) -> Iterator[PlayerId]:
        return iter(self._players)

    def get(self, player_id: PlayerId) -> PlayerRating:
        record = self._players.get(player_id)
        if record is None:
            return PlayerRating(self.baseline, self.baseline, self.baseline, 0, 0)
        red, black, red_games, black_games = record
        return PlayerRating(
            red, black, overall_rating(red, black, self.baseline), red_games, black_games
        )

    def items(self) -> Iterator[tuple[PlayerId, PlayerRating]]:
        for player_id in self._players:
            yield player_id, self.get(player_id)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RatingState):
            return NotImplemented
        return (
            self.baseline == other.baseline
            and self.last_order_key == other.last_order_key
            and self._players == other._players
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<RatingState {len(self._players)} players, baseline {self.baseline}, "
            f"last game {self.last_order_key!r}>"
        )

    # -- snapshot and restore ----------------------------------------------------

    def copy(self) -> RatingState:
        clone = RatingState(self.baseline)
        clone.last_order_key = self.last_order_key
        clone._players = {player_id: list(record) for player_id, record in self._players.items()}
        return clone

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (JSON-ready when player ids and the order key are): player records as
        `[player_id, red, black, red_games, black_games]` rows, so ids keep their type."""
        return {
            "version": SNAPSHOT_VERSION,
            "baseline": self.baseline,
            "last_order_key": self.last_order_key,
            "players": [[player_id, *record] for player_id, record in self._players.items()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RatingState:
        if data.get("version") != SNAPSHOT_VERSION:
            raise RatingError(f"unknown rating snapshot version {data.get('version')!r}")
        state = cls(data["baseline"])
        key = data["last_order_key"]
        state.last_order_key = _from_json(key)
        for row in data["players"]:
            if len(row) != 5:
                raise RatingError(f"a snapshot player row has 5 fields, not {row!r}")
            player_id, red, black, red_games, black_games = row
            state._players[_from_json(player_id)] = [
                float(red),
                float(black),
                int(red_games),
                int(black_games),
            ]
        return state

    @classmethod
    def from_changes(cls, changes: Iterable[RatingChange], *, baseline: float) -> RatingState:
        """The state after the games behind `changes`: each player's latest row (by order key)
        holds their whole state. To rebuild from game X, pass every player's latest history
        row before X — the history table is the snapshot."""
        state = cls(baseline)
        latest: dict[PlayerId, RatingChange] = {}
        for change in changes:
            seen = latest.get(change.player_id)
            if seen is None or seen.order_key < change.order_key:
                latest[change.player_id] = change
        for player_id, change in latest.items():
            state._players[player_id] = [
                float(change.red_rating),
                float(change.black_rating),
                int(change.red_games),
                int(change.black_games),
            ]
            if state.last_order_key is None or state.last_order_key < change.order_key:
                state.last_order_key = change.order_key
        return state


def _from_json(value: Any) -> Any:
    """JSON turns tuples (the usual order key) into lists; turn them back."""
    if isinstance(value, list):
        return tuple(_from_json(item) for item in value)
    return value
