"""Every action the audit trail records has a label in words (core/actions.py), and the pages that
list the trail show the label, never the id. Issue 27: "audit lines 'm1923.deal-adjusted',
'discipline.open' … Every word a person reads comes from a translated label."

The actions are found in the code: each ``log_action(…, action=…)``; an action written as an
expression the test cannot read is a failure until the test learns where its values come from.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from core.actions import action_label, described
from discipline.models import DisciplineCase
from games.models import ProtocolVersion
from tests.discipline.helpers import Cup, dd_game

ROOT = Path(settings.BASE_DIR)
NOT_SITE = ("tests/", "benchmarks/", "smoke/", ".venv/", "scripts/")


def _site_modules():
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not relative.startswith(NOT_SITE) and "/migrations/" not in relative:
            yield relative, ast.parse(path.read_text())


def _called(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _strings(expression) -> set[str] | None:
    """The values of a constant string or a choice between constant strings; None otherwise."""
    if isinstance(expression, ast.Constant) and isinstance(expression.value, str):
        return {expression.value}
    if isinstance(expression, ast.IfExp):
        body, orelse = _strings(expression.body), _strings(expression.orelse)
        return body | orelse if body is not None and orelse is not None else None
    return None


def _arguments_to(modules, function: str, *, keyword: str | None = None, position: int | None = None) -> set[str]:
    """The constant strings passed to ``function`` (by keyword or position) anywhere in the site."""
    values = set()
    for _relative, tree in modules:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _called(node) == function:
                if keyword is not None:
                    values |= {v for k in node.keywords if k.arg == keyword for v in (_strings(k.value) or ())}
                if position is not None and len(node.args) > position:
                    values |= _strings(node.args[position]) or set()
    return values


def recorded_actions() -> tuple[set[str], list[str]]:
    """Every action id the code records, and the expressions it could not read."""
    modules = list(_site_modules())
    # Where an action is built from a value, the values it is built from.
    built = {
        ("games/services.py", "f'protocol.{action}'"):
            lambda: {f"protocol.{value}" for value in ProtocolVersion.Action.values},
        ("tournaments/services/applications.py", "f'application.{reason}'"):
            lambda: {f"application.{reason}" for reason in _arguments_to(modules, "_set_status", keyword="reason")},
        ("online/mafia1923/services.py", "action"):
            lambda: _arguments_to(modules, "_judge_player", position=2),
    }
    actions, unread = set(), []
    for relative, tree in modules:
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _called(node) == "log_action"):
                continue
            expression = next((k.value for k in node.keywords if k.arg == "action"), None)
            values = _strings(expression)
            if values is None:
                source = ast.unparse(expression) if expression is not None else "(no action)"
                expand = built.get((relative, source))
                if expand is None:
                    unread.append(f"{relative}:{node.lineno}: action={source}")
                    continue
                values = expand()
                assert values, f"{relative}:{node.lineno}: found no values for {source}"
            actions |= values
    return actions, unread


def test_every_recorded_action_has_a_label_and_every_label_an_action():
    actions, unread = recorded_actions()
    assert not unread, "teach this test where these actions' values come from:\n" + "\n".join(unread)
    assert len(actions) > 60
    assert not actions - described(), f"actions with no label (an app's audit_actions.py): {sorted(actions - described())}"
    assert not described() - actions, f"labels of actions nothing records: {sorted(described() - actions)}"


def test_labels_are_words_in_the_readers_language():
    with translation.override("ru"):
        assert action_label("discipline.open") == "дело открыто"
        assert action_label("m1923.deal-adjusted") == "раздача исправлена"
        rendered = Template("{% load written %}{{ a|action_label }}").render(Context({"a": "protocol.confirm"}))
    assert rendered == "протокол: подтверждён"
    assert action_label("discipline.open") == "case opened"


@pytest.mark.django_db
def test_a_discipline_cases_history_lists_its_actions_in_words(client):
    cup = Cup()
    case = DisciplineCase.objects.get(game=cup.confirm(cup.play(dd_game())))
    client.force_login(cup.organizer)
    page = client.get(case.get_absolute_url(), headers={"accept-language": "ru"}).content.decode()
    assert "дело открыто" in page
    assert "discipline.open" not in page
