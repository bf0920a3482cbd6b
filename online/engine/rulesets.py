"""The rulesets the engine knows, by the id a setup names."""

from __future__ import annotations

import importlib

from .errors import RuleError

RULESET_MODULES = {"forum": "online.engine.forum"}


def ruleset_named(name: object):
    module = RULESET_MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise RuleError(
            "setup.unknown-ruleset",
            f"No ruleset {name!r}; known: {', '.join(sorted(RULESET_MODULES))}.",
        )
    return importlib.import_module(module).RULESET
