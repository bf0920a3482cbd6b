"""Imports sit at the top of a module (docs/architecture.md, "Deferred imports").

An import inside a function hides a dependency from a reader and from the architecture test's
direction check, and is usually there to dodge an import circle, which the structure should not
have. Each one still allowed is listed here with its reason; a new one fails this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("vocabulary", "native", "core", "clubs", "games", "online", "discipline", "scoring", "tournaments", "ratings", "records",
        "leagues", "seasons", "config")

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
    ("tournaments/apps.py", "."): "AppConfig.ready",
    ("tournaments/apps.py", ".models"): "AppConfig.ready",
    ("tournaments/apps.py", "clubs.models"): "AppConfig.ready",
    ("tournaments/apps.py", "discipline.models"): "AppConfig.ready",
    ("tournaments/apps.py", "games.models"): "AppConfig.ready",
    ("tournaments/apps.py", "django.contrib.auth"): "AppConfig.ready: get_user_model needs the registry",
    ("leagues/apps.py", "tournaments.signals"): "AppConfig.ready",
    ("tournaments/apps.py", "scoring.signals"): "AppConfig.ready",
    ("tournaments/apps.py", ".standings"): "AppConfig.ready",
    ("ratings/apps.py", "core"): "AppConfig.ready",
    ("ratings/apps.py", "games.signals"): "AppConfig.ready",
    ("ratings/apps.py", "scoring.signals"): "AppConfig.ready",
    ("ratings/apps.py", "."): "AppConfig.ready",
    ("records/apps.py", "core"): "AppConfig.ready",
    ("records/apps.py", "games.models"): "AppConfig.ready",
    ("records/apps.py", "games.signals"): "AppConfig.ready",
    ("records/apps.py", "scoring.signals"): "AppConfig.ready",
    ("records/apps.py", "."): "AppConfig.ready",
    ("leagues/apps.py", "."): "AppConfig.ready",
    ("games/apps.py", "."): "AppConfig.ready",  # games/live_poll.py's receivers
    ("online/apps.py", ".core.deadlines"): "AppConfig.ready",
    ("online/apps.py", ".core.signals"): "AppConfig.ready",
    ("online/apps.py", ".core"): "AppConfig.ready",  # each game registers what the core asks of it
    ("online/apps.py", ".forum"): "AppConfig.ready",
    ("online/apps.py", ".mafia1923"): "AppConfig.ready",
    ("online/apps.py", "games"): "AppConfig.ready",
    ("online/apps.py", ".agents.simulate"): "AppConfig.ready",
    ("online/apps.py", "core"): "AppConfig.ready",
    ("online/apps.py", ".simulations.services"): "AppConfig.ready",
    # The compiled modules' build needs Cython and setuptools, which only the dev install has.
    ("native/build.py", "Cython.Build"): "optional build dependency",
    ("native/build.py", "setuptools"): "optional build dependency",
    ("native/build.py", "Cython"): "optional build dependency",
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
    unexplained = sorted(deferred_imports() - ALLOWED.keys())
    assert not unexplained, ("imports inside functions (move them to the top, or say why here):\n"
                             + "\n".join(f"{path}: {module}" for path, module in unexplained))

