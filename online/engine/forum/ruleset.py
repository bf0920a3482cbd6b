"""The standard forum game: Night 0, Day 1, Night 1, …; Day Start; Nightless; Mandatory Lynch."""

from __future__ import annotations

from datetime import datetime

from ..clock import iso
from ..commands import NightAction, Unvote, Vote
from ..errors import RuleError
from ..ruleset import OnlineRuleset
from ..setup import TOWN, Setup
from ..state import GameState, Slot, phase_id, phase_kind, phase_number
from . import day
from .night import emit_night, night_order, plan_night
from .roles import ROLES, SIDE_KILL, SIDES
from .wins import check_win, uses_left

OPTIONS: dict[str, tuple[type, object]] = {
    "day_start": (bool, False),  # the game starts with Day 1
    "nightless": (bool, False),  # Day 1, Day 2, …: no nights at all
    "mandatory_lynch": (bool, False),  # the deadline lynches the most-voted
    "day_hours": (int, 48),
    "night_hours": (int, 24),
    "night_zero_hours": (int, 24),
    "reveal_on_death": (bool, True),  # a player's role is made public when they leave
    "moderator_review": (bool, False),  # phase resolutions wait for the moderator to publish
}


class ForumRuleset(OnlineRuleset):
    id = "forum"
    options = OPTIONS
    roles = ROLES
    sides = SIDES

    def check_setup(self, setup: Setup) -> None:
        if len(setup.entries) < 3:
            raise RuleError("setup.too-small", "A forum game has at least three players.")

    # --- phases ----------------------------------------------------------------------------
    def first_phase(self, setup: Setup) -> str:
        if setup.option("day_start") or setup.option("nightless"):
            return "D1"
        return "N0"

    def next_phase(self, setup: Setup, phase: str) -> str:
        number = phase_number(phase)
        if phase_kind(phase) == "night":
            return phase_id("day", number + 1)
        if setup.option("nightless"):
            return phase_id("day", number + 1)
        return phase_id("night", number)

    def phase_hours(self, setup: Setup, phase: str) -> int:
        if phase_kind(phase) == "day":
            return setup.option("day_hours")
        return setup.option("night_zero_hours" if phase == "N0" else "night_hours")

    # --- commands --------------------------------------------------------------------------
    def on_start(self, ctx) -> None:
        for slot in ctx.state.slots:
            if ROLES[slot.role].revealed_at_start:
                ctx.emit("role_revealed", slot=slot.number, role=slot.role, reason="role")

    def handle(self, ctx, command) -> None:
        if isinstance(command, Vote):
            day.vote(ctx, command)
        elif isinstance(command, Unvote):
            day.unvote(ctx, command)
        elif isinstance(command, NightAction):
            night_action(ctx, command)
        else:
            super().handle(ctx, command)

    def close_phase(self, ctx, reason: str, ended_at: datetime, lynched: int | None = None) -> None:
        state = ctx.state
        phase = state.phase
        if phase.kind == "day":
            if lynched is None and reason == "deadline" and state.setup.option("mandatory_lynch"):
                lynched = day.most_voted(state)
            ctx.emit(
                "phase_ended",
                phase=phase.id,
                ended_at=iso(ended_at),
                reason=reason,
                lynched=lynched,
            )
            if lynched is not None:
                ctx.remove(state.slot(lynched), "lynched", phase=phase.id)
        else:
            night = plan_night(state) if phase.number > 0 else None
            ctx.emit("phase_ended", phase=phase.id, ended_at=iso(ended_at), reason=reason)
            if night is not None:
                emit_night(ctx, night, phase.id)
        if not ctx.finish_if_won():
            ctx.begin_next_phase(phase.id, reason, ended_at)

    def after_removal(self, ctx) -> None:
        if ctx.finish_if_won():
            return
        if ctx.state.phase.kind == "day":
            day.hammer_if_majority(ctx)

    def check_win(self, state: GameState) -> dict | None:
        return check_win(state)

    def flip(self, state: GameState, slot: Slot) -> dict:
        return {"role": slot.role} if state.setup.option("reveal_on_death") else {}

    # --- reading ---------------------------------------------------------------------------
    def night_order(self, setup: Setup | None = None) -> list[dict]:
        return night_order(setup)

    def role_view(self, state: GameState, slot: Slot) -> dict:
        spec = ROLES[slot.role]
        abilities = [
            {"id": ability.id, "stage": ability.stage, "uses_left": uses_left(slot, ability.id)}
            for ability in spec.abilities
        ]
        if state.setup.side(slot.side).kind != TOWN:
            abilities.append({"id": SIDE_KILL, "stage": "kill", "uses_left": None})
        return {"id": spec.id, "name": spec.name, "message": spec.message, "abilities": abilities}

    def threads(self, state: GameState, slot: Slot) -> list[dict]:
        """The main thread, and the slot's team thread: open from the start of the game
        (Night 0 unlocks them; a Day Start game opens them on Day 1). The dead read, not post."""
        threads = [{"thread": "main", "read": True, "post": slot.alive}]
        if state.started and state.setup.side(slot.side).thread:
            threads.append({"thread": f"side:{slot.side}", "read": True, "post": slot.alive})
        return threads


ACTION_TARGET = {
    "unknown": "action.unknown-target",
    "self": "action.self-target",
    "dead": "action.target-dead",
    "verb": "target",
}


def night_action(ctx, command: NightAction) -> None:
    """Refused in the one order of every refusal (docs/online-engine.md, "Refusals"): who acts,
    when, what, then whom."""
    state = ctx.state
    phase = state.phase
    actor = day.player(state, command.actor, "action.actor-dead")
    if phase.kind != "night":
        raise RuleError("action.not-night", "Night actions are submitted at night.")
    if phase.number == 0:
        raise RuleError("action.night-zero", "No night actions are submitted on Night 0.")
    ability = command.ability
    spec = ROLES[actor.role]
    if ability == SIDE_KILL:
        if state.setup.side(actor.side).kind == TOWN:
            raise RuleError("action.not-yours", f"A {spec.name} has no kill.")
    elif spec.ability(ability) is None:
        raise RuleError("action.not-yours", f"A {spec.name} has no {ability!r} action.")
    elif uses_left(actor, ability) == 0:
        raise RuleError("action.no-uses-left", f"No {ability!r} is left to use.")
    target = command.target
    if target is None:
        if (actor.number, ability) not in state.actions:
            raise RuleError(
                "action.nothing-to-withdraw", "There is no submitted action to withdraw."
            )
    elif isinstance(target, list | tuple | set):
        raise RuleError("action.one-target", "A night action has one target.")
    else:
        day.other_living(state, actor, target, ACTION_TARGET)
    ctx.emit(
        "night_action_submitted", phase=phase.id, slot=actor.number, ability=ability, target=target
    )
