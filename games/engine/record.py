"""What a replayed `mafia-protocol/1` game is: the record types the engine derives.

These names are an interface: the scoring engine, the entry page and the API read them.
Fields may be added; nothing is renamed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import total_ordering
from itertools import starmap
from typing import Any, NamedTuple

from .rulesets import (
    FIRST_COLOR_WILL_MAX_DECLARATIONS,
    FIRST_OUT_WILLS,
    LATER_WILLS,
    RULESETS,
    SHORTENED_SPEECH_FOULS,
    last_will_target_limit,
)
from .seatsets import SeatNumbering, has_seat, is_critical

# The day's voting, as the replay keeps it (and the record's final table reads it).
NO_VOTE = 0  # no vote yet today
REVOTE_NEXT = 1  # a tie: the next round is a revote among the tied
RAISE_NEXT = 2  # a revote kept the tied set: the raise decision comes next
DAY_DECIDED = 3  # someone left, or the raise decision was taken: no more voting today


@total_ordering
@dataclass(frozen=True, slots=True)
class Phase:
    """A day or a night. Night 0 < Day 1 < Night 1 < Day 2 < …"""

    kind: str  # "day" | "night"
    number: int

    @property
    def key(self) -> int:
        """Ordering key: night N → 2N, day N → 2N − 1."""
        return 2 * self.number if self.kind == "night" else 2 * self.number - 1

    @staticmethod
    def from_key(key: int) -> Phase:
        return PHASES_BY_KEY[key] if 0 <= key < len(PHASES_BY_KEY) else _phase_from_key(key)

    @property
    def is_day(self) -> bool:
        return self.kind == "day"

    @property
    def is_night(self) -> bool:
        return self.kind == "night"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Phase):
            return NotImplemented
        return self.key < other.key

    def __str__(self) -> str:
        return f"{self.kind} {self.number}"


def _phase_from_key(key: int) -> Phase:
    return Phase("night", key // 2) if key % 2 == 0 else Phase("day", (key + 1) // 2)


# The phases of keys 0..63, made once (a replay looks its phases up here).
PHASES_BY_KEY = tuple(_phase_from_key(key) for key in range(64))


@dataclass(slots=True)
class SeatInfo:
    seat: int
    player: str
    role: str  # civilian | sheriff | mafia | don
    team: str  # red | black
    player_id: object | None = None


@dataclass(slots=True)
class Nomination:
    index: int
    day: int
    by: int
    target: int


@dataclass(slots=True)
class VoteRound:
    index: int
    day: int
    round: int
    candidates: tuple[int, ...]
    # every living voter → candidate; missing votes filled against the last candidate,
    # single-candidate rounds filled for everyone
    ballots: dict[int, int]
    defaulted: frozenset[int]  # voters whose ballot was filled in, not cast
    counts: dict[int, int]  # candidate → votes, every candidate present
    leaders: tuple[int, ...]  # the candidates with the most votes, in list order
    outcome: str  # "eliminated" | "revote" | "raise"
    eliminated: int | None
    alive_before: frozenset[int]


@dataclass(slots=True)
class RaiseDecision:
    index: int
    day: int
    candidates: tuple[int, ...]
    hands: frozenset[int]
    passed: bool
    alive_before: frozenset[int]


@dataclass(slots=True)
class NightShot:
    index: int
    night: int
    shots: dict[int, int | None]  # Pro Mafia: living black → shown number; {} for fiim-2025
    target: int | None  # fiim-2025: the decision; Pro Mafia: the killed seat
    killed: int | None
    miss: bool  # no kill
    responsible: tuple[int, ...]  # black seats the judge holds responsible for a miss
    self_shot: bool  # the killed seat is black


@dataclass(slots=True)
class Check:
    index: int
    night: int
    by: str  # "don" | "sheriff"
    checker: int
    target: int
    result: str  # sheriff: "red" | "black"; don: "sheriff" | "not_sheriff"


@dataclass(slots=True)
class Departure:
    seat: int
    how: str  # "vote" | "raise" | "shot" | "disqualified"
    phase: Phase
    event_index: int
    alive_after: int  # number of players at the table after this departure's event
    critical_after: bool = False  # the city had lost its margin for error after the event


@dataclass(slots=True)
class Will:
    index: int
    seat: int
    kind: str  # "first_color" | "ordered" | "pass_the_helm" | "none"
    declarations: dict[int, str]  # first_color: seat → "red" | "black"
    targets: tuple[int, ...]  # ordered
    recipient: int | None  # pass_the_helm
    departure: Departure


@dataclass(slots=True)
class Foul:
    index: int
    seat: int
    kind: str  # "ordinary" | "technical"
    phase: Phase
    number: int = 0  # this is the seat's n-th foul of this kind


@dataclass(slots=True)
class Disqualification:
    index: int
    seat: int
    reason: str
    cause: str  # "manual" | "fourth_foul" | "second_technical"
    phase: Phase


@dataclass(slots=True)
class DeclaredDefeat:
    index: int
    seat: int
    reason: str
    phase: Phase


@dataclass(slots=True)
class Bonus:
    index: int
    seat: int
    points: float
    reason: str


@dataclass(slots=True)
class SeatFouls:
    seat: int
    ordinary: int
    technical: int
    shortened_speech: bool  # exactly three ordinary fouls: the next speech is 30 seconds


@dataclass(slots=True)
class PendingWill:
    seat: int
    kinds: tuple[str, ...]  # the will kinds still allowed, "none" included
    max_targets: int  # for "ordered" (and the cap on First Color declarations)
    departure: Departure


@dataclass(slots=True)
class TableState:
    """The table as the judge's entry page sees it after the last recorded event."""

    phase: Phase
    alive: frozenset[int]
    fouls: dict[int, SeatFouls]  # every seat of the table
    nominations: tuple[int, ...]  # today's voting list, in list order ( () at night)
    nominators: tuple[int, ...]  # who nominated them, same order
    # None | ("revote", candidates) | ("raise", candidates)
    voting: tuple[str, tuple[int, ...]] | None
    next_vote_round: int  # the round number the next vote today must carry (0: no more votes)
    night_stages_done: tuple[str, ...]  # stages of the current night already recorded
    night_stages: tuple[str, ...]  # the ruleset's night order
    pending_wills: tuple[PendingWill, ...]
    critical: bool
    finished: bool
    winner: str | None
    end: str | None


@dataclass(slots=True)
class GameRecord:
    ruleset: str
    seats: tuple[SeatInfo, ...]  # seats[0] is seat 1
    events: tuple[dict, ...]  # the input events, as given
    nominations: tuple[Nomination, ...] = ()
    votes: tuple[VoteRound, ...] = ()
    raises: tuple[RaiseDecision, ...] = ()
    nights: tuple[NightShot, ...] = ()
    checks: tuple[Check, ...] = ()
    departures: tuple[Departure, ...] = ()
    wills: tuple[Will, ...] = ()
    fouls: tuple[Foul, ...] = ()
    disqualifications: tuple[Disqualification, ...] = ()
    dd: DeclaredDefeat | None = None
    surrender_index: int | None = None
    sheriff_kill_responsible: tuple[int, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    first_out: int | None = None
    winner: str | None = None  # "red" | "black"
    end: str | None = None  # "all_black_out" | "parity" | "dd" | "surrender"
    finished: bool = False
    end_index: int | None = None
    margin_lost_index: int | None = None  # the event after which the city first became critical
    margin_lost_indices: tuple[int, ...] = ()  # every event that took the margin away
    margin_regained_indices: tuple[int, ...] = ()  # every event that gave it back
    phase: Phase = field(default_factory=lambda: Phase("night", 0))  # of the last event
    # The engine's own bookkeeping, read through the methods below: the seats at the table
    # after the deal and after each event, and the black seats, as bit sets of `_numbering`.
    _alive_masks: tuple[int, ...] = field(default=(), repr=False)
    _black_mask: int = field(default=0, repr=False)
    _numbering: SeatNumbering | None = field(default=None, repr=False, compare=False)
    # From the replay (no reference back to it): the fields built on read, as argument tuples
    # (`BUILT_ON_READ`), and the table after the last event (`FinalTable`, for `current`).
    _unbuilt: dict | None = field(default=None, repr=False, compare=False)
    _final: FinalTable | None = field(default=None, repr=False, compare=False)

    # --- seats -------------------------------------------------------------------------
    def role(self, seat: int) -> str:
        return self.seats[seat - 1].role

    def team(self, seat: int) -> str:
        return self.seats[seat - 1].team

    def seat(self, seat: int) -> SeatInfo:
        return self.seats[seat - 1]

    @property
    def black_seats(self) -> tuple[int, ...]:
        return tuple(info.seat for info in self.seats if info.team == "black")

    @property
    def red_seats(self) -> tuple[int, ...]:
        return tuple(info.seat for info in self.seats if info.team == "red")

    @property
    def sheriff(self) -> int:
        return next(info.seat for info in self.seats if info.role == "sheriff")

    @property
    def don(self) -> int:
        return next(info.seat for info in self.seats if info.role == "don")

    def is_black(self, seat: int) -> bool:
        return has_seat(self._black_mask, seat)

    # --- per-event queries -------------------------------------------------------------
    def _mask_after(self, index: int) -> int:
        if index < -1 or index >= len(self.events):
            raise IndexError(f"no event {index}")
        return self._alive_masks[index + 1]

    def alive_after(self, index: int) -> frozenset[int]:
        """Seats at the table after event `index` (-1: after the deal)."""
        return self._numbering.sets[self._mask_after(index)]

    def alive_before(self, index: int) -> frozenset[int]:
        return self._numbering.sets[self._mask_after(index - 1)]

    def critical_after(self, index: int) -> bool:
        """After event `index`, has the city lost its margin for error (reds − blacks ≤ 2)?"""
        return is_critical(self._mask_after(index), self._black_mask)

    def critical_before(self, index: int) -> bool:
        return is_critical(self._mask_after(index - 1), self._black_mask)

    def alive_bitsets(self) -> tuple[int, ...]:
        """The seats at the table after the deal and after each event (`[i + 1]` is after
        event i), as bit sets (bit s is seat s): for a reader that compares many moments
        fast, such as the scoring engine. `alive_after` says the same as sets."""
        return self._alive_masks

    @property
    def alive(self) -> frozenset[int]:
        return self._numbering.sets[self._alive_masks[-1]]

    def departure_of(self, seat: int) -> Departure | None:
        for departure in self.departures:
            if departure.seat == seat:
                return departure
        return None

    def will_of(self, seat: int) -> Will | None:
        for will in self.wills:
            if will.seat == seat:
                return will
        return None

    # --- views -------------------------------------------------------------------------
    @property
    def current(self) -> TableState:
        """The table after the last event, for the judge's entry page."""
        if self._final is None:
            raise AttributeError("only a replayed record knows the table after its last event")
        return self._final.table_state(self)

    def to_result(self) -> dict:
        """The `validate_protocol` output for a valid document."""
        departures = []
        for departure in self.departures:
            departures.append(
                {
                    "seat": departure.seat,
                    "how": departure.how,
                    departure.phase.kind: departure.phase.number,
                    "alive_after": departure.alive_after,
                }
            )
        return {
            "valid": True,
            "finished": self.finished,
            "winner": self.winner,
            "end": self.end,
            "first_out": self.first_out,
            "departures": departures,
        }


class _BuiltOnRead:
    """A `GameRecord` field that the replay hands over as argument tuples (in
    `record._unbuilt`, under the field's name) and that is built on first read.

    It wraps the dataclass's own slot: a record made by `GameRecord(...)` stores its values
    as before; reading, writing, `==`, `repr`, copying and pickling all go through here and
    see the built tuple of record objects.
    """

    __slots__ = ("slot", "name", "kind", "build")

    def __init__(self, name: str, kind: type) -> None:
        self.slot = GameRecord.__dict__[name]  # the slot descriptor the dataclass made
        self.name = name
        self.kind = kind
        self.build = _BUILDERS.get(name)

    def __get__(self, record: GameRecord | None, owner: type | None = None) -> Any:
        if record is None:
            return self.slot
        # The rows leave `_unbuilt` once built: asking the dict first spares the first read
        # the slot's AttributeError (most of the cost of building a short list). They leave
        # after the slot is set, so a reader in another thread sees one or the other.
        unbuilt = record._unbuilt
        if unbuilt and self.name in unbuilt:
            rows = unbuilt[self.name]
            if self.build is None:
                value = tuple(starmap(self.kind, rows))
            else:
                value = self.build(record, rows)
            self.slot.__set__(record, value)
            unbuilt.pop(self.name, None)
            return value
        value = self.slot.__get__(record, owner)
        if value is _DELETED:
            raise AttributeError(f"{type(record).__name__!r} object has no attribute {self.name!r}")
        return value

    def __set__(self, record: GameRecord, value: Any) -> None:
        # A value written before the first read replaces the rows (`_unbuilt` is unset while
        # the dataclass's __init__ writes the fields before it).
        unbuilt = getattr(record, "_unbuilt", None)
        if unbuilt:
            unbuilt.pop(self.name, None)
        self.slot.__set__(record, value)

    def __delete__(self, record: GameRecord) -> None:
        # Deleted stays deleted: the slot holds a marker (reading builds first, so the rows
        # have left `_unbuilt` and cannot come back).
        self.__get__(record)  # raises if already deleted
        self.slot.__set__(record, _DELETED)


_DELETED = object()


def vote_rounds(record: GameRecord, rows: list) -> tuple[VoteRound, ...]:
    """The vote rounds from what the replay keeps of each: the ballots cast (voter key, a
    living seat's JSON key or the seat, → candidate) and the living seats as a bit set; every
    living voter who cast no ballot counts against the last candidate, and the counts per
    candidate (in list order) are the replay's own."""
    seat_of = record._numbering.keys.__getitem__
    sets = record._numbering.sets
    in_order = record._numbering.in_order
    built = []
    for index, day, round_number, candidates, cast, alive, counts, leaders, outcome, eliminated in rows:
        voters = list(map(seat_of, cast))
        ballots = dict.fromkeys(in_order[alive], candidates[-1])
        ballots.update(zip(voters, cast.values(), strict=True))
        living = sets[alive]
        built.append(VoteRound(
            index, day, round_number, candidates, ballots, living.difference(voters),
            dict(zip(candidates, counts, strict=True)), leaders, outcome, eliminated, living,
        ))
    return tuple(built)


def wills_with_departures(record: GameRecord, rows: list) -> tuple[Will, ...]:
    """The wills from the replay's rows, each naming its departure by its position in
    `record.departures`: the will holds that very `Departure`."""
    departures = record.departures
    return tuple(
        Will(index, seat, kind, declarations, targets, recipient, departures[position])
        for index, seat, kind, declarations, targets, recipient, position in rows
    )


# The fields whose rows are not the kind's own arguments: how each is built from them.
_BUILDERS = {"votes": vote_rounds, "wills": wills_with_departures}

# The replay keeps these as argument tuples in its hot loop; see `_Replay.record`.
BUILT_ON_READ = {
    "seats": SeatInfo,
    "nominations": Nomination,
    "votes": VoteRound,
    "raises": RaiseDecision,
    "nights": NightShot,
    "checks": Check,
    "departures": Departure,
    "wills": Will,
    "fouls": Foul,
    "disqualifications": Disqualification,
    "bonuses": Bonus,
}
for _name, _kind in BUILT_ON_READ.items():
    setattr(GameRecord, _name, _BuiltOnRead(_name, _kind))
del _name, _kind



class FinalTable(NamedTuple):
    """What the replay knew after the last event that the record's fields do not say: the
    day's voting, the night's stages, the foul counts, the wills left. `table_state` turns it
    into the judge's `TableState`."""

    ruleset: str
    alive: int  # bit set
    critical: bool
    ordinary: list[int]  # ordinary fouls by seat (index 0 unused)
    technical: list[int]
    nominated: list[int]  # today's voting list (a day) …
    nominators: list[int]
    vote_state: int  # NO_VOTE | REVOTE_NEXT | RAISE_NEXT | DAY_DECIDED
    vote_round: int
    tied: tuple[int, ...]
    night_done: int  # bit set of the night order's positions recorded tonight
    will_seats: int  # bit set of the seats that have left a will

    def table_state(self, record: GameRecord) -> TableState:
        ruleset = RULESETS[self.ruleset]
        numbering = record._numbering
        phase = record.phase
        alive = self.alive
        fouls = {
            seat: SeatFouls(
                seat,
                self.ordinary[seat],
                self.technical[seat],
                self.ordinary[seat] == SHORTENED_SPEECH_FOULS,
            )
            for seat in numbering.seats
        }
        nominations: tuple[int, ...] = ()
        nominators: tuple[int, ...] = ()
        voting = None
        next_round = 0
        stages_done: tuple[str, ...] = ()
        finished = record.end is not None
        if phase.is_day:
            nominations = tuple(self.nominated)
            nominators = tuple(self.nominators)
            if self.vote_state == REVOTE_NEXT:
                voting = ("revote", tuple(seat for seat in self.tied if has_seat(alive, seat)))
                next_round = self.vote_round + 1
            elif self.vote_state == RAISE_NEXT:
                voting = ("raise", tuple(seat for seat in self.tied if has_seat(alive, seat)))
            elif self.vote_state == NO_VOTE:
                next_round = 1
        else:
            stages_done = tuple(
                stage
                for position, stage in enumerate(ruleset.night_order)
                if has_seat(self.night_done, position)
            )
        pending = []
        if not finished:
            for departure in record.departures:
                seat = departure.seat
                if departure.how == "disqualified" or has_seat(self.will_seats, seat):
                    continue
                players = departure.alive_after
                if seat == record.first_out:
                    limit = min(FIRST_COLOR_WILL_MAX_DECLARATIONS, players)
                    pending.append(PendingWill(seat, FIRST_OUT_WILLS, limit, departure))
                else:
                    limit = last_will_target_limit(players)
                    pending.append(PendingWill(seat, LATER_WILLS, limit, departure))
        return TableState(
            phase=phase,
            alive=numbering.sets[alive],
            fouls=fouls,
            nominations=nominations,
            nominators=nominators,
            voting=voting,
            next_vote_round=next_round if not finished else 0,
            night_stages_done=stages_done,
            night_stages=ruleset.night_order,
            pending_wills=tuple(pending),
            critical=self.critical,
            finished=finished,
            winner=record.winner,
            end=record.end,
        )
