"""What each one may know (seed 004, "Announcements").

- `announcements(state, phase)`: what a window's resolution tells — publicly only deaths,
  poisonings, cures and (by day) every player's and family's vote totals (never an exile);
  privately what the seed lists, to the living only, and the exile to the exiled player.
- `player_view(state, slot)`: one player's own role, family, statuses and what they may do now
  (each action with its uses left). `public_board(state)`: the public record of the event.
"""

from __future__ import annotations

from ..core import replay
from ..state import GameState
from .common import (
    family_of,
    is_injured,
    is_mafia,
    members_not_dead,
    public_status,
    self_allowed,
    uses_left,
)
from .events import ext
from .roles import ROLES, abilities_of


def _deaths(state: GameState, phase: str) -> list[dict]:
    return [
        {"slot": s.number, "name": s.name, "how": s.left["how"]}
        for s in state.slots
        if s.left is not None and s.left["phase"] == phase
    ]


def announcements(state: GameState, phase: str) -> dict:
    e = ext(state)
    public = {
        "phase": phase,
        "deaths": [d for d in _deaths(state, phase) if d["how"] != "exiled"],  # never exiles
        "poisoned": [
            p["slot"] for p in e.public if p["kind"] == "poisoned" and p["phase"] == phase
        ],
        "cured": [p["slot"] for p in e.public if p["kind"] == "cured" and p["phase"] == phase],
    }
    tally = e.tallies.get(phase)
    if tally is not None:
        public["votes"] = {"families": tally["families"], "players": tally["players"]}
    private: dict[int, list[dict]] = {}
    for result in state.results:
        if result["phase"] == phase:
            fields = {
                k: v for k, v in result.items() if k not in ("type", "at", "phase", "slot", "draw")
            }
            private.setdefault(result["slot"], []).append(fields)
    return {"public": public, "private": private}


def public_board(state: GameState) -> dict:
    phases = [p.id for p in state.phases]
    return {
        "families": {name: list(members) for name, members in ext(state).families.items()},
        "players": [
            {
                "slot": s.number,
                "name": s.name,
                "family": family_of(state, s.number),
                "status": public_status(s),
            }
            for s in state.slots
        ],
        "phase": state.phase.id if state.phase else None,
        "phases": [announcements(state, p)["public"] for p in phases],
        "result": state.result and {k: state.result[k] for k in ("winner", "winners", "families")},
    }


def player_view(state: GameState, number: int) -> dict:
    slot = state.slot(number)
    e = ext(state)
    phase = state.phase
    view = {
        "slot": number,
        "name": slot.name,
        "family": family_of(state, number),
        "role": slot.role,
        "role_name": ROLES[slot.role].name if slot.role else None,
        "mafia": is_mafia(slot),
        "status": "living" if slot.alive else slot.left["how"],
        "poisoned": number in e.poisoned,
        "injured": bool(phase) and is_injured(state, number, phase.id),
        "lover": e.lovers.get(number) if slot.alive else None,
        "strikes": e.strikes.get(number, 0),
        "may_do": available_actions(state, number),
        "results": [r for r in state.results if r["slot"] == number] if slot.alive else [],
    }
    if is_mafia(slot) and slot.alive:
        view["mafia_members"] = [s.number for s in state.slots if is_mafia(s)]
    return view


def available_actions(state: GameState, number: int) -> list[dict]:
    """What the player may do in the current window: nothing if dead, exiled or injured."""
    slot = state.slot(number)
    phase = state.phase
    if phase is None or not slot.alive or state.pending is not None:
        return []
    if is_injured(state, number, phase.id):
        return []
    may = []
    if phase.kind == "day":
        # As the player knows the family: an exiled member is not announced, so still counts.
        alone = len(members_not_dead(state, family_of(state, number))) == 1
        may.append({"ability": "votes", "individual_needed": not alone})
    for ability in abilities_of(slot.role, slot.side):
        if ability.phase != phase.kind or uses_left(state, slot, ability) == 0:
            continue
        may.append(
            {
                "ability": ability.id,
                "target": ability.target,
                "uses_left": uses_left(state, slot, ability),
                "may_choose_self": ability.self_uses != 0 and self_allowed(slot, ability),
            }
        )
    return may


def replay_event(log: list[dict]) -> dict:
    """The whole event replayed from its log, as JSON-able data for the moderators' command line
    (it names every role): players, each window's announcements (public and private), the end."""

    state = replay(log)
    e = ext(state)
    return {
        "ruleset": state.ruleset,
        "setup": state.setup.name,
        "players": [
            {
                "slot": s.number,
                "name": s.name,
                "family": e.family_of.get(s.number),
                "level": e.level_of.get(s.number),
                "role": s.role,
                "mafia": is_mafia(s),
                "status": "living" if s.alive else s.left["how"],
                "left": s.left,
            }
            for s in state.slots
        ],
        "windows": [announcements(state, phase.id) for phase in state.phases],
        "result": state.result,
    }
