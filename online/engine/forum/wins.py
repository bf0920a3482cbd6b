"""Who has won the forum game. The rule text names the sides and leaves the conditions open;
each reading below is written in docs/online-rules.md with the test that pins it.

- A killing side is a scum team (Mafia, Werewolves, …) or a Serial Killer (a side of one).
- The town wins when no member of a killing side is alive.
- A killing side wins when it cannot be stopped: its living members are at least as many as
  all other living players (parity; for a Serial Killer, at most one other player is alive),
  and no other living player can kill: no member of another killing side, and — when the game
  has nights — no player with a night kill (a Vigilante with a shot left).
- No one alive: no one wins.
These conditions cannot hold for two sides at once (each killing side is a threat to any
other), so the only simultaneous case is the last one: when the last players die together.
"""

from __future__ import annotations

from ..setup import TOWN
from ..state import GameState, Slot
from .roles import ROLES


def check_win(state: GameState) -> dict | None:
    setup = state.setup
    living = state.living()
    if not living:
        return {"winner": None, "winners": [], "reason": "no-one-left"}
    killing: dict[str, list[Slot]] = {}
    for slot in living:
        if setup.side(slot.side).kind != TOWN:
            killing.setdefault(state.side_key(slot), []).append(slot)
    if not killing:
        winners = [slot.number for slot in state.slots if setup.side(slot.side).kind == TOWN]
        return {"winner": "town", "winners": winners, "reason": "killers-dead"}
    for key, members in killing.items():
        others = len(living) - len(members)
        if len(members) >= others and not _threatened(state, key, living):
            winners = [slot.number for slot in state.side_members(key)]
            return {"winner": members[0].side, "winners": winners, "reason": "parity"}
    return None


def _threatened(state: GameState, key: str, living: list[Slot]) -> bool:
    nights = not state.setup.option("nightless")
    for slot in living:
        if state.side_key(slot) == key:
            continue
        if state.setup.side(slot.side).kind != TOWN:
            return True
        if nights and can_kill_at_night(slot):
            return True
    return False


def can_kill_at_night(slot: Slot) -> bool:
    return any(
        ability.stage == "kill" and uses_left(slot, ability.id) != 0
        for ability in ROLES[slot.role].abilities
    )


def uses_left(slot: Slot, ability: str) -> int | None:
    """Uses left of a limited ability; None when it is unlimited."""
    if slot.uses_limit is None:
        return None
    return max(slot.uses_limit - slot.uses_spent.get(ability, 0), 0)
