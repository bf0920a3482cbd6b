"""Benchmark: replaying a complete game with the protocol engine, on one core.

Run: .venv/bin/python benchmarks/engine_replay.py [--seconds N]

Times CPU time (time.process_time), best of many repeats, so that other processes on a shared
machine disturb it less. A calibration loop (`sum(range(1000))`) is timed the same way: its
figure tells how fast this interpreter and machine are (about 8-10 µs on a typical desktop
CPython 3.11 with optimisations), so numbers from different machines can be compared.

It prints which engine ran: the optional compiled build (`scripts/build_engine.sh`) or the
plain Python modules; MAFIA_ENGINE_PURE=1 measures the plain ones with a build present. Each
figure is also given as a ratio to the calibration (the best calibration of the run, timed
before and after the cases), and the last lines hold the ratios against issue 31's targets.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import IMPLEMENTATION, replay  # noqa: E402
from games.engine.examples import full_fiim_game, full_pro_mafia_game  # noqa: E402
from games.engine.replayer import JSON_LIBRARY  # noqa: E402


def best_time(function: Callable[[], object], seconds: float) -> float:
    """Best CPU time of one call, over repeats of batches lasting about 50 ms each."""
    loops = 1
    while True:
        start = time.process_time()
        for _ in range(loops):
            function()
        elapsed = time.process_time() - start
        if elapsed >= 0.05:
            break
        loops *= 2
    best = elapsed / loops
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        start = time.process_time()
        for _ in range(loops):
            function()
        best = min(best, (time.process_time() - start) / loops)
    return best


# Issue 31: the most a case may take, as a multiple of the calibration, per game.
TARGETS = {
    "pro-mafia-1.1 (dict)": 3.0,
    "fiim-2025 (dict)": 2.5,
    "pro-mafia-1.1 (JSON text)": 5.0,
}


def report(name: str, events: int, seconds_per_game: float, calibration: float) -> None:
    print(
        f"{name:<26} {events:>3} events  {seconds_per_game * 1e6:8.1f} µs/game  "
        f"{1 / seconds_per_game:9,.0f} games/s  {seconds_per_game * 1e9 / events:6.0f} ns/event  "
        f"{seconds_per_game / calibration:5.2f}× calibration"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="measuring time per case")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; engine: {IMPLEMENTATION}; JSON text read by {JSON_LIBRARY}")
    pro = full_pro_mafia_game().build()
    fiim = full_fiim_game().build()
    text = json.dumps(pro)
    cases = (
        ("pro-mafia-1.1 (dict)", pro, pro),
        ("fiim-2025 (dict)", fiim, fiim),
        ("pro-mafia-1.1 (JSON text)", pro, text),
    )
    calibrate = lambda: sum(range(1000))  # noqa: E731
    calibration = best_time(calibrate, args.seconds / 2)
    timings = []
    for _name, _document, given in cases:
        replay(given)  # valid, and warm
        timings.append(best_time(lambda given=given: replay(given), args.seconds))
    calibration = min(calibration, best_time(calibrate, args.seconds / 2))
    print(f"calibration sum(range(1000)): {calibration * 1e6:.1f} µs (best before and after)")
    for (name, document, _given), seconds in zip(cases, timings, strict=True):
        report(name, len(document["events"]), seconds, calibration)
    for (name, _document, _given), seconds in zip(cases, timings, strict=True):
        ratio = seconds / calibration
        verdict = "met" if ratio <= TARGETS[name] else "not met"
        print(f"target {name}: ≤ {TARGETS[name]}× calibration: {ratio:.2f}×, {verdict}")


if __name__ == "__main__":
    main()
