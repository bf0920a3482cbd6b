"""Discipline review: decisions that change how a game is scored, not what happened at the table.

A reviewed decision never rewrites a protocol's past (docs/discipline.md). Two decisions change
only the offender's penalty, so they reach the scoring as this small value, not as events:

* ``dd_as_disqualification`` — the DD stands (the game ended there, with that winner), but its
  offender is scored as technically disqualified: the Technical Penalties row instead of DD's.
* ``penalty_waived`` — seats whose disqualification costs nothing: the removal stands (the player
  left the table, and the reds keep Removed Black Players), the penalty and the removal of the
  player's other awards go, so the player is scored for what they did while at the table.

Pure Python; the site builds it from its decided discipline cases.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Review:
    dd_as_disqualification: bool = False
    penalty_waived: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return self.dd_as_disqualification or bool(self.penalty_waived)


NO_REVIEW = Review()
