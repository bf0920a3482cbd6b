"""Helpers for the scoring scenario tests (the games themselves come from the engine's kit)."""

from __future__ import annotations

from games.engine.scenario import Scenario
from scoring.engine import GameScore, score

__all__ = ["Scenario", "items", "points", "rules_of", "scored", "total"]


def scored(game: Scenario) -> GameScore:
    return score(game.replay())


def points(game: Scenario | GameScore, seat: int, rule: str) -> float | int:
    """The points `seat` got from `rule` (0 when none)."""
    result = game if isinstance(game, GameScore) else scored(game)
    return result.player(seat).points_for(rule)


def total(game: Scenario | GameScore, seat: int) -> float | int:
    result = game if isinstance(game, GameScore) else scored(game)
    return result.player(seat).total


def items(game: Scenario | GameScore, seat: int, rule: str | None = None) -> list:
    result = game if isinstance(game, GameScore) else scored(game)
    return [item for item in result.player(seat).items if rule is None or item.rule == rule]


def rules_of(game: Scenario | GameScore, seat: int) -> list[str]:
    result = game if isinstance(game, GameScore) else scored(game)
    return result.player(seat).rules()
