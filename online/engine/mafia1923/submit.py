"""Taking a player's action or votes, and the moderators' exile and strike.

A submission is checked in full and recorded (`action_submitted`, `vote_cast`); it acts only
when its window ends (`resolve_night`, `resolve_day`). Submitted again, the last one counts;
same-role actions act in the order of their (last) submission. An action at the wrong time is
refused and spends nothing (seed 004, "Roles").
"""

from __future__ import annotations

from ..errors import RuleError
from ..state import MODERATOR, GameState, Slot
from .common import (
    family_of,
    is_dead,
    is_injured,
    is_mafia,
    kill_quota,
    living_members,
    members_not_dead,
    own_family_allowed,
    self_allowed,
    uses_left,
)
from .events import ext
from .roles import (
    ABILITIES,
    FAMILY,
    PAIR,
    PLAYER,
    PLAYER_AND_FAMILY,
    PLAYERS,
    VOTES,
    Ability,
    abilities_of,
)


def open_phase(ctx, kind: str, rule: str, what: str):
    """The current phase, when it is a `kind` phase whose window has opened."""
    phase = ctx.state.phase
    if phase is None or phase.kind != kind or ctx.at < phase.started_at:
        raise RuleError(rule, f"{what} only during the {kind} ({kind} window not open now).")
    return phase


def player(state: GameState, number: object, dead_rule: str) -> Slot:
    if not state.has_slot(number):
        raise RuleError("actor.unknown-slot", f"{number!r} is not a player of this game.")
    slot = state.slots[number - 1]
    if not slot.alive:
        raise RuleError(dead_rule, "Dead and exiled players neither vote nor act.")
    return slot


def _living_target(state: GameState, number: object) -> int:
    """A player not known to be dead. An exiled player is taken as a target (the exile is not
    announced: a refusal would tell it); the action finds no one when it resolves."""
    if not state.has_slot(number):
        raise RuleError("action.unknown-target", f"{number!r} is not a player of this game.")
    if is_dead(state.slots[number - 1]):
        raise RuleError(
            "action.target-dead", f"Player {number} is not living: no action targets them."
        )
    return number


def _family(state: GameState, family: object) -> str:
    if family not in ext(state).families:
        raise RuleError("action.unknown-family", f"{family!r} is not a family of this game.")
    return family


def act(ctx, command) -> None:
    state = ctx.state
    ability = ABILITIES.get(command.ability)
    if ability is None:
        raise RuleError("action.not-yours", f"No ability {command.ability!r} in this game.")
    phase = open_phase(ctx, ability.phase, "action.wrong-time", f"{command.ability!r} is used")
    actor = player(state, command.actor, "action.actor-dead")
    if ability not in abilities_of(actor.role, actor.side):
        raise RuleError("action.not-yours", f"You have no {ability.id!r} action.")
    if is_injured(state, actor.number, phase.id):
        raise RuleError("action.injured", "You are injured: no action this day and night.")
    if uses_left(state, actor, ability) == 0:
        raise RuleError("action.no-uses-left", f"No {ability.id!r} is left to use.")
    if command.player is None and not command.players and command.family is None:
        if (actor.number, ability.id) not in state.actions:
            raise RuleError(
                "action.nothing-to-withdraw", "There is no submitted action to withdraw."
            )
        target = None
    else:
        target = check_target(state, actor, ability, command)
    ctx.emit(
        "action_submitted", phase=phase.id, slot=actor.number, ability=ability.id, target=target
    )


def check_target(state: GameState, actor: Slot, ability: Ability, command) -> dict:
    shape = ability.target
    given = {
        "player": command.player is not None,
        "players": bool(command.players),
        "family": command.family is not None,
    }
    wanted = {
        PLAYER: {"player"},
        PAIR: {"players"},
        PLAYERS: {"players"},
        FAMILY: {"family"},
        PLAYER_AND_FAMILY: {"player", "family"},
        VOTES: {"player", "family"},
    }[shape]
    extra = {key for key, present in given.items() if present} - wanted
    missing = wanted - {key for key, present in given.items() if present}
    if extra or (missing and shape != VOTES):
        raise RuleError(
            "action.target-shape",
            f"{ability.id!r} takes {' and '.join(sorted(wanted))}.",
        )
    target: dict = {}
    if given["player"]:
        number = command.player
        if shape == VOTES:  # extra votes: "not bound by the normal voting rules"
            if not state.has_slot(number):
                raise RuleError(
                    "action.unknown-target", f"{number!r} is not a player of this game."
                )
        else:
            _living_target(state, number)
            _self_rule(actor, ability, number)
        target["player"] = number
    if given["players"]:
        target["players"] = _players(state, actor, ability, command.players)
    if given["family"]:
        family = _family(state, command.family)
        if (
            shape == PLAYER_AND_FAMILY
            and family == family_of(state, actor.number)
            and not own_family_allowed(actor, ability)
        ):
            raise RuleError("action.own-family", "You have protected your own family once already.")
        target["family"] = family
    return target


def _self_rule(actor: Slot, ability: Ability, number: int) -> None:
    if number != actor.number:
        return
    if ability.self_uses == 0:
        raise RuleError("action.self-target", "You cannot target yourself.")
    if not self_allowed(actor, ability):
        raise RuleError(
            "action.self-limit", f"You may choose yourself {ability.self_uses} time(s); no more."
        )


def _players(state: GameState, actor: Slot, ability: Ability, players) -> list[int]:
    if not isinstance(players, list | tuple):
        raise RuleError("action.target-shape", "players is a list of players.")
    players = list(players)
    for number in players:
        _living_target(state, number)
    if len(set(players)) != len(players):
        raise RuleError("action.same-player-twice", "Name each player once.")
    if ability.target == PAIR:
        if len(players) != 2:
            raise RuleError("action.target-shape", f"{ability.id!r} takes two players.")
        for number in players:
            _self_rule(actor, ability, number)
        return players
    # The Mafia's kill: exactly ⌈living / 20⌉ living Civilians.
    quota = kill_quota(state)
    if len(players) != quota:
        raise RuleError(
            "action.kill-quota", f"The Mafia must choose {quota} Civilian(s) to kill tonight."
        )
    for number in players:
        if is_mafia(state.slots[number - 1]):
            raise RuleError("action.kill-mafia", "The Mafia kills Civilians, not its own.")
    return players


def cast_votes(ctx, command) -> None:
    """The two votes: a family not one's own; a player of one's own family, not oneself."""
    state = ctx.state
    phase = open_phase(ctx, "day", "vote.wrong-time", "Votes are cast")
    voter = player(state, command.actor, "vote.voter-dead")
    if is_injured(state, voter.number, phase.id):
        raise RuleError("vote.injured", "You are injured: no vote today.")
    own = family_of(state, voter.number)
    if command.family not in ext(state).families:
        raise RuleError("vote.unknown-family", f"{command.family!r} is not a family of this game.")
    if command.family == own:
        raise RuleError("vote.own-family", "The family vote is for another family, not your own.")
    # Seed 004: "If a player is the only living member of their family, they do not need to cast
    # an individual vote"; an exiled member is not living, but not announced either: a vote for
    # them is taken (and counts for no one), like a vote for any member not known to be dead.
    others = [n for n in living_members(state, own) if n != voter.number]
    known = [n for n in members_not_dead(state, own) if n != voter.number]
    if command.player is None:
        if others:
            raise RuleError(
                "vote.individual-required", "Vote for a living member of your family as well."
            )
    elif command.player == voter.number:
        raise RuleError("vote.self", "You cannot vote for yourself.")
    elif command.player not in known:
        raise RuleError(
            "vote.not-in-family", "The individual vote is for a living member of your own family."
        )
    for ballot, target in (("family", command.family), ("individual", command.player)):
        current = state.ballots.get((phase.id, ballot))
        previous = current.current.get(voter.number) if current else None
        ctx.emit(
            "vote_cast",
            phase=phase.id,
            ballot=ballot,
            voter=voter.number,
            target=target,
            previous=previous[0] if previous else None,
        )


def _moderator_slot(ctx, command, rule: str) -> Slot:
    if command.actor != MODERATOR:
        raise RuleError("actor.not-moderator", "Only the moderator may do this.")
    if not ctx.state.started:
        raise RuleError("game.not-started", "The game has not started.")
    if not isinstance(command.note, str) or not command.note.strip():
        raise RuleError("note.required", "The moderator's note (for the audit) is required.")
    return ctx.state.living_slot(command.slot, "slot.unknown", rule)


def exile(ctx, command) -> None:
    """The moderators "reserve the right to exile any player for any reason"."""
    slot = _moderator_slot(ctx, command, "exile.slot-left")
    phase = ctx.state.phase.id if ctx.state.phase else None
    ctx.remove(slot, "exiled", phase=phase, note=command.note.strip())
    # Not announced: told to the player alone (the note stays in the moderators' audit).
    ctx.emit("private_result", phase=phase, slot=slot.number, kind="exiled", reason="moderators")


def strike(ctx, command) -> None:
    """An improper vote the moderators found; the second strike exiles at the day's end."""
    slot = _moderator_slot(ctx, command, "strike.slot-left")
    phase = ctx.state.phase.id if ctx.state.phase else None
    ctx.emit("struck", phase=phase, slot=slot.number, reason="moderator", note=command.note.strip())


def refuse_modkill(ctx, command) -> None:
    raise RuleError("modkill.use-exile", "In Mafia 1923 the moderators exile: use exile.")


def refuse_forum_command(ctx, command) -> None:
    raise RuleError(
        "command.unknown",
        f"{type(command).__name__} is not a command of Mafia 1923 (act, cast_votes).",
    )
