"""What the audience sees of a running table (docs/entry.md, "The live view").

Only what the hall sees: who sits where, who is still at the table, the fouls, today's voting
list and the votes as they are counted, who has left and how, the wills said aloud, the phase the
judge has announced. Never a role, a check, the numbers shown at a shot, a bonus or anything that
moves when one is recorded (docs/secrecy.md: "any count of night events"): the view is built from
the public events alone, so a check recorded at night changes not one byte of it. Once the results
are published, the roles and the winner join it.

Who is speaking and the time left come from host mode (``Game.host_state``, games/host.py): the hall
sees the speaker and the clock. Only a day's speech timers are shown; a night's (the Mafia's
meeting, the checks' ten seconds) never, so nothing here moves at night.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from games.engine import GameRecord
from games.engine.actions import opening_phase_key
from games.engine.record import Phase

from .entry import COLOUR_WORDS, HOW_NAMES, TIMER_NAMES, WILL_NAMES, phase_label
from .models import Game
from .rulesets import ROLE_LABELS
from .selectors import game_table
from .visibility import results_are_public

# The protocol's events the hall sees happen. The rest — the Don's and the Sheriff's checks, the
# judge's bonuses, who is held responsible for the Sheriff's kill — only the judge knows.
PUBLIC_EVENTS = frozenset({"nominate", "vote", "raise", "shot", "will", "foul", "disqualify", "dd", "surrender"})
# Host mode's timers the hall sees run: a day's speeches. A timer not named here is never shown.
PUBLIC_TIMERS = frozenset({"speech", "shortened_speech", "split_speech", "farewell"})


@dataclass(slots=True)
class LiveSeat:
    number: int
    name: str
    alive: bool = True
    fouls: int = 0
    technical: int = 0
    gone: str = ""  # how and when the seat left
    nominated: bool = False
    speaking: bool = False  # host mode's speaker
    role_name: str = ""  # once the results are published

    @property
    def dots(self) -> str:
        return "●" * self.fouls


@dataclass(slots=True)
class LiveVote:
    label: str
    tally: list[tuple[int, int, list[int]]]  # candidate, votes, voters
    outcome: str


@dataclass(slots=True)
class LiveSpeech:
    """Who is speaking and the clock, from host mode. Built from the stored state alone (never from
    the time of the request), so that the fragment's bytes and tag stay put while the clock runs:
    ``left`` is the time left when the clock was last started, paused or set, ``ends_at`` (epoch
    milliseconds) when a running clock reaches 0; static/js/live.js counts down between polls."""

    speaker: int | None
    name: str
    kind_label: str
    seconds: int
    left: float
    ends_at: int | None = None  # None: the clock is stopped

    @property
    def running(self) -> bool:
        return self.ends_at is not None

    @property
    def paused(self) -> bool:
        return self.ends_at is None and 0 < self.left < self.seconds


@dataclass(slots=True)
class LiveTable:
    game: Game
    phase: str = ""
    seats: list[LiveSeat] = field(default_factory=list)
    nominations: list[tuple[int, int]] = field(default_factory=list)  # today's: (by, target)
    votes: list[LiveVote] = field(default_factory=list)  # today's rounds and raises
    wills: list[str] = field(default_factory=list)
    speech: LiveSpeech | None = None  # host mode's speaker and clock, during a day
    over: bool = False
    published: bool = False  # the results are public: the winner is shown and the page stops asking


def live_context(game: Game) -> dict:
    """The live fragment's context (templates/games/_live_table.html): the game's page, its
    polled fragment and the tournament's page of live tables all build it here."""
    published = results_are_public(game)
    return {"game": game, "live": live_table(game, game_table(game).record, published=published, roles=published,
                                               announced=game.entry_phase_key, host=game.host_state)}


def host_digest(state: dict | None) -> str:
    """A short digest of host mode's state, for the live fragment's cache key: a tap changes it.
    (The key is the server's own; a tap the hall does not see changes the key, not the bytes.)"""
    return hashlib.sha256(json.dumps(state or {}, sort_keys=True).encode()).hexdigest()[:16]


def _public_phase(game: Game, record: GameRecord | None, announced: int | None) -> Phase:
    """The phase the judge has announced: the last public event's, or the one the judge moved to
    (``Game.entry_phase_key``, a public step: "night falls"). A check alone never moves it."""
    key = opening_phase_key(game.ruleset)
    if record is not None:
        for event in reversed(record.events):
            if event.get("type") in PUBLIC_EVENTS:
                if "day" in event:
                    key = max(key, Phase("day", int(event["day"])).key)
                elif "night" in event:
                    key = max(key, Phase("night", int(event["night"])).key)
                break
    if announced is not None:
        key = max(key, announced)
    return Phase.from_key(key)


def live_table(game: Game, record: GameRecord | None, *, published: bool, roles: bool,
               announced: int | None, host: dict | None = None) -> LiveTable:
    """The table as the hall sees it. ``record``: the replayed protocol (None before the deal);
    ``roles``: show each seat's role (published results, or a stream's broadcast view);
    ``announced``: the phase the judge moved to (``Game.entry_phase_key``; None for a past moment);
    ``host``: host mode's state (``Game.host_state``; None for a past moment)."""
    names = {seat.seat: seat.player.nickname if seat.player else "" for seat in game.seats.all()}
    table = LiveTable(game, published=published)
    phase = _public_phase(game, record, announced)
    table.phase = phase_label(phase.kind, phase.number)
    if record is None:
        table.seats = [LiveSeat(number, name) for number, name in sorted(names.items())]
        return table
    seats = {info.seat: LiveSeat(info.seat, names.get(info.seat) or info.player) for info in record.seats}
    for foul in record.fouls:
        if foul.kind == "technical":
            seats[foul.seat].technical += 1
        else:
            seats[foul.seat].fouls += 1
    for departure in record.departures:
        seat = seats[departure.seat]
        seat.alive = False
        seat.gone = f"{HOW_NAMES[departure.how]} · {phase_label(departure.phase.kind, departure.phase.number)}"
    if phase.is_day:
        today = phase.number
        table.nominations = [(item.by, item.target) for item in record.nominations if item.day == today]
        for item in record.nominations:
            if item.day == today and seats[item.target].alive:
                seats[item.target].nominated = True
        rounds = [(item.index, item) for item in record.votes if item.day == today]
        rounds += [(item.index, item) for item in record.raises if item.day == today]
        for _index, item in sorted(rounds, key=lambda pair: pair[0]):
            table.votes.append(_vote(item))
    table.wills = [_will(item, seats) for item in record.wills]
    table.over = record.finished
    if host and not table.over and not published:
        table.speech = live_speech(host, phase, {number: seat.name for number, seat in seats.items()})
        if table.speech is not None and table.speech.speaker in seats:
            seats[table.speech.speaker].speaking = True
    if roles:
        for info in record.seats:
            seats[info.seat].role_name = str(ROLE_LABELS.get(info.role, ""))
    table.seats = [seats[number] for number in sorted(seats)]
    return table


def live_speech(state: dict, phase: Phase, names: dict[int, str]) -> LiveSpeech | None:
    """Host mode's speaker and clock as the hall sees them (None: nothing to show): only in the day
    the state belongs to (a state of an earlier phase is stale, as the judge's panel reads it), only
    a day's speech timers, and only while someone speaks or the clock has been started."""
    if not phase.is_day or state.get("day") != phase.key:
        return None
    speaker = state.get("speaker")
    kind = state.get("kind", "speech")
    seconds = int(state.get("seconds") or 0)
    left = max(0.0, float(state.get("left") or 0))
    since = state.get("running_since")
    if kind not in PUBLIC_TIMERS or (speaker is None and not since and left >= seconds):
        return None if speaker is None else LiveSpeech(speaker, names.get(speaker, ""), "", 0, 0.0)
    ends_at = None
    if since:
        ends_at = round(datetime.fromisoformat(since).timestamp() * 1000 + left * 1000)
    return LiveSpeech(speaker, names.get(speaker, ""), str(TIMER_NAMES.get(kind, kind)), seconds, left, ends_at)


def _vote(item) -> LiveVote:
    if hasattr(item, "hands"):  # a raise decision
        voters = sorted(item.hands)
        label = _("Raise")
        tally = [(0, len(voters), voters)]
        outcome = _("they leave") if item.passed else _("they stay")
        return LiveVote(label, tally, outcome)
    tally = [(candidate, item.counts.get(candidate, 0),
              sorted(voter for voter, target in item.ballots.items() if target == candidate))
             for candidate in item.candidates]
    label = _("Vote") if item.round <= 1 else _("Revote")
    outcome = ""
    if item.outcome == "eliminated" and item.eliminated is not None:
        outcome = _("seat %(n)s leaves") % {"n": item.eliminated}
    elif item.outcome in ("revote", "raise"):
        outcome = _("a tie")
    return LiveVote(label, tally, outcome)


def _will(item, seats: dict[int, LiveSeat]) -> str:
    kind = WILL_NAMES.get(item.kind, item.kind)
    if item.kind == "first_color":
        said = ", ".join(f"{seat} {COLOUR_WORDS.get(colour, colour)}" for seat, colour in item.declarations.items())
    elif item.kind == "ordered":
        said = ", ".join(map(str, item.targets))
    elif item.kind == "pass_the_helm":
        said = str(item.recipient)
    else:
        said = ""
    return f"{item.seat}: {kind}" + (f" — {said}" if said else "")
