"""What a ruleset gives the shared core: its roles and sides, its phases, its rules.

The core (`core.py`) keeps the log, the clock and deadlines, slots and replacements, the deal,
the moderator's commands, the drafted resolutions, private results and ballots. A ruleset
module (`forum/` for the standard forum game) says which phases follow which, what a vote or a
night action may do, how a phase ends (its stages, in its written order) and who has won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from .clock import deadline_after_action, deadline_after_deadline
from .errors import RuleError
from .setup import RoleSpec, Setup, SideSpec

if TYPE_CHECKING:
    from .commands import Command
    from .core import Context
    from .state import GameState, Slot


class OnlineRuleset:
    """The base of an online game's rules (the table game's are `games.engine.rulesets.Ruleset`)."""

    id: str = ""
    options: Mapping[str, tuple[type, object]] = {}
    roles: Mapping[str, RoleSpec] = {}
    sides: Mapping[str, SideSpec] = {}
    # A ruleset's own events: their fields besides "type" and "at", and the function that
    # applies each to the state (the core's `apply` calls it, in `resolve` as in `replay`).
    event_fields: Mapping[str, tuple[str, ...]] = {}
    appliers: Mapping[str, Callable[[GameState, dict], None]] = {}
    # Core commands a ruleset handles its own way (command class -> handler(ctx, command)).
    command_overrides: Mapping[type, Callable[[Context, Command], None]] = {}

    def new_extension(self, setup: Setup) -> object | None:
        """The ruleset's own part of a new game's state (`GameState.ext`), or None."""
        return None

    def check_setup(self, setup: Setup) -> None:
        """Refuse (`setup.*`) a setup the ruleset cannot play."""

    # --- phases ----------------------------------------------------------------------------
    def first_phase(self, setup: Setup) -> str:
        raise NotImplementedError

    def next_phase(self, setup: Setup, phase: str) -> str:
        raise NotImplementedError

    def phase_hours(self, setup: Setup, phase: str) -> int:
        raise NotImplementedError

    def phase_window(
        self, state: GameState, phase: str, after: datetime, reason: str
    ) -> tuple[datetime, datetime]:
        """When `phase` starts and its deadline, after the previous phase ended at `after`
        (`reason`: how it ended, or "start"): by default at once, with the deadline the
        phase's hours after the previous deadline (or after the next top of the hour)."""
        hours = self.phase_hours(state.setup, phase)
        if reason == "deadline":
            return after, deadline_after_deadline(after, hours)
        return after, deadline_after_action(after, hours)

    # --- commands and resolution ------------------------------------------------------------
    def on_start(self, ctx: Context) -> None:
        """What happens when the game starts, before its first phase."""

    def handle(self, ctx: Context, command: Command) -> None:
        raise RuleError(
            "command.unknown", f"{type(command).__name__} is not a command of this game."
        )

    def close_phase(
        self, ctx: Context, reason: str, ended_at: datetime, lynched: int | None = None
    ) -> None:
        """End the current phase: emit `phase_ended`, its consequences, then the next phase."""
        raise NotImplementedError

    def after_removal(self, ctx: Context) -> None:
        """After a slot left outside a phase's resolution (a modkill)."""
        ctx.finish_if_won()

    def check_win(self, state: GameState) -> dict | None:
        """None while the game goes on, else {"winner", "winners", "reason"}."""
        raise NotImplementedError

    def flip(self, state: GameState, slot: Slot) -> dict:
        """What the public learns of a slot that leaves: {"role": …} or nothing."""
        return {}

    # --- reading ---------------------------------------------------------------------------
    def night_order(self, setup: Setup | None = None) -> list[dict]:
        return []

    def role_view(self, state: GameState, slot: Slot) -> dict:
        raise NotImplementedError

    def threads(self, state: GameState, slot: Slot) -> list[dict]:
        return [{"thread": "main", "read": True, "post": slot.alive}]
