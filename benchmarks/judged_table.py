"""Benchmark: the auto-judged table (online/engine/judged_table, online/agents), on one core.

Run: .venv/bin/python benchmarks/judged_table.py [--games 2000] [--pipeline 10000]

1. Whole bot games per second per core in the pure engine (CPU time, time.process_time, best of
   three batches): the judge with the driver and the built-in bots at all ten seats (each
   answer asked with the seat's view), for the random and the rule-based bot; and the judge
   alone, driven by a scripted player that reads the state (what the engine itself costs).
   The goal: at least 1,000 games per second per core.
2. The pipeline: N games (10,000 by default) simulated with rule-based bots, each written as a
   protocol, validated by the protocol engine (games.engine.replay) and scored
   (scoring.engine): wall-clock time. The goal: under a minute.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import IMPLEMENTATION  # noqa: E402
from games.engine import replay as replay_protocol  # noqa: E402
from online.agents import RandomBot, RuleBot, play_game  # noqa: E402
from online.engine.judged_table import (
    Check,
    Claim,
    Hand,
    Kill,
    Speak,
    Timeout,
    Vote,
    create_table,
    resolve,
)  # noqa: E402
from online.engine.judged_table.protocol import to_protocol  # noqa: E402
from scoring.engine import score_document  # noqa: E402


def scripted_game(seed: int) -> int:
    """A whole game by a scripted random player acting on the state: the judge's own cost."""
    rng = random.Random(seed)
    state, log = create_table(seed)
    while state.winner is None:
        step = state.step
        if step == "speech":
            text = (
                f"I nominate number {rng.choice(state.living)}. PASS"
                if rng.random() < 0.5
                else "PASS"
            )
            commands = [Speak(state.actor, text)]
        elif step == "vote":
            commands, voters = [], state.waiting_for()
            for candidate in state.candidates[state.window : -1]:
                hands = [seat for seat in voters if rng.random() < 0.3]
                voters = [seat for seat in voters if seat not in hands]
                commands += [Vote(seat, candidate) for seat in hands]
                commands.append(Timeout())
        elif step == "hands":
            commands = [Hand(seat, rng.random() < 0.5) for seat in state.waiting_for()]
        elif step in ("sheriff_check", "don_check"):
            commands = [
                Check(state.actor, rng.choice([s for s in state.living if s != state.actor]))
            ]
        elif step == "claims":
            commands = [Claim(seat, rng.choice(state.living)) for seat in state.waiting_for()]
        else:
            commands = [Kill(state.actor, rng.choice(state.living))]
        state, events = resolve(state, commands)
        log += events
    return len(log)


def games_per_second(play, games: int) -> float:
    best = float("inf")
    for repeat in range(3):
        start = time.process_time()
        for index in range(games):
            play(repeat * games + index)
        best = min(best, time.process_time() - start)
    return games / best


def bots(kind):
    return lambda seed: play_game({seat: kind() for seat in range(1, 11)}, seed)


def pipeline(games: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, red wins) for games simulated, validated and scored."""
    wall, cpu = time.perf_counter(), time.process_time()
    red = 0
    for seed in range(games):
        game = play_game({seat: RuleBot() for seat in range(1, 11)}, f"pipeline-{seed}")
        document = to_protocol(game.log)
        result = replay_protocol(document).to_result()
        assert result["valid"] and result["winner"] == game.state.winner
        score_document(document)
        red += game.state.winner == "red"
    return time.perf_counter() - wall, time.process_time() - cpu, red


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=2000, help="games per timed batch (default 2000)"
    )
    parser.add_argument(
        "--pipeline", type=int, default=10_000, help="games in the pipeline run (default 10000)"
    )
    args = parser.parse_args()
    calibration = min(
        (lambda start: (sum(range(1000)), time.perf_counter() - start)[1])(time.perf_counter())
        for _ in range(2000)
    )
    print(
        f"calibration: sum(range(1000)) {calibration * 1e6:.1f} µs; protocol engine: {IMPLEMENTATION}"
    )
    print(
        "1. whole games per second per core (CPU time, best of 3 batches of", args.games, "games)"
    )
    for label, play in (
        ("judge + driver + random bots", bots(RandomBot)),
        ("judge + driver + rule-based bots", bots(RuleBot)),
        ("judge alone (scripted player on the state)", scripted_game),
    ):
        rate = games_per_second(play, args.games)
        print(f"   {label:<44} {rate:8,.0f} games/s  ({1000 / rate:.3f} ms a game)")
    wall, cpu, red = pipeline(args.pipeline)
    print(f"2. {args.pipeline:,} games simulated (rule-based bots), validated and scored: "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU ({args.pipeline / wall:,.0f} games/s; red won {red})")  # fmt: skip


if __name__ == "__main__":
    main()
