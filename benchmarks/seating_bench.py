"""Benchmark of the seating generator: ``.venv/bin/python benchmarks/seating_bench.py [--instances N]``.

For each instance prints the time (wall and CPU, and the CPU time in units of the machine's
calibration loop ``sum(range(1000))``), the squared meeting deviation, the lower bound, their ratio,
the seat-number repeats and whether the target of issue #31 is met; for 100/10/10 also a random
seating's deviation. The time targets are in seconds of one core of the machine the issue measured
(calibration 12.3 µs), so a busier or slower machine compares the calibration ratio.
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_replay import best_time  # noqa: E402
from tournaments.seating import (  # noqa: E402
    SEATS_PER_TABLE,
    Seating,
    generate_seating,
    seating_quality,
)

# The calibration of the machine issue #31 measured on, in seconds.
ISSUE_CALIBRATION = 12.3e-6

INSTANCES = [
    # players, tables, rounds, seed, target deviation, target CPU seconds (issue #31)
    (30, 3, 10, 1, 401.5, None),
    (100, 10, 10, 1, 1100.0, 5.0),
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
    args = parser.parse_args()
    calibration = best_time(lambda: sum(range(1000)), 0.5)
    print(f"calibration sum(range(1000)): {calibration * 1e6:.1f} µs CPU; "
          f"load average {os.getloadavg()[0]:.1f}")
    for players, tables, rounds, seed, target, seconds in INSTANCES[: args.instances]:
        wall, cpu = time.perf_counter(), time.process_time()
        seating = generate_seating(players, tables, rounds, seed)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        q = seating_quality(seating)
        meetings, seats = q["meetings"], q["seats"]
        print(f"{players} players, {tables} tables, {rounds} rounds (seed {seed})")
        print(f"  time           {wall:.2f} s wall, {cpu:.2f} s CPU "
              f"({cpu / calibration:,.0f} × calibration)")
        print(f"  deviation      {meetings['squared_deviation']:.1f}")
        print(f"  bound          {meetings['lower_bound']:.1f}")
        print(f"  ratio          {meetings['ratio_to_bound']:.3f}")
        print(f"  meetings       min {meetings['min']}, max {meetings['max']}")
        print(
            f"  seat repeats   {seats['repeats']} "
            f"(players repeating a seat: {seats['players_repeating_a_seat']}, "
            f"max in one seat: {seats['max_same_seat']})"
        )
        met = meetings["squared_deviation"] <= target
        wanted = f"deviation ≤ {target:,}"
        if seconds is not None:
            allowed = seconds / ISSUE_CALIBRATION
            met = met and cpu / calibration <= allowed
            wanted += f" within {seconds:g} s of one core ({allowed:,.0f} × calibration)"
        print(f"  target         {wanted}: {'met' if met else 'NOT met'}")
        if tables > 3:
            baseline = seating_quality(random_seating(players, tables, rounds, seed))
            print(f"  random seating {baseline['meetings']['squared_deviation']:.1f}")


if __name__ == "__main__":
    main()
