"""Benchmark: rating 100,000 synthetic games from scratch with the pure engine, on one core.

Run: .venv/bin/python benchmarks/ratings_bench.py [--games N] [--players N] [--seed N]

Prints games per second and the total time for the whole rebuild (history rows included, as
the `rebuild_ratings` command consumes them), then sanity figures against the hidden skills:
Spearman rank correlation of final ratings with the hidden skills for players with ≥ 30 games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ratings_synthetic import (  # noqa: E402
    COLOUR_ADVANTAGE,
    synthetic_games,
    synthetic_population,
)
from ratings.engine import RatingConfig, RatingState, process_games  # noqa: E402

MIN_GAMES = 30


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n, ties sharing the mean of their positions."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = ranks(xs), ranks(ys)
    n = len(rx)
    mean = (n + 1) / 2
    cov = sum((a - mean) * (b - mean) for a, b in zip(rx, ry, strict=True))
    var_x = sum((a - mean) ** 2 for a in rx)
    var_y = sum((b - mean) ** 2 for b in ry)
    return cov / (var_x * var_y) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {args.games:,} games, {args.players:,} players")

    started = time.perf_counter()
    population = synthetic_population(args.players, seed=args.seed)
    games = list(synthetic_games(args.games, seed=args.seed, population=population))
    print(f"generating the games (not part of the rating): {time.perf_counter() - started:.2f} s")

    config = RatingConfig()
    state = RatingState(config.baseline)
    started, cpu_started = time.perf_counter(), time.process_time()
    rows = 0
    for _ in process_games(state, games, config):
        rows += 1
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    print(
        f"rating: {elapsed:.2f} s total, {args.games / elapsed:,.0f} games/s, "
        f"{rows:,} history rows, {elapsed / args.games * 1e6:.1f} µs/game "
        f"(CPU time {cpu:.2f} s; wall time above counts other load on the machine)"
    )

    started = time.perf_counter()
    restored = RatingState.from_dict(state.to_dict())
    assert restored == state
    print(f"snapshot to_dict + from_dict: {(time.perf_counter() - started) * 1e3:.1f} ms")

    overall, red, black = ([], []), ([], []), ([], [])
    for player_id, rating in state.items():
        if rating.games >= MIN_GAMES:
            overall[0].append(rating.overall)
            overall[1].append(population.skill(player_id))
        if rating.red_games >= MIN_GAMES:
            red[0].append(rating.red)
            red[1].append(population.red_skill[player_id - 1])
        if rating.black_games >= MIN_GAMES:
            black[0].append(rating.black)
            black[1].append(population.black_skill[player_id - 1])
    print(
        f"Spearman, final rating vs hidden skill, players with ≥ {MIN_GAMES} games: "
        f"overall {spearman(*overall):.3f} ({len(overall[0])} players), "
        f"red {spearman(*red):.3f} ({len(red[0])}), black {spearman(*black):.3f} ({len(black[0])})"
    )
    active = [rating for _, rating in state.items() if rating.games >= MIN_GAMES]
    gap = sum(r.red - r.black for r in active) / len(active)
    print(
        f"mean red − black track rating (learned colour edge): {gap:+.0f} "
        f"(the games' true edge: {COLOUR_ADVANTAGE:+.0f})"
    )


if __name__ == "__main__":
    main()
