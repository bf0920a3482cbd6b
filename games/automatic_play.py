"""Whole games played by agents at an auto-judged table, provided by the online app.

The auto-judged table (its judge and agents) is online play's (docs/architecture.md), and
``online`` sits above ``games``; a tournament simulated at such tables (``tournaments``, which
does not import ``online``) reads the player from here: ``OnlineConfig.ready()`` provides it, as
``ScoringConfig.ready()`` provides the entry page's scorer in ``games.final_scores``.
"""

from __future__ import annotations

from collections.abc import Callable

# play(seed, names, spec) -> (the game's `mafia-protocol/1` document, the winning team)
_player: Callable[[str, list[str], str], tuple[dict, str]] | None = None


def provide(player: Callable[[str, list[str], str], tuple[dict, str]]) -> None:
    global _player
    _player = player


def play(*, seed: str, names: list[str], spec: str) -> tuple[dict, str]:
    """A whole game with agents of `spec` in seats named `names`; ValueError for a bad spec."""
    if _player is None:
        raise RuntimeError("no auto-judged table is installed (the online app provides it)")
    return _player(seed, names, spec)
