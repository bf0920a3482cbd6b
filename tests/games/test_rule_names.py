"""Every scoring rule a page shows has a name in the reader's language (scoring/rule_names.py).

Issue 27: "Every word a person reads comes from a translated label" — the judge's played-game page
showed each point's rule as its slug (`eliminating-vote`) beside the engine's English note.
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.utils import translation

from games.engine import replay
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.engine.simulate import random_game
from scoring.engine import score
from scoring.engine.pro_mafia import all_slugs
from scoring.rule_names import RULE_NAMES, rule_name, rule_note

ROOT = Path(__file__).resolve().parents[2]


def _fiim_slugs() -> set[str]:
    """The rule of every ``ScoreItem(points, "<rule>", note)`` the 2025 table writes."""
    tree = ast.parse((ROOT / "scoring" / "engine" / "fiim.py").read_text())
    return {node.args[1].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ScoreItem"
            and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)}


def test_every_rule_either_table_writes_has_a_name():
    written = set(all_slugs()) | _fiim_slugs()
    assert "win" in written and "eliminating-vote" in written
    assert written - set(RULE_NAMES) == set()
    assert set(RULE_NAMES) - written == set(), "a name for a rule nothing writes"


def test_the_rules_of_scored_games_all_have_names():
    seen = set()
    for document in [full_pro_mafia_game().build(), full_fiim_game().build(), *map(random_game, range(300))]:
        for player in score(replay(document)).players:
            seen |= {item.rule for item in player.items}
    assert len(seen) > 15
    assert seen <= set(RULE_NAMES)


def test_a_rule_reads_in_russian_and_the_english_note_only_in_english():
    with translation.override("ru"):
        assert rule_name("eliminating-vote") == "Голосование, исключившее чёрного"
        assert rule_note("day 4: eliminating vote into black seat 7") == ""
    with translation.override("en"):
        assert rule_name("eliminating-vote") == "Vote that eliminated a black"
        assert rule_note("day 4: eliminating vote into black seat 7") == "day 4: eliminating vote into black seat 7"
