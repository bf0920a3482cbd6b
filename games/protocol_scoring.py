"""The scores of a whole protocol document, provided by the scoring app.

Simulations of the auto-judged table (``online``) score thousands of games they never store;
``scoring`` is not below ``online`` (docs/architecture.md), so ``ScoringConfig.ready()`` provides
its engine's ``score_document`` here, where both may look.
"""

from __future__ import annotations

from collections.abc import Callable

_scorer: Callable[[dict], object] | None = None


def provide(scorer: Callable[[dict], object]) -> None:
    """``scorer(document)`` → the scoring engine's result (with ``to_dict()``)."""
    global _scorer
    _scorer = scorer


def scorer() -> Callable[[dict], dict] | None:
    """A function from a document to its scores as data, or None when no scorer is installed."""
    if _scorer is None:
        return None
    installed = _scorer
    return lambda document: installed(document).to_dict()
