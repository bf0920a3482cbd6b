"""The judge of the auto-judged ten-seat table (seed 003, the Official 2025 rules).

    state, log = create_table(seed="…", names=[…])         # the deal; Night 0 begins
    state, events = resolve(state, [Check(seat=4, target=7)])
    log += events                                         # append-only: the truth
    assert replay(log).snapshot() == state.snapshot()

`resolve` never changes the state it is given and takes a batch all or nothing; a refused input
raises `TableError` (a stable rule code, English, `input_index`). Every input that is taken
writes one *input event* first (`speech`, `vote`, `hand`, `claim`, `kill_decided`,
`sheriff_checked`, `don_checked`, `speech_out_of_turn`, `window_closed`), then what follows
from it; `replay` rebuilds the inputs from the input events and requires the judge to write the
same events again. An event with `to` is private to those seats (`to: []`: the judge's only).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from vocabulary import BLACK_ROLES, CLASSIC_DEAL, deal_cards

from ..errors import LogError
from . import commands as c

# By name as well: `_take` tests each input's class, and compiled, a module's global is cheaper
# to read than an attribute of another module.
from .commands import Check, Claim, Hand, Kill, Speak, Timeout, Vote
from .config import REVISION, REVISIONS, TableConfig
from .errors import TableError
from .speech import name_reader, read_speech_memo

SEATS = range(1, 11)
DEAL = tuple(deal_cards(CLASSIC_DEAL))  # the cards before the shuffle, in the vocabulary's order
ORDINARY_FOULS_TO_SHORTEN = 3  # the next speech is shortened (docs/rules.md, "Discipline")
ORDINARY_FOULS_TO_REMOVE = 4  # the fourth ordinary foul removes the player
DEFAULT_NAME = {"en": "Player {seat}", "ru": "Игрок {seat}"}  # a seat's name when none is given
DRAW = "draw"  # the result of a game nobody leaves (`winner` is "red", "black" or this)


class TableState:
    """The table as the judge knows it. Index 0 of the per-seat lists is unused."""

    __slots__ = (
        "config", "seed", "names", "roles", "alive", "phase", "number", "step", "actor",
        "purpose", "limit", "queue", "after", "first_speaker", "fouls", "shortened",
        "nominees", "nominators", "voting_cancelled", "round", "candidates", "window",
        "round_votes", "hands", "claimants", "claims", "killed_tonight", "sheriff_checks",
        "don_checks", "winner", "name_reader", "events_written", "public_cache", "blacks", "don",
        "living_at_round_start", "quiet_rounds", "reading_key",
    )  # fmt: skip

    def copy(self) -> TableState:
        """A copy that shares every container: the judge never changes a container in place, it
        replaces it (`_with`, `[*old, new]`, `{**old, key: value}`), so older states stay as
        they were and a copy costs no more than its attributes."""
        new = TableState.__new__(TableState)
        new.config = self.config
        new.seed = self.seed
        new.names = self.names
        new.roles = self.roles
        new.alive = self.alive
        new.phase = self.phase
        new.number = self.number
        new.step = self.step
        new.actor = self.actor
        new.purpose = self.purpose
        new.limit = self.limit
        new.queue = self.queue
        new.after = self.after
        new.first_speaker = self.first_speaker
        new.fouls = self.fouls
        new.shortened = self.shortened
        new.nominees = self.nominees
        new.nominators = self.nominators
        new.voting_cancelled = self.voting_cancelled
        new.round = self.round
        new.candidates = self.candidates
        new.window = self.window
        new.round_votes = self.round_votes
        new.hands = self.hands
        new.claimants = self.claimants
        new.claims = self.claims
        new.killed_tonight = self.killed_tonight
        new.sheriff_checks = self.sheriff_checks
        new.don_checks = self.don_checks
        new.winner = self.winner
        new.name_reader = self.name_reader
        new.events_written = self.events_written
        new.public_cache = self.public_cache  # the views' public facts of the game's states
        new.blacks = self.blacks
        new.don = self.don
        new.living_at_round_start = self.living_at_round_start
        new.quiet_rounds = self.quiet_rounds
        new.reading_key = self.reading_key
        return new

    # --- what anyone may ask ------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def winning_team(self) -> str | None:
        """ "red" or "black", or None while the game goes on or after a draw (as the protocol
        engine reads the game: the format has no end for a draw)."""
        return None if self.winner == DRAW else self.winner

    @property
    def living(self) -> list[int]:
        return [seat for seat in SEATS if self.alive[seat]]

    def role_of(self, seat: int) -> str:
        return self.roles[seat]

    def seat_of(self, role: str) -> int:
        return self.roles.index(role)

    @property
    def black_seats(self) -> list[int]:
        return list(self.blacks)

    @property
    def black_team_at_table(self) -> list[int]:
        """Who the team's night messages reach: the black players still at the table (a player
        who has left takes no further part in the night; reading 20). Revision 1 wrote to the
        whole team."""
        if self.config.revision < 2:
            return list(self.blacks)
        return [seat for seat in self.blacks if self.alive[seat]]

    @property
    def current_candidate(self) -> int | None:
        if self.step != "vote":
            return None
        return self.candidates[self.window]

    def waiting_for(self) -> list[int]:
        """The seats the judge is waiting for in the open window."""
        step = self.step
        if step in ("speech", "sheriff_check", "don_check", "kill"):
            return [self.actor]
        if step == "claims":
            return [seat for seat in self.claimants if seat not in self.claims]
        if step == "vote":
            return [seat for seat in SEATS if self.alive[seat] and seat not in self.round_votes]
        if step == "hands":
            return [seat for seat in SEATS if self.alive[seat] and seat not in self.hands]
        return []

    def window_seconds(self) -> float:
        """How long the open window lasts for people (agents get their own deadline)."""
        if self.step == "speech":
            return self.config.speech_window_seconds
        if self.step in ("vote", "hands"):
            return self.config.vote_window_seconds
        return self.config.night_window_seconds

    def snapshot(self) -> dict:
        """Every fact of the state as plain data (for comparisons and the judge's page)."""
        return {
            name: getattr(self, name)
            for name in TableState.__slots__
            if name not in ("config", "name_reader", "public_cache", "blacks", "don", "reading_key")
        } | {"config": self.config.to_dict()}


def new_public_cache() -> list:
    """The views' public facts of one game's states (`TableState.public_cache`, made by the
    deal and shared by every later state; `views._public`): each fact beside the container it
    was computed from."""
    return [(None, ()), (None, {}), (None, "", ())]


def _with(values: list, index: int, value: object) -> list:
    """A copy of `values` with one item changed (containers are replaced, never changed)."""
    new = values[:]
    new[index] = value
    return new


# --- the deal ---------------------------------------------------------------------------------


def create_table(
    seed: str | int,
    names: list[str] | None = None,
    config: TableConfig | dict | None = None,
    deal: list[str] | None = None,
) -> tuple[TableState, list[dict]]:
    """A new table: roles dealt at random from the seed's draw 0 (or `deal`, a hand deal for
    tests and demonstrations, seat 1's role first), the Mafia meet, Night 0."""
    if not isinstance(config, TableConfig):
        config = TableConfig.from_dict(config)
    names = (
        list(names)
        if names is not None
        else [DEFAULT_NAME[config.language].format(seat=seat) for seat in SEATS]
    )
    if len(names) != 10 or not all(isinstance(name, str) and name.strip() for name in names):
        raise TableError("table.names", "the table needs ten names, one per seat")
    seed = str(seed)
    by_hand = deal is not None
    if by_hand:
        deal = list(deal)
        if sorted(deal) != sorted(DEAL):
            raise TableError(
                "table.deal", "a deal is six civilians, one sheriff, two mafia and one don"
            )
    else:
        deal = list(DEAL)
        random.Random(f"{seed}/0").shuffle(deal)
    st = TableState.__new__(TableState)
    st.config = config
    st.seed = seed
    st.names = (None, *names)
    st.roles = (None, *deal)
    st.alive = [False] + [True] * 10
    st.phase = "night"
    st.number = 0
    st.step = "none"
    st.actor = 0
    st.purpose = ""
    st.limit = 0
    st.queue = []
    st.after = ""
    st.first_speaker = 0
    st.fouls = [0] * 11
    st.shortened = [False] * 11
    st.nominees = []
    st.nominators = []
    st.voting_cancelled = False
    st.round = 0
    st.candidates = []
    st.window = 0
    st.round_votes = {}
    st.hands = {}
    st.claimants = []
    st.claims = {}
    st.killed_tonight = None
    st.sheriff_checks = []
    st.don_checks = []
    st.winner = None
    # Revision 1 listened for a seat's name even where it reads as a number ("Player 4"); the
    # key of the memo of readings tells the two readers apart.
    numbers_are_names = config.revision < 2
    st.name_reader = name_reader(tuple(names), numbers_are_names)
    st.reading_key = (st.names, 1) if numbers_are_names else st.names
    st.events_written = 0
    st.public_cache = new_public_cache()  # shared by the game's states (`views._public`)
    st.blacks = tuple(seat for seat in SEATS if deal[seat - 1] in BLACK_ROLES)
    st.don = deal.index("don") + 1
    st.living_at_round_start = 10
    st.quiet_rounds = 0
    blacks = st.black_seats
    events: list[dict] = [
        {"type": "game_created", "ruleset": "fiim-2025-table", "seed": seed, "names": names,
         "config": config.to_dict(), "night": 0, "to": []},
        {"type": "roles_dealt", "roles": {str(seat): deal[seat - 1] for seat in SEATS}, "night": 0, "to": []},
    ]  # fmt: skip
    if by_hand:
        events[0]["deal"] = deal
        events[1]["by_hand"] = True
    else:
        events[1]["draw"] = 0
    for seat in SEATS:
        events.append(
            {"type": "role_told", "seat": seat, "role": deal[seat - 1], "night": 0, "to": [seat]}
        )
    # "Game Engine provides mafia players with knowledge of all mafia identities".
    events.append(
        {"type": "mafia_met", "black": blacks, "don": st.seat_of("don"), "night": 0, "to": blacks}
    )
    _begin_night(st, events)
    st.events_written = len(events)
    return st, events


# --- resolve ------------------------------------------------------------------------------


def resolve(
    state: TableState, inputs: c.Command | list[c.Command], rng: Any = None
) -> tuple[TableState, list[dict]]:
    """The one step: the new state and the events to append. `rng` is unused after the deal
    (the judge draws nothing else) and is accepted for the engines' common signature."""
    st = state.copy()
    return st, resolve_in_place(st, inputs)


def resolve_in_place(st: TableState, inputs: c.Command | list[c.Command]) -> list[dict]:
    """`resolve` on the state itself, which becomes the new state: for a caller that keeps only
    the newest state (the bots' driver, `replay`), without a copy of the state a step (a copy
    is about 4% of a bot game). A refused input leaves the state part-changed: such a caller
    stops at the error."""
    # a list first; a tuple of types, as `|` would build a union each call
    if type(inputs) is not list and not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    events: list[dict] = []
    for index, command in enumerate(inputs):
        try:
            _take(st, command, events)
        except TableError as error:
            error.input_index = index
            raise
    st.events_written += len(events)
    return events


def _take(st: TableState, command: c.Command, ev: list[dict]) -> None:
    if st.winner is not None:
        raise TableError("game.over", "the game is over")
    kind = type(command)
    if kind is Timeout:
        _timeout(st, command.note, ev)
        return
    seat = command.seat
    if (
        type(seat) is not int  # a plain int first (what every caller gives), then its subclasses
        and (not isinstance(seat, int) or isinstance(seat, bool))
        or not 1 <= seat <= 10
    ):
        raise TableError("seat.unknown", f"there is no seat {seat!r}", seat=seat)
    if not st.alive[seat] and not (kind is Speak and st.step == "speech" and st.actor == seat):
        raise TableError("seat.not-at-table", f"player number {seat} has left the table", seat=seat)
    if kind is Speak:
        _speak(st, seat, command.text, ev)
    elif kind is Vote:
        _vote(st, seat, command.target, ev)
    elif kind is Hand:
        _hand(st, seat, command.up, ev)
    elif kind is Check:
        _check(st, seat, command.target, ev)
    elif kind is Claim:
        _claim(st, seat, command.target, ev)
    elif kind is Kill:
        _kill(st, seat, command.target, ev)
    else:
        raise TableError("command.unknown", "not a command the table knows")


def _phase(st: TableState) -> tuple[str, int]:
    return st.phase, st.number


def _event(st: TableState, event_type: str, fields: dict[str, Any]) -> dict:
    """The event: `fields` (a new dict, which becomes the event), its type and the phase's
    number, in this order. A dict rather than keywords: no second dict a call."""
    fields["type"] = event_type
    fields[st.phase] = st.number
    return fields


def _target(st: TableState, target: object, rule: str, allow_none: bool = False) -> int | None:
    if target is None and allow_none:
        return None
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 10:
        raise TableError(f"{rule}.unknown-target", f"there is no seat {target!r}", target=target)
    if not st.alive[target]:
        raise TableError(
            f"{rule}.target-not-at-table",
            f"player number {target} has left the table",
            target=target,
        )
    return target


# --- speeches -----------------------------------------------------------------------------


def _speak(st: TableState, seat: int, text: object, ev: list[dict]) -> None:
    if not isinstance(text, str):
        raise TableError("speech.not-text", "a speech is text")
    if st.step != "speech" or st.actor != seat:
        # "Must speak in turn order": the judge does not let it be heard, and gives a foul.
        ev.append(_event(st, "speech_out_of_turn", {"seat": seat, "text": text, "to": []}))
        _foul(st, seat, "out-of-turn", ev)
        return
    # The table's names determine its name reader: they key the memo of readings.
    reading = read_speech_memo(text, st.limit, st.config.limit_unit, st.name_reader, st.reading_key,
                               st.config.language)  # fmt: skip
    # What `_event` makes, written out (a hot event): the same keys in the same order.
    speech = {"seat": seat, "purpose": st.purpose, "text": text.strip(), "length": reading.length,
              "limit": st.limit, "unit": st.config.limit_unit, "type": "speech", st.phase: st.number}  # fmt: skip
    if reading.over_limit:
        speech["heard"] = reading.heard
    ev.append(speech)
    if st.purpose == "day" and reading.nominations:
        _nominate(st, seat, reading.nominations, ev)
    if not st.alive[seat]:
        pass  # a final speech: the player has left the table, and fouls are for players at it
    elif reading.over_limit:
        _foul(st, seat, "over-limit", ev)
    elif None in reading.nominations:
        _foul(st, seat, "no-number", ev)
    elif reading.names and [named for named in reading.names if named != seat]:
        _foul(st, seat, "name-not-number", ev)
    elif not reading.ending_ok:
        _foul(st, seat, "ending", ev)
    if st.winner is None:
        _next_speech(st, ev)


def _nominate(st: TableState, seat: int, spoken: tuple[int | None, ...], ev: list[dict]) -> None:
    """One nomination per player per day, never withdrawn; with several in one speech, only the
    first candidate not yet nominated counts, and every other phrase is answered as not counted
    with its reason ("one-per-day", "no-number", …; revision 1 left the phrases after the one
    that counted, and those without a number, unanswered). The judge answers "Accepted."."""
    if seat in st.nominators:
        for target in spoken:
            ev.append(
                _event(
                    st,
                    "nomination_not_counted",
                    {"by": seat, "target": target, "reason": "one-per-day"},
                )
            )
        return
    for index, target in enumerate(spoken):
        if target is None:
            if st.config.revision >= 2:  # the foul follows (the speech's reading)
                ev.append(
                    _event(
                        st,
                        "nomination_not_counted",
                        {"by": seat, "target": None, "reason": "no-number"},
                    )
                )
            continue
        if not 1 <= target <= 10 or not st.alive[target]:
            ev.append(
                _event(
                    st,
                    "nomination_not_counted",
                    {"by": seat, "target": target, "reason": "not-at-table"},
                )
            )
            continue
        if target in st.nominees:
            ev.append(
                _event(
                    st,
                    "nomination_not_counted",
                    {"by": seat, "target": target, "reason": "already-nominated"},
                )
            )
            continue
        st.nominees = [*st.nominees, target]
        st.nominators = [*st.nominators, seat]
        ev.append(
            _event(
                st,
                "nominated",
                {"by": seat, "target": target, "say": st.config.words.accepted},
            )
        )
        if st.config.revision >= 2:
            for later in spoken[index + 1 :]:
                reason = "one-per-day" if later is not None else "no-number"
                ev.append(
                    _event(
                        st,
                        "nomination_not_counted",
                        {"by": seat, "target": later, "reason": reason},
                    )
                )
        return


def _call_speech(st: TableState, seat: int, purpose: str, ev: list[dict]) -> None:
    config = st.config
    limit = {
        "day": config.speech_limit,
        "tie": config.tie_speech_limit,
        "final": config.final_speech_limit,
    }[purpose]
    if st.shortened[seat]:
        st.shortened = _with(st.shortened, seat, False)
        limit = max(2, min(limit, config.speech_limit // 2))
    st.step, st.actor, st.purpose, st.limit = "speech", seat, purpose, limit
    # What `_event` makes, written out (a hot event): the same keys in the same order.
    ev.append({"seat": seat, "purpose": purpose, "limit": limit, "unit": config.limit_unit,
               "say": config.words.speech_call_of[purpose][seat], "type": "speech_called",
               st.phase: st.number})  # fmt: skip


def _next_speech(st: TableState, ev: list[dict]) -> None:
    """The next speech in the queue (skipping players who have left), or what comes after."""
    while st.queue:
        seat, purpose = st.queue[0]
        st.queue = st.queue[1:]
        if st.alive[seat] or purpose == "final":
            _call_speech(st, seat, purpose, ev)
            return
    after = st.after
    st.after = ""
    if after == "day_speeches":
        _start_day_speeches(st, ev)
    elif after == "voting":
        _after_day_speeches(st, ev)
    elif after == "revote" and st.voting_cancelled:
        ev.append(
            _event(
                st,
                "no_vote",
                {"reason": "voting-cancelled", "say": st.config.words.no_vote_cancelled},
            )
        )
        _begin_night(st, ev)
    elif after == "revote":
        if st.config.revision >= 2:
            _announce_candidates(st, st.candidates, ev)
        _open_round(st, st.round + 1, st.candidates, ev)
    elif after == "night":
        _begin_night(st, ev)
    else:  # pragma: no cover - every queue is given its continuation
        raise AssertionError(f"speech queue without a continuation: {after!r}")


# --- fouls and removal ----------------------------------------------------------------------


def _foul(st: TableState, seat: int, reason: str, ev: list[dict]) -> None:
    count = st.fouls[seat] + 1
    st.fouls = _with(st.fouls, seat, count)
    foul = _event(
        st,
        "foul",
        {
            "seat": seat,
            "kind": "ordinary",
            "reason": reason,
            "count": count,
            "say": st.config.words.foul_of[seat],
        },
    )
    if count == ORDINARY_FOULS_TO_SHORTEN:
        st.shortened = _with(st.shortened, seat, True)
        foul["penalty"] = "next-speech-shortened"
    ev.append(foul)
    if count == ORDINARY_FOULS_TO_REMOVE:
        _remove(st, seat, ev)


def _remove(st: TableState, seat: int, ev: list[dict]) -> None:
    """The fourth ordinary foul: the player leaves at once, without a final speech. A removal
    in the day cancels that day's voting (docs/auto-judged-table.md)."""
    st.alive = _with(st.alive, seat, False)
    ev.append(
        _event(
            st,
            "disqualified",
            {"seat": seat, "reason": "fourth-foul", "say": st.config.words.leaves_of[seat]},
        )
    )
    if _check_end(st, ev):
        return
    if st.phase == "day":
        st.voting_cancelled = True
        if st.step in ("vote", "hands"):
            ev.append(
                _event(
                    st,
                    "no_vote",
                    {"reason": "voting-cancelled", "say": st.config.words.no_vote_cancelled},
                )
            )
            st.queue = []
            st.after = "night"
            _next_speech(st, ev)
        return
    # At night, a removed actor's step ends (a checker does not check, a claimant does not claim).
    if st.step == "sheriff_check" and st.actor == seat:
        _sheriff_sleeps(st, ev)
    elif st.step in ("claims", "kill") and st.roles[seat] in BLACK_ROLES:
        # The hunt starts again among the black players left, silently: a public call would
        # tell the town that the removed player was black.
        _call_hunt(st, ev, announce=False)
    elif st.step == "don_check" and st.actor == seat:
        _don_sleeps(st, ev)


def _check_end(st: TableState, ev: list[dict]) -> bool:
    """ "Red wins when all black players are eliminated; black wins when the teams are equal or
    black outnumbers red." Checked after every departure."""
    black = red = 0
    for seat in SEATS:
        if st.alive[seat]:
            if st.roles[seat] in BLACK_ROLES:
                black += 1
            else:
                red += 1
    if black and black < red:
        return False
    st.winner = "red" if black == 0 else "black"
    words = st.config.words
    if st.phase == "night" and st.killed_tonight is not None:
        ev.append(
            _event(
                st,
                "night_result",
                {"killed": st.killed_tonight, "say": words.killed_of[st.killed_tonight]},
            )
        )
    st.step, st.actor, st.queue, st.after = "over", 0, [], ""
    ev.append(_event(st, "game_over", {"winner": st.winner, "say": words.game_over[st.winner]}))
    return True


def _round_ends_in_a_draw(st: TableState, ev: list[dict]) -> bool:
    """A round is a night and the day after it (Night 0 and Day 1 the first). When nobody has
    left the table in `draw_after_quiet_rounds` rounds in a row, the game ends in a draw: the
    seed has no other end for a game in which nobody leaves, and its scoring knows a draw
    ("Loss/Draw: 0 points"; docs/auto-judged-table.md, "A game nobody leaves")."""
    living = sum(st.alive)
    st.quiet_rounds = st.quiet_rounds + 1 if living == st.living_at_round_start else 0
    st.living_at_round_start = living
    rounds = st.config.draw_after_quiet_rounds
    if rounds is None or st.quiet_rounds < rounds:
        return False
    st.winner = DRAW
    st.step, st.actor, st.queue, st.after = "over", 0, [], ""
    ev.append(
        _event(
            st,
            "game_over",
            {
                "winner": DRAW,
                "quiet_rounds": st.quiet_rounds,
                "say": st.config.words.game_over[DRAW].format(rounds=st.quiet_rounds),
            },
        )
    )
    return True


def _leave(st: TableState, seats: list[int], how: str, ev: list[dict]) -> bool:
    """Players leave by vote, raise or single nomination: roles are not revealed; each gives a
    final speech unless the game is over. True if the game ended."""
    leaves = st.config.words.leaves_of
    for seat in seats:
        st.alive = _with(st.alive, seat, False)
        ev.append(_event(st, "eliminated", {"seat": seat, "how": how, "say": leaves[seat]}))
    if _check_end(st, ev):
        return True
    st.queue = [(seat, "final") for seat in seats]
    st.after = "night"
    _next_speech(st, ev)
    return False


# --- the day --------------------------------------------------------------------------------


def _begin_day(st: TableState, ev: list[dict]) -> None:
    killed = st.killed_tonight
    st.phase, st.number = "day", st.number + 1
    st.nominees, st.nominators, st.voting_cancelled = [], [], False
    st.round, st.candidates, st.round_votes, st.hands = 0, [], {}, {}
    ev.append(
        _event(
            st, "day_started", {"killed": killed, "say": st.config.words.morning_of[killed or 0]}
        )
    )
    if killed:
        st.queue = [(killed, "final")]
        st.after = "day_speeches"
        _next_speech(st, ev)
    else:
        _start_day_speeches(st, ev)


def _start_day_speeches(st: TableState, ev: list[dict]) -> None:
    """Seat order; Day 1 from seat 1, each later day from the seat after the previous day's
    first speaker (the next one at the table)."""
    start = 1 if st.number == 1 else st.first_speaker % 10 + 1
    order = [(start - 1 + offset) % 10 + 1 for offset in range(10)]
    living = [seat for seat in order if st.alive[seat]]
    st.first_speaker = living[0]
    st.queue = [(seat, "day") for seat in living]
    st.after = "voting"
    _next_speech(st, ev)


def _after_day_speeches(st: TableState, ev: list[dict]) -> None:
    nominees = [seat for seat in st.nominees if st.alive[seat]]
    words = st.config.words
    if st.voting_cancelled:
        ev.append(
            _event(st, "no_vote", {"reason": "voting-cancelled", "say": words.no_vote_cancelled})
        )
        _begin_night(st, ev)
    elif not nominees:
        ev.append(_event(st, "no_vote", {"reason": "no-nominations", "say": words.no_vote_nobody}))
        _begin_night(st, ev)
    elif len(nominees) == 1 and st.number == 1:
        # "First day: if only one nomination, no vote occurs."
        ev.append(
            _event(
                st,
                "no_vote",
                {
                    "reason": "day-one-single-nomination",
                    "candidates": nominees,
                    "say": words.no_vote_day_one,
                },
            )
        )
        _begin_night(st, ev)
    elif len(nominees) == 1:
        # "Subsequent days: if only one nomination, that player automatically eliminated."
        st.round, st.candidates = 1, nominees
        living = len(st.living)
        ev.append(
            _event(
                st,
                "votes_counted",
                {
                    "round": 1,
                    "candidates": nominees,
                    "votes": {},
                    "defaulted": [],
                    "tally": {str(nominees[0]): living},
                    "leaders": nominees,
                    "single": True,
                },
            )
        )
        _leave(st, nominees, "single-nomination", ev)
    else:
        _announce_candidates(st, nominees, ev)
        _open_round(st, 1, nominees, ev)


def _announce_candidates(st: TableState, candidates: list[int], ev: list[dict]) -> None:
    """Seed 003, 2.4: "Judge announces nominated players **twice** before voting": before every
    vote, the revote of a tie (its candidates, after the tie speeches) and the vote to eliminate
    all included."""
    say = st.config.words.nominees.format(listed=", ".join(str(seat) for seat in candidates))
    for _ in range(2):
        ev.append(_event(st, "nominees_announced", {"candidates": list(candidates), "say": say}))


def _open_round(st: TableState, number: int, candidates: list[int], ev: list[dict]) -> None:
    st.step, st.actor, st.round, st.candidates, st.round_votes = (
        "vote",
        0,
        number,
        list(candidates),
        {},
    )
    st.window = 0
    _open_window(st, ev)


def _open_window(st: TableState, ev: list[dict]) -> None:
    candidate = st.candidates[st.window]
    words = st.config.words
    # The last candidate takes every vote not given: "no vote → the last nominated".
    last = st.window == len(st.candidates) - 1
    say = words.vote_last_of[candidate] if last else words.vote_call_of[candidate]
    ev.append(
        _event(
            st, "vote_window", {"round": st.round, "candidate": candidate, "last": last, "say": say}
        )
    )
    if last:
        _count_round(st, ev)


def _vote(st: TableState, seat: int, target: object, ev: list[dict]) -> None:
    if st.step != "vote":
        raise TableError("vote.not-voting", "there is no vote now")
    if seat in st.round_votes:
        raise TableError(
            "vote.already-voted", f"player number {seat} has voted in this round", seat=seat
        )
    if target != st.candidates[st.window]:
        raise TableError("vote.window-not-open", f"the window open is for player number {st.candidates[st.window]}",
                         target=target, open=st.candidates[st.window])  # fmt: skip
    st.round_votes = {**st.round_votes, seat: target}
    # What `_event` makes, written out (a hot event): the same keys in the same order.
    ev.append(
        {"seat": seat, "target": target, "round": st.round, "type": "vote", st.phase: st.number}
    )


def _count_round(st: TableState, ev: list[dict]) -> None:
    last = st.candidates[-1]
    votes = {str(voter): target for voter, target in st.round_votes.items()}
    defaulted = [seat for seat in SEATS if st.alive[seat] and seat not in st.round_votes]
    tally = dict.fromkeys(st.candidates, 0)
    for target in st.round_votes.values():
        tally[target] += 1
    tally[last] += len(defaulted)
    top = max(tally.values())
    leaders = [seat for seat in st.candidates if tally[seat] == top]
    words = st.config.words
    ev.append(
        _event(
            st,
            "votes_counted",
            {
                "round": st.round,
                "candidates": st.candidates,
                "votes": votes,
                "defaulted": defaulted,
                "tally": {str(seat): n for seat, n in tally.items()},
                "leaders": leaders,
                "say": words.votes.format(
                    tally=", ".join(f"{seat}: {n}" for seat, n in tally.items())
                ),
            },
        )
    )
    if len(leaders) == 1:
        _leave(st, leaders, "vote", ev)
    elif st.round > 1 and len(leaders) == len(st.candidates):
        # "If same tie persists: vote to eliminate all tied players or keep all."
        if st.config.revision >= 2:
            _announce_candidates(st, leaders, ev)
        st.step, st.hands, st.candidates = "hands", {}, leaders
        listed = ", ".join(str(seat) for seat in leaders)
        ev.append(
            _event(
                st,
                "hands_called",
                {"candidates": leaders, "say": words.hands_called.format(listed=listed)},
            )
        )
    else:
        # "Tied players get additional speeches (shorter limit), then revote."
        st.candidates = leaders
        listed = ", ".join(str(seat) for seat in leaders)
        ev.append(
            _event(
                st,
                "tie",
                {"round": st.round, "candidates": leaders, "say": words.tie.format(listed=listed)},
            )
        )
        st.queue = [(seat, "tie") for seat in leaders]
        st.after = "revote"
        _next_speech(st, ev)


def _hand(st: TableState, seat: int, up: object, ev: list[dict]) -> None:
    if st.step != "hands":
        raise TableError("hands.not-now", "there is no vote to eliminate all now")
    if not isinstance(up, bool):
        raise TableError("hands.not-yes-or-no", "a hand is up (true) or down (false)")
    if seat in st.hands:
        raise TableError("hands.already", f"player number {seat} has answered", seat=seat)
    st.hands = {**st.hands, seat: up}
    ev.append(_event(st, "hand", {"seat": seat, "up": up}))
    if len(st.hands) == len(st.living):
        _count_hands(st, ev)


def _count_hands(st: TableState, ev: list[dict]) -> None:
    """More than half of the living players eliminate all; "if vote splits evenly: all tied
    players remain"."""
    up = [seat for seat in SEATS if st.hands.get(seat)]
    passes = 2 * len(up) > len(st.living)
    words = st.config.words
    say = words.all_leave if passes else words.all_stay
    ev.append(
        _event(
            st,
            "hands_counted",
            {"candidates": st.candidates, "up": up, "passes": passes, "say": say},
        )
    )
    if passes:
        _leave(st, list(st.candidates), "raise", ev)
    else:
        _begin_night(st, ev)


# --- the night ------------------------------------------------------------------------------


def _begin_night(st: TableState, ev: list[dict]) -> None:
    if st.phase == "day":
        if _round_ends_in_a_draw(st, ev):
            return
        st.phase = "night"  # Night N follows Day N
    st.killed_tonight = None
    st.claims, st.claimants = {}, []
    st.queue, st.after = [], ""
    words = st.config.words
    ev.append(_event(st, "night_started", {"say": words.night_falls}))
    # The Sheriff is called also when gone, so that the call tells no one whether he is.
    ev.append(_event(st, "sheriff_woke", {"say": words.sheriff_wakes}))
    sheriff = st.seat_of("sheriff")
    if st.alive[sheriff]:
        st.step, st.actor = "sheriff_check", sheriff
    else:
        _sheriff_sleeps(st, ev)


def _check(st: TableState, seat: int, target: object, ev: list[dict]) -> None:
    if st.step not in ("sheriff_check", "don_check"):
        raise TableError("check.not-now", "there is no check now")
    if st.actor != seat:
        raise TableError("check.not-yours", f"player number {seat} does not check now", seat=seat)
    target = _target(st, target, "check")
    if target == seat:
        raise TableError("check.self", "a player does not check themselves")
    if st.step == "sheriff_check":
        result = "black" if st.roles[target] in BLACK_ROLES else "red"
        st.sheriff_checks = [*st.sheriff_checks, (st.number, target, result)]
        ev.append(
            _event(
                st,
                "sheriff_checked",
                {
                    "seat": seat,
                    "target": target,
                    "result": result,
                    "say": st.config.words.answers[result],
                    "to": [seat],
                },
            )
        )
        _sheriff_sleeps(st, ev)
    else:
        result = "sheriff" if st.roles[target] == "sheriff" else "not_sheriff"
        st.don_checks = [*st.don_checks, (st.number, target, result)]
        ev.append(
            _event(
                st,
                "don_checked",
                {
                    "seat": seat,
                    "target": target,
                    "result": result,
                    "say": st.config.words.answers[result],
                    "to": [seat],
                },
            )
        )
        _don_sleeps(st, ev)


def _sheriff_sleeps(st: TableState, ev: list[dict]) -> None:
    ev.append(_event(st, "sheriff_slept", {"say": st.config.words.sheriff_sleeps}))
    _call_hunt(st, ev)


def _decider(st: TableState) -> int:
    """The Don decides; without the Don, the first black player at the table (docs/rules.md
    interpretation 3: the remaining mafia decide)."""
    don = st.seat_of("don")
    if st.alive[don]:
        return don
    return next(seat for seat in SEATS if st.alive[seat] and st.roles[seat] in BLACK_ROLES)


def _call_hunt(st: TableState, ev: list[dict], announce: bool = True) -> None:
    """ "The mafia goes hunting": each black player makes a claim, the Don decides the kill."""
    decider = _decider(st)
    st.claimants = [
        seat
        for seat in SEATS
        if st.alive[seat] and st.roles[seat] in BLACK_ROLES and seat != decider
    ]
    st.claims = {}
    if announce:
        ev.append(_event(st, "hunt_started", {"say": st.config.words.hunt}))
    else:
        ev.append(_event(st, "hunt_restarted", {"decider": decider, "to": st.black_team_at_table}))
    if st.claimants:
        st.step, st.actor = "claims", 0
    else:
        _call_kill(st, ev)


def _claim(st: TableState, seat: int, target: object, ev: list[dict]) -> None:
    if st.step != "claims":
        raise TableError("claim.not-now", "there are no claims now")
    if seat not in st.claimants:
        raise TableError("claim.not-yours", f"player number {seat} makes no claim now", seat=seat)
    if seat in st.claims:
        raise TableError("claim.already", f"player number {seat} has made a claim", seat=seat)
    target = _target(st, target, "claim", allow_none=True)
    st.claims = {**st.claims, seat: target}
    ev.append(_event(st, "claim", {"seat": seat, "target": target, "to": st.black_team_at_table}))
    if len(st.claims) == len(st.claimants):
        _call_kill(st, ev)


def _call_kill(st: TableState, ev: list[dict]) -> None:
    st.step, st.actor = "kill", _decider(st)
    ev.append(
        _event(
            st,
            "kill_called",
            {
                "seat": st.actor,
                "claims": {str(s): t for s, t in st.claims.items()},
                "to": st.black_team_at_table,
            },
        )
    )


def _kill(st: TableState, seat: int, target: object, ev: list[dict]) -> None:
    if st.step == "claims" and seat == _decider(st):
        raise TableError("kill.claims-pending", "the claims come before the decision")
    if st.step != "kill":
        raise TableError("kill.not-now", "there is no kill decision now")
    if st.actor != seat:
        raise TableError(
            "kill.not-yours", f"player number {seat} does not decide the kill", seat=seat
        )
    target = _target(st, target, "kill", allow_none=True)
    ev.append(
        _event(st, "kill_decided", {"seat": seat, "target": target, "to": st.black_team_at_table})
    )
    _after_kill(st, target, ev)


def _after_kill(st: TableState, target: int | None, ev: list[dict]) -> None:
    if target is not None:
        st.alive = _with(st.alive, target, False)
        st.killed_tonight = target
        if _check_end(st, ev):
            return
    ev.append(_event(st, "don_woke", {"say": st.config.words.don_wakes}))
    don = st.seat_of("don")
    if st.alive[don]:
        st.step, st.actor = "don_check", don
    else:
        _don_sleeps(st, ev)  # called also when gone, like the Sheriff


def _don_sleeps(st: TableState, ev: list[dict]) -> None:
    ev.append(_event(st, "don_slept", {"say": st.config.words.don_sleeps}))
    _begin_day(st, ev)


# --- the clock ------------------------------------------------------------------------------


def _timeout(st: TableState, note: object, ev: list[dict]) -> None:
    """The open window ended: what is missing gets the rule's default, which is logged."""
    if not isinstance(note, str):
        raise TableError("timeout.note", "a note is text")
    step = st.step
    closed = _event(st, "window_closed", {"step": step, "note": note})
    if step in ("vote", "hands"):
        closed["say"] = st.config.words.thank_you
    else:
        closed["to"] = [st.actor] if st.actor else []
    ev.append(closed)

    def default(seat: int, value: str, to: list[int] | None = None) -> None:
        ev.append(
            _event(
                st,
                "default_applied",
                {"seat": seat, "step": step, "default": value, "note": note, "to": to or [seat]},
            )
        )

    if step == "speech":
        default(st.actor, "PASS")
        _next_speech(st, ev)
    elif step == "vote":
        st.window += 1
        _open_window(st, ev)
    elif step == "hands":
        for seat in st.waiting_for():
            default(seat, "keep")
        _count_hands(st, ev)
    elif step == "sheriff_check":
        default(st.actor, "no-check")
        _sheriff_sleeps(st, ev)
    elif step == "claims":
        for seat in st.waiting_for():
            st.claims = {**st.claims, seat: None}
            default(seat, "no-claim")
        _call_kill(st, ev)
    elif step == "kill":
        default(st.actor, "no-kill", to=st.black_team_at_table)
        _after_kill(st, None, ev)
    elif step == "don_check":
        default(st.actor, "no-check")
        _don_sleeps(st, ev)
    else:  # pragma: no cover - every open step is listed above
        raise TableError("timeout.nothing-open", "no window is open")


# --- replay ---------------------------------------------------------------------------------

INPUT_EVENTS = {
    "speech": lambda e: c.Speak(seat=e["seat"], text=e["text"]),
    "speech_out_of_turn": lambda e: c.Speak(seat=e["seat"], text=e["text"]),
    "vote": lambda e: c.Vote(seat=e["seat"], target=e["target"]),
    "hand": lambda e: c.Hand(seat=e["seat"], up=e["up"]),
    "sheriff_checked": lambda e: c.Check(seat=e["seat"], target=e["target"]),
    "don_checked": lambda e: c.Check(seat=e["seat"], target=e["target"]),
    "claim": lambda e: c.Claim(seat=e["seat"], target=e["target"]),
    "kill_decided": lambda e: c.Kill(seat=e["seat"], target=e["target"]),
    "window_closed": lambda e: c.Timeout(note=e.get("note", "")),
}


def inputs_of(log: list[dict]) -> list[c.Command]:
    """The inputs a log records, in order (one per input event)."""
    return [
        INPUT_EVENTS[event["type"]](event) for event in log if event.get("type") in INPUT_EVENTS
    ]


def replay(log: list[dict]) -> TableState:
    """The state a log leads to. The judge writes every event again from the log's inputs; a
    log it would not have written raises `LogError` with the first event that differs. A log
    is judged by the revision of the judge that wrote it: the current one, or else an earlier
    one (docs/auto-judged-table.md, "Revisions of the judge"); a log that none would have
    written raises the current revision's error."""
    try:
        return _replay(log, REVISION)
    except LogError as error:
        for revision in sorted(REVISIONS, reverse=True):
            if revision == REVISION:
                continue
            try:
                return _replay(log, revision)
            except LogError:
                continue
        raise error from None


def _replay(log: list[dict], revision: int) -> TableState:
    if not log or not isinstance(log[0], dict) or log[0].get("type") != "game_created":
        raise LogError(0, "a table's log begins with game_created")
    first = log[0]
    written = first.get("config")
    config = written
    if isinstance(written, dict) and "draw_after_quiet_rounds" not in written:
        config = {**written, "draw_after_quiet_rounds": None}  # played before the rule existed
    try:
        config = TableConfig.from_dict(config)
        if revision != config.revision:
            config = replace(config, revision=revision)
        state, events = create_table(
            first.get("seed"), first.get("names"), config, first.get("deal")
        )
    except TableError as error:
        raise LogError(0, error.message) from None
    if isinstance(written, dict) and len(written) < len(events[0]["config"]):
        # A log from before a setting existed: the language has its default (an English table),
        # the quiet rounds to a draw none (the rule did not exist), and the log its settings as
        # written.
        settings = {name: value for name, value in events[0]["config"].items() if name in written}
        events[0] = {**events[0], "config": settings}
    position = _expect(log, 0, events)
    while position < len(log):
        event = log[position]
        build = INPUT_EVENTS.get(event.get("type")) if isinstance(event, dict) else None
        if build is None:
            raise LogError(position, f"expected an input event, found {event!r:.80}")
        try:
            events = resolve_in_place(state, build(event))  # a refused log's state is dropped
        except (TableError, KeyError, TypeError) as error:
            raise LogError(position, f"the judge refuses this input: {error}") from None
        position = _expect(log, position, events)
    return state


def _expect(log: list[dict], position: int, events: list[dict]) -> int:
    for offset, event in enumerate(events):
        index = position + offset
        if index >= len(log) or log[index] != event:
            found = log[index] if index < len(log) else "the end of the log"
            raise LogError(
                index, f"the judge writes {event!r:.120} here, the log has {found!r:.120}"
            )
    return position + len(events)
