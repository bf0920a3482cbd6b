""" "Mafia 1923" as a ruleset of the online engine: phases N1, D1, …, N5, D5 on the Israel-time
schedule; its commands; the resolution of each window; the end after Day 5."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..clock import iso
from ..commands import DealRoles, Join, Modkill, NightAction, Unvote, Vote
from ..errors import RuleError
from ..ruleset import OnlineRuleset
from ..setup import Setup
from ..state import GameState, Slot, phase_id, phase_kind, phase_number
from . import schedule
from .commands import Act, CastVotes, Enrol, Exile, Strike
from .day import DAY_ORDER, resolve_day
from .deal import deal, enrol, refuse_join
from .events import APPLIERS, EVENT_FIELDS, Event1923
from .night import NIGHT_ORDER, resolve_night
from .roles import MAFIA_MEMBER, ROLE_SPECS, ROLES, SIDES, TOWNSPERSON
from .submit import act, cast_votes, exile, refuse_forum_command, refuse_modkill, strike
from .views import player_view
from .wins import the_end

OPTIONS: dict[str, tuple[type, object]] = {
    "moderator_review": (bool, True),  # each window's resolution is a draft until published
    "timezone": (str, "Asia/Jerusalem"),
    "night_starts": (int, 21),
    "night_ends": (int, 7),
    "day_starts": (int, 9),
    "day_ends": (int, 19),
    "days": (int, 5),
    "court_families": (int, 3),  # "three (this number is subject to change)"
    "mafia_second_roles": (list, []),  # the seed's list is empty
    "shadchan_uses": (int, 1),
    "lovers_die_together": (bool, True),
    "detective_learns": (str, "role"),  # "role" or "mafia"
}
DETECTIVE_READINGS = ("role", "mafia")


class Mafia1923Ruleset(OnlineRuleset):
    id = "mafia1923"
    options = OPTIONS
    roles = ROLE_SPECS
    sides = SIDES
    event_fields = EVENT_FIELDS
    appliers = APPLIERS
    command_overrides = {
        Join: refuse_join,
        Enrol: enrol,
        DealRoles: deal,
        Modkill: refuse_modkill,
    }

    def new_extension(self, setup: Setup) -> Event1923:
        return Event1923()

    def check_setup(self, setup: Setup) -> None:
        if any(entry.role == MAFIA_MEMBER for entry in setup.entries):
            raise RuleError(
                "setup.mafia-by-family", "Mafia Members are dealt by family size, not listed."
            )
        second = setup.option("mafia_second_roles")
        for role in second:
            if role not in ROLES or role in (TOWNSPERSON, MAFIA_MEMBER):
                raise RuleError("setup.second-role", f"{role!r} cannot be a second role.")
        if setup.option("detective_learns") not in DETECTIVE_READINGS:
            raise RuleError("setup.option-type", "detective_learns is 'role' or 'mafia'.")
        try:
            ZoneInfo(setup.option("timezone"))
        except (ZoneInfoNotFoundError, ValueError):
            raise RuleError("setup.option-type", "timezone is an IANA time zone.") from None
        for key in ("night_starts", "night_ends", "day_starts", "day_ends"):
            if not 0 <= setup.option(key) <= 23:
                raise RuleError("setup.option-type", f"{key} is an hour, 1 to 23.")

    # --- phases ------------------------------------------------------------------------------
    def first_phase(self, setup: Setup) -> str:
        return "N1"

    def next_phase(self, setup: Setup, phase: str) -> str:
        if phase_kind(phase) == "night":
            return phase_id("day", phase_number(phase))
        return phase_id("night", phase_number(phase) + 1)

    def phase_hours(self, setup: Setup, phase: str) -> int:
        start, end = (
            ("night_starts", "night_ends") if phase[0] == "N" else ("day_starts", "day_ends")
        )
        return (setup.option(end) - setup.option(start)) % 24

    def phase_window(self, state: GameState, phase: str, after: datetime, reason: str):
        if phase == "N1":
            night_one = schedule.first_night_date(state.setup, after)
        else:
            first = state.phases[0] if state.phases else state.phase
            night_one = first.started_at.astimezone(schedule.zone(state.setup)).date()
        return schedule.phase_window(state.setup, night_one, phase, after)

    # --- commands and resolution ---------------------------------------------------------------
    def handle(self, ctx, command) -> None:
        handler = HANDLERS.get(type(command))
        if handler is None:
            super().handle(ctx, command)
            return
        handler(ctx, command)

    def close_phase(self, ctx, reason: str, ended_at: datetime, lynched: int | None = None) -> None:
        phase = ctx.state.phase
        actions = ctx.state.actions  # the window's submissions (phase_ended clears them)
        ctx.emit("phase_ended", phase=phase.id, ended_at=iso(ended_at), reason=reason)
        if phase.kind == "night":
            resolve_night(ctx, phase.id, actions)
        else:
            resolve_day(ctx, phase.id, actions)
        if phase.id == f"D{ctx.state.setup.option('days')}":
            ctx.finish_if_won()
        else:
            ctx.begin_next_phase(phase.id, reason, ended_at)

    def after_removal(self, ctx) -> None:
        return None

    def check_win(self, state: GameState) -> dict | None:
        last = f"D{state.setup.option('days')}"
        if state.phase is None and state.phases and state.phases[-1].id == last:
            return the_end(state)
        return None

    def flip(self, state: GameState, slot: Slot) -> dict:
        return {}  # roles are never made public; the Witness learns them privately

    # --- reading -----------------------------------------------------------------------------
    def night_order(self, setup: Setup | None = None) -> list[dict]:
        return night_order()

    def role_view(self, state: GameState, slot: Slot) -> dict:
        view = player_view(state, slot.number)
        return {
            "id": slot.role,
            "name": view["role_name"],
            "message": "",
            "abilities": view["may_do"],
        }


def night_order() -> list[dict]:
    """Both orders as data, for a public page: the same tables the engine runs."""
    return [
        {
            "window": window,
            "position": position,
            "stage": stage.id,
            "title": stage.title,
            "description": stage.description,
            "roles": [
                r.name for r in ROLES.values() if any(a.stage == stage.id for a in r.abilities)
            ],
        }
        for window, order in (("night", NIGHT_ORDER), ("day", DAY_ORDER))
        for position, stage in enumerate(order, start=1)
    ]


HANDLERS = {
    Act: act,
    CastVotes: cast_votes,
    Exile: exile,
    Strike: strike,
    Vote: refuse_forum_command,
    Unvote: refuse_forum_command,
    NightAction: refuse_forum_command,
}
