"""What the rules of "Mafia 1923" keep asking: who is living, injured, in which family, how many
uses are left, which targets an ability may take."""

from __future__ import annotations

import math

from ..state import GameState, Slot, phase_kind, phase_number
from .events import ext
from .roles import MAFIA, PAIR, PLAYER, PLAYER_AND_FAMILY, Ability

EXILED = "exiled"


def phase_index(phase: str) -> int:
    """N1 → 1, D1 → 2, N2 → 3, …: the order of the phases."""
    number = phase_number(phase)
    return 2 * number - 1 if phase_kind(phase) == "night" else 2 * number


def is_exiled(slot: Slot) -> bool:
    return slot.left is not None and slot.left["how"] == EXILED


def is_dead(slot: Slot) -> bool:
    return not slot.alive and not is_exiled(slot)


def public_status(slot: Slot) -> str:
    """What everyone may know of a player: "living", or how they died. An exile is not announced
    (seed 004, "Announcements": "The only events that are announced publicly are deaths,
    poisonings, and being cured from poison"): to all but the player and the moderators an
    exiled player is still living."""
    if slot.alive or is_exiled(slot):
        return "living"
    return slot.left["how"]


def is_mafia(slot: Slot) -> bool:
    return slot.side == MAFIA


def is_injured(state: GameState, number: int, phase: str) -> bool:
    """Injured: no vote and no action for the day and the night after the injury."""
    until = ext(state).injured.get(number)
    # An injury in Night k covers Day k and Night k + 1 (`until`), not the rest of Night k.
    return until is not None and phase_index(until) - 1 <= phase_index(phase) <= phase_index(until)


def family_of(state: GameState, number: int) -> str:
    return ext(state).family_of[number]


def living_members(state: GameState, family: str) -> list[int]:
    return [n for n in ext(state).families.get(family, ()) if state.slots[n - 1].alive]


def members_not_dead(state: GameState, family: str) -> list[int]:
    """The family's members as the others know them: the living and the (unannounced) exiled."""
    return [n for n in ext(state).families.get(family, ()) if not is_dead(state.slots[n - 1])]


def living_count(state: GameState) -> int:
    """Living players: exiled players count as not living (seed 004, "Exiled")."""
    return sum(1 for slot in state.slots if slot.alive)


def kill_quota(state: GameState) -> int:
    """The number of Civilians the Mafia must attempt to kill: living players / 20, rounded up."""
    return math.ceil(living_count(state) / 20)


def uses_left(state: GameState, slot: Slot, ability: Ability) -> int | None:
    limit = ability.uses
    if ability.id == "pair":
        limit = state.setup.option("shadchan_uses")
    if limit is None:
        return None
    return max(0, limit - slot.uses_spent.get(ability.id, 0))


def self_allowed(slot: Slot, ability: Ability) -> bool:
    if ability.self_uses is None:
        return True
    return slot.uses_spent.get(f"{ability.id}:self", 0) < ability.self_uses


def own_family_allowed(slot: Slot, ability: Ability) -> bool:
    if ability.own_family_uses is None:
        return True
    return slot.uses_spent.get(f"{ability.id}:own-family", 0) < ability.own_family_uses


def spent_keys(state: GameState, actor: Slot, ability: Ability, target: dict) -> list[str]:
    """The counters one performed action spends: the ability's, and its self / own-family ones."""
    keys = [ability.id]
    players = [target["player"]] if "player" in target else list(target.get("players", ()))
    if actor.number in players and ability.self_uses is not None:
        keys.append(f"{ability.id}:self")
    if ability.own_family_uses is not None and target.get("family") == family_of(
        state, actor.number
    ):
        keys.append(f"{ability.id}:own-family")
    return keys


def random_target(state: GameState, actor: Slot, ability: Ability, source) -> dict:
    """A Bumbling Bureaucrat's redirection: the action's targets drawn at random among the
    targets the rules let this actor choose now (legal ones only: never a dead player, never
    oneself where the role forbids it or its self-uses are spent)."""
    living = [slot.number for slot in state.slots if slot.alive]
    if not self_allowed(actor, ability) or ability.self_uses == 0:
        players = [n for n in living if n != actor.number]
    else:
        players = living
    families = list(ext(state).families)
    if ability.own_family_uses is not None and not own_family_allowed(actor, ability):
        families = [f for f in families if f != family_of(state, actor.number)]
    if ability.target == PLAYER:
        return {"player": source.choice(players)} if players else {}
    if ability.target == PAIR:
        return {"players": source.sample(players, 2)} if len(players) >= 2 else {}
    if ability.target == PLAYER_AND_FAMILY:
        if not players or not families:
            return {}
        return {"player": source.choice(players), "family": source.choice(families)}
    return {"family": source.choice(families)} if families else {}
