"""The scores on the entry page's final summary, provided by the scoring app.

The summary shows each player's score as it will be stored (with the discipline decisions that
change a penalty applied). ``scoring`` sits above ``games`` (docs/architecture.md), so games never
imports it: ``ScoringConfig.ready()`` provides the scorer here, as it registers its outbox runner.
"""

from __future__ import annotations

from collections.abc import Callable

from .engine import GameRecord

_scorer: Callable[[GameRecord, int], object] | None = None


def provide(scorer: Callable[[GameRecord, int], object]) -> None:
    """``scorer(record, game_id)`` → the scoring engine's result for the game (``to_dict()``)."""
    global _scorer
    _scorer = scorer


def final_scores(record: GameRecord, game_id: int):
    """The game's scores, or None when no scorer is installed (the summary then shows none)."""
    return None if _scorer is None else _scorer(record, game_id)
