"""A scenario kit for "Mafia 1923": a whole event in a few lines (after mafia-rust's test kit).

    event = Event(
        ["doctor", "mafia_member", *TOWN6],                    # family F1: slots 1-8
        ["butler", {"role": "thief", "mafia": True}, *TOWN6],  # family F2: slots 9-16
        ["witness", "mafia_member", *TOWN6],                   # family F3: slots 17-24
        options={"mafia_second_roles": ["thief"]},
    )
    event.act(2, "kill", players=[9, 20]).act(1, "save", player=9).end()  # 24 living: two
    assert event.alive(9) and not event.alive(20) and event.phase == "D1"
    event.refuses("vote.own-family").vote(3, "F1", 4)

Families are named F1, F2, … and slots are numbered in order. A role is an id, or
{"role": id, "mafia": True} for a Mafia Member's second role; Townspeople and plain Mafia
Members are Beginners, everyone else Standard (`levels` overrides). The deal is by hand. Each
command is timed at `event.now`, which then moves on a minute; `end()` reaches the window's
deadline and publishes the draft an hour later, then jumps into the next window.
"""

from __future__ import annotations

from datetime import timedelta

from .. import commands as c
from ..clock import utc
from ..core import create_game
from ..scenario import STEP, OnlineScenario
from .commands import Act, CastVotes, Enrol, Exile, Strike
from .common import is_injured
from .events import ext
from .views import announcements

START = "2026-11-26T10:00:00Z"  # a Thursday: Night 1 is Saturday 28 November, 21:00 in Israel
TOWN6 = ("townsperson",) * 6
TOWN8 = ("townsperson",) * 8


class Event(OnlineScenario):
    """A "Mafia 1923" event in a few lines: families of slots, the deal by hand."""

    def __init__(
        self,
        *families: list,
        options: dict | None = None,
        seed: str = "scenario",
        levels: dict[int, str] | None = None,
        start: str = START,
        deal: bool = True,
    ) -> None:
        specials = sorted(
            {_role(spec) for family in families for spec in family}
            - {"townsperson", "mafia_member"}
        )
        setup = {
            "name": "Scenario 1923",
            "ruleset": "mafia1923",
            "roles": [{"role": "townsperson"}, *({"role": role} for role in specials)],
            "options": options or {},
        }
        self.now = utc(start)
        self.state, self.log = create_game(setup, seed, self.now)
        levels = levels or {}
        commands: list[c.Command] = []
        hand: dict[int, object] = {}
        number = 0
        for index, family in enumerate(families, start=1):
            for spec in family:
                number += 1
                level = levels.get(
                    number, "beginner" if spec in ("townsperson", "mafia_member") else "standard"
                )
                commands.append(
                    Enrol(at=self.now, name=f"P{number}", family=f"F{index}", level=level)
                )
                hand[number] = spec
        self.do(*commands)
        if deal:
            self.do(c.DealRoles(at=self.now, roles=hand), c.Start(at=self.now))
            self.now = self.state.phase.started_at + STEP

    # --- commands ------------------------------------------------------------------------------
    def act(self, actor: int, ability: str, player=None, players=None, family=None) -> Event:
        self.do(
            Act(
                at=self.now,
                actor=actor,
                ability=ability,
                player=player,
                players=players,
                family=family,
            )
        )
        return self

    def vote(self, voter: int, family: str, player: int | None = None) -> Event:
        self.do(CastVotes(at=self.now, actor=voter, family=family, player=player))
        return self

    def exile(self, slot: int, note: str = "tampering") -> Event:
        self.do(Exile(at=self.now, slot=slot, note=note))
        return self

    def strike(self, slot: int, note: str = "voted by e-mail") -> Event:
        self.do(Strike(at=self.now, slot=slot, note=note))
        return self

    def everyone_votes(self, family_votes: dict[str, str] | None = None, skip=()) -> Event:
        """Every living uninjured player votes: for `family_votes[own family]` (default: the
        next family) and in their family for the last living Townsperson who is not themselves
        (else the last other living member): the court takes Townspeople, not the roles a
        test is about."""
        state = self.state
        names = list(ext(state).families)
        commands = []
        for slot in state.slots:
            if not slot.alive or slot.number in skip:
                continue
            if is_injured(state, slot.number, state.phase.id):
                continue
            own = ext(state).family_of[slot.number]
            target = (family_votes or {}).get(own) or names[(names.index(own) + 1) % len(names)]
            others = [
                n for n in ext(state).families[own] if n != slot.number and state.slot(n).alive
            ]
            plain = [n for n in others if state.slot(n).role == "townsperson"] or others
            commands.append(
                CastVotes(
                    at=self.now,
                    actor=slot.number,
                    family=target,
                    player=plain[-1] if plain else None,
                )
            )
        self.do(*commands)
        return self

    def end(self) -> Event:
        """The window's deadline; the moderators publish the draft an hour later."""
        phase = self.state.phase
        self.now = phase.deadline
        self.do(c.DeadlineReached(at=phase.deadline))
        if self.state.pending is not None:
            self.now = phase.deadline + timedelta(hours=1)
            self.do(c.PublishResolution(at=self.now))
        if self.state.phase is not None:
            self.now = max(self.now, self.state.phase.started_at) + STEP
        return self

    def to(self, phase: str) -> Event:
        while self.state.phase is not None and self.state.phase.id != phase:
            self.end()
        return self

    # --- reading -----------------------------------------------------------------------------
    def alive(self, slot: int) -> bool:
        return self.state.slot(slot).alive

    def how(self, slot: int) -> str | None:
        left = self.state.slot(slot).left
        return left["how"] if left else None

    def role(self, slot: int) -> str:
        return self.state.slot(slot).role

    def results(self, slot: int, kind: str | None = None) -> list[dict]:
        return [r for r in self.state.results if r["slot"] == slot and kind in (None, r["kind"])]

    def announced(self, phase: str | None = None) -> dict:
        return announcements(self.state, phase or self.state.phases[-1].id)


def _role(spec) -> str:
    return spec["role"] if isinstance(spec, dict) else spec
