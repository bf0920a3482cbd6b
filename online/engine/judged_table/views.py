"""What one seat may know: the per-seat view every agent and the person's page are given.

Public: the judge's announcements, speeches, nominations, votes, fouls, departures. Private to
the seat: its role, its own checks, and for the black team the Mafia's identities, claims and
kill decisions. Nothing else: a view is built from the events whose `to` names the seat (or
that have no `to`) and from the state's public facts; the tests in
tests/online/engine/judged_table/test_views.py prove for every role that no hidden fact leaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vocabulary import BLACK_ROLES

from .judge import SEATS, TableState, new_public_cache

PUBLIC_STEPS = {
    "speech": "speech", "vote": "vote", "hands": "hands", "sheriff_check": "sheriff",
    "claims": "hunt", "kill": "hunt", "don_check": "don", "over": "over",
}  # fmt: skip


# Not frozen: a frozen dataclass's __init__ costs twice as much, and a view is built fresh for
# every question, so an agent that changes its own changes nothing. Not `slots=True` either: the
# compiled build makes the view an extension type (views.pxd: its fields as C fields), which
# Cython's dataclass cannot combine with slots. Keep views.pxd in step with the fields.
@dataclass
class SeatView:
    seat: int
    role: str
    team: str
    alive: bool
    phase: str  # "day" or "night" (or the phase the game ended in)
    number: int
    step: str  # the public name of what happens now (PUBLIC_STEPS)
    speaker: int | None  # whose speech it is, in a speech
    request: dict | None  # what the judge asks of this seat now, or None
    living: tuple[int, ...]
    fouls: dict[int, int]
    nominees: tuple[int, ...]  # today's, in order
    mafia: dict | None  # the black team (black seats only): {"black": [...], "don": n}
    checks: tuple[dict, ...]  # this seat's own checks (Sheriff: red/black; Don: sheriff/not)
    claims: dict[int, int | None] | None  # tonight's claims (black seats only)
    winner: str | None
    history: tuple[dict, ...] = field(default=())  # the visible events from `since` (read-only)
    since: int = 0
    log_length: int = 0
    language: str = "en"  # the table's language ("en", "ru"): what the judge and the table speak

    def to_dict(self) -> dict:
        return {
            "seat": self.seat, "role": self.role, "team": self.team, "alive": self.alive,
            "phase": self.phase, "number": self.number, "step": self.step, "speaker": self.speaker,
            "request": self.request, "living": list(self.living),
            "fouls": {str(seat): n for seat, n in self.fouls.items()},
            "nominees": list(self.nominees), "mafia": self.mafia, "checks": list(self.checks),
            "claims": None if self.claims is None else {str(s): t for s, t in self.claims.items()},
            "winner": self.winner, "history": [dict(event) for event in self.history], "since": self.since,
            "log_length": self.log_length, "language": self.language,
        }  # fmt: skip


def visible(event: dict, seat: int) -> bool:
    to = event.get("to")
    return to is None or seat in to


def history_for(log: list[dict], seat: int, since: int = 0) -> tuple[dict, ...]:
    """The events of the log from `since` that the seat may see. The events are the log's own
    objects, shared for speed: read them, never change them (`to_dict` gives copies). A
    private event's `to` names only the seat or its own team, which the seat knows."""
    # `"to" not in event` rather than `.get`: no method call per event, the hottest line of a
    # bot game (a private event always carries its `to` list, a public one no `to` at all).
    return tuple([event for event in log[since:] if "to" not in event or seat in event["to"]])


class SeatHistories:
    """Every seat's visible events, sorted out once as the log grows, for a driver that asks
    the seats in turn: `add(events)` with every batch appended to the log (the first batch
    included), `take(seat)` the events new to the seat since its last `take`, in the log's order
    — what `history_for(log, seat, since)` gives, without every seat's view looking at every
    event again. The public events are kept once for all seats; a seat's private events are
    kept with the number of public events before each, which places them among the public ones."""

    __slots__ = ("public", "private", "taken_public", "taken_private")

    def __init__(self, events: list[dict] = ()) -> None:
        self.public: list[dict] = []
        self.private: list[list[tuple[int, dict]]] = [[] for _ in range(11)]  # index 0 unused
        self.taken_public = [0] * 11
        self.taken_private = [0] * 11
        self.add(events)

    def add(self, events: list[dict]) -> None:
        public, private = self.public, self.private
        for event in events:
            if "to" in event:  # a private event (a public one has no `to`)
                place = len(public)
                for seat in event["to"]:
                    private[seat].append((place, event))
            else:
                public.append(event)

    def take(self, seat: int, with_history: bool = True) -> tuple[dict, ...]:
        public, mine = self.public, self.private[seat]
        start, first = self.taken_public[seat], self.taken_private[seat]
        self.taken_public[seat], self.taken_private[seat] = len(public), len(mine)
        if not with_history:
            return ()
        if first == len(mine):  # nothing private since the last take: the public events only
            return tuple(public[start:])
        history: list[dict] = []
        for place, event in mine[first:]:
            history += public[start:place]
            history.append(event)
            start = place
        history += public[start:]
        return tuple(history)


def request_for(st: TableState, seat: int, living: tuple[int, ...] | None = None) -> dict | None:
    """What the judge waits for from this seat in the open window (`living`: the seats at the
    table, in order, when the caller has them)."""
    step = st.step
    if step == "speech":
        if st.actor != seat:
            return None
        return {
            "action": "speak",
            "purpose": st.purpose,
            "limit": st.limit,
            "unit": st.config.limit_unit,
        }
    if not st.alive[seat]:
        return None
    if step == "vote":
        if seat in st.round_votes:
            return None
        return {"action": "vote", "round": st.round, "candidates": list(st.candidates),
                "open": st.candidates[st.window], "default": st.candidates[-1]}  # fmt: skip
    if step == "hands":
        if seat in st.hands:
            return None
        return {"action": "hand", "candidates": list(st.candidates)}
    if living is None:
        living = [s for s in SEATS if st.alive[s]]
    if step in ("sheriff_check", "don_check") and st.actor == seat:
        kind = "sheriff" if step == "sheriff_check" else "don"
        return {"action": "check", "as": kind, "targets": [s for s in living if s != seat]}
    if step == "claims" and seat in st.claimants and seat not in st.claims:
        return {"action": "claim", "targets": list(living)}
    if step == "kill" and st.actor == seat:
        return {"action": "kill", "targets": list(living),
                "claims": {str(s): t for s, t in st.claims.items()}}  # fmt: skip
    return None


def seat_view(
    st: TableState,
    log: list[dict],
    seat: int,
    since: int = 0,
    with_history: bool = True,
    histories: SeatHistories | None = None,
) -> SeatView:
    """The seat's view; `with_history=False` leaves the history out (for an agent that reads
    none), and the next view's `since` then still starts after it. With `histories` (kept by
    the caller beside the log) the history is the seat's events taken from it since its last
    view, which must be the events of the log from `since`."""
    role = st.roles[seat]
    black = role in BLACK_ROLES
    if role == "sheriff" and st.sheriff_checks:
        checks = tuple([{"night": n, "target": t, "result": r} for n, t, r in st.sheriff_checks])
    elif role == "don" and st.don_checks:
        checks = tuple([{"night": n, "target": t, "result": r} for n, t, r in st.don_checks])
    else:
        checks = ()
    # What every seat's view shares: each fact computed once, and kept for as long as the
    # container it comes from is the same object (the judge replaces a container to change it,
    # never changes one in place), so that views of several states share the same tuples. The
    # cache is one list for all the states of a game, each place replaced whole, never changed,
    # and checked against the state asking (written out here: a view is built for every question).
    cache = st.public_cache
    if cache is None:  # a state made before the cache existed
        cache = st.public_cache = new_public_cache()
    alive = st.alive
    kept = cache[0]
    if kept[0] is alive:
        living = kept[1]
    else:
        living = tuple([s for s in SEATS if alive[s]])
        cache[0] = (alive, living)
    fouls = st.fouls
    kept = cache[1]
    if kept[0] is fouls:
        fouled = kept[1]
    else:
        fouled = {s: fouls[s] for s in SEATS if fouls[s]} if any(fouls) else {}
        cache[1] = (fouls, fouled)
    nominees, phase, step = st.nominees, st.phase, st.step
    kept = cache[2]
    if kept[0] is nominees and kept[1] == phase:
        named = kept[2]
    else:
        named = tuple(nominees) if phase == "day" else ()
        cache[2] = (nominees, phase, named)
    # Set field by field on a new object rather than through the dataclass's `__init__`: calling
    # a class whose `__init__` is Python costs a call from C into the interpreter, and a view is
    # built for every question (test_views.py holds it to every field of SeatView). `__new__`
    # of the class itself: an extension type refuses `object.__new__`.
    winner = st.winner
    view = SeatView.__new__(SeatView)
    view.seat = seat
    view.role = role
    view.team = "black" if black else "red"
    view.alive = alive[seat]
    view.phase = phase
    view.number = st.number
    view.step = PUBLIC_STEPS.get(step, step)
    view.speaker = st.actor if step == "speech" else None
    view.request = None if winner else request_for(st, seat, living)
    view.living = living
    view.fouls = {**fouled} if fouled else {}
    view.nominees = named  # today's
    view.mafia = {"black": list(st.blacks), "don": st.don} if black else None
    view.checks = checks
    # tonight's claims: the black players at the table (one who has left takes no part)
    view.claims = dict(st.claims) if black and phase == "night" and alive[seat] else None
    view.winner = winner
    if histories is not None:
        view.history = histories.take(seat, with_history)
    else:
        view.history = history_for(log, seat, since) if with_history else ()
    view.since = since
    view.log_length = len(log)
    view.language = st.config.language
    return view
