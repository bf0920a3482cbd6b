"""One vocabulary: the roles, the teams, the deal and the format's name are spelled in one place.

The `vocabulary` package imports nothing but the standard library, so every engine and every app
can read it; the project's code writes none of its words out again as a collection of its own.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import vocabulary as v
from games.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parents[2]
# Every package of the project but the vocabulary itself and the tests (whose games spell roles freely).
CODE = sorted(path.name for path in ROOT.iterdir()
              if (path / "__init__.py").is_file() and path.name not in {"vocabulary", "tests"})
ROLE_WORDS = set(v.ROLES)


def code_files():
    for top in CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_the_vocabulary_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "vocabulary" / "__init__.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def test_the_words_agree_with_each_other():
    assert v.RED_ROLES | v.BLACK_ROLES == ROLE_WORDS and not v.RED_ROLES & v.BLACK_ROLES
    assert {v.team_of(role) for role in v.RED_ROLES} == {v.RED}
    assert {v.team_of(role) for role in v.BLACK_ROLES} == {v.BLACK}
    assert sorted(v.deal_cards()) == sorted(role for role, n in v.CLASSIC_DEAL.items() for _ in range(n))
    assert set(RULESETS) == set(v.RULESET_IDS)
    assert all(ruleset.seat_count == 10 and ruleset.deal == v.CLASSIC_DEAL for ruleset in RULESETS.values())


def test_no_code_spells_the_format_name_or_a_set_of_roles_again():
    found = []
    for path in code_files():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Constant) and node.value == v.PROTOCOL_FORMAT:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} the format name")
            elements = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
            if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and elements and len(elements) >= 2:
                words = {element.value for element in elements if isinstance(element, ast.Constant)}
                if len(words) == len(elements) and words <= ROLE_WORDS:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} roles {sorted(words)}")
    assert found == []
