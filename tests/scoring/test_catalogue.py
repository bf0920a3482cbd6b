"""The rule catalogue, the documentation and the output format agree."""

import json
import re
from pathlib import Path

import pytest

from games.engine.examples import full_fiim_game, full_pro_mafia_game
from scoring.engine import score_document
from scoring.engine.pro_mafia import RULES, all_slugs

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "scoring.md").read_text()
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def test_every_rule_slug_is_stable_unique_and_documented():
    slugs = all_slugs()
    assert len(slugs) == len(set(slugs))
    for slug in slugs:
        assert SLUG.match(slug), slug
        assert f"`{slug}`" in DOC, f"{slug} is not in docs/scoring.md"
    assert all(entry.heading for entry in RULES)


def test_every_test_named_in_the_documentation_exists():
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", DOC))
    defined = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(), re.M))
    assert named, "the documentation names its tests"
    assert sorted(named - defined) == []


def test_scoring_engine_imports_no_django():
    imports = re.compile(r"^\s*(from|import)\s+django\b", re.M)
    for path in (ROOT / "scoring" / "engine").rglob("*.py"):
        assert not imports.search(path.read_text()), path


@pytest.mark.parametrize("game", [full_pro_mafia_game, full_fiim_game])
def test_to_dict_is_exactly_the_score_protocol_format(game):
    result = score_document(game().json())
    output = json.loads(json.dumps(result.to_dict()))
    assert list(output) == ["ruleset", "winner", "players"]
    for player in output["players"]:
        assert list(player) == ["seat", "player", "role", "total", "items"]
        for item in player["items"]:
            assert list(item) == ["points", "rule", "note"]
            assert SLUG.match(item["rule"])
            assert isinstance(item["points"], (int, float))
            assert len(repr(item["points"])) <= 6  # 0.2, -0.15, 0.225 — never float noise
        assert player["total"] == round(sum(i["points"] for i in player["items"]), 3)
        assert len(repr(player["total"])) <= 6
