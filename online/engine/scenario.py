"""A scenario kit: a whole forum game in a few lines (after mafia-rust's `tests/kit`).

    game = ForumScenario("cop", "doctor", "mafia_goon", "mafia_goon", "townie", "townie", "townie")
    game.to("N1").act(1, "investigate", 3).kill(3, 5).act(2, "protect", 5).deadline()
    assert game.phase == "D2" and game.alive == [1, 2, 3, 4, 5, 6, 7]
    game.vote(1, 3).vote(2, 3).vote(5, 3).vote(6, 3)          # the hammer: 3 is lynched
    error = game.refuses("vote.not-day").vote(7, 4)

Slot n gets the n-th role: a role id, (role, side) for another team, or a setup entry
({"role": "vigilante", "uses": 1}). Every command is timed
at `game.now`, which then moves on a minute; `deadline()` jumps to the phase's deadline.
`refuses(rule).<command>(…)` expects that refusal and checks that nothing changed.
The kit judges nothing itself: everything goes through `resolve`. Importable without Django.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from . import commands as c
from .ballots import vote_count
from .clock import utc
from .core import create_game, replay, resolve
from .errors import RuleError
from .outcome import replay_outcome
from .views import public_view, view_for

START = "2025-03-03T18:20:00Z"
STEP = timedelta(minutes=1)


class OnlineScenario:
    """What the online games' scenario kits share (`ForumScenario` here, the "Mafia 1923"
    `Event`): the game's state and log, commands through `resolve` timed at `now` (which then
    moves on a minute), expected refusals, and reading the log."""

    state: object
    log: list[dict]
    now: datetime

    def do(self, *commands: c.Command) -> list[dict]:
        self.state, events = resolve(self.state, list(commands))
        self.log.extend(events)
        self.now = max(self.now, self.state.clock) + STEP
        return events

    def refuses(self, rule: str) -> Refusal:
        return Refusal(self, rule)

    @property
    def phase(self) -> str | None:
        return self.state.phase.id if self.state.phase else None

    def events(self, event_type: str) -> list[dict]:
        return [event for event in self.log if event["type"] == event_type]

    def replayed(self):
        return replay(self.log)


class ForumScenario(OnlineScenario):
    """A forum game in a few lines: slot n gets the n-th role."""

    def __init__(
        self,
        *roles: str | tuple[str, str] | dict,
        options: dict | None = None,
        sides: dict | None = None,
        names: list[str] | None = None,
        seed: str = "scenario",
        start: str | datetime = START,
        deal: bool = True,
    ) -> None:
        entries = [_entry(role) for role in roles]
        setup = {"name": "Scenario", "ruleset": "forum", "roles": entries, "options": options or {}}
        if sides:
            setup["sides"] = sides
        self.now = utc(start)
        self.state, self.log = create_game(setup, seed, self.now)
        if not deal:
            return
        names = names or [f"P{number}" for number in range(1, len(roles) + 1)]
        joins = [c.Join(at=self.now, name=name) for name in names]
        hand = {number: entry["role"] for number, entry in enumerate(entries, start=1)}
        self.do(*joins, c.DealRoles(at=self.now, roles=hand), c.Start(at=self.now))

    # --- commands ----------------------------------------------------------------------------
    def _at(self) -> datetime:
        return self.now

    def vote(self, voter: int, target: int, post: str | None = None) -> ForumScenario:
        self.do(c.Vote(at=self._at(), actor=voter, target=target, post=post))
        return self

    def votes(self, target: int, *voters: int) -> ForumScenario:
        for voter in voters:
            self.vote(voter, target)
        return self

    def unvote(self, voter: int, post: str | None = None) -> ForumScenario:
        self.do(c.Unvote(at=self._at(), actor=voter, post=post))
        return self

    def act(self, slot: int, ability: str, target: int | None) -> ForumScenario:
        self.do(c.NightAction(at=self._at(), actor=slot, ability=ability, target=target))
        return self

    def kill(self, slot: int, target: int | None) -> ForumScenario:
        return self.act(slot, "kill", target)

    def deadline(self) -> ForumScenario:
        """Reach the current phase's deadline (the site's clock)."""
        self.now = max(self.now, self.state.phase.deadline)
        self.do(c.DeadlineReached(at=self.now))
        return self

    def to(self, phase: str) -> ForumScenario:
        """Reach deadlines until `phase` begins."""
        while self.state.phase is not None and self.state.phase.id != phase:
            self.deadline()
        if self.state.phase is None:
            raise AssertionError(f"the game ended before {phase}")
        return self

    def at(self, when: str | datetime) -> ForumScenario:
        self.now = utc(when)
        return self

    def later(self, hours: int = 0, minutes: int = 0) -> ForumScenario:
        self.now += timedelta(hours=hours, minutes=minutes)
        return self

    def modkill(self, slot: int, note: str = "Modkilled.") -> ForumScenario:
        self.do(c.Modkill(at=self._at(), slot=slot, note=note))
        return self

    def replace(self, slot: int, name: str, note: str = "") -> ForumScenario:
        self.do(c.Replace(at=self._at(), slot=slot, name=name, note=note))
        return self

    def prod(self, slot: int, note: str = "") -> ForumScenario:
        self.do(c.Prod(at=self._at(), slot=slot, note=note))
        return self

    def extend(self, hours: int, note: str = "Extended.") -> ForumScenario:
        self.do(c.ExtendDeadline(at=self._at(), hours=hours, note=note))
        return self

    def pause(self, note: str = "Paused.") -> ForumScenario:
        self.do(c.PauseDeadline(at=self._at(), note=note))
        return self

    def resume(self, note: str = "Resumed.") -> ForumScenario:
        self.do(c.ResumeDeadline(at=self._at(), note=note))
        return self

    def publish(self) -> ForumScenario:
        self.do(c.PublishResolution(at=self._at()))
        return self

    # --- reading -------------------------------------------------------------------------------
    @property
    def alive(self) -> list[int]:
        return [slot.number for slot in self.state.slots if slot.alive]

    @property
    def dead(self) -> list[int]:
        return [slot.number for slot in self.state.slots if not slot.alive]

    @property
    def result(self) -> dict | None:
        return self.state.result

    @property
    def winner(self) -> str | None:
        return self.state.result["winner"] if self.state.result else None

    def left(self, slot: int) -> dict | None:
        return self.state.slot(slot).left

    def view(self, slot: int) -> dict:
        return view_for(self.state, slot)

    def public(self) -> dict:
        return public_view(self.state)

    def count(self, phase: str | None = None) -> dict | None:
        return vote_count(self.state, phase)

    def results(self, slot: int) -> list[dict]:
        return [result for result in self.state.results if result["slot"] == slot]

    def outcome(self) -> dict:
        return replay_outcome(self.log)


def _entry(role: str | tuple[str, str] | dict) -> dict:
    if isinstance(role, str):
        return {"role": role}
    if isinstance(role, tuple):
        return {"role": role[0], "side": role[1]}
    return dict(role)


class Refusal:
    """`game.refuses(rule).vote(1, 1)`: the command must be refused under `rule`, changing nothing.
    Works for any kit with `state`, `log` and `now` (the "Mafia 1923" kit uses it too)."""

    def __init__(self, game, rule: str) -> None:
        self._game, self._rule = game, rule

    def __getattr__(self, name: str):
        method = getattr(self._game, name)

        def call(*args, **kwargs) -> RuleError:
            game = self._game
            before, length, now = game.state.snapshot(), len(game.log), game.now
            try:
                method(*args, **kwargs)
            except RuleError as error:
                game.now = now
                if error.rule != self._rule:
                    raise AssertionError(
                        f"refused as {error.rule!r}, not {self._rule!r}: {error.message}"
                    ) from error
                if game.state.snapshot() != before or len(game.log) != length:
                    raise AssertionError("a refused command changed the game") from error
                return error
            raise AssertionError(
                f"{name}{args} was accepted; expected a refusal under {self._rule!r}"
            )

        return call
