"""The judge's refusal: an input it will not take. Nothing changes when one is raised."""

from __future__ import annotations

from ..errors import RuleError


class TableError(RuleError):
    """A refused input or setting: a stable `rule` code, clear English, the facts it names."""
