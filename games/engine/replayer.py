"""Replay a `mafia-protocol/1` document event by event, refusing what the rules forbid.

The replay is written in parts that read as the rules do, each keeping its own state and
handling its own events, one built on the other:

- `_Reading`: the events' fields and phases, and the refusals (every refusal is a
  `ProtocolError` with the event index, a stable rule code and an English message);
- `_Seats`: the deal, who is at the table, departures, the critical state and the win;
- `_Day`: nominations, votes, revotes and the raise decision;
- `_Night`: the night stages in the ruleset's order, the shot, the checks;
- `_Wills`: the First Color Will, the Last Will Ordered, passing the helm;
- `_Discipline`: fouls, disqualifications, the declared defeat;
- `_Outcome`: the surrender, the Sheriff's first-night killers, the judge's bonuses;
- `_Replay`: the loop over the events and the record it hands over.

The hot loop looks the event type up in a dict of the event codes of the current kind of phase
and calls the handler its code names; the common case of each event is checked in bulk and anything unusual is read again
in full, in the order the messages need. The table is kept as bit sets of seats (bit s is seat
s, see `seatsets.py`) behind named methods (`at_table`, `is_black`, …), and the many small
record objects (fouls, nominations, votes, …) as argument tuples, built when the record's field
is first read (`record.BUILT_ON_READ`). How many seats there are is the ruleset's deal's.
"""

from __future__ import annotations

import json
import math
from typing import NoReturn

try:  # msgspec reads a protocol's JSON text about three times as fast as the json module
    from msgspec.json import Decoder as _FastDecoder
except ImportError:  # not installed: the standard library alone, the same answers
    _fast_json = json.loads
    JSON_LIBRARY = "json"
else:
    _fast_json = _FastDecoder().decode
    JSON_LIBRARY = "msgspec"

from vocabulary import BLACK, BLACK_ROLES, DON, PROTOCOL_FORMAT, RED, SHERIFF

from .errors import ProtocolError
from .record import (
    DAY_DECIDED,
    NO_VOTE,
    PHASES_BY_KEY,
    RAISE_NEXT,
    REVOTE_NEXT,
    DeclaredDefeat,
    FinalTable,
    GameRecord,
    Phase,
)
from .rulesets import (
    DON_CHECK,
    FIRST_COLOR_WILL_MAX_DECLARATIONS,
    FIRST_OUT_WILLS,
    FOURTH_ORDINARY_FOUL,
    LATER_WILLS,
    RULESETS,
    SECOND_TECHNICAL_FOUL,
    SHERIFF_CHECK,
    SHOT,
    SHOWN_NUMBERS,
    WILL_FIELDS,
    WILL_KINDS,
    Ruleset,
    last_will_target_limit,
    raise_passes,
)
from .seatsets import SeatNumbering, numbering

# Events the judge may record after the end of the game.
AFTER_END_EVENTS = frozenset({"bonus", "sheriff_kill_responsible"})

_NUMBER_WORDS = {10: "ten"}

_NO_VALUE = (None, [], {})  # a field given as any of these is as good as absent


def replay(document: dict | str | bytes) -> GameRecord:
    """Replay a `mafia-protocol/1` document; raise `ProtocolError` (only) if it is invalid."""
    replayer = None
    try:
        header = _parse_document(document)
        replayer = _Replay(*header)
        return replayer.run()
    except ProtocolError:
        raise
    except Exception as exc:  # a bug, not a verdict: still answer with the one error type
        index = replayer.index if replayer is not None else None
        raise ProtocolError(
            index,
            "engine.unexpected",
            f"event {index}: the engine could not read this event ({type(exc).__name__})",
        ) from exc


# --- header -----------------------------------------------------------------------------


def _header_error(rule: str, message: str) -> ProtocolError:
    return ProtocolError(None, rule, f"header: {message}")


def _parse_document(given: object) -> tuple:
    document = given
    if isinstance(document, (str, bytes, bytearray)):
        try:
            document = _fast_json(document)
        except Exception:
            document = _standard_json(document)
    if type(document) is not dict:
        raise _header_error("document.not-object", "the document is not a JSON object")
    header = document  # a dict (compiled: typed, its `get` a C call)
    fmt = header.get("format")
    if fmt != PROTOCOL_FORMAT:
        raise _header_error(
            "document.format-unknown",
            f"unknown format {_describe(fmt)}; expected {PROTOCOL_FORMAT!r}",
        )
    ruleset_id = header.get("ruleset")
    ruleset = RULESETS.get(ruleset_id) if type(ruleset_id) is str else None
    if ruleset is None:
        known = ", ".join(sorted(RULESETS))
        raise _header_error(
            "document.ruleset-unknown", f"unknown ruleset {_describe(ruleset_id)}; known: {known}"
        )
    seats = _parse_seats(header.get("seats"), ruleset)
    events = header.get("events")
    if type(events) is not list:
        raise _header_error("document.events-not-list", "`events` must be a list")
    return ruleset, seats, events


def _parse_seats(raw: object, ruleset: Ruleset) -> tuple:
    """The seats as `SeatInfo` argument tuples (seat order), the black seats' bit set, the
    Sheriff's seat and the Don's seat. The ruleset's deal says how many seats and roles."""
    _ruleset, count, deal_shape, no_roles = _deal_of(ruleset)
    if type(raw) is not list or len(raw) != count:
        raise _header_error(
            "seats.not-ten", f"`seats` must list exactly {_NUMBER_WORDS.get(count, count)} seats"
        )
    by_number: list = [None] * (count + 1)  # seat → its argument tuple
    deal = no_roles.copy()
    black_mask = sheriff = don = 0
    for position, item in enumerate(raw):
        if type(item) is not dict:
            raise _header_error("seats.malformed", f"seat entry {position} is not an object")
        entry = item  # a dict (compiled: typed, its `get` a C call)
        seat = entry.get("seat")
        if type(seat) is not int or not 1 <= seat <= count:
            raise _header_error(
                "seats.numbering",
                f"seat entry {position}: seat {seat!r} is not a number 1..{count}",
            )
        if by_number[seat] is not None:
            raise _header_error("seats.numbering", f"seat {seat} is listed twice")
        player = entry.get("player")
        if type(player) is not str:
            raise _header_error("seats.malformed", f"seat {seat}: `player` must be a string")
        role = entry.get("role")
        if type(role) is not str or role not in deal_shape:
            roles = list(deal_shape)
            raise _header_error(
                "seats.role-unknown",
                f"seat {seat}: unknown role {role!r} ({', '.join(roles[:-1])} or {roles[-1]})",
            )
        deal[role] += 1
        if role in BLACK_ROLES:
            by_number[seat] = (seat, player, role, BLACK, entry.get("player_id"))
            black_mask |= 1 << seat
            if role == DON:
                don = seat
        else:
            by_number[seat] = (seat, player, role, RED, entry.get("player_id"))
            if role == SHERIFF:
                sheriff = seat
    if deal != deal_shape:
        raise _header_error(
            "seats.deal", f"the deal must be {_deal_words(deal_shape)}; got {_deal_words(deal)}"
        )
    # With the deal right, each seat is listed once: the Sheriff and the Don are one seat each.
    return tuple(by_number[1:]), black_mask, sheriff, don


def _deal_words(deal: dict) -> str:
    return ", ".join(f"{number} {role}" for role, number in deal.items())


_DEALS: dict[str, tuple] = {}


def _deal_of(ruleset: Ruleset) -> tuple:
    """(the ruleset, its seat count, its deal as a plain dict, the deal's roles counted
    zero), worked out once per ruleset: the header of every document reads them."""
    known = _DEALS.get(ruleset.id)
    if known is None or known[0] is not ruleset:
        deal = dict(ruleset.deal)
        known = _DEALS[ruleset.id] = (ruleset, ruleset.seat_count, deal, dict.fromkeys(deal, 0))
    return known


def _standard_json(text: str | bytes | bytearray) -> object:
    """The json module's reading of a text msgspec refused. Where msgspec reads a text at all,
    it reads it as the json module does; it refuses some texts the json module reads (NaN and
    Infinity, lone surrogates, a UTF-16 or UTF-32 encoding, a byte order mark, numbers too large
    for a float), and its messages differ: the json module's answer and message stay the rule."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _header_error("document.not-json", f"the file is not JSON ({exc})") from None


def _ints_only(values: list) -> bool:
    """Every value is an int (not a bool, nor a float equal to one)."""
    for value in values:  # noqa: SIM110 (Cython compiles no generator in a cpdef function)
        if type(value) is not int:
            return False
    return True


def _all_in(values: list, seats: frozenset) -> bool:
    """Every value is one of ``seats`` (a loop the compiler types, where `issuperset` is a
    method call)."""
    for value in values:  # noqa: SIM110 (Cython compiles no generator in a cpdef function)
        if value not in seats:
            return False
    return True


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _declared_phase(event: dict) -> str | None:
    """The event's own phase for a message, when it reads as one."""
    day = event.get("day")
    night = event.get("night")
    if type(day) is int and night is None:
        return f"day {day}"
    if type(night) is int and day is None:
        return f"night {night}"
    return None


# What phase an event type needs.
_PHASELESS = 0  # will, bonus, sheriff_kill_responsible: no phase of their own
_DAY = 1
_NIGHT = 2
_DAY_OR_NIGHT = 3
_PHASE_WORDS = {_DAY: "`day`", _NIGHT: "`night`", _DAY_OR_NIGHT: "`day` or `night`"}

_BEFORE_THE_GAME = -1  # phase key before the first event; the game opens in Night 0
_NIGHT_ZERO = Phase("night", 0)
_NO_PHASE = object()  # no event's phase is this: the first event reads its phase in full
_NO_CODES: dict = {}  # no event type has a code here: every event is read in full

# The event types' codes (`run` calls each one's handler by it; `_EVENT_CODES` names them).
_UNREAD = -1  # not known yet: the event is read in full (`dispatch`)
_FOUL = 0
_NOMINATE = 1
_VOTE = 2
_WILL = 3
_SHOT = 4
_DON_CHECK = 5
_SHERIFF_CHECK = 6
_RAISE = 7
_BONUS = 8
_DISQUALIFY = 9
_DD = 10
_SURRENDER = 11
_SHERIFF_KILL_RESPONSIBLE = 12


# --- reading the events ---------------------------------------------------------------------


class _Reading:
    """The events read against the format: their fields, their phase, and the refusal."""

    __slots__ = (
        "ruleset",
        "numbering",
        "seat_count",
        "seat_keys",
        "voters_at",
        "names_at",
        "mask_sets",
        "events",
        "at",
        "phase_key",
        "phase",
        "phase_check",
        "current",
    )

    def __init__(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        self.start_game(ruleset, seats, events)

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        """Each part of the replay sets up what it keeps for the game, after the part it is
        built on (compiled: C calls, where a chain of __init__ calls went through Python)."""
        self.ruleset = ruleset
        seating: SeatNumbering = numbering(_deal_of(ruleset)[1])
        self.numbering = seating
        self.seat_count = seating.count
        self.seat_keys = seating.keys
        self.voters_at = seating.voters_at  # bit set of the living → {voter key: seat}
        self.names_at = seating.names_at  # bit set of the living → {JSON voter key: seat}
        self.mask_sets = seating.sets
        self.events = events
        self.at = 0
        self.phase_key = _BEFORE_THE_GAME
        self.phase = _NIGHT_ZERO
        self.phase_check = ("night", "night", _NO_PHASE)
        self.current = _NO_CODES

    @property
    def index(self) -> int:
        """The event being replayed (the number of events, once they are all replayed)."""
        return self.at

    # --- refusals ------------------------------------------------------------------------
    def fail(self, index: int, event: dict, rule: str, text: str, **params) -> NoReturn:
        """Refuse the event: the English message names it; ``params`` (with the event's type and
        declared phase added) let a UI word the refusal itself (ProtocolError.params)."""
        kind = event.get("type")
        phase = _declared_phase(event)
        where = f"{kind}, {phase}" if phase else f"{kind}"
        if type(kind) is str:
            params["type"] = kind
        if phase is not None:
            params[phase.split()[0]] = event[phase.split()[0]]
        raise ProtocolError(index, rule, f"event {index} ({where}): {text}", params)

    # --- fields --------------------------------------------------------------------------
    def seat_field(self, index: int, event: dict, name: str) -> int:
        value = event.get(name)
        if type(value) is int and 0 < value <= self.seat_count:
            return value
        self.bad_seat(index, event, name, value)

    def bad_seat(self, index: int, event: dict, name: str, value: object) -> NoReturn:
        if value is None and name not in event:
            self.fail(index, event, "event.field-missing", f"`{name}` is missing")
        if type(value) is not int:
            self.fail(
                index,
                event,
                "event.field-type",
                f"`{name}` must be a seat number, not {_describe(value)}",
            )
        self.fail(
            index, event, "event.seat-out-of-range", f"`{name}`: seat {value} is not a seat 1..{self.seat_count}"
        )

    def seat_list(self, index: int, event: dict, name: str) -> list[int]:
        value = event.get(name)
        if type(value) is not list:
            if name not in event:
                self.fail(index, event, "event.field-missing", f"`{name}` is missing")
            self.fail(index, event, "event.field-type", f"`{name}` must be a list of seats")
        seen = set()
        for seat in value:
            if type(seat) is not int:
                self.fail(
                    index,
                    event,
                    "event.field-type",
                    f"`{name}` must list seat numbers, not {_describe(seat)}",
                )
            if not 0 < seat <= self.seat_count:
                self.fail(
                    index, event, "event.seat-out-of-range", f"`{name}`: {seat} is not a seat 1..{self.seat_count}"
                )
            if seat in seen:
                self.fail(
                    index,
                    event,
                    f"{event['type']}.duplicate-seat",
                    f"`{name}` lists seat {seat} twice",
                )
            seen.add(seat)
        return value

    def text_field(self, index: int, event: dict, name: str) -> str:
        value = event.get(name)
        if type(value) is str:
            return value
        if name not in event:
            self.fail(index, event, "event.field-missing", f"`{name}` is missing")
        self.fail(index, event, "event.field-type", f"`{name}` must be a string")

    # --- phases --------------------------------------------------------------------------
    def start_phase(self) -> None:
        """A new day or night: each part of the replay starts what it keeps per phase afresh
        (the parts that keep something override this)."""

    def enter_phase(self, index: int, event: dict, want: int) -> None:
        """Read the event's phase in full: refuse a malformed phase, a wrong kind or a step
        back; a new phase opens a fresh voting list and a fresh night. Sets what the loop's
        fast check compares the next events with (see `run`)."""
        kind = event["type"]
        day = event.get("day")
        night = event.get("night")
        if day is not None:
            if night is not None:
                self.fail(index, event, "phase.both", "an event has `day` or `night`, not both")
            if type(day) is not int or day < 1:
                self.fail(
                    index,
                    event,
                    "phase.invalid",
                    f"`day` must be a number ≥ 1, not {_describe(day)}",
                )
            if want == _NIGHT:
                self.fail(
                    index, event, "phase.wrong-kind", f"a {kind} happens at night, not in a day"
                )
            key = 2 * day - 1
        elif night is not None:
            if type(night) is not int or night < 0:
                self.fail(
                    index,
                    event,
                    "phase.invalid",
                    f"`night` must be a number ≥ 0, not {_describe(night)}",
                )
            if want == _DAY:
                self.fail(
                    index, event, "phase.wrong-kind", f"a {kind} happens in a day, not at night"
                )
            if night == 0 and not self.ruleset.night_zero_has_events:
                self.fail(
                    index,
                    event,
                    "phase.night-zero-empty",
                    f"in {self.ruleset.id} Night 0 is the Mafia meet and has no events",
                )
            key = 2 * night
        else:
            self.fail(index, event, "phase.missing", f"a {kind} needs {_PHASE_WORDS[want]}")
        if key != self.phase_key:
            if key < self.phase_key:
                self.fail(
                    index, event, "phase.backwards", f"the protocol is already in {self.phase}",
                    current_kind=self.phase.kind, current_number=self.phase.number,
                )
            self.phase_key = key
            self.phase = PHASES_BY_KEY[key] if key < len(PHASES_BY_KEY) else Phase.from_key(key)
            self.start_phase()
        if key & 1:
            self.phase_check = ("day", "night", (key + 1) >> 1)
            self.current = _DAY_CODES
        else:
            self.phase_check = ("night", "day", key >> 1)
            self.current = _NIGHT_CODES


# --- the table --------------------------------------------------------------------------------


class _Seats(_Reading):
    """The deal, who is at the table, the departures, the critical state and the win."""

    __slots__ = (
        "seats",
        "black_mask",
        "blacks",
        "sheriff",
        "don",
        "alive",
        "living",
        "changes",
        "critical",
        "margin_lost",
        "margin_regained",
        "departures",
        "departure_mask_after",
        "disqualified",
        "first_out",
        "winner",
        "end",
        "end_index",
    )

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        _Reading.start_game(self, ruleset, seats, events)
        # `SeatInfo` argument tuples (`GameRecord.seats` is built on read)
        self.seats, self.black_mask, self.sheriff, self.don = seats
        self.blacks = self.mask_sets[self.black_mask]  # the black seats, as a set
        self.alive = self.numbering.everyone
        self.living = self.mask_sets[self.alive]  # the same seats as a set (cheaper to test)
        self.changes = []  # (event index, alive bit set after it) for every departure
        self.critical = False
        self.margin_lost = []
        self.margin_regained = []
        self.departures = []
        self.departure_mask_after = {}
        self.disqualified = 0
        self.first_out = None
        self.winner = None
        self.end = None
        self.end_index = None

    def was_disqualified(self, seat: int) -> bool:
        return bool(self.disqualified >> seat & 1)

    def departed(self, seat: int) -> dict:
        """How and when ``seat`` left the table, as refusal params (nothing if it has not)."""
        kept = self.departure_mask_after.get(seat)
        if kept is None:
            return {}
        _seat, how, phase = kept[0][:3]  # a `Departure` argument tuple
        return {"left_how": how, "left_kind": phase.kind, "left_number": phase.number}

    def require_alive(self, index: int, event: dict, seat: int, rule: str, who: str) -> None:
        if seat not in self.living:
            self.fail(index, event, rule, f"{who} {seat} has left the table", seat=seat, **self.departed(seat))

    # --- departures and the end ----------------------------------------------------------
    def remove(self, seats: tuple[int, ...], how: str, index: int) -> None:
        """Seats leave the table together; then the critical state and the win are checked."""
        alive = self.alive
        for seat in seats:
            alive &= ~(1 << seat)
        self.alive = alive
        self.living = self.mask_sets[alive]
        players = len(self.living)
        blacks = len(self.mask_sets[alive & self.black_mask])
        # Critical state: the city has lost its margin for error (reds − blacks ≤ 2).
        critical = players - 2 * blacks <= 2
        if critical != self.critical:
            (self.margin_lost if critical else self.margin_regained).append(index)
            self.critical = critical
        phase = self.phase
        for seat in seats:
            # `Departure` argument tuples (`GameRecord.departures` is built on read); a will
            # names its departure by its position here.
            departure = (seat, how, phase, index, players, critical)
            self.departure_mask_after[seat] = (departure, alive, len(self.departures))
            self.departures.append(departure)
        self.changes.append((index, alive))
        if how == "disqualified":
            for seat in seats:
                self.disqualified |= 1 << seat
        elif self.first_out is None:
            # First Out: the first player to leave with a farewell (vote, raise or shot). A
            # disqualified player leaves no will and is not the First Out; of a raised set
            # the first in list order is.
            self.first_out = seats[0]
        # Victory conditions, after every departure.
        if blacks == 0:
            self.finish(index, "red", "all_black_out")
        elif blacks >= players - blacks:
            self.finish(index, "black", "parity")

    def finish(self, index: int, winner: str, end: str) -> None:
        self.current = _NO_CODES  # every later event is read in full (and refused)
        self.winner = winner
        self.end = end
        self.end_index = index


# --- day --------------------------------------------------------------------------------------


class _Day(_Seats):
    """Nominations, the day's vote, revotes among the tied, and the raise decision."""

    __slots__ = ("nominated", "nominators", "vote_state", "vote_round", "tied", "nominations", "votes", "raises")

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        _Seats.start_game(self, ruleset, seats, events)
        self.nominations = []
        self.votes = []
        self.raises = []
        _Day.start_phase(self)

    def start_phase(self) -> None:
        """A new day (or night): no nominations, no vote yet."""
        self.nominated = []
        self.nominators = []
        self.vote_state = NO_VOTE
        self.vote_round = 0
        self.tied = ()

    def on_nominate(self, index: int, event: dict) -> None:
        by = event.get("by")
        target = event.get("target")
        living = self.living
        if not (
            type(by) is int
            and type(target) is int
            and by in living
            and target in living
            and self.vote_state == NO_VOTE
            and target not in self.nominated
            and not (self.ruleset.one_nomination_per_player_per_day and by in self.nominators)
        ):
            self.refuse_nomination(index, event)
        self.nominated.append(target)
        self.nominators.append(by)
        self.nominations.append((index, (self.phase_key + 1) >> 1, by, target))

    def refuse_nomination(self, index: int, event: dict) -> NoReturn:
        by = self.seat_field(index, event, "by")
        target = self.seat_field(index, event, "target")
        if self.vote_state != NO_VOTE:
            self.fail(index, event, "nominate.after-voting", "the day's voting has already begun")
        self.require_alive(index, event, by, "nominate.by-departed", "nominating seat")
        self.require_alive(index, event, target, "nominate.target-departed", "nominated seat")
        if target in self.nominated:
            self.fail(
                index,
                event,
                "nominate.already-nominated",
                f"seat {target} is already on the voting list",
                seat=target,
            )
        self.fail(
            index,
            event,
            "nominate.second-by-player",
            f"seat {by} has already nominated today; each player nominates once a day",
            seat=by,
        )

    def on_vote(self, index: int, event: dict) -> None:
        day = (self.phase_key + 1) >> 1
        round_number = event.get("round")
        given_candidates = event.get("candidates")
        given_votes = event.get("votes")
        state = self.vote_state
        alive = self.alive
        # The common case in bulk: well-formed fields, the day's list (or the tied set) as it
        # stands, every candidate at the table. Anything else is read in full by `check_vote`.
        if not (
            type(round_number) is int
            and type(given_candidates) is list
            and type(given_votes) is dict
            and given_candidates
            and _ints_only(given_candidates)
            and (
                (
                    state == NO_VOTE
                    and round_number == 1
                    and given_candidates == self.nominated
                    and (
                        len(given_candidates) != 1
                        or day != 1
                        or self.ruleset.day_one_single_nomination_votes
                    )
                )
                or (
                    state == REVOTE_NEXT
                    and round_number == self.vote_round + 1
                    and tuple(given_candidates) == self.tied
                )
            )
            and _all_in(given_candidates, self.living)
        ):
            self.check_vote(index, event, day)
        # What `check_vote` lets through is a list of candidates and a dict of ballots
        # (compiled: typed, so the loops below run in C).
        candidates = given_candidates
        votes = given_votes

        # Ballots: every living voter; a missing vote counts against the last candidate. The
        # voters are living seats named once (as JSON keys always are: the living seats'
        # string keys; any other spelling is read seat by seat), each choice an int that is
        # one candidate's. Any fault is explained in detail by `refuse_ballots`. The record's
        # ballots, defaulted voters and counts are built when read, from the ballots cast as
        # given (a copy) and the living seats (`record.vote_rounds`).
        names = self.names_at.get(alive) or self.numbering.voter_names(alive)
        for voter_key in votes:
            if voter_key not in names:
                cast = self.cast_by_seat(index, event, votes, candidates, alive)
                break
        else:
            cast = votes.copy()
        counts = [0] * len(candidates)
        for choice in cast.values():
            if type(choice) is not int or choice not in candidates:
                self.refuse_ballots(index, event, votes, candidates)
            position = candidates.index(choice)
            counts[position] += 1
        counts[-1] += len(names) - len(cast)  # the defaulted ballots (a name per living seat)
        # The leaders: the candidates with the most votes, in list order.
        top = -1
        most = []
        for position in range(len(counts)):
            count = counts[position]
            if count > top:
                top = count
                most = [candidates[position]]
            elif count == top:
                most.append(candidates[position])
        self.vote_round = round_number
        if len(most) == 1:
            outcome = "eliminated"
            eliminated = most[0]
            leaders = (eliminated,)
        else:
            eliminated = None
            leaders = tuple(most)
            # A revote that narrows the tie starts another revote; an unchanged tie (after a
            # revote) goes to the raise decision.
            outcome = "raise" if state == REVOTE_NEXT and len(leaders) == len(candidates) else "revote"
        self.votes.append(
            (index, day, round_number, tuple(candidates), cast, alive, counts, leaders, outcome, eliminated)
        )
        if eliminated is not None:
            self.vote_state = DAY_DECIDED
            self.remove((eliminated,), "vote", index)
        else:
            self.vote_state = RAISE_NEXT if outcome == "raise" else REVOTE_NEXT
            self.tied = leaders

    def check_vote(self, index: int, event: dict, day: int) -> None:
        """The vote's fields and candidates in full, refusing the first fault in order."""
        round_number = event.get("round")
        if type(round_number) is not int:
            if "round" not in event:
                self.fail(index, event, "event.field-missing", "`round` is missing")
            self.fail(index, event, "event.field-type", "`round` must be a number")
        candidates = self.seat_list(index, event, "candidates")
        votes = event.get("votes")
        if type(votes) is not dict:
            if "votes" not in event:
                self.fail(index, event, "event.field-missing", "`votes` is missing")
            self.fail(
                index, event, "event.field-type", "`votes` must map voter seats to candidates"
            )
        if not candidates:
            self.fail(index, event, "vote.no-candidates", "a vote needs at least one candidate")
        for seat in candidates:
            if seat not in self.living:
                self.fail(
                    index, event, "vote.candidate-departed", f"candidate {seat} has left the table",
                    seat=seat, **self.departed(seat),
                )
        state = self.vote_state
        if state == NO_VOTE:
            if round_number != 1:
                self.fail(
                    index,
                    event,
                    "vote.round-out-of-sequence",
                    f"the day's first vote is round 1, not {round_number}",
                )
            nominated = self.nominated
            if candidates != nominated:
                expected = [seat for seat in nominated if seat in self.living]
                self.same_list(
                    index,
                    event,
                    candidates,
                    expected,
                    "vote.candidates-not-nominated",
                    "the day's voting list",
                )
            if (
                len(candidates) == 1
                and day == 1
                and not self.ruleset.day_one_single_nomination_votes
            ):
                self.fail(
                    index,
                    event,
                    "vote.single-nomination-day-one",
                    "on Day 1 a single nomination gets no vote",
                    seat=candidates[0],
                )
        elif state == REVOTE_NEXT:
            if round_number != self.vote_round + 1:
                self.fail(
                    index,
                    event,
                    "vote.round-out-of-sequence",
                    f"the revote is round {self.vote_round + 1}, not {round_number}",
                )
            expected = [seat for seat in self.tied if seat in self.living]
            self.same_list(
                index,
                event,
                candidates,
                expected,
                "vote.candidates-not-tied",
                "the tied candidates",
            )
        elif state == RAISE_NEXT:
            self.fail(
                index,
                event,
                "vote.raise-pending",
                f"the revote kept the tie {list(self.tied)}; the raise decision comes next",
                seats=" ".join(map(str, self.tied)),
            )
        else:
            self.fail(index, event, "vote.day-decided", "the day's vote has already been decided")

    def cast_by_seat(self, index: int, event: dict, votes: dict, candidates: list, alive: int) -> dict:
        """The ballots cast as {voter seat: choice}, from voter keys of any spelling (ints from
        Python callers, or "5" and 5 together: a voter named twice is refused)."""
        voter_keys = self.voters_at.get(alive) or self.numbering.voter_keys(alive)
        cast = dict(zip(map(voter_keys.get, votes), votes.values(), strict=True))
        if None in cast or len(cast) != len(votes):  # not a living seat; a voter named twice
            self.refuse_ballots(index, event, votes, candidates)
        return cast

    def refuse_ballots(self, index: int, event: dict, votes: dict, candidates: list) -> NoReturn:
        seen = set()
        for voter_key, choice in votes.items():
            voter = self.seat_keys.get(voter_key)
            if voter is None:
                self.fail(
                    index,
                    event,
                    "event.seat-out-of-range",
                    f"voter {_describe(voter_key)} is not a seat 1..{self.seat_count}",
                )
            if voter in seen:
                self.fail(index, event, "vote.duplicate-seat", f"seat {voter} votes twice", seat=voter)
            seen.add(voter)
            if voter not in self.living:
                self.fail(index, event, "vote.voter-departed", f"voter {voter} has left the table",
                          seat=voter, **self.departed(voter))
            if type(choice) is not int or choice not in candidates:
                self.fail(
                    index,
                    event,
                    "vote.not-a-candidate",
                    f"seat {voter} votes for {_describe(choice)}, who is not a candidate "
                    f"{candidates}",
                    seat=voter,
                )
        raise AssertionError("refuse_ballots found nothing to refuse")

    def same_list(
        self, index: int, event: dict, candidates: list, expected: list, rule: str, what: str
    ) -> None:
        if candidates == expected:
            return
        if sorted(candidates) == sorted(expected):
            self.fail(
                index,
                event,
                "vote.candidates-order",
                f"candidates {candidates} are not in list order {expected}",
                seats=" ".join(map(str, expected)),
            )
        strangers = [seat for seat in candidates if seat not in expected]
        if strangers:
            self.fail(index, event, rule, f"seat {strangers[0]} is not on {what} {expected}",
                      seat=strangers[0], seats=" ".join(map(str, expected)))
        missing = [seat for seat in expected if seat not in candidates]
        self.fail(
            index, event, rule, f"seat {missing[0]} of {what} {expected} is missing from the vote",
            seat=missing[0], seats=" ".join(map(str, expected)),
        )

    def on_raise(self, index: int, event: dict) -> None:
        candidates = self.seat_list(index, event, "candidates")
        hands = self.seat_list(index, event, "hands")
        if self.vote_state != RAISE_NEXT:
            self.fail(
                index,
                event,
                "raise.without-unchanged-tie",
                "a raise decision needs a revote that kept the tied set unchanged",
            )
        alive = self.alive
        expected = [seat for seat in self.tied if seat in self.living]
        if sorted(candidates) != sorted(expected):
            self.fail(
                index,
                event,
                "raise.candidates-not-tied",
                f"the raise is about the tied candidates {expected}, not {candidates}",
            )
        for seat in hands:
            self.require_alive(index, event, seat, "raise.hand-departed", "raising seat")
        passed = raise_passes(len(hands), alive.bit_count())
        self.raises.append(
            (
                index,
                (self.phase_key + 1) >> 1,
                tuple(expected),
                frozenset(hands),
                passed,
                self.mask_sets[alive],
            )
        )
        self.vote_state = DAY_DECIDED
        if passed:
            self.remove(tuple(expected), "raise", index)


# --- night ------------------------------------------------------------------------------------


class _Night(_Day):
    """The night's stages in the ruleset's order: the shot and the checks."""

    __slots__ = ("night_stage", "night_done", "shot_tonight", "nights", "checks")

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        _Day.start_game(self, ruleset, seats, events)
        self.nights = []
        self.checks = []
        _Night.start_phase(self)

    def start_phase(self) -> None:
        """A new night (or day): no stage recorded yet, nobody shot tonight."""
        _Day.start_phase(self)
        self.night_stage = -1
        self.night_done = 0
        self.shot_tonight = 0

    def enter_stage(self, index: int, event: dict, stage: str) -> int:
        """Night procedure: the stages come in the ruleset's order, each at most once."""
        position = self.ruleset.stage_position(stage)
        if position <= self.night_stage:
            if position == self.night_stage:
                self.fail(index, event, "night.stage-repeated", f"this night already has a {stage}", stage=stage)
            order = ", ".join(self.ruleset.night_order)
            self.fail(
                index,
                event,
                "night.order",
                f"{stage} comes too late; the {self.ruleset.id} night order is {order}",
                stage=stage,
            )
        self.night_stage = position
        self.night_done |= 1 << position
        return self.phase_key >> 1

    def on_shot(self, index: int, event: dict) -> None:
        night = self.enter_stage(index, event, SHOT)
        if self.ruleset.shot_rule == SHOWN_NUMBERS:
            shots, killed = self.shot_by_shown_numbers(index, event)
            target = killed
        else:
            shots = {}
            target = killed = self.shot_by_don_decision(index, event)
        responsible = ()
        raw_responsible = event.get("responsible")
        if raw_responsible is not None and raw_responsible != []:
            responsible = tuple(self.seat_list(index, event, "responsible"))
            if killed is not None:
                self.fail(
                    index,
                    event,
                    "shot.responsible-without-miss",
                    "`responsible` is for misses only",
                )
            for seat in responsible:
                if not (seat in self.blacks and seat in self.living):
                    self.fail(
                        index,
                        event,
                        "shot.responsible-not-shooter",
                        f"seat {seat} is not a black player at the table",
                        seat=seat,
                    )
        self_shot = killed is not None and killed in self.blacks
        self.nights.append(
            (index, night, shots, target, killed, killed is None, responsible, self_shot)
        )
        if killed is not None:
            self.shot_tonight = killed
            self.remove((killed,), "shot", index)

    def shot_by_shown_numbers(self, index: int, event: dict) -> tuple[dict, int | None]:
        """Pro Mafia night shot: every living black shows a number; one shared valid
        number (a seat at the table) kills; anything else is a miss."""
        raw = event.get("shots")
        if type(raw) is not dict:
            if "shots" not in event:
                self.fail(index, event, "event.field-missing", "`shots` is missing")
            self.fail(index, event, "event.field-type", "`shots` must map black seats to numbers")
        shots: dict[int, int | None] = {}
        for shooter_key, number in raw.items():
            shooter = self.seat_keys.get(shooter_key)
            if shooter is None:
                self.fail(
                    index,
                    event,
                    "event.seat-out-of-range",
                    f"shooter {_describe(shooter_key)} is not a seat 1..{self.seat_count}",
                )
            if shooter not in self.blacks:
                self.fail(
                    index,
                    event,
                    "shot.shooter-not-black",
                    f"seat {shooter} is red and does not shoot",
                    seat=shooter,
                )
            if shooter not in self.living:
                self.fail(
                    index,
                    event,
                    "shot.shooter-departed",
                    f"black seat {shooter} has left the table",
                    seat=shooter, **self.departed(shooter),
                )
            if shooter in shots:
                self.fail(index, event, "shot.duplicate-seat", f"seat {shooter} shows twice", seat=shooter)
            if number is not None and (type(number) is not int or not 0 < number <= self.seat_count):
                self.fail(
                    index,
                    event,
                    "event.seat-out-of-range",
                    f"seat {shooter} shows {_describe(number)}, which is not a seat 1..{self.seat_count}",
                )
            shots[shooter] = number
        # Every shooter listed is a living black, once: as many as the living blacks are.
        if len(shots) != len(self.mask_sets[self.alive & self.black_mask]):
            missing = min((self.blacks & self.living).difference(shots))
            self.fail(
                index,
                event,
                "shot.shooter-missing",
                f"black seat {missing} is at the table and must show a number "
                "(or null)",
                seat=missing,
            )
        # One shared number (a seat at the table) kills: every shown number equal to the first.
        shown = None
        for position, number in enumerate(shots.values()):
            if position == 0:
                shown = number
            elif number != shown:
                return shots, None
        if shown is not None and shown in self.living:
            return shots, shown
        return shots, None

    def shot_by_don_decision(self, index: int, event: dict) -> int | None:
        """fiim-2025 night shot: the Don decides (without the Don, the remaining mafia)."""
        if "target" not in event:
            self.fail(index, event, "event.field-missing", "`target` is missing (a seat or null)")
        if event["target"] is None:
            return None
        target = self.seat_field(index, event, "target")
        self.require_alive(index, event, target, "shot.target-departed", "shot seat")
        return target

    def on_check(self, index: int, event: dict, stage: str, checker: int, by: str) -> None:
        night = self.enter_stage(index, event, stage)
        role = "Don" if by == "don" else "Sheriff"
        if checker not in self.living:
            if checker == self.shot_tonight:
                self.fail(
                    index,
                    event,
                    "check.checker-shot-tonight",
                    f"the {role} (seat {checker}) was killed by this night's shot and does not "
                    "check",
                    seat=checker, role=by,
                )
            self.fail(
                index,
                event,
                "check.checker-departed",
                f"the {role} (seat {checker}) has left the table",
                seat=checker, role=by, **self.departed(checker),
            )
        target = self.seat_field(index, event, "target")
        if target == checker:
            self.fail(index, event, "check.self", f"the {role} cannot check their own seat", seat=checker, role=by)
        self.require_alive(index, event, target, "check.target-departed", "checked seat")
        if by == "sheriff":
            result = "black" if target in self.blacks else "red"
        else:
            result = "sheriff" if target == self.sheriff else "not_sheriff"
        self.checks.append((index, night, by, checker, target, result))

    def on_don_check(self, index: int, event: dict) -> None:
        self.on_check(index, event, DON_CHECK, self.don, "don")

    def on_sheriff_check(self, index: int, event: dict) -> None:
        self.on_check(index, event, SHERIFF_CHECK, self.sheriff, "sheriff")


# --- wills ------------------------------------------------------------------------------------


class _Wills(_Night):
    """What a departed player leaves: a First Color Will, a Last Will Ordered, the helm."""

    __slots__ = ("wills", "will_seats")

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        _Night.start_game(self, ruleset, seats, events)
        self.wills = []
        self.will_seats = 0

    def has_left_will(self, seat: int) -> bool:
        return bool(self.will_seats >> seat & 1)

    def on_will(self, index: int, event: dict) -> None:
        seat = self.seat_field(index, event, "seat")
        kind = self.text_field(index, event, "kind")
        if kind not in WILL_KINDS:
            self.fail(
                index,
                event,
                "will.kind-unknown",
                f"unknown will kind {_describe(kind)} (first_color, ordered, pass_the_helm or "
                "none)",
            )
        if seat in self.living:
            self.fail(index, event, "will.not-departed", f"seat {seat} has not left the table", seat=seat)
        if self.was_disqualified(seat):
            self.fail(
                index,
                event,
                "will.after-disqualification",
                f"seat {seat} was disqualified and leaves no will",
                seat=seat,
            )
        if self.has_left_will(seat):
            self.fail(index, event, "will.duplicate", f"seat {seat} has already left a will", seat=seat)
        _departure, alive_after, departure_position = self.departure_mask_after[seat]
        allowed = FIRST_OUT_WILLS if seat == self.first_out else LATER_WILLS
        if kind not in allowed:
            if kind == "first_color":
                text = f"only the First Out (seat {self.first_out}) leaves a First Color Will"
            else:
                text = (
                    "the First Out leaves a First Color Will or passes the helm, "
                    "not a Last Will Ordered"
                )
            self.fail(index, event, f"will.{kind.replace('_', '-')}-not-allowed", text, seat=seat,
                      first_out=self.first_out or 0)
        for other_kind, name in WILL_FIELDS.items():
            if other_kind != kind and event.get(name) not in _NO_VALUE:
                self.fail(index, event, "will.field-mismatch", f"a {kind} will has no `{name}`")
        declarations: dict[int, str] = {}
        targets: tuple[int, ...] = ()
        recipient = None
        if kind == "first_color":
            declarations = self.will_declarations(index, event, alive_after)
        elif kind == "ordered":
            targets = tuple(self.seat_list(index, event, "targets"))
            players = alive_after.bit_count()
            limit = last_will_target_limit(players)
            if len(targets) > limit:
                self.fail(
                    index,
                    event,
                    "will.too-many-targets",
                    f"{len(targets)} targets; with {players} players left the limit is {limit}",
                    count=len(targets), players=players, limit=limit,
                )
            for target in targets:
                self.will_target_at_table(index, event, target, alive_after)
        elif kind == "pass_the_helm":
            recipient = self.seat_field(index, event, "recipient")
            self.will_target_at_table(index, event, recipient, alive_after)
        self.will_seats |= 1 << seat
        # `Will` argument tuples, its departure by position (`record.will_rows` builds them).
        self.wills.append((index, seat, kind, declarations, targets, recipient, departure_position))

    def will_declarations(self, index: int, event: dict, alive_after: int) -> dict[int, str]:
        raw = event.get("declarations")
        if type(raw) is not dict:
            if "declarations" not in event:
                self.fail(index, event, "event.field-missing", "`declarations` is missing")
            self.fail(
                index, event, "event.field-type", "`declarations` must map seats to red or black"
            )
        if len(raw) > FIRST_COLOR_WILL_MAX_DECLARATIONS:
            self.fail(
                index,
                event,
                "will.too-many-declarations",
                f"{len(raw)} colour declarations; a First Color Will names up to 3 players",
                count=len(raw), limit=FIRST_COLOR_WILL_MAX_DECLARATIONS,
            )
        declarations: dict[int, str] = {}
        for seat_key, colour in raw.items():
            seat = self.seat_keys.get(seat_key)
            if seat is None:
                self.fail(
                    index,
                    event,
                    "event.seat-out-of-range",
                    f"{_describe(seat_key)} is not a seat 1..{self.seat_count}",
                )
            if seat in declarations:
                self.fail(index, event, "will.duplicate-seat", f"seat {seat} is declared twice")
            if colour != "red" and colour != "black":
                self.fail(
                    index,
                    event,
                    "will.colour-unknown",
                    f"seat {seat} is declared {_describe(colour)}, not red or black",
                )
            self.will_target_at_table(index, event, seat, alive_after)
            declarations[seat] = colour
        return declarations

    def will_target_at_table(self, index: int, event: dict, seat: int, alive_after: int) -> None:
        if seat not in self.mask_sets[alive_after]:
            self.fail(
                index,
                event,
                "will.target-not-at-table",
                f"seat {seat} was not at the table after seat {event.get('seat')} left",
                seat=seat, **self.departed(seat),
            )


# --- discipline -------------------------------------------------------------------------------


class _Discipline(_Wills):
    """Fouls (the fourth ordinary and the second technical remove the player),
    disqualifications and the declared defeat."""

    __slots__ = ("ordinary", "technical", "fouls", "disqualifications", "dd")

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        _Wills.start_game(self, ruleset, seats, events)
        self.ordinary = [0] * (self.seat_count + 1)
        self.technical = [0] * (self.seat_count + 1)
        self.fouls = []
        self.disqualifications = []
        self.dd = None

    def on_foul(self, index: int, event: dict) -> None:
        seat = event.get("seat")
        kind = event.get("kind")
        if kind == "ordinary":
            counter = self.ordinary
        elif kind == "technical":
            counter = self.technical
        else:
            counter = None
        if counter is None or type(seat) is not int or seat not in self.living:
            self.refuse_foul(index, event)
        number = counter[seat] = counter[seat] + 1
        self.fouls.append((index, seat, kind, self.phase, number))
        # The fourth ordinary foul and the second technical foul remove the player.
        if number == FOURTH_ORDINARY_FOUL and kind == "ordinary":
            self.disqualify(index, seat, "fourth ordinary foul", "fourth_foul")
        elif number == SECOND_TECHNICAL_FOUL and kind == "technical":
            self.disqualify(index, seat, "second technical foul", "second_technical")

    def refuse_foul(self, index: int, event: dict) -> NoReturn:
        seat = self.seat_field(index, event, "seat")
        kind = self.text_field(index, event, "kind")
        if kind != "ordinary" and kind != "technical":
            self.fail(
                index,
                event,
                "foul.kind-unknown",
                f"unknown foul kind {_describe(kind)} (ordinary or technical)",
            )
        self.require_alive(index, event, seat, "foul.departed", "seat")
        raise AssertionError("refuse_foul found nothing to refuse")

    def disqualify(self, index: int, seat: int, reason: str, cause: str) -> None:
        self.disqualifications.append((index, seat, reason, cause, self.phase))
        self.remove((seat,), "disqualified", index)

    def on_disqualify(self, index: int, event: dict) -> None:
        seat = self.seat_field(index, event, "seat")
        reason = self.text_field(index, event, "reason")
        self.require_alive(index, event, seat, "disqualify.departed", "seat")
        self.disqualify(index, seat, reason, "manual")

    def on_dd(self, index: int, event: dict) -> None:
        # DD may name any seat, even one that has left ("DD can be assigned … even if that
        # player is already dead or removed"). The offender's team loses.
        seat = self.seat_field(index, event, "seat")
        reason = self.text_field(index, event, "reason")
        self.dd = DeclaredDefeat(index, seat, reason, self.phase)
        self.finish(index, "red" if seat in self.blacks else "black", "dd")


# --- the outcome ------------------------------------------------------------------------------


class _Outcome(_Discipline):
    """The surrender, and what the judge records after the end: who is responsible for the
    Sheriff's first-night kill, and the judge's bonuses."""

    __slots__ = ("surrender_index", "sheriff_kill_responsible", "bonuses")

    def start_game(self, ruleset: Ruleset, seats: tuple, events: list) -> None:
        _Discipline.start_game(self, ruleset, seats, events)
        self.surrender_index = None
        self.sheriff_kill_responsible = []
        self.bonuses = []

    def on_surrender(self, index: int, event: dict) -> None:
        self.surrender_index = index
        self.finish(index, "red", "surrender")

    def on_sheriff_kill_responsible(self, index: int, event: dict) -> None:
        seat = self.seat_field(index, event, "seat")
        if seat not in self.blacks:
            self.fail(
                index,
                event,
                "sheriff-kill-responsible.not-black",
                f"seat {seat} is not a black player",
            )
        entry = self.departure_mask_after.get(self.sheriff)
        first_night = self.ruleset.first_shot_night
        # entry[0]: the Sheriff's `Departure` argument tuple (seat, how, phase, …)
        if entry is None or entry[0][1] != "shot" or entry[0][2].number != first_night:
            self.fail(
                index,
                event,
                "sheriff-kill-responsible.no-first-night-kill",
                f"the Sheriff was not killed by the shot of Night {first_night}",
            )
        if seat in self.sheriff_kill_responsible:
            self.fail(
                index,
                event,
                "sheriff-kill-responsible.duplicate",
                f"seat {seat} is already recorded",
            )
        self.sheriff_kill_responsible.append(seat)

    def on_bonus(self, index: int, event: dict) -> None:
        if not self.ruleset.judge_bonuses:
            self.fail(
                index, event, "bonus.not-in-ruleset", f"{self.ruleset.id} has no judge bonuses"
            )
        seat = self.seat_field(index, event, "seat")
        points = event.get("points")
        if type(points) not in (int, float) or not math.isfinite(points):
            if "points" not in event:
                self.fail(index, event, "event.field-missing", "`points` is missing")
            self.fail(index, event, "event.field-type", "`points` must be a finite number")
        reason = self.text_field(index, event, "reason")
        self.bonuses.append((index, seat, float(points), reason))


# --- the replay -------------------------------------------------------------------------------


class _Replay(_Outcome):
    """The loop over the events, and the record it hands over."""

    __slots__ = ()

    def run(self) -> GameRecord:
        # The fast check: `self.current` maps the event types of the current kind of phase to
        # their event codes (nothing before the first event or after the end); the event's
        # `phase_field` is `phase_number` (`is`: an int of this very phase; small ints are
        # shared objects) and the other field is absent. Anything else goes through
        # `dispatch`, which reads the event in full. The handler is then chosen by its code,
        # the most common events first: a direct call of each (a C call, when compiled).
        phase_field = other_field = "night"
        phase_number = _NO_PHASE
        index = 0
        try:
            for index, item in enumerate(self.events):
                if type(item) is not dict:
                    raise ProtocolError(
                        index, "event.not-object", f"event {index}: an event must be a JSON object"
                    )
                event = item  # a dict (compiled: typed, its `get` a C call)
                kind = event.get("type")
                code = self.current.get(kind, _UNREAD) if type(kind) is str else _UNREAD
                if (
                    code == _UNREAD
                    or event.get(phase_field) is not phase_number
                    or event.get(other_field) is not None
                ):
                    code = self.dispatch(index, event)
                    phase_field, other_field, phase_number = self.phase_check
                if code == _FOUL:
                    self.on_foul(index, event)
                elif code == _NOMINATE:
                    self.on_nominate(index, event)
                elif code == _VOTE:
                    self.on_vote(index, event)
                elif code == _WILL:
                    self.on_will(index, event)
                elif code == _SHOT:
                    self.on_shot(index, event)
                elif code == _DON_CHECK:
                    self.on_don_check(index, event)
                elif code == _SHERIFF_CHECK:
                    self.on_sheriff_check(index, event)
                elif code == _RAISE:
                    self.on_raise(index, event)
                elif code == _BONUS:
                    self.on_bonus(index, event)
                elif code == _DISQUALIFY:
                    self.on_disqualify(index, event)
                elif code == _DD:
                    self.on_dd(index, event)
                elif code == _SURRENDER:
                    self.on_surrender(index, event)
                else:
                    self.on_sheriff_kill_responsible(index, event)
        except Exception:
            self.at = index  # for `replay`'s answer to a bug
            raise
        self.at = len(self.events)
        return self.record()

    def dispatch(self, index: int, event: dict) -> int:
        """The event's type, the end of the game and the event's phase, read in full; the
        event's code."""
        kind = event.get("type")
        entry = _EVENT_CODES.get(kind) if type(kind) is str else None
        if entry is None:
            raise ProtocolError(
                index,
                "event.type-unknown",
                f"event {index}: unknown event type {_describe(kind)}",
            )
        if self.end_index is not None and kind not in AFTER_END_EVENTS:
            self.fail(
                index,
                event,
                "event.after-end",
                f"the game ended with event {self.end_index} ({self.end}); only `bonus` "
                "and `sheriff_kill_responsible` may follow",
                end=self.end,
            )
        code, want = entry
        if want:
            self.enter_phase(index, event, want)
        return code

    def record(self) -> GameRecord:
        """The record. The fields in `BUILT_ON_READ` go over as argument tuples, built when
        read; the record keeps no reference to the replay."""
        record = GameRecord.__new__(GameRecord)
        record.ruleset = self.ruleset.id
        record.events = events = tuple(self.events)
        record.dd = self.dd
        record.surrender_index = self.surrender_index
        record.sheriff_kill_responsible = tuple(self.sheriff_kill_responsible)
        record.first_out = self.first_out
        record.winner = self.winner
        record.end = self.end
        record.finished = self.end is not None
        record.end_index = self.end_index
        lost = self.margin_lost
        record.margin_lost_index = lost[0] if lost else None
        record.margin_lost_indices = tuple(lost)
        record.margin_regained_indices = tuple(self.margin_regained)
        record.phase = self.phase
        # Alive after each event: everyone after the deal, then a new set from each departure on.
        total = len(events) + 1
        masks = [self.numbering.everyone] * total
        changes = self.changes
        for change in range(len(changes)):
            index, after = changes[change]
            until = changes[change + 1][0] + 1 if change + 1 < len(changes) else total
            masks[index + 1 : until] = [after] * (until - index - 1)
        record._alive_masks = tuple(masks)
        record._black_mask = self.black_mask
        record._numbering = self.numbering
        record._unbuilt = {
            "seats": self.seats,
            "departures": self.departures,
            "wills": self.wills,
            "nominations": self.nominations,
            "votes": self.votes,
            "raises": self.raises,
            "nights": self.nights,
            "checks": self.checks,
            "fouls": self.fouls,
            "disqualifications": self.disqualifications,
            "bonuses": self.bonuses,
        }
        # FinalTable is a NamedTuple: built without its keyword layer (the same fields, in order).
        record._final = tuple.__new__(FinalTable, (
            self.ruleset.id,
            self.alive,
            self.critical,
            self.ordinary,
            self.technical,
            self.nominated,
            self.nominators,
            self.vote_state,
            self.vote_round,
            self.tied,
            self.night_done,
            self.will_seats,
        ))
        return record


# event type → (its code in `run`, the phase it needs)
_EVENT_CODES = {
    "nominate": (_NOMINATE, _DAY),
    "vote": (_VOTE, _DAY),
    "raise": (_RAISE, _DAY),
    "shot": (_SHOT, _NIGHT),
    "don_check": (_DON_CHECK, _NIGHT),
    "sheriff_check": (_SHERIFF_CHECK, _NIGHT),
    "will": (_WILL, _PHASELESS),
    "foul": (_FOUL, _DAY_OR_NIGHT),
    "disqualify": (_DISQUALIFY, _DAY_OR_NIGHT),
    "dd": (_DD, _DAY_OR_NIGHT),
    "surrender": (_SURRENDER, _DAY_OR_NIGHT),
    "sheriff_kill_responsible": (_SHERIFF_KILL_RESPONSIBLE, _PHASELESS),
    "bonus": (_BONUS, _PHASELESS),
}

EVENT_TYPES = frozenset(_EVENT_CODES)
# The codes of the event types that happen in a day, at night (for the fast check).
_DAY_CODES = {kind: code for kind, (code, want) in _EVENT_CODES.items() if want & _DAY}
_NIGHT_CODES = {kind: code for kind, (code, want) in _EVENT_CODES.items() if want & _NIGHT}
