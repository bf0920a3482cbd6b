"""The seats of a table and the bit sets the engine keeps them in (bit s is seat s).

Private arithmetic of the replay and the record: nothing outside `games.engine` reads a bit
set; they ask the record by name (`GameRecord.alive_after`, `critical_after`, …). One
`SeatNumbering` per seat count (the ruleset's deal says how many seats), made once and shared.
"""

from __future__ import annotations


class SeatNumbering:
    """Seats 1..count: the set of everyone, each bit set as a set and in seat order, and the
    spellings a JSON object key or an int may give a seat."""

    __slots__ = ("count", "everyone", "sets", "in_order", "keys", "voters_at", "names_at")

    def __init__(self, count: int) -> None:
        self.count = count
        self.everyone = (1 << (count + 1)) - 2  # bits 1..count
        self.sets: tuple[frozenset[int], ...] = tuple(
            frozenset(seat for seat in range(1, count + 1) if mask >> seat & 1)
            for mask in range(1 << (count + 1))
        )
        self.in_order: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in self.sets)
        # A JSON object key or an int naming a seat → the seat; anything else is not a seat.
        self.keys: dict[object, int] = {str(seat): seat for seat in range(1, count + 1)}
        self.keys.update({seat: seat for seat in range(1, count + 1)})
        self.voters_at: dict[int, dict[object, int]] = {}  # filled by `voter_keys`
        self.names_at: dict[int, dict[str, int]] = {}  # filled by `voter_names`

    def __reduce__(self):  # a copied or unpickled record shares the one numbering
        return numbering, (self.count,)

    @property
    def seats(self) -> range:
        return range(1, self.count + 1)

    def voter_keys(self, alive: int) -> dict[object, int]:
        """{key: seat} for the seats in `alive` only (JSON string keys and ints)."""
        keys = self.voters_at.get(alive)
        if keys is None:
            keys = {key: seat for key, seat in self.keys.items() if alive >> seat & 1}
            self.voters_at[alive] = keys
        return keys

    def voter_names(self, alive: int) -> dict[str, int]:
        """{JSON string key: seat} for the seats in `alive` only: distinct keys name
        distinct seats."""
        names = self.names_at.get(alive)
        if names is None:
            names = {str(seat): seat for seat in self.in_order[alive]}
            self.names_at[alive] = names
        return names


_NUMBERINGS: dict[int, SeatNumbering] = {}


def numbering(count: int) -> SeatNumbering:
    """The numbering of a table of `count` seats (one per count, made on first use)."""
    found = _NUMBERINGS.get(count)
    if found is None:
        found = _NUMBERINGS[count] = SeatNumbering(count)
    return found


def has_seat(seats: int, seat: int) -> bool:
    """Is `seat` in the bit set `seats`?"""
    return bool(seats >> seat & 1)


def is_critical(alive: int, blacks: int) -> bool:
    """The city has lost its margin for error: living reds − living blacks ≤ 2."""
    black_count = (alive & blacks).bit_count()
    return alive.bit_count() - 2 * black_count <= 2
