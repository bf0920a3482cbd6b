"""The audit trail's actions in words: every action a service records (``core.audit.log_action``)
has a translated label, shown wherever the trail is listed (a discipline case's history, the Mafia
1923 moderators' console, the admin). The ids ("discipline.open", "m1923.deal-adjusted") are for
machines and stay as they are in the rows.

Each app describes its own actions in its ``audit_actions`` module, registered from its
``AppConfig.ready()``; tests/foundation/test_audit_actions.py finds every action the code records
and fails on one with no label. Imports nothing of the site's models: it is loaded with the apps.
"""

from __future__ import annotations

_LABELS: dict[str, object] = {}


def describe(labels: dict[str, object]) -> None:
    """Register an app's actions with their (lazy, translated) labels."""
    _LABELS.update(labels)


def described() -> frozenset[str]:
    return frozenset(_LABELS)


def action_label(action: str) -> str:
    """The action in the reader's language; an action no app described reads as its id (the test
    keeps there being none)."""
    label = _LABELS.get(action)
    return str(label) if label is not None else action
