"""A check for speed work on the auto-judged table: the same seeds still give the same games.

Run: .venv/bin/python benchmarks/judged_table_same_games.py [--games 300] > before.txt
     (change the judge, the views, the driver or the bots)
     .venv/bin/python benchmarks/judged_table_same_games.py [--games 300] | diff before.txt -

Prints one SHA-256 per kind of table, over the whole logs (as JSON, keys in the order the judge
wrote them), the driver's problems and the final states: rule-based, random and sloppy bots at
all ten seats, a mixed table, other settings and names, and every view the rule-based bots are
given (`SeatView.to_dict`). A speed-up that changes no rule, no view and no bot's play leaves
every line as it was; a change of the bots' strategy or of the rules changes them on purpose.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from online.agents import RandomBot, RuleBot, play_game  # noqa: E402
from online.agents.bots import SloppyBot  # noqa: E402

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya", "Kira", "Lev"]


def digest(games) -> str:
    sha = hashlib.sha256()
    for game in games:
        sha.update(json.dumps(game.log).encode())
        sha.update(json.dumps(game.problems, sort_keys=True).encode())
        sha.update(repr(game.state.snapshot()).encode())
    return sha.hexdigest()


class ViewRecorder(RuleBot):
    """A rule-based bot that hashes every view it is given, then plays as the rule-based bot."""

    sha = hashlib.sha256()

    def observe(self, view) -> None:
        ViewRecorder.sha.update(json.dumps(view.to_dict(), default=str).encode())
        super().observe(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--games", type=int, default=300, help="games per kind (default 300)")
    count = parser.parse_args().games
    for label, kind in (("rule", RuleBot), ("random", RandomBot), ("sloppy", SloppyBot)):
        games = (
            play_game({seat: kind() for seat in range(1, 11)}, f"same-{seed}")
            for seed in range(count)
        )
        print(f"{label:8} {digest(games)}")
    mixed = (
        play_game({seat: SloppyBot() if seat == 5 else RuleBot() if seat % 3 else RandomBot()
                   for seat in range(1, 11)}, seed)
        for seed in range(count)
    )  # fmt: skip
    print(f"{'mixed':8} {digest(mixed)}")
    settings = (
        play_game({seat: SloppyBot() if seat % 2 else RuleBot() for seat in range(1, 11)}, f"settings-{seed}",
                  config={"limit_unit": "tokens", "speech_limit": 6, "tie_speech_limit": 4} if seed % 2
                  else {"speech_limit": 4}, names=NAMES if seed % 3 else None)
        for seed in range(count)
    )  # fmt: skip
    print(f"{'settings':8} {digest(settings)}")
    for seed in range(max(1, count // 3)):
        play_game({seat: ViewRecorder() for seat in range(1, 11)}, f"views-{seed}")
    print(f"{'views':8} {ViewRecorder.sha.hexdigest()}")


if __name__ == "__main__":
    main()
