"""The end (seed 004, "Goal"), after Day 5's court."""

from __future__ import annotations

from ..state import GameState
from .common import is_exiled, is_mafia
from .events import ext


def mafia_wins(state: GameState) -> bool:
    """At least half of the Mafia Members are alive (exiled ones count as not living)."""
    mafia = [slot for slot in state.slots if is_mafia(slot)]
    return bool(mafia) and 2 * sum(1 for slot in mafia if slot.alive) >= len(mafia)


def winning_families(state: GameState) -> list[str]:
    """The families with no living Mafia Member and the most living Civilians (ties all win)."""
    scores = {}
    for family, members in ext(state).families.items():
        slots = [state.slot(n) for n in members]
        if any(slot.alive and is_mafia(slot) for slot in slots):
            continue
        scores[family] = sum(1 for slot in slots if slot.alive)
    if not scores:
        return []
    best = max(scores.values())
    return [family for family, score in scores.items() if score == best]


def the_end(state: GameState) -> dict:
    """Winners: dead ones too; exiled players never; Mafia Members only if the Mafia wins."""
    if mafia_wins(state):
        winners = [s.number for s in state.slots if is_mafia(s) and not is_exiled(s)]
        return {"winner": "mafia", "winners": winners, "reason": "mafia-half-alive", "families": []}
    families = winning_families(state)
    winners = [
        number
        for family in families
        for number in ext(state).families[family]
        if not is_mafia(state.slot(number)) and not is_exiled(state.slot(number))
    ]
    return {
        "winner": "families",
        "winners": sorted(winners),
        "reason": "most-living-civilians",
        "families": families,
    }
