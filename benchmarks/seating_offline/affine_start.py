"""Print the generator's start for 100 players at ten tables over ten rounds in the format of
``anneal.c`` (one round a line, ten tables of ten 0-based players), optionally with other holes.

``.venv/bin/python benchmarks/seating_offline/affine_start.py SEED ["(x, y), (x, y), ..."]``
prints the start's repeat meetings Σ C(m, 2) on stderr (docs/seating.md, "Offline searches").
"""

import ast
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tournaments.seating import generator  # noqa: E402


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    if len(sys.argv) > 2:
        generator.TEN_TABLE_HOLES = tuple(ast.literal_eval(f"[{sys.argv[2]}]"))
    tabs = generator._affine_start(10, 10, random.Random(seed))
    m = generator.meeting_matrix(tabs, 100)
    repeats = sum(v * (v - 1) // 2 for a in range(100) for v in m[a][a + 1 :])
    print(f"repeat meetings {repeats}", file=sys.stderr)
    for rnd in tabs:
        print(" ".join(str(p) for table in rnd for p in table))


if __name__ == "__main__":
    main()
