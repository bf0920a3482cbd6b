"""Imports sit at the top of a module (docs/architecture.md, "Deferred imports").

An import inside a function hides a dependency from a reader and from the architecture test's
direction check, and is usually there to dodge an import circle, which the structure should not
have. Each one still allowed is listed here with its reason; a new one fails this test.

``STILL_TO_MOVE`` is the online games' debt, written down when the three online games' sites
landed at once: it may only shrink (the test fails when one listed is gone, so the list is kept
honest).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("vocabulary", "core", "clubs", "games", "online", "discipline", "scoring", "tournaments", "ratings", "config")

# (module path, imported module) -> why it is imported inside a function
ALLOWED = {
    # AppConfig.ready(): the app registry must be loaded first (Django's documented place).
    ("discipline/apps.py", "games.signals"): "AppConfig.ready",
    ("discipline/apps.py", ".services"): "AppConfig.ready",
    ("scoring/apps.py", "core"): "AppConfig.ready",
    ("scoring/apps.py", "games"): "AppConfig.ready",
    ("scoring/apps.py", ".services"): "AppConfig.ready",
    ("scoring/apps.py", ".engine"): "AppConfig.ready",
    ("tournaments/apps.py", "core"): "AppConfig.ready",
    ("tournaments/apps.py", "games.signals"): "AppConfig.ready",
    ("tournaments/apps.py", "scoring.signals"): "AppConfig.ready",
    ("tournaments/apps.py", ".standings"): "AppConfig.ready",
    ("ratings/apps.py", "core"): "AppConfig.ready",
    ("ratings/apps.py", "games.signals"): "AppConfig.ready",
    ("ratings/apps.py", "scoring.signals"): "AppConfig.ready",
    ("ratings/apps.py", "."): "AppConfig.ready",
    ("online/apps.py", ".deadlines"): "AppConfig.ready",
    ("online/apps.py", ".signals"): "AppConfig.ready",
    ("online/apps.py", "games"): "AppConfig.ready",
    ("online/apps.py", ".agents.simulate"): "AppConfig.ready",
    # The compiled engine's build needs Cython and setuptools, which only the dev install has.
    ("games/engine/build.py", "Cython.Build"): "optional build dependency",
    ("games/engine/build.py", "setuptools"): "optional build dependency",
    ("games/engine/build.py", "Cython"): "optional build dependency",
}

STILL_TO_MOVE = {
    ("online/engine/commands.py", ".rulesets"),
    ("online/engine/mafia1923/views.py", "..core"),
    ("online/engine/setup.py", ".rulesets"),
    ("online/languages.py", ".models"),
    ("online/languages.py", "django.urls"),
    ("online/demo.py", ".mafia1923_demo"),
    ("online/mafia1923_demo.py", "clubs.management.commands.seed_demo"),
    ("online/mafia1923_play.py", ".mafia1923_tasks"),
    ("online/models.py", ".texts"),
    ("online/play.py", ".mafia1923_play"),
    ("online/play.py", "django.utils"),
    ("online/play.py", ".languages"),
    ("online/refusals.py", ".mafia1923_texts"),
    ("online/services.py", ".setup_forms"),
    ("online/templatetags/online_tags.py", "online.engine.clock"),
    ("online/templatetags/online_tags.py", "online.zones"),
    ("online/templatetags/online_tags.py", "django.urls"),
    ("online/templatetags/online_tags.py", "django.utils.translation"),
    ("online/texts.py", ".zones"),
    ("online/texts.py", "online.engine.forum.roles"),
    ("online/texts.py", "online.engine.setup"),
    ("online/views.py", "online.engine.forum.roles"),
}


def deferred_imports() -> set[tuple[str, str]]:
    """(module path, imported module as written) for every import inside a function body."""
    found = set()
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(), filename=str(path))
            for function in ast.walk(tree):
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node in ast.walk(function):
                    if isinstance(node, ast.ImportFrom):
                        found.add((str(path.relative_to(ROOT)), "." * node.level + (node.module or "")))
                    elif isinstance(node, ast.Import):
                        found.update((str(path.relative_to(ROOT)), alias.name) for alias in node.names)
    return found


def test_no_import_inside_a_function_without_a_reason():
    unexplained = sorted(deferred_imports() - ALLOWED.keys() - STILL_TO_MOVE)
    assert not unexplained, ("imports inside functions (move them to the top, or say why here):\n"
                             + "\n".join(f"{path}: {module}" for path, module in unexplained))


def test_the_list_of_imports_still_to_move_only_shrinks():
    moved = sorted(STILL_TO_MOVE - deferred_imports())
    assert not moved, "moved to the top: take them off STILL_TO_MOVE:\n" + "\n".join(f"{p}: {m}" for p, m in moved)
