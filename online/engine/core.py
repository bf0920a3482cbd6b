"""The pure step and the replay: `resolve(state, inputs, rng) -> (state, events)`, `replay(log)`.

The append-only event log of a game is the truth; the state is a replay of it. `resolve` takes
commands, refuses what the rules forbid (`RuleError`, nothing changed) and answers the new
state with the events to append. Every change of state goes through `apply`, in `resolve` as
in `replay`, so a replay of the log always gives the state `resolve` answered.

Each command is checked in full before its first event is emitted; what follows from it (a
lynch, the end of a night, the end of the game) can no longer be refused. A batch of commands
is all or nothing: `resolve` works on a copy and hands it back only when every command passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime, timedelta

from . import commands as c
from .clock import ceil_hour, iso, utc
from .errors import LogError, RuleError
from .rng import GameRNG
from .rulesets import ruleset_named
from .setup import Setup, load_setup
from .state import MODERATOR, SYSTEM, Ballot, GameState, Phase, Slot, phase_label

# Each event type and its fields besides "type" and "at" (docs/online-engine.md tells them).
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_created": ("ruleset", "setup", "seed"),
    "slot_joined": ("slot", "name"),
    "roles_dealt": ("roles",),
    "game_started": (),
    "phase_started": ("phase", "started_at", "deadline"),
    "phase_ended": ("phase", "ended_at", "reason"),
    "deadline_extended": ("phase", "hours", "deadline", "note"),
    "deadline_paused": ("phase", "remaining_seconds", "note"),
    "deadline_resumed": ("phase", "deadline", "note"),
    "slot_replaced": ("slot", "name", "previous"),
    "slot_left": ("slot", "how", "phase"),
    "role_revealed": ("slot", "role", "reason"),
    "prodded": ("slot", "phase"),
    "vote_cast": ("phase", "ballot", "voter", "target", "previous"),
    "vote_removed": ("phase", "ballot", "voter", "previous"),
    "night_action_submitted": ("phase", "slot", "ability", "target"),
    "action_resolved": ("phase", "slot", "ability", "target", "outcome"),
    "private_result": ("phase", "slot", "kind"),
    "resolution_drafted": ("phase", "events"),
    "resolution_published": ("phase",),
    "game_ended": ("winner", "winners", "reason", "roles"),
}

# Outcomes of a resolved action that spend one use of a limited ability.
SPENDING_OUTCOMES = frozenset({"done", "blocked", "protected"})


class Context:
    """One `resolve` call at work: the state being changed, the events emitted so far."""

    def __init__(self, state: GameState, rules, rng: GameRNG, at: datetime) -> None:
        self.state = state
        self.rules = rules
        self.rng = rng
        self.at = at
        self.events: list[dict] = []

    def emit(self, event_type: str, **fields: object) -> dict:
        event = {"type": event_type, "at": iso(self.at), **fields}
        apply(self.state, event)
        self.events.append(event)
        return event

    def random(self) -> tuple[int, random.Random]:
        """The next draw: its position (the event that uses it records it as "draw") and source."""
        return self.state.draws, self.rng.draw(self.state.draws)

    # --- what rulesets call ----------------------------------------------------------------
    def remove(self, slot: Slot, how: str, phase: str | None = None, **fields: object) -> None:
        """The slot leaves the game (dies): `slot_left`, with what the public learns of it."""
        if phase is None and self.state.phase is not None:
            phase = self.state.phase.id
        self.emit(
            "slot_left",
            slot=slot.number,
            how=how,
            phase=phase,
            **self.rules.flip(self.state, slot),
            **fields,
        )

    def end_phase(self, reason: str, ended_at: datetime, lynched: int | None = None) -> None:
        """End the current phase now, or draft its resolution for the moderator to publish."""
        if not self.state.setup.options.get("moderator_review"):
            self.rules.close_phase(self, reason, ended_at, lynched)
            return
        scratch = Context(self.state.copy(), self.rules, self.rng, self.at)
        self.rules.close_phase(scratch, reason, ended_at, lynched)
        self.emit("resolution_drafted", phase=self.state.phase.id, events=scratch.events)

    def begin_next_phase(self, ended: str, reason: str, ended_at: datetime) -> None:
        setup = self.state.setup
        following = self.rules.next_phase(setup, ended)
        started, deadline = self.rules.phase_window(self.state, following, ended_at, reason)
        self.emit("phase_started", phase=following, started_at=iso(started), deadline=iso(deadline))

    def finish_if_won(self) -> bool:
        """End the game if a side has won (or no one can): True when it ended."""
        outcome = self.rules.check_win(self.state)
        if outcome is None:
            return False
        if self.state.phase is not None:
            self.emit(
                "phase_ended", phase=self.state.phase.id, ended_at=iso(self.at), reason="game_over"
            )
        roles = {
            str(slot.number): {"role": slot.role, "side": slot.side} for slot in self.state.slots
        }
        self.emit("game_ended", **outcome, roles=roles)
        return True


# --- the step --------------------------------------------------------------------------
def create_game(setup: Setup | dict | str, seed: str | int, at: datetime | str):
    """A new game: its state and its log's first event (the setup and the seed)."""
    if not isinstance(setup, Setup):
        setup = load_setup(setup)
    event = {
        "type": "game_created",
        "at": iso(utc(at)),
        "ruleset": setup.ruleset,
        "setup": setup.to_dict(),
        "seed": str(seed),
    }
    return _new_state(event, setup), [event]


def resolve(
    state: GameState, inputs: c.Command | Iterable[c.Command], rng: GameRNG | None = None
) -> tuple[GameState, list[dict]]:
    """Take commands; answer the new state and the events to append to the log.

    Raises `RuleError` (with `input_index`) for a refused command; `state` is never changed.
    `rng` is the game's random source: by default the one seeded by the log's first event (a
    test may pass another `GameRNG`); the draw's position always comes from the state.
    """
    commands = [inputs] if isinstance(inputs, c.Command) else list(inputs)
    rules = ruleset_named(state.ruleset)
    work = state.copy()
    rng = rng or GameRNG(state.seed)
    events: list[dict] = []
    for index, command in enumerate(commands):
        try:
            ctx = Context(work, rules, rng, _command_time(work, command))
            _dispatch(ctx, command)
        except RuleError as error:
            error.input_index = index
            raise
        events.extend(ctx.events)
    return work, events


def _command_time(state: GameState, command: object) -> datetime:
    if not isinstance(command, c.Command):
        raise RuleError("command.invalid", f"{command!r} is not a command.")
    at = utc(command.at)
    if at < state.clock:
        raise RuleError(
            "time.before-last-event",
            f"The command's time {iso(at)} is before the game's last event ({iso(state.clock)}).",
        )
    return at


def _dispatch(ctx: Context, command: c.Command) -> None:
    state, at = ctx.state, ctx.at
    if state.over:
        raise RuleError("game.over", "The game is over.")
    if state.pending is not None and not isinstance(command, c.PublishResolution):
        raise RuleError(
            "phase.awaiting-publication",
            "The phase is being resolved; nothing can be done until the moderator publishes it.",
        )
    phase = state.phase
    if (
        phase is not None
        and state.pending is None
        and phase.deadline is not None
        and at >= phase.deadline
        and not isinstance(command, c.DeadlineReached)
    ):
        raise RuleError(
            "phase.deadline-passed",
            f"The {phase_label(phase.id)} deadline ({iso(phase.deadline)}) has passed; "
            "the phase is being resolved.",
        )
    handler = ctx.rules.command_overrides.get(type(command)) or CORE_HANDLERS.get(type(command))
    if handler is not None:
        handler(ctx, command)
        return
    if not state.started:
        raise RuleError("game.not-started", "The game has not started.")
    ctx.rules.handle(ctx, command)


# --- the core's commands --------------------------------------------------------------
def _moderator(command: c.Command) -> None:
    if command.actor != MODERATOR:
        raise RuleError("actor.not-moderator", "Only the moderator may do this.")


def _note(command: c.Command) -> str:
    if not isinstance(command.note, str) or not command.note.strip():
        raise RuleError("note.required", "The moderator's public note is required.")
    return command.note.strip()


def _optional_note(command: c.Command) -> dict:
    note = command.note.strip() if isinstance(command.note, str) else ""
    return {"note": note} if note else {}


def _started(state: GameState) -> None:
    if not state.started:
        raise RuleError("game.not-started", "The game has not started.")


def _living_slot(state: GameState, number: object, rule: str) -> Slot:
    return state.living_slot(number, "slot.unknown", rule)


def _open_phase(state: GameState) -> Phase:
    _started(state)
    return state.phase


def check_joining(state: GameState, name: object) -> None:
    """A new slot is taken only before the start and the deal, with a name that is text."""
    if state.started:
        raise RuleError("join.started", "The game has started.")
    if state.dealt:
        raise RuleError("join.dealt", "The roles are dealt; no one may join.")
    if not isinstance(name, str):
        raise RuleError("join.name", "A slot's name is text.")


def _join(ctx: Context, command: c.Join) -> None:
    _moderator(command)
    state = ctx.state
    check_joining(state, command.name)
    if len(state.slots) >= len(state.setup.entries):
        raise RuleError(
            "join.full", f"The setup has {len(state.setup.entries)} slots; all are taken."
        )
    number = len(state.slots) + 1
    ctx.emit("slot_joined", slot=number, name=command.name.strip() or f"Slot {number}")


def _deal(ctx: Context, command: c.DealRoles) -> None:
    _moderator(command)
    state = ctx.state
    if state.started:
        raise RuleError("deal.started", "The game has started; the roles stay as dealt.")
    entries = list(state.setup.entries)
    if len(state.slots) != len(entries):
        raise RuleError(
            "deal.wrong-count",
            f"The setup has {len(entries)} roles for {len(state.slots)} slots.",
        )
    if command.roles is None:
        position, source = ctx.random()
        source.shuffle(entries)
        dealt = {str(n): entry.to_dict() for n, entry in enumerate(entries, start=1)}
        ctx.emit("roles_dealt", roles=dealt, draw=position)
        return
    given = command.roles
    if not isinstance(given, dict) or set(given) != set(range(1, len(entries) + 1)):
        raise RuleError("deal.slots", "A hand deal gives a role to every slot, 1 to the last.")
    dealt = {}
    for number in range(1, len(entries) + 1):
        for index, entry in enumerate(entries):
            if entry.role == given[number]:
                dealt[str(number)] = entries.pop(index).to_dict()
                break
        else:
            raise RuleError(
                "deal.not-the-setup",
                f"Slot {number}: the setup has no {given[number]!r} left to deal.",
            )
    ctx.emit("roles_dealt", roles=dealt)


def _start(ctx: Context, command: c.Start) -> None:
    _moderator(command)
    state = ctx.state
    if state.started:
        raise RuleError("start.started", "The game has already started.")
    if not state.dealt:
        raise RuleError("start.not-dealt", "Deal the roles first.")
    ctx.emit("game_started")
    ctx.rules.on_start(ctx)
    if ctx.finish_if_won():
        return
    first = ctx.rules.first_phase(state.setup)
    started, deadline = ctx.rules.phase_window(state, first, ctx.at, "start")
    ctx.emit("phase_started", phase=first, started_at=iso(started), deadline=iso(deadline))


def _deadline_reached(ctx: Context, command: c.DeadlineReached) -> None:
    if command.actor not in (SYSTEM, MODERATOR):
        raise RuleError(
            "actor.not-system", "Only the site's clock or the moderator reach deadlines."
        )
    phase = _open_phase(ctx.state)
    if command.phase is not None and command.phase != phase.id:
        raise RuleError(
            "deadline.other-phase",
            f"{command.phase} has ended; the game is in {phase_label(phase.id)}.",
        )
    if phase.deadline is None:
        raise RuleError("deadline.paused", "The deadline is paused.")
    if ctx.at < phase.deadline:
        raise RuleError(
            "deadline.not-reached",
            f"The {phase_label(phase.id)} deadline is {iso(phase.deadline)}.",
        )
    ctx.end_phase("deadline", phase.deadline)


def _moderated_phase(ctx: Context, command: c.Command) -> tuple[Phase, str]:
    """The deadline commands: the moderator's, on the current phase, with a public note."""
    _moderator(command)
    return _open_phase(ctx.state), _note(command)


def _extend(ctx: Context, command: c.ExtendDeadline) -> None:
    phase, note = _moderated_phase(ctx, command)
    if phase.deadline is None:
        raise RuleError("deadline.paused", "The deadline is paused; resume it first.")
    if type(command.hours) is not int or not 1 <= command.hours <= 24 * 14:
        raise RuleError("deadline.hours", "An extension is a whole number of hours, 1 to 336.")
    deadline = phase.deadline + timedelta(hours=command.hours)
    ctx.emit(
        "deadline_extended", phase=phase.id, hours=command.hours, deadline=iso(deadline), note=note
    )


def _pause(ctx: Context, command: c.PauseDeadline) -> None:
    phase, note = _moderated_phase(ctx, command)
    if phase.deadline is None:
        raise RuleError("deadline.already-paused", "The deadline is already paused.")
    remaining = (phase.deadline - ctx.at).total_seconds()
    ctx.emit("deadline_paused", phase=phase.id, remaining_seconds=remaining, note=note)


def _resume(ctx: Context, command: c.ResumeDeadline) -> None:
    phase, note = _moderated_phase(ctx, command)
    if phase.deadline is not None:
        raise RuleError("deadline.not-paused", "The deadline is not paused.")
    deadline = ceil_hour(ctx.at + phase.paused_remaining)
    ctx.emit("deadline_resumed", phase=phase.id, deadline=iso(deadline), note=note)


def _replace(ctx: Context, command: c.Replace) -> None:
    _moderator(command)
    slot = _living_slot(ctx.state, command.slot, "replace.slot-left")
    if not isinstance(command.name, str) or not command.name.strip():
        raise RuleError("replace.name-required", "Name the player who takes the slot over.")
    name, note = command.name.strip(), _optional_note(command)
    ctx.emit("slot_replaced", slot=slot.number, name=name, previous=slot.name, **note)


def _modkill(ctx: Context, command: c.Modkill) -> None:
    _moderator(command)
    _started(ctx.state)
    slot = _living_slot(ctx.state, command.slot, "modkill.slot-left")
    note = _note(command)
    ctx.remove(slot, "modkilled", note=note)
    ctx.rules.after_removal(ctx)


def _prod(ctx: Context, command: c.Prod) -> None:
    _moderator(command)
    phase = _open_phase(ctx.state)
    slot = _living_slot(ctx.state, command.slot, "prod.slot-left")
    ctx.emit("prodded", slot=slot.number, phase=phase.id, **_optional_note(command))


def _publish(ctx: Context, command: c.PublishResolution) -> None:
    if command.actor not in (MODERATOR, SYSTEM):
        raise RuleError(
            "actor.not-moderator",
            "Only the moderator (or the site's clock, at the end of the buffer) publishes.",
        )
    if ctx.state.pending is None:
        raise RuleError("publish.nothing-pending", "No resolution is waiting to be published.")
    drafted = ctx.state.pending
    ctx.emit("resolution_published", phase=ctx.state.phase.id)
    for event in drafted:
        fields = {key: value for key, value in event.items() if key not in ("type", "at")}
        ctx.emit(event["type"], **fields)


CORE_HANDLERS: dict[type, Callable[[Context, c.Command], None]] = {
    c.Join: _join,
    c.DealRoles: _deal,
    c.Start: _start,
    c.DeadlineReached: _deadline_reached,
    c.ExtendDeadline: _extend,
    c.PauseDeadline: _pause,
    c.ResumeDeadline: _resume,
    c.Replace: _replace,
    c.Modkill: _modkill,
    c.Prod: _prod,
    c.PublishResolution: _publish,
}


# --- applying events: the only place the state changes ---------------------------------
def apply(state: GameState, event: dict) -> None:
    applier = APPLIERS.get(event["type"])
    if applier is None:
        applier = ruleset_named(state.ruleset).appliers[event["type"]]
    applier(state, event)
    state.clock = utc(event["at"])
    if "draw" in event:
        state.draws = event["draw"] + 1


def _slot_joined(state: GameState, event: dict) -> None:
    state.add_slot(Slot(number=event["slot"], name=event["name"]))


def _roles_dealt(state: GameState, event: dict) -> None:
    for key, entry in event["roles"].items():
        slot = state.edit_slot(int(key))
        slot.role, slot.side, slot.uses_limit = entry["role"], entry["side"], entry.get("uses")
    state.dealt = True


def _game_started(state: GameState, event: dict) -> None:
    state.started = True


def _phase_started(state: GameState, event: dict) -> None:
    state.phase = Phase(event["phase"], utc(event["started_at"]), utc(event["deadline"]))
    state.actions = {}


def _phase_ended(state: GameState, event: dict) -> None:
    living = tuple(slot.number for slot in state.slots if slot.alive)
    ended = Phase(
        state.phase.id,
        state.phase.started_at,
        state.phase.deadline,
        state.phase.paused_remaining,
        ended_at=utc(event["ended_at"]),
        end=event["reason"],
        lynched=event.get("lynched"),
        living=living,
    )
    state.phases.append(ended)
    state.phase = None
    state.actions = {}


def _deadline_extended(state: GameState, event: dict) -> None:
    state.phase = _with(state.phase, deadline=utc(event["deadline"]))
    state.notes.append(event)


def _deadline_paused(state: GameState, event: dict) -> None:
    remaining = timedelta(seconds=event["remaining_seconds"])
    state.phase = _with(state.phase, deadline=None, paused_remaining=remaining)
    state.notes.append(event)


def _deadline_resumed(state: GameState, event: dict) -> None:
    state.phase = _with(state.phase, deadline=utc(event["deadline"]), paused_remaining=None)
    state.notes.append(event)


def _with(phase: Phase, **changes: object) -> Phase:
    return replace(phase, **changes)


def _slot_replaced(state: GameState, event: dict) -> None:
    slot = state.edit_slot(event["slot"])
    slot.replacements = (
        *slot.replacements,
        {"at": event["at"], "previous": event["previous"], "name": event["name"]},
    )
    slot.name = event["name"]


def _slot_left(state: GameState, event: dict) -> None:
    slot = state.edit_slot(event["slot"])
    slot.alive = False
    slot.left = {"how": event["how"], "phase": event["phase"], "at": event["at"]}
    if "role" in event:
        state.revealed[slot.number] = event["role"]


def _role_revealed(state: GameState, event: dict) -> None:
    state.revealed[event["slot"]] = event["role"]


def _prodded(state: GameState, event: dict) -> None:
    state.prods.append(event)


def _ballot(state: GameState, event: dict) -> Ballot:
    return state.edit_ballot((event["phase"], event["ballot"]))


def _history_record(event: dict, target: int | None) -> dict:
    record = {
        "at": event["at"],
        "voter": event["voter"],
        "target": target,
        "previous": event["previous"],
    }
    if event.get("post") is not None:
        record["post"] = event["post"]
    return record


def _vote_cast(state: GameState, event: dict) -> None:
    ballot = _ballot(state, event)
    voter, target = event["voter"], event["target"]
    current = ballot.current.get(voter)
    if current is None or current[0] != target:
        ballot.current[voter] = (target, ballot.order)
        ballot.order += 1
    ballot.history.append(_history_record(event, target))


def _vote_removed(state: GameState, event: dict) -> None:
    ballot = _ballot(state, event)
    ballot.current.pop(event["voter"], None)
    ballot.history.append(_history_record(event, None))


def _night_action_submitted(state: GameState, event: dict) -> None:
    key = (event["slot"], event["ability"])
    if event["target"] is None:
        state.actions.pop(key, None)
        return
    state.actions[key] = {"target": event["target"], "at": event["at"], "order": state.action_order}
    state.action_order += 1


def _action_resolved(state: GameState, event: dict) -> None:
    # A ruleset may name the counters an action spends ("spent": ["save", "save:self"]);
    # without it, the ability's own counter, for the outcomes that spend a use.
    spent = event.get("spent")
    if spent is None:
        spent = (event["ability"],) if event["outcome"] in SPENDING_OUTCOMES else ()
    if spent:
        slot = state.edit_slot(event["slot"])
        for key in spent:
            slot.uses_spent[key] = slot.uses_spent.get(key, 0) + 1


def _private_result(state: GameState, event: dict) -> None:
    state.results.append(event)


def _resolution_drafted(state: GameState, event: dict) -> None:
    state.pending = tuple(event["events"])


def _resolution_published(state: GameState, event: dict) -> None:
    state.pending = None


def _game_ended(state: GameState, event: dict) -> None:
    state.result = event
    state.phase = None


def _nothing(state: GameState, event: dict) -> None:
    return None


APPLIERS: dict[str, Callable[[GameState, dict], None]] = {
    "game_created": _nothing,
    "slot_joined": _slot_joined,
    "roles_dealt": _roles_dealt,
    "game_started": _game_started,
    "phase_started": _phase_started,
    "phase_ended": _phase_ended,
    "deadline_extended": _deadline_extended,
    "deadline_paused": _deadline_paused,
    "deadline_resumed": _deadline_resumed,
    "slot_replaced": _slot_replaced,
    "slot_left": _slot_left,
    "role_revealed": _role_revealed,
    "prodded": _prodded,
    "vote_cast": _vote_cast,
    "vote_removed": _vote_removed,
    "night_action_submitted": _night_action_submitted,
    "action_resolved": _action_resolved,
    "private_result": _private_result,
    "resolution_drafted": _resolution_drafted,
    "resolution_published": _resolution_published,
    "game_ended": _game_ended,
}
assert set(APPLIERS) == set(EVENT_FIELDS)


# --- replay ------------------------------------------------------------------------------
def _new_state(event: dict, setup: Setup) -> GameState:
    created = utc(event["at"])
    return GameState(
        ruleset=setup.ruleset,
        setup=setup,
        seed=str(event["seed"]),
        created_at=created,
        clock=created,
        ext=ruleset_named(setup.ruleset).new_extension(setup),
    )


def event_fields(state: GameState | None, event_type: object) -> tuple[str, ...] | None:
    """The fields an event type has besides "type" and "at": the core's, or the game's ruleset's."""
    fields = EVENT_FIELDS.get(event_type)
    if fields is None and state is not None:
        fields = ruleset_named(state.ruleset).event_fields.get(event_type)
    return fields


def replay(log: Iterable[dict]) -> GameState:
    """The state of a game from its log. `LogError` for a log the engine did not write."""
    state: GameState | None = None
    for index, event in enumerate(log):
        fields = event_fields(state, event.get("type")) if isinstance(event, dict) else None
        if fields is None:
            raise LogError(index, f"unknown event {event!r:.80}")
        missing = [name for name in ("at", *fields) if name not in event]
        if missing:
            raise LogError(index, f"{event['type']} lacks {', '.join(missing)}")
        if state is None:
            if event["type"] != "game_created":
                raise LogError(index, "a log begins with game_created")
            try:
                state = _new_state(event, load_setup(event["setup"]))
            except RuleError as error:
                raise LogError(index, error.message) from None
            continue
        if event["type"] == "game_created":
            raise LogError(index, "a second game_created")
        try:
            apply(state, event)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, RuleError) as error:
            raise LogError(index, f"{event['type']} does not fit the game: {error!r}") from None
    if state is None:
        raise LogError(None, "an empty log")
    return state
