"""Black Target Value.

| Situation | Black value |
| Normal black target | +0.2 |
| After a self-shot leaves two black allies at the table | remaining black values rise to +0.3 |
| After a self-shot leaves one black ally at the table | remaining black value rises to +0.4 |

"The value of a black target is the maximum a red player can receive for that specific black
target", and an action "is measured as a percentage of that black player's current value":
the value in force at the moment the award is earned (see docs/scoring.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import NightShot

NORMAL_BLACK_VALUE = 200
VALUE_AFTER_SELF_SHOT = {2: 300, 1: 400}  # black allies left at the table → their value


class BlackValues:
    """The value of every black target at every moment of the game."""

    def __init__(self, self_shots: Sequence[NightShot], masks: Sequence[int], blacks) -> None:
        """`self_shots`: the night shots that killed a black; `masks`: the record's alive
        bitmasks (`masks[i + 1]` is the table after event i); `blacks`: the black seats."""
        self._changes: dict[int, list[tuple[int, int]]] = {}
        for night in self_shots:
            alive = masks[night.index + 1]
            allies = [seat for seat in blacks if alive >> seat & 1]
            value = VALUE_AFTER_SELF_SHOT.get(len(allies))
            if value is not None:
                for ally in allies:
                    self._changes.setdefault(ally, []).append((night.index, value))

    def at(self, seat: int, index: int) -> int:
        """The value of black `seat` when event `index` happens (self-shots before it count)."""
        value = NORMAL_BLACK_VALUE
        if not self._changes:
            return value
        for changed_at, new_value in self._changes.get(seat, ()):
            if changed_at < index:
                value = new_value
        return value
