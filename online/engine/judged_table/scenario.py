"""A scenario kit: a whole table in a few lines (like `online.engine.scenario`).

    table = Table(blacks=(2, 5), don=9, sheriff=7)      # a hand deal; Night 0 is open
    table.check(3).claims(1).kill(None).check(4)          # Sheriff, claims, the Don's kill, Don
    table.speak(1, "I nominate player number 5. PASS").passes(until=10)
    table.votes({5: [1, 2, 3, 4, 6, 7]})                  # window by window, the rest default
    assert table.left == [5]

Everything goes through `resolve`; the kit judges nothing itself. Importable without Django.
"""

from __future__ import annotations

from . import commands as c
from .config import TableConfig
from .errors import TableError
from .judge import SEATS, create_table, replay, resolve


class Table:
    def __init__(
        self,
        blacks: tuple[int, ...] = (2, 5),
        don: int = 9,
        sheriff: int = 7,
        config: TableConfig | dict | None = None,
        names: list[str] | None = None,
        seed: str = "scenario",
    ) -> None:
        deal = ["civilian"] * 10
        for seat in blacks:
            deal[seat - 1] = "mafia"
        deal[don - 1] = "don"
        deal[sheriff - 1] = "sheriff"
        self.state, self.log = create_table(seed, names=names, config=config, deal=deal)

    # --- inputs ----------------------------------------------------------------------------
    def do(self, *commands: c.Command) -> list[dict]:
        self.state, events = resolve(self.state, list(commands))
        self.log.extend(events)
        return events

    def speak(self, seat: int, text: str) -> Table:
        self.do(c.Speak(seat=seat, text=text))
        return self

    def passes(self, until: int | None = None) -> Table:
        """Every speaker says "PASS" (through seat `until`'s speech, or while speeches go on)."""
        while self.state.step == "speech":
            seat = self.state.actor
            self.speak(seat, "PASS")
            if seat == until:
                break
        return self

    def vote(self, seat: int, target: int) -> Table:
        self.do(c.Vote(seat=seat, target=target))
        return self

    def close(self, note: str = "") -> Table:
        self.do(c.Timeout(note=note))
        return self

    def votes(self, against: dict[int, list[int]]) -> Table:
        """One round, window by window: the voters listed against each candidate raise their
        hands in its window; everyone else defaults to the last candidate."""
        while self.state.step == "vote":
            candidate = self.state.candidates[self.state.window]
            self.do(
                *(c.Vote(seat=voter, target=candidate) for voter in against.get(candidate, [])),
                c.Timeout(),
            )
        return self

    def hands(self, up: list[int]) -> Table:
        self.do(*(c.Hand(seat=seat, up=seat in up) for seat in self.state.waiting_for()))
        return self

    def check(self, target: int) -> Table:
        self.do(c.Check(seat=self.state.actor, target=target))
        return self

    def claims(self, *targets: int | None) -> Table:
        self.do(
            *(
                c.Claim(seat=seat, target=target)
                for seat, target in zip(self.state.claimants, targets, strict=True)
            )
        )
        return self

    def kill(self, target: int | None) -> Table:
        self.do(c.Kill(seat=self.state.actor, target=target))
        return self

    def quiet_night(self, kill: int | None = None) -> Table:
        """A night where every window passes with its default (no checks, no claims), and the
        decider kills `kill`."""
        while self.state.step in ("sheriff_check", "claims", "don_check"):
            self.close()
        if self.state.step == "kill":
            self.kill(kill)
        while self.state.step == "don_check":
            self.close()
        return self

    def refuses(self, rule: str, *commands: c.Command) -> TableError:
        before = self.state.snapshot()
        try:
            self.do(*commands)
        except TableError as error:
            assert error.rule == rule, f"refused with {error.rule}, expected {rule}"
            assert self.state.snapshot() == before
            return error
        raise AssertionError(f"expected the refusal {rule}")

    # --- reading --------------------------------------------------------------------------
    def events(self, kind: str) -> list[dict]:
        return [event for event in self.log if event["type"] == kind]

    def said(self) -> list[str]:
        return [event["say"] for event in self.log if "say" in event and "to" not in event]

    @property
    def left(self) -> list[int]:
        return [seat for seat in SEATS if not self.state.alive[seat]]

    def replayed(self):
        return replay(self.log)
