"""A builder for "Mafia 1923" events on the site, through the services only (the tests, the browser
test and the benchmarks): sign-ups by family, the families formed, enrolled, dealt, started; then
windows ended by the deadline sweep and drafts published, on the site's clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from online.core import clock
from online.core.deadlines import sweep_due
from online.core.play import state_of
from online.engine.mafia1923 import available_actions
from online.engine.mafia1923.events import ext
from online.mafia1923 import services
from online.models import Game
from tests.factories import UserFactory

START = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)  # a Thursday: Night 1 is Saturday 28 Nov, 21:00 in Israel
MIN = timedelta(minutes=1)
POOL = [{"role": role, "count": 1} for role in ("doctor", "detective", "bodyguard", "butler", "boss", "witness",
                                                 "court_secretary", "sheriff", "lawyer", "councilor")]


class Event:
    def __init__(self, sizes=(8, 8, 8), *, pool=None, options=None, seed="site", beginners: int = 4,
                 spectators: int = 0, hand: dict | None = None, start: bool = True, prefix: str = "e",
                 at: datetime = START):
        self.moderator = UserFactory(username=f"{prefix}-mod")
        self.now = at
        if pool is None:  # as many roles as the Standard Civilians can hold
            room = sum(size - min(beginners, size) - (1 if size == 8 else 2) for size in sizes)
            pool = POOL[:max(0, room)]
        self.game = services.event_create(title=f"Event {prefix}", moderator=self.moderator, pool=pool,
                                          options=options, seed=seed, now=self.now)
        self.users = {}
        self.spectators = []
        for index, size in enumerate(sizes, start=1):
            for member in range(size):
                user = UserFactory(username=f"{prefix}-f{index}-{member}")
                level = "beginner" if member < beginners else "standard"
                services.entry_create(game=self.game, user=user, level=level, request="family",
                                      together=f"F{index}", name=f"{prefix.upper()}{index}.{member}", now=self.now)
        for n in range(spectators):
            user = UserFactory(username=f"{prefix}-spectator-{n}")
            services.entry_create(game=self.game, user=user, level="spectator", now=self.now)
            self.spectators.append(user)
        if not sizes:
            return
        services.families_form(game=self.game, actor=self.moderator)
        services.event_enrol_and_deal(game=self.game, actor=self.moderator, now=self.now)
        if hand:
            services.deal_adjust(game=self.game, changes=hand, reason="the test's deal", actor=self.moderator,
                                 now=self.now)
        self.users = {slot.number: slot.user for slot in self.game.slots.select_related("user")}
        if start:
            services.event_start(game=self.game, actor=self.moderator, now=self.now)
            self.now = self.state.phase.started_at + MIN
            self._clock()

    # --- reading ---------------------------------------------------------------------------
    @property
    def state(self):
        self.game.refresh_from_db()
        return state_of(self.game)

    @property
    def phase(self) -> str | None:
        state = self.state
        return state.phase.id if state.phase else None

    def role(self, number: int) -> str:
        return self.state.slot(number).role

    def family(self, number: int) -> str:
        return ext(self.state).family_of[number]

    def slots_with(self, role: str) -> list[int]:
        return [slot.number for slot in self.state.slots if slot.role == role]

    def mafia(self) -> list[int]:
        return [slot.number for slot in self.state.slots if slot.side == "mafia"]

    # --- doing -----------------------------------------------------------------------------
    def _clock(self) -> None:
        clock.reset()
        clock.advance(self.now - clock.now())

    def tick(self) -> datetime:
        self.now += MIN
        return self.now

    def act(self, number: int, ability: str, **target) -> None:
        services.action_submit(game=self.game, user=self.users[number], ability=ability, now=self.tick(), **target)

    def vote(self, number: int, family: str, player: int | None = None) -> None:
        services.votes_cast(game=self.game, user=self.users[number], family=family, player=player, now=self.tick())

    def end_window(self) -> str:
        """The window's deadline passes: the sweep drafts its resolution. Answers the phase."""
        state = self.state
        phase = state.phase.id
        self.now = state.phase.deadline
        self._clock()
        sweep_due(self.now)
        return phase

    def publish(self, by_clock: bool = False) -> None:
        """The moderators publish the draft half an hour later, or the clock at the buffer's end."""
        if by_clock:
            self.game.refresh_from_db()
            self.now = self.game.deadline
            self._clock()
            sweep_due(self.now)
        else:
            self.now += timedelta(minutes=30)
            self._clock()
            services.draft_publish(game=self.game, actor=self.moderator, now=self.now)
        state = self.state
        if state.phase is not None:
            self.now = max(self.now, state.phase.started_at) + MIN
            self._clock()

    def next_window(self, by_clock: bool = False) -> str:
        phase = self.end_window()
        self.publish(by_clock=by_clock)
        return phase

    def everyone_votes(self, skip=()) -> None:
        """Every living uninjured player votes: the next family, and the last other living member."""
        state = self.state
        e = ext(state)
        names = list(e.families)
        for slot in state.slots:
            if not slot.alive or slot.number in skip:
                continue
            may = [a for a in available_actions(state, slot.number) if a["ability"] == "votes"]
            if not may:
                continue
            own = e.family_of[slot.number]
            target = names[(names.index(own) + 1) % len(names)]
            others = [n for n in e.families[own] if n != slot.number and state.slot(n).alive]
            self.vote(slot.number, target, others[-1] if others else None)


def reload(game: Game) -> Game:
    game.refresh_from_db()
    return game
