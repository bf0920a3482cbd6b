"""Places in a leaderboard or standings: equal values share a place ("1, 2, 2, 4").

Pure Python. The rows come in their display order (the best first); ``key`` reads what decides
the place. Rows with equal keys share the place of the first of them, and the next different key
takes its position in the list (the "standard competition" ranking): two players tied for second
are both 2nd, and the one after them is 4th, as in sports tables (docs/records.md, "Leaderboards").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

Row = TypeVar("Row")


def competition_places(keys: Iterable[object]) -> list[int]:
    """The place of each (hashable) key, in order: keys equal to the one before share its place, a new key's
    place is its position (1-based). The keys must already be in order (best first): an order that
    goes back to a key seen before is refused, since its rows would be listed apart yet tied."""
    places: list[int] = []
    previous: object = object()
    seen: set[object] = set()
    for position, key in enumerate(keys, start=1):
        if places and key == previous:
            places.append(places[-1])
            continue
        if key in seen:
            raise ValueError(f"the key {key!r} comes back after other keys: the rows are not in order")
        seen.add(key)
        places.append(position)
        previous = key
    return places


def ranked(rows: Sequence[Row], key: Callable[[Row], object]) -> list[tuple[int, Row]]:
    """(place, row) for each row, in the rows' order (competition_places of their keys)."""
    return list(zip(competition_places(key(row) for row in rows), rows, strict=True))
