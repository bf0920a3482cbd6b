"""A scenario kit: write a whole `mafia-protocol/1` game in a few lines.

    game = (
        Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7)      # the Don is the first black unless don=
        .day(1).nominate(1, 2).nominate(3, 5)
        .vote({2: [1, 3, 4, 6], 5: [2, 5, 7, 8, 9, 10]})  # candidate → voters, in list order
        .night(1).shot(4).don_check(7).sheriff_check(2)
        .will(4, ordered=[2, 5])
    )
    document = game.build()      # the document dict (a fresh copy each time)
    record = game.replay()       # the engine's GameRecord

The kit only writes events; it judges nothing (so it can also write the invalid games the
refusal tests need). Importable without Django.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping

from vocabulary import (
    BLACK_ROLES,
    CIVILIAN,
    CLASSIC_DEAL,
    DON,
    MAFIA,
    PROTOCOL_FORMAT,
    SHERIFF,
    deal_cards,
)

from .errors import ProtocolError
from .record import GameRecord
from .replayer import replay
from .rulesets import FIIM_2025, PRO_MAFIA, RULESETS


class Scenario:
    """A fluent builder of one protocol document. Every method returns the builder."""

    def __init__(
        self,
        ruleset: str,
        roles: Mapping[int, str],
        players: Mapping[int, str] | None = None,
        player_ids: Mapping[int, object] | None = None,
    ) -> None:
        self.ruleset = ruleset
        # An unknown ruleset (a refusal test's) gets the classic deal's table.
        count = RULESETS[ruleset].seat_count if ruleset in RULESETS else len(deal_cards(CLASSIC_DEAL))
        self.seats = range(1, count + 1)
        self.roles = {seat: roles[seat] for seat in self.seats}
        self.players = {seat: f"Player {seat}" for seat in self.seats}
        if players:
            self.players.update(players)
        self.player_ids = dict(player_ids or {})
        self.events: list[dict] = []
        self.phase: tuple[str, int] | None = None

    # --- the deal ------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        ruleset: str,
        blacks: Iterable[int] = (8, 9, 10),
        sheriff: int = 7,
        don: int | None = None,
        **kwargs,
    ) -> Scenario:
        """Seats not named are civilians; the Don is the first of `blacks` unless `don` says."""
        blacks = tuple(blacks)
        don = blacks[0] if don is None else don
        if len(set(blacks)) != 3 or don not in blacks or sheriff in blacks:
            raise ValueError(
                "a deal has three distinct blacks, the Don among them, and a red Sheriff"
            )
        roles = dict.fromkeys(range(1, RULESETS[ruleset].seat_count + 1), CIVILIAN)
        for seat in blacks:
            roles[seat] = MAFIA
        roles[don] = DON
        roles[sheriff] = SHERIFF
        return cls(ruleset, roles, **kwargs)

    @classmethod
    def pro_mafia(
        cls, blacks: Iterable[int] = (8, 9, 10), sheriff: int = 7, don: int | None = None, **kwargs
    ) -> Scenario:
        return cls.deal(PRO_MAFIA.id, blacks, sheriff, don, **kwargs)

    @classmethod
    def fiim(
        cls, blacks: Iterable[int] = (8, 9, 10), sheriff: int = 7, don: int | None = None, **kwargs
    ) -> Scenario:
        return cls.deal(FIIM_2025.id, blacks, sheriff, don, **kwargs)

    @property
    def blacks(self) -> tuple[int, ...]:
        return tuple(seat for seat, role in self.roles.items() if role in BLACK_ROLES)

    @property
    def sheriff(self) -> int:
        return next(seat for seat, role in self.roles.items() if role == SHERIFF)

    @property
    def don(self) -> int:
        return next(seat for seat, role in self.roles.items() if role == DON)

    # --- phases --------------------------------------------------------------------------
    def day(self, number: int | None = None) -> Scenario:
        """Following events happen in Day `number` (default: the day after the current night)."""
        if number is None:
            number = 1 if self.phase is None else self.phase[1] + (self.phase[0] == "night")
        self.phase = ("day", number)
        return self

    def night(self, number: int | None = None) -> Scenario:
        """Following events happen in Night `number` (default: the night of the current day)."""
        if number is None:
            number = 0 if self.phase is None else self.phase[1] + (self.phase[0] == "night")
        self.phase = ("night", number)
        return self

    def _phased(self, event: dict) -> Scenario:
        if self.phase is None:
            raise ValueError("call .day(n) or .night(n) before recording this event")
        event[self.phase[0]] = self.phase[1]
        return self.event(event)

    def event(self, event: dict | None = None, **fields) -> Scenario:
        """Append a raw event as given (for the odd or invalid event a test needs)."""
        event = dict(event or {}, **fields)
        self.events.append(event)
        return self

    # --- day -----------------------------------------------------------------------------
    def nominate(self, by: int, target: int) -> Scenario:
        return self._phased({"type": "nominate", "by": by, "target": target})

    def nominations(self, *pairs: tuple[int, int]) -> Scenario:
        """Several nominations: `.nominations((1, 2), (3, 5))` — (by, target) pairs."""
        for by, target in pairs:
            self.nominate(by, target)
        return self

    def vote(
        self,
        against: Mapping[int, Iterable[int]] | None = None,
        *,
        candidates: Iterable[int] | None = None,
        votes: Mapping[int, int] | None = None,
        round: int | None = None,
    ) -> Scenario:
        """One voting round. `against` maps candidates to their voters; voters left out are
        missing (the engine counts them against the last candidate). `candidates` default to
        the day's living nominees in list order (round 1) or the keys of `against` (revotes).
        `.vote({5: []})` is a single-candidate vote. Raw `votes` (voter → candidate) may be
        given too. `round` defaults to the next round of the current day."""
        ballots: dict[str, int] = {}
        listed: list[int] = []
        for candidate, voters in (against or {}).items():
            listed.append(candidate)
            for voter in voters:
                ballots[str(voter)] = candidate
        for voter, candidate in (votes or {}).items():
            ballots[str(voter)] = candidate
        if round is None:
            round = 1 + sum(1 for event in self._today() if event.get("type") == "vote")
        if candidates is None:
            candidates = listed
            if round == 1:
                # the main vote is among the day's living nominees, in list order
                alive = self.alive()
                nominated = [
                    event["target"] for event in self._today() if event.get("type") == "nominate"
                ]
                candidates = [seat for seat in nominated if seat in alive] or listed
        candidates = list(candidates)
        return self._phased(
            {"type": "vote", "round": round, "candidates": candidates, "votes": ballots}
        )

    revote = vote

    def raise_hands(self, hands: Iterable[int], candidates: Iterable[int] | None = None) -> Scenario:
        """The raise decision; `candidates` default to the last vote's candidates today."""
        if candidates is None:
            last_vote = next(
                (event for event in reversed(self._today()) if event.get("type") == "vote"), None
            )
            candidates = last_vote["candidates"] if last_vote else []
        return self._phased({"type": "raise", "candidates": list(candidates), "hands": list(hands)})

    def _today(self) -> list[dict]:
        if self.phase is None:
            return []
        kind, number = self.phase
        return [
            event
            for event in self.events
            if event.get(kind) == number and not (set(event) & {"day", "night"} - {kind})
        ]

    # --- night ---------------------------------------------------------------------------
    def shot(self, target: int | None) -> Scenario:
        """The night shot at `target` (None: no kill). Pro Mafia: every living black shows it."""
        if self.ruleset != PRO_MAFIA.id:
            return self._phased({"type": "shot", "target": target})
        return self.shots(dict.fromkeys(self.living_blacks(), target))

    def shots(self, shown: Mapping[int, int | None], responsible: Iterable[int] = ()) -> Scenario:
        """Pro Mafia: the numbers each black shows (a miss unless they agree)."""
        event = {"type": "shot", "shots": {str(seat): number for seat, number in shown.items()}}
        if responsible:
            event["responsible"] = list(responsible)
        return self._phased(event)

    def miss(
        self, responsible: Iterable[int] = (), shown: Mapping[int, int | None] | None = None
    ) -> Scenario:
        """A missed shot: by default every living black shows nothing."""
        if self.ruleset != PRO_MAFIA.id:
            event = {"type": "shot", "target": None}
            if responsible:
                event["responsible"] = list(responsible)
            return self._phased(event)
        if shown is None:
            shown = dict.fromkeys(self.living_blacks())
        return self.shots(shown, responsible)

    def don_check(self, target: int) -> Scenario:
        return self._phased({"type": "don_check", "target": target})

    def sheriff_check(self, target: int) -> Scenario:
        return self._phased({"type": "sheriff_check", "target": target})

    def alive(self) -> frozenset[int]:
        """Seats at the table, by replaying what is written so far (all, if it is invalid)."""
        try:
            return self.replay().alive
        except ProtocolError:
            return frozenset(self.seats)

    def living_blacks(self) -> tuple[int, ...]:
        alive = self.alive()
        return tuple(seat for seat in self.blacks if seat in alive)

    # --- wills ---------------------------------------------------------------------------
    def will(
        self,
        seat: int,
        *,
        first_color: Mapping[int, str] | None = None,
        ordered: Iterable[int] | None = None,
        pass_the_helm: int | None = None,
    ) -> Scenario:
        """A will: exactly one of `first_color={3: "black"}`, `ordered=[3, 5]`,
        `pass_the_helm=4`; none of them is a skipped will (`kind: none`)."""
        if first_color is not None:
            event = {
                "kind": "first_color",
                "declarations": {str(s): c for s, c in first_color.items()},
            }
        elif ordered is not None:
            event = {"kind": "ordered", "targets": list(ordered)}
        elif pass_the_helm is not None:
            event = {"kind": "pass_the_helm", "recipient": pass_the_helm}
        else:
            event = {"kind": "none"}
        return self.event({"type": "will", "seat": seat, **event})

    def no_will(self, seat: int) -> Scenario:
        return self.will(seat)

    # --- discipline and the end ----------------------------------------------------------
    def foul(self, seat: int, kind: str = "ordinary", times: int = 1) -> Scenario:
        for _ in range(times):
            self._phased({"type": "foul", "seat": seat, "kind": kind})
        return self

    def technical_foul(self, seat: int) -> Scenario:
        return self.foul(seat, "technical")

    def disqualify(self, seat: int, reason: str = "insulted a player") -> Scenario:
        return self._phased({"type": "disqualify", "seat": seat, "reason": reason})

    def dd(self, seat: int, reason: str = "outside information") -> Scenario:
        return self._phased({"type": "dd", "seat": seat, "reason": reason})

    def surrender(self) -> Scenario:
        return self._phased({"type": "surrender"})

    def sheriff_kill_responsible(self, seat: int) -> Scenario:
        return self.event({"type": "sheriff_kill_responsible", "seat": seat})

    def bonus(self, seat: int, points: float, reason: str = "judge's bonus") -> Scenario:
        return self.event({"type": "bonus", "seat": seat, "points": points, "reason": reason})

    # --- output --------------------------------------------------------------------------
    def build(self) -> dict:
        """The document, as a fresh dict (change it freely)."""
        seats = []
        for seat in self.seats:
            entry = {"seat": seat, "player": self.players[seat], "role": self.roles[seat]}
            if seat in self.player_ids:
                entry["player_id"] = self.player_ids[seat]
            seats.append(entry)
        return {
            "format": PROTOCOL_FORMAT,
            "ruleset": self.ruleset,
            "seats": seats,
            "events": copy.deepcopy(self.events),
        }

    def json(self) -> str:
        return json.dumps(self.build())

    def replay(self) -> GameRecord:
        return replay(self.build())

    @property
    def last_index(self) -> int:
        """The index of the last event written (for asserting on refusals)."""
        return len(self.events) - 1
