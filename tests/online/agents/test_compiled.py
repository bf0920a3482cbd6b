"""The compiled judged table and bots (`python -m native.build`) play exactly as the plain Python ones.

The same seeded games are played in two fresh interpreters, one with the compiled modules and
one with `MAFIA_ENGINE_PURE=1`: rule-based, random and sloppy bots, a mixed table, other
settings and names. Both must write the same logs, problems, final states and views, and each
log must replay to its final state. Without a compiled build there is nothing to compare.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import online.agents
import online.engine.judged_table

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = (online.engine.judged_table, online.agents)
COMPILED = all(package.COMPILED for package in PACKAGES)
IMPLEMENTATIONS = "; ".join(f"{package.__name__}: {package.IMPLEMENTATION}" for package in PACKAGES)

# `make test` builds the compiled modules and says so (EXPECT_COMPILED_ENGINE=1): there a missing
# build is a failure, not a skip (tests/engine/test_compiled.py does the same for the engine).
if (
    not COMPILED
    and os.environ.get("EXPECT_COMPILED_ENGINE") == "1"
    and os.environ.get("MAFIA_ENGINE_PURE") != "1"
):
    pytest.fail(
        f"the compiled table was built by make test but is not in use ({IMPLEMENTATIONS})",
        pytrace=False,
    )
pytestmark = pytest.mark.skipif(not COMPILED, reason=IMPLEMENTATIONS)

PLAY = """
import json, sys
import online.agents, online.engine.judged_table
from online.agents import RandomBot, RuleBot, play_game
from online.agents.bots import SloppyBot
from online.engine.judged_table import inputs_of, replay

print(json.dumps([online.agents.COMPILED, online.engine.judged_table.COMPILED]))
views = []

class ViewRecorder(RuleBot):
    def observe(self, view):
        views.append(view.to_dict())
        super().observe(view)

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya", "Kira", "Lev"]
count = int(sys.argv[1])
tables = []
for seed in range(count):
    for kind in (RuleBot, RandomBot, SloppyBot, ViewRecorder):
        tables.append(({seat: kind() for seat in range(1, 11)}, f"compiled-{seed}", None, None))
    tables.append(({seat: SloppyBot() if seat == 5 else RuleBot() if seat % 3 else RandomBot()
                    for seat in range(1, 11)}, seed, None, None))
    tables.append(({seat: SloppyBot() if seat % 2 else RuleBot() for seat in range(1, 11)},
                   f"settings-{seed}",
                   {"limit_unit": "tokens", "speech_limit": 6, "tie_speech_limit": 4} if seed % 2
                   else {"speech_limit": 4}, NAMES if seed % 3 else None))
for agents, seed, config, names in tables:
    game = play_game(agents, seed, config=config, names=names)
    replayed = replay(game.log)
    print(json.dumps({
        "log": game.log,
        "problems": game.problems,
        "state": repr(game.state.snapshot()),
        "replayed": repr(replayed.snapshot()),
        "views": views,
    }, default=str))
    views.clear()
"""


def play(pure: bool, games: int) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != "MAFIA_ENGINE_PURE"}
    if pure:
        env["MAFIA_ENGINE_PURE"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", PLAY, str(games)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    lines = result.stdout.splitlines()
    assert json.loads(lines[0]) == [not pure, not pure], lines[0]
    return lines[1:]


def test_the_compiled_modules_are_the_ones_in_use():
    for module in (
        online.engine.judged_table.judge,
        online.engine.judged_table.views,
        online.agents.bots,
        online.agents.play,
    ):
        assert not module.__file__.endswith(".py"), module.__file__
    assert online.agents.play_game is online.agents.play.play_game


def test_the_same_games_are_played_both_ways():
    compiled, pure = play(False, 12), play(True, 12)
    assert len(compiled) == len(pure) == 72
    for index, (got, expected) in enumerate(zip(compiled, pure, strict=True)):
        assert got == expected, f"game {index} differs"
        game = json.loads(got)
        assert game["state"] == game["replayed"]
        assert len(game["log"]) > 50
    assert sum(bool(json.loads(line)["views"]) for line in compiled) == 12
