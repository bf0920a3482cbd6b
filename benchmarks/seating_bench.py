"""Benchmark of the seating generator: ``.venv/bin/python benchmarks/seating_bench.py [--instances N]``.

For each instance prints the time (wall and CPU), the squared meeting deviation, the lower bound,
their ratio and the seat-number repeats; for 100/10/10 also a random seating's deviation.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating import (  # noqa: E402
    SEATS_PER_TABLE,
    Seating,
    generate_seating,
    seating_quality,
)

INSTANCES = [
    # players, tables, rounds, seed, target deviation
    (30, 3, 10, 1, "within 2% of the bound"),
    (100, 10, 10, 1, "at most 1,500"),
]


def random_seating(players: int, tables: int, rounds: int, seed: int) -> Seating:
    rng = random.Random(seed)
    result = []
    for _ in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        result.append(
            [order[t * SEATS_PER_TABLE : (t + 1) * SEATS_PER_TABLE] for t in range(tables)]
        )
    return Seating.from_lists(players, tables, result)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--instances", type=int, default=len(INSTANCES),
                        help="run only the first N (smallest) instances (default: all)")
    for players, tables, rounds, seed, target in INSTANCES[: parser.parse_args().instances]:
        wall, cpu = time.perf_counter(), time.process_time()
        seating = generate_seating(players, tables, rounds, seed)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        q = seating_quality(seating)
        meetings, seats = q["meetings"], q["seats"]
        print(
            f"{players} players, {tables} tables, {rounds} rounds (seed {seed}; target: {target})"
        )
        print(f"  time           {wall:.2f} s wall, {cpu:.2f} s CPU")
        print(f"  deviation      {meetings['squared_deviation']:.1f}")
        print(f"  bound          {meetings['lower_bound']:.1f}")
        print(f"  ratio          {meetings['ratio_to_bound']:.3f}")
        print(f"  meetings       min {meetings['min']}, max {meetings['max']}")
        print(
            f"  seat repeats   {seats['repeats']} "
            f"(players repeating a seat: {seats['players_repeating_a_seat']}, "
            f"max in one seat: {seats['max_same_seat']})"
        )
        if tables > 3:
            baseline = seating_quality(random_seating(players, tables, rounds, seed))
            print(f"  random seating {baseline['meetings']['squared_deviation']:.1f}")


if __name__ == "__main__":
    main()
