"""What a change of the judge's rules did to the same seeds: plays each seed under two revisions
of the judge (`TableConfig.revision`, docs/auto-judged-table.md "Revisions of the judge") and
counts, per kind of bots, the games that are identical, and those whose logs differ only by what
revision 2 writes (the announcements before a revote and the vote to eliminate all, the team's
night messages to its players at the table, every nomination phrase answered) — "same play" — or
whose moves differ.

Run: .venv/bin/python benchmarks/judged_table_revisions.py [--games 300]
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from online.agents import RandomBot, RuleBot, play_game  # noqa: E402
from online.agents.bots import SloppyBot  # noqa: E402
from online.engine.judged_table import TableConfig  # noqa: E402

TEAM_MESSAGES = ("claim", "kill_called", "kill_decided", "hunt_restarted", "default_applied")


def moves(log: list[dict]) -> list[dict]:
    """The log without what revision 2 adds or narrows: the moves and what the judge made of them."""
    kept = []
    for event in log:
        if event["type"] == "nominees_announced":
            continue
        if event["type"] == "nomination_not_counted" and event.get("reason") in ("one-per-day", "no-number"):
            continue
        if event["type"] in TEAM_MESSAGES:
            event = {key: value for key, value in event.items() if key != "to"}
        kept.append(event)
    return kept


def compare(kind, seeds: int) -> collections.Counter:
    counts = collections.Counter()
    for seed in range(seeds):
        old = play_game({s: kind() for s in range(1, 11)}, f"same-{seed}", config=TableConfig(revision=1))
        new = play_game({s: kind() for s in range(1, 11)}, f"same-{seed}")
        if old.log == new.log:
            counts["identical"] += 1
            continue
        announced = sum(e["type"] == "nominees_announced" for e in new.log) > sum(
            e["type"] == "nominees_announced" for e in old.log
        )
        answered = sum(e["type"] == "nomination_not_counted" for e in new.log) > sum(
            e["type"] == "nomination_not_counted" for e in old.log
        )
        label = "+".join(
            name
            for name, happened in (("announced", announced), ("phrases answered", answered))
            if happened
        ) or "team messages only"
        counts[label + (", same play" if moves(old.log) == moves(new.log) else ", play differs")] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--games", type=int, default=300, help="seeds per kind of bots (default 300)")
    seeds = parser.parse_args().games
    for label, kind in (("rule", RuleBot), ("random", RandomBot), ("sloppy", SloppyBot)):
        counts = compare(kind, seeds)
        print(f"{label:7} " + "; ".join(f"{name}: {n}" for name, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
