"""One seeded random source per game; every draw is recorded in the log.

The n-th draw of a game uses `random.Random(f"{seed}/{n}")`, so a draw never depends on how
many random numbers an earlier draw happened to consume, and the live engine after a replay
draws exactly what it would have drawn without one. The event that used a draw records its
position (`"draw": n`) and what came of it; a replay reads the result and draws nothing.
"""

from __future__ import annotations

import random


class GameRNG:
    def __init__(self, seed: str) -> None:
        self.seed = str(seed)

    def draw(self, position: int) -> random.Random:
        return random.Random(f"{self.seed}/{position}")
