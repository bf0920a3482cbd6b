"""The pure engines' tests need no Django: `pytest tests/engine -p no:django` runs them anywhere.

The engines (protocol, scoring, seating, ratings, online play) import nothing from Django, and so
must their tests: a test that needs the database or a management command lives beside the app
that owns it (tests/commands/ for the command-line tools). This reads the test files' syntax, so
it also catches a Django fixture asked for by name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PURE_TEST_DIRECTORIES = ("engine", "scoring", "seating", "ratings", "online/engine", "records/engine",
                         "leagues/engine", "seasons/engine")
# pytest-django's fixtures: asking for one needs the Django plugin and its settings.
DJANGO_FIXTURES = {
    "db", "transactional_db", "django_db_setup", "django_db_blocker", "client", "async_client",
    "admin_client", "admin_user", "django_user_model", "django_username_field", "rf", "async_rf",
    "settings", "live_server", "mailoutbox", "django_assert_num_queries",
    "django_assert_max_num_queries", "django_capture_on_commit_callbacks",
}


def pure_test_files():
    for directory in PURE_TEST_DIRECTORIES:
        yield from sorted((TESTS / directory).rglob("*.py"))


def django_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "django"]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in {"django", "pytest_django"}:
            found.append(node.module)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [f"fixture {arg.arg}" for arg in node.args.args if arg.arg in DJANGO_FIXTURES]
        elif isinstance(node, ast.Attribute) and node.attr == "django_db":
            found.append("pytest.mark.django_db")
    return found


@pytest.mark.parametrize("path", list(pure_test_files()), ids=lambda p: str(p.relative_to(TESTS)))
def test_a_pure_engines_test_uses_nothing_of_django(path):
    assert django_uses(path) == [], f"{path.relative_to(TESTS)} needs Django: move it beside its app"
