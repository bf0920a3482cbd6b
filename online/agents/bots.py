"""The built-in bots: a random legal player and a rule-based player. Both seeded: the same
seed and seat give the same play.

The rule-based player (`RuleBot`) follows a few well-known lines of play:
- the Sheriff checks players he has not checked and, once he finds a black player, says so
  ("I am the Sheriff. Number 4 is black.") and nominates him;
- the town believes the first Sheriff claim of the game, nominates and votes for the players
  the claimed Sheriff called black; otherwise it weighs the public evidence — a nomination of or
  a vote against the believed Sheriff, a vote against a player he called red, a vote elsewhere
  while a player he called black stands — and its votes meet on the most suspicious candidate;
- the Don hunts the Sheriff: he checks the players who claimed it first, kills the Sheriff he
  found (or the claimed one), and the Mafia's claims follow the same line;
- now and then a black player counter-claims the Sheriff and calls the real one black.

Both speak the table's language (`view.language`): their lines come from `BOT_WORDS`, beside the
judge's phrasebook (`online.engine.judged_table.phrases`), whose endings and nomination phrase
they use.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from weakref import WeakValueDictionary

from online.engine.judged_table.phrases import PHRASEBOOKS
from vocabulary import BLACK, RED

from .base import Agent


@dataclass(frozen=True, slots=True)
class BotWords:
    """What the built-in bots say, in one language."""

    endings: tuple[str, str]  # (the "PASS" of the language, its "THANK YOU")
    nominate: str  # "I nominate number {n}."
    claim: str  # the Sheriff's claim
    black: str  # "Number {n} is black."
    red: str
    named: str  # a town player repeating the Sheriff's black check
    no_number: str  # a nomination without a number (the sloppy bot)
    cues: tuple[str, str]  # a speech without either holds no claim (a quick test)
    claim_re: re.Pattern
    accuses_re: re.Pattern  # (number, colour) pairs in a claimant's speech
    colours: dict[str, str]  # a colour word as said → "black" / "red"
    # The lines with a seat, said for every seat in advance (index 0 unused): no formatting in
    # a bot's turn.
    nominate_of: tuple[str, ...]
    black_of: tuple[str, ...]
    red_of: tuple[str, ...]
    named_of: tuple[str, ...]


def _words(language: str, claim: str, black: str, red: str, named: str, cues: tuple[str, str],
           accuses: str, colours: dict[str, str]) -> BotWords:  # fmt: skip
    book = PHRASEBOOKS[language]
    nominate = book.players_nominate + "."
    seats = range(11)
    return BotWords(
        endings=book.players_end,
        nominate=nominate,
        claim=claim,
        black=black,
        red=red,
        named=named,
        no_number=book.players_nominate.format(n=book.players_end[0]),
        cues=cues,
        claim_re=re.compile(re.escape(claim.rstrip(".")), re.IGNORECASE),
        accuses_re=re.compile(accuses, re.IGNORECASE),
        colours=colours,
        nominate_of=tuple(nominate.format(n=seat) for seat in seats),
        black_of=tuple(black.format(n=seat) for seat in seats),
        red_of=tuple(red.format(n=seat) for seat in seats),
        named_of=tuple(named.format(n=seat) for seat in seats),
    )


BOT_WORDS = {
    "en": _words("en", "I am the Sheriff.", "Number {n} is black.", "Number {n} is red.",
                 "The Sheriff named number {n}.", ("Sheriff", "number"),
                 r"number (\d+) is (black|red)", {BLACK: BLACK, RED: RED}),
    "ru": _words("ru", "Я шериф.", "Номер {n} — чёрный.", "Номер {n} — красный.",
                 "Шериф назвал чёрным номер {n}.", ("шериф", "омер"),
                 r"номер (\d+) — (чёрный|черный|красный)",
                 {"чёрный": BLACK, "черный": BLACK, "красный": RED}),
}  # fmt: skip

OBSERVED = frozenset({"speech", "votes_counted", "nominated"})  # the events RuleBot reads
SEAT_NUMBERS = {str(seat): seat for seat in range(1, 11)}  # a vote's voter, as the log writes it
EVERY_SEAT = frozenset(range(1, 11))  # who is alive before a player's first view

# What a speech tells a rule-based player, by its text: every bot at a table reads the same
# speeches, and bots say the same few sentences (bounded like the judge's memo of readings).
# One memo per language (`_facts` is the English one); the English reading, as plain patterns:
CLAIM, ACCUSES = BOT_WORDS["en"].claim_re, BOT_WORDS["en"].accuses_re
_facts: dict[str, tuple[bool, tuple[tuple[str, str], ...]] | None] = {}
FACTS_MEMOS = {"en": _facts, **{language: {} for language in BOT_WORDS if language != "en"}}
FACTS_TEXT_LENGTH = 200
FACTS_SIZE = 4096


def speech_facts(text: str, language: str = "en") -> tuple[bool, tuple[tuple[str, str], ...]] | None:
    """None for a speech that names neither the Sheriff nor a number (in the table's language);
    else (does it claim the Sheriff, the (number as said, "black"/"red") calls it makes, in
    order)."""
    memo = FACTS_MEMOS[language]
    facts = memo.get(text, False)
    if facts is False:
        words = BOT_WORDS[language]
        if words.cues[0] not in text and words.cues[1] not in text:
            facts = None
        else:
            colours = words.colours
            calls = tuple((number, colours[colour.lower()]) for number, colour in words.accuses_re.findall(text))
            facts = (words.claim_re.search(text) is not None, calls)
        if len(text) <= FACTS_TEXT_LENGTH:
            if len(memo) >= FACTS_SIZE:
                memo.clear()
            memo[text] = facts
    return facts


SMALL_BOUNDS = 64
BIT_LENGTHS = tuple(bound.bit_length() for bound in range(SMALL_BOUNDS))  # no method call


def shuffle(rng: random.Random, items: list) -> None:
    """`rng.shuffle(items)`: the same order and the same draws from `rng` (CPython's algorithm:
    from the last place down, a swap with a place drawn below it by `getrandbits`, a draw over the
    bound drawn again), without two method calls a place: a bot shuffles whenever it weighs its
    suspects. tests/online/agents/test_bot_shortcuts.py holds it to `random.Random.shuffle`."""
    getrandbits = rng.getrandbits
    for place in range(len(items) - 1, 0, -1):
        bound = place + 1
        bits = BIT_LENGTHS[bound] if bound < SMALL_BOUNDS else bound.bit_length()
        drawn = getrandbits(bits)
        while drawn >= bound:
            drawn = getrandbits(bits)
        items[place], items[drawn] = items[drawn], items[place]


# The last tuple of living seats a rule-based player was shown, and the same seats as a set: the
# views of one state share the tuple, so the players of a table need the same set one after
# another (built once, never changed).
_LIVING: tuple[tuple[int, ...], frozenset[int]] = ((), frozenset())


def alive_of(living: tuple[int, ...]) -> frozenset[int]:
    """The living seats as a set, shared by the players shown the same tuple."""
    global _LIVING
    if _LIVING[0] is not living:
        _LIVING = (living, frozenset(living))  # one assignment: safe between threads
    return _LIVING[1]


class RandomBot(Agent):
    """Any legal answer, uniformly: a random legal player."""

    name = "random"
    reads_history = False
    observes_the_end = False

    def begin(self, seat: int, seed: str) -> None:
        super().begin(seat, seed)
        self.rng = random.Random(f"{seed}/random/{seat}")

    def observe(self, view) -> None:  # a random player needs no memory
        pass

    def act(self, view) -> dict:
        request = view.request
        rng = self.rng
        action = request["action"]
        if action == "speak":
            words = BOT_WORDS[view.language]
            ending = words.endings[0] if rng.random() < 0.5 else words.endings[1]
            if request["purpose"] == "day" and rng.random() < 0.5:
                return {"speech": f"{words.nominate_of[rng.choice(view.living)]} {ending}"}
            return {"speech": ending}
        if action == "hand":
            return {"up": rng.random() < 0.5}
        if action == "vote":
            options = [*request["candidates"], None]
        elif action == "check":
            options = request["targets"]
        else:
            options = [*request["targets"], None]
        return {"target": rng.choice(options)}


class TownReading:
    """What the public events of one game have told its rule-based players (the Sheriff's
    claims and calls, the suspicion): every one of them reads the same public record, so it is
    read once for all of them. `upto` is the log's length read through, `last` the last public
    event read (the players' views must come in the log's order, as the driver and the site
    give them)."""

    __slots__ = ("anchor", "upto", "last", "claimants", "called", "suspicion", "__weakref__")

    def __init__(self, anchor: dict | None) -> None:
        self.anchor = anchor  # the game's first public event: kept, so its id is not reused
        self.upto = 0
        self.last: dict | None = None
        self.claimants: list[int] = []  # seats that claimed the Sheriff, in order
        self.called: dict[int, dict[int, str]] = {}  # claimant → {seat: colour}
        self.suspicion: dict[int, float] = {}


OWN_READING = TownReading(None)  # a player reading its views on its own (its own containers)
# The shared readings, by (the players' class, the id of the game's first public event): one
# lives as long as a player holds it.
READINGS: WeakValueDictionary[tuple[type, int], TownReading] = WeakValueDictionary()


class RulePlay:
    """What a rule-based player knows and how it answers (see the module's docstring): the
    state and the work of `RuleBot` without the agent interface, so that the optional compiled
    build can make it an extension type (`bots.pxd`: its attributes C fields, its methods C
    calls, the views and the reading typed). `RuleBot` is this with `Agent`'s interface: `Agent`
    stays a Python class (agents of every kind subclass it, and its `__init_subclass__` is
    not allowed in an extension type), and so does `RuleBot` (tests set its methods)."""

    __slots__ = ("seat", "rng", "claimants", "called", "suspicion", "alive", "_living", "reading")

    def observe(self, view) -> None:
        if view.winner is not None:  # the game is over: nothing is left to decide
            return
        if view.living is not self._living:  # the views of one state share the tuple
            self._living = view.living
            self.alive = alive_of(view.living)
        history = view.history
        if self.reading is None:
            self._join(view)  # sets `self.reading`
        reading = self.reading
        if reading is not OWN_READING:
            # What the events tell is the game's public record, the same for every rule-based
            # player of the game: the first to see the log at a length reads the new events
            # for all of them (after the last public event read), the others read nothing.
            length = view.log_length
            if length <= reading.upto:
                return
            reading.upto = length
            last = reading.last
            start = len(history)
            newest = None
            while start:
                event = history[start - 1]
                if event is last:
                    break
                if newest is None and "to" not in event:
                    newest = event
                start -= 1
            if newest is not None:
                reading.last = newest
            if start:
                history = history[start:]
        self._read(history, view.language)

    def _join(self, view) -> TownReading:
        """The reading of this game's public events, shared with the other rule-based players
        (of this class) of the game, found by the first public event, which is the same object
        for every seat of a game (the views give the log's own events); a player first shown a
        view that does not start at the beginning of the log, or one behind the shared reading,
        reads on its own."""
        self.reading = OWN_READING
        if view.since or not view.log_length:
            return OWN_READING
        anchor = None  # the first public event (a loop: cheaper compiled than a generator)
        for event in view.history:
            if "to" not in event:
                anchor = event
                break
        if anchor is None:
            return OWN_READING
        key = (type(self), id(anchor))
        reading = READINGS.get(key)
        if reading is None or reading.anchor is not anchor:
            reading = READINGS[key] = TownReading(anchor)
        elif view.log_length < reading.upto:
            return OWN_READING
        self.reading = reading
        self.claimants, self.called, self.suspicion = (
            reading.claimants,
            reading.called,
            reading.suspicion,
        )
        return reading

    def _read(self, history, language: str) -> None:
        """What this player learns from events: the Sheriff's claims and calls, the votes and
        the nominations that weigh against a player."""
        claimants = self.claimants
        memo = FACTS_MEMOS[language]
        observed = OBSERVED
        for event in history:
            if event["type"] not in observed:  # most events tell this player nothing
                continue
            kind = event["type"]  # read again rather than kept: most events are skipped
            if kind == "speech":
                text = event["heard"] if "heard" in event else event["text"]
                try:
                    facts = memo[text]
                except KeyError:  # not read yet (or too long to keep)
                    facts = speech_facts(text, language)
                if facts is None:
                    continue
                speaker = event["seat"]
                if facts[0] and speaker not in claimants:
                    claimants.append(speaker)
                if facts[1] and speaker in claimants:
                    called = self.called.setdefault(speaker, {})
                    for number, colour in facts[1]:
                        called[int(number)] = colour
            elif kind == "votes_counted":
                if claimants:
                    self._weigh_votes(event)
            elif kind == "nominated" and claimants and event["target"] == claimants[0]:
                # Putting the Sheriff the town believes up for elimination is what black does.
                self._suspect(event["by"], 2)

    def _suspect(self, seat: int, weight: float) -> None:
        self.suspicion[seat] = self.suspicion.get(seat, 0) + weight

    def _weigh_votes(self, counted: dict) -> None:
        """The evidence of a vote, once a Sheriff has spoken: a hand against the Sheriff the town
        believes weighs most, then one against a player he called red, then a hand elsewhere
        while a player he called black stood as a candidate (black protects its own)."""
        trusted = self._trusted()
        calls = self._calls()
        blacks_standing = {seat for seat in counted["candidates"] if calls.get(seat) == "black"}
        suspicion = self.suspicion
        for voter, target in counted["votes"].items():
            if target == trusted:
                weight = 3
            elif calls.get(target) == "red" or (blacks_standing and target not in blacks_standing):
                weight = 1
            else:
                continue
            seat = SEAT_NUMBERS[voter] if voter in SEAT_NUMBERS else int(voter)
            suspicion[seat] = suspicion.get(seat, 0) + weight  # `_suspect`, inline

    # --- what this player believes ---------------------------------------------------------
    def _trusted(self) -> int | None:
        """The Sheriff the town believes: the first claimant of the game."""
        return self.claimants[0] if self.claimants else None

    def _calls(self) -> dict[int, str]:
        trusted = self._trusted()
        return self.called.get(trusted, {}) if trusted is not None else {}

    def _known_blacks(self, view) -> list[int]:
        if view.role == "sheriff":
            return [
                c["target"]
                for c in view.checks
                if c["result"] == "black" and c["target"] in self.alive
            ]
        if not self.claimants:  # no Sheriff has spoken: no calls
            return []
        return [
            seat
            for seat, colour in self._calls().items()
            if colour == "black" and seat in self.alive and seat != self.seat
        ]

    def _found_sheriff(self, view) -> int | None:
        for check in view.checks:
            if check["result"] == "sheriff" and check["target"] in self.alive:
                return check["target"]
        return None

    # --- answers ---------------------------------------------------------------------------
    def act(self, view) -> dict:
        action = view.request["action"]
        if action == "speak":
            return {"speech": self._speech(view)}
        if action == "vote":
            return {"target": self._vote(view)}
        if action == "hand":
            return {"up": self._hand(view)}
        if action == "check":
            return {"target": self._check(view)}
        return {"target": self._hunt(view)}

    def _speech(self, view) -> str:
        request = view.request
        words = BOT_WORDS[view.language]
        ending = words.endings[1] if self.rng.random() < 0.5 else words.endings[0]
        if request["purpose"] != "day":
            return ending
        nominees = set(view.nominees)
        if view.role == "sheriff":
            blacks = [seat for seat in self._known_blacks(view) if seat in self.alive]
            if blacks:
                target = blacks[0]  # the first not nominated yet, else the first
                for seat in blacks:
                    if seat not in nominees:
                        target = seat
                        break
                reds = [
                    c["target"]
                    for c in view.checks
                    if c["result"] == "red" and c["target"] in self.alive
                ]
                told = " ".join([words.red_of[seat] for seat in reds])
                return f"{words.claim} {words.black_of[target]} {told} {words.nominate_of[target]} {ending}"
        if view.team == "black":
            trusted = self._trusted()
            black = view.mafia["black"]
            exposed = [seat for seat in self._known_blacks(view) if seat in black]
            if (
                trusted is not None
                and exposed
                and len(self.claimants) == 1
                and self.rng.random() < 0.5
            ):
                return f"{words.claim} {words.black_of[trusted]} {words.nominate_of[trusted]} {ending}"
            reds = [seat for seat in view.living if seat not in black and seat not in nominees]
            if reds and self.rng.random() < 0.4:
                pick = trusted if trusted in reds else self.rng.choice(reds)
                return f"{words.nominate_of[pick]} {ending}"
            return ending
        blacks = [seat for seat in self._known_blacks(view) if seat not in nominees]
        if blacks:
            return (
                f"{words.named_of[blacks[0]]} {words.nominate_of[blacks[0]]} {ending}"
            )
        suspects = self._suspects(view, exclude=nominees)
        if suspects and self.rng.random() < 0.3:
            # The most suspicious, the first in the shuffled order of equals (the first of
            # all while nobody is suspected).
            return f"{words.nominate_of[self._most_suspected(suspects)]} {ending}"
        return ending

    def _most_suspected(self, seats: list[int]) -> int:
        """The first of the seats under the greatest suspicion (`max` keyed by it, a loop:
        the compiled build allows no closure in a C method)."""
        pick = seats[0]
        suspicion = self.suspicion
        if suspicion:
            most = suspicion.get(pick, 0)
            for seat in seats:
                weight = suspicion.get(seat, 0)
                if weight > most:
                    pick, most = seat, weight
        return pick

    def _suspects(self, view, exclude: set[int] = frozenset()) -> list[int]:
        """The players this one may suspect, shuffled (ties of suspicion go to the first)."""
        trusted = self._trusted()
        calls = self._calls()
        cleared = {seat for seat, colour in calls.items() if colour == "red"} if calls else set()
        if view.role == "sheriff":
            cleared |= {c["target"] for c in view.checks if c["result"] == "red"}
        left_out = {self.seat, trusted, *cleared, *exclude}  # one test a seat, not four
        pool = [seat for seat in view.living if seat not in left_out]
        shuffle(self.rng, pool)
        return pool

    def _vote(self, view) -> int | None:
        candidates = view.request["candidates"]
        if view.team == "black":
            black = view.mafia["black"]
            reds = [seat for seat in candidates if seat not in black]
            trusted = self._trusted()
            if trusted in reds:
                return trusted
            return self.rng.choice(reds) if reds else None
        known_blacks = self._known_blacks(view)  # once, not once per candidate
        blacks = [seat for seat in candidates if seat in known_blacks]
        if blacks:
            return blacks[0]
        suspects = set(self._suspects(view))
        pool = [seat for seat in candidates if seat in suspects]
        if not pool:
            return None
        # The town's shared focal point: the most suspicious candidate, the first nominated of
        # equals, so that red votes do not scatter while the black ones go together (`pool` is
        # in the order of nomination: while nobody is suspected, its first).
        return self._most_suspected(pool)

    def _hand(self, view) -> bool:
        candidates = view.request["candidates"]
        if view.team == "black":  # up unless one of its own stands
            black = view.mafia["black"]
            for seat in candidates:  # noqa: SIM110 - a loop: a C method may hold no closure
                if seat in black:
                    return False
            return True
        if self._trusted() in candidates or self.seat in candidates:
            return False
        known_blacks = self._known_blacks(view)
        for seat in candidates:
            if seat in known_blacks:
                return True
        return self.rng.random() < 0.5

    def _check(self, view) -> int:
        targets = view.request["targets"]
        checked = {c["target"] for c in view.checks}
        fresh = [seat for seat in targets if seat not in checked] or targets
        if view.role == "don":
            black = view.mafia["black"]
            fresh = [seat for seat in fresh if seat not in black] or fresh
            first = [seat for seat in self.claimants if seat in fresh]
            if first:
                return first[0]
        return self.rng.choice(fresh)

    def _hunt(self, view) -> int | None:
        """A claim or the kill: the Sheriff found, else the claimed one, else a red player."""
        targets = view.request["targets"]
        black = view.mafia["black"]
        reds = [seat for seat in targets if seat not in black]
        sheriff = self._found_sheriff(view)
        if sheriff in reds:
            return sheriff
        trusted = [seat for seat in self.claimants if seat in reds]
        if trusted:
            return trusted[0]
        if view.request["action"] == "kill":
            claimed = [t for t in view.request["claims"].values() if t in reds]
            if claimed and self.rng.random() < 0.5:
                return claimed[0]
        return self.rng.choice(reds) if reds else None


class RuleBot(RulePlay, Agent):
    """A player with a sensible strategy (see the module's docstring)."""

    name = "rule"
    observes_the_end = False  # `observe` returns at once when the game is over

    def begin(self, seat: int, seed: str) -> None:
        super().begin(seat, seed)
        self.rng = random.Random(f"{seed}/rule/{seat}")
        self.claimants: list[int] = []  # seats that claimed the Sheriff, in order
        self.called: dict[int, dict[int, str]] = {}  # claimant → {seat: colour}
        self.suspicion: dict[int, float] = {}
        self.alive: frozenset[int] = EVERY_SEAT
        self._living: tuple[int, ...] | None = None  # the view's tuple `alive` was built from
        self.reading: TownReading | None = None  # shared with the game's other rule-based players


class SloppyBot(RandomBot):
    """A random player who breaks the speech rules now and then (no ending, over the limit, a
    nomination without a number, a name): for tests and simulations of the fouls' paths."""

    name = "sloppy"

    def act(self, view) -> dict:
        answer = super().act(view)
        if view.request["action"] == "speak" and self.rng.random() < 0.3:
            words = BOT_WORDS[view.language]
            slip = self.rng.randrange(3)
            if slip == 0:
                speech = (
                    answer["speech"].replace(words.endings[1], "").replace(words.endings[0], "")
                )
                answer = {"speech": speech + " hmm"}
            elif slip == 1:
                answer = {"speech": "word " * (view.request["limit"] + 1) + words.endings[0]}
            else:
                answer = {"speech": words.no_number}
        return answer
