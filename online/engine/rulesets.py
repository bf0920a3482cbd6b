"""The rulesets the engine knows, by the id a setup names."""

from __future__ import annotations

import importlib

from .errors import RuleError

RULESET_MODULES = {"forum": "online.engine.forum", "mafia1923": "online.engine.mafia1923"}


def ruleset_named(name: object):
    module = RULESET_MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise RuleError(
            "setup.unknown-ruleset",
            f"No ruleset {name!r}; known: {', '.join(sorted(RULESET_MODULES))}.",
        )
    return importlib.import_module(module).RULESET


def load_all() -> None:
    """Import every ruleset (each registers its own commands)."""
    for module in RULESET_MODULES.values():
        importlib.import_module(module)
