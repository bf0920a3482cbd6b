"""What a seat (or the site's clock) gives the judge. Frozen dataclasses, one per kind."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import TableError


@dataclass(frozen=True, slots=True)
class Speak:
    """A speech by `seat`: the seat whose turn it is, or out of turn (a foul)."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Vote:
    """A hand against the candidate whose voting window is open."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Hand:
    """The vote to eliminate all tied players: `up` is a hand for eliminating them."""

    seat: int
    up: bool


@dataclass(frozen=True, slots=True)
class Check:
    """The Sheriff's or the Don's check, in that role's window."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A black player's claim of whom to kill tonight (None: no claim)."""

    seat: int
    target: int | None


@dataclass(frozen=True, slots=True)
class Kill:
    """The decider's (the Don's) kill: one number, or None for no kill."""

    seat: int
    target: int | None


@dataclass(frozen=True, slots=True)
class Timeout:
    """The site's clock: the open window ended. What is missing gets the rule's default;
    `note` says why the site closed it (a late or malformed answer), for the log."""

    note: str = ""


Command = Speak | Vote | Hand | Check | Claim | Kill | Timeout

KINDS = {
    "speak": Speak,
    "vote": Vote,
    "hand": Hand,
    "check": Check,
    "claim": Claim,
    "kill": Kill,
    "timeout": Timeout,
}


def command_from_dict(data: object) -> Command:
    """A command from JSON (`{"type": "vote", "seat": 3, "target": 5}`); refuses bad shapes."""
    if not isinstance(data, dict) or data.get("type") not in KINDS:
        raise TableError("command.unknown", "not a command the table knows")
    kind = KINDS[data["type"]]
    fields = {key: value for key, value in data.items() if key != "type"}
    try:
        command = kind(**fields)
    except TypeError as error:
        raise TableError("command.invalid", f"{data['type']}: {error}") from None
    return command

_new = object.__new__
_set = object.__setattr__


def make(kind: type, seat: int, value: object) -> Command:
    """`kind(seat, value)` for a command of a seat and one value (all but `Timeout`), without
    calling the frozen dataclass's `__init__`: a call into the interpreter from C for every
    input, which a driver of bot games makes fifty times a game (test_commands_made_fast)."""
    command = _new(kind)
    _set(command, "seat", seat)
    _set(command, kind.__slots__[1], value)
    return command


def timeout(note: str = "") -> Timeout:
    """`Timeout(note)`, made as `make` makes the others."""
    command = _new(Timeout)
    _set(command, "note", note)
    return command
