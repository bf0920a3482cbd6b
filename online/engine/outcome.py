"""`replay_outcome(log)`: a finished (or running) game told as plain data, for the command line."""

from __future__ import annotations

from collections.abc import Iterable

from .ballots import vote_count
from .clock import iso
from .core import replay


def replay_outcome(log: Iterable[dict]) -> dict:
    """Who left when and how, each phase's start, end and deadline, each day's final count.

    JSON-able; it names every role, so it is for the moderator or a finished game.
    """
    state = replay(log)
    phases = list(state.phases)
    if state.phase is not None:
        phases.append(state.phase)
    return {
        "ruleset": state.ruleset,
        "setup": state.setup.name,
        "players": [
            {
                "slot": slot.number,
                "name": slot.name,
                "role": slot.role,
                "side": slot.side,
                "left": slot.left,
                "replacements": list(slot.replacements),
            }
            for slot in state.slots
        ],
        "phases": [
            {
                "phase": phase.id,
                "started_at": iso(phase.started_at),
                "deadline": iso(phase.deadline),
                "ended_at": iso(phase.ended_at),
                "end": phase.end,
                **({"lynched": phase.lynched} if phase.kind == "day" and phase.ended_at else {}),
            }
            for phase in phases
        ],
        "days": [vote_count(state, phase.id) for phase in phases if phase.kind == "day"],
        "result": None
        if state.result is None
        else {key: state.result[key] for key in ("at", "winner", "winners", "reason")},
    }
