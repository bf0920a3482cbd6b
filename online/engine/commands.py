"""The inputs of `resolve`: commands, each with an actor and a time.

The actor is a slot number for a player's command, `MODERATOR` for the moderator's, and
`SYSTEM` for the site's clock (`DeadlineReached`). Every command is a frozen dataclass; the
site stores none of them (the log of events is the truth) but may pass them as plain dicts
through `command_from_dict`.
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
from datetime import datetime

from .clock import iso, utc
from .errors import RuleError
from .rulesets import load_all
from .state import MODERATOR, SYSTEM


@dataclass(frozen=True)
class Command:
    at: datetime
    actor: int | str

    def to_dict(self) -> dict:
        data = asdict(self)
        data["at"] = iso(self.at)
        return {"type": COMMAND_TYPES_BY_CLASS[type(self)], **data}


@dataclass(frozen=True)
class ModeratorCommand(Command):
    """A command the moderator gives (the actor's field keeps its place after `at`)."""

    actor: int | str = MODERATOR


@dataclass(frozen=True)
class SlotCommand(ModeratorCommand):
    """The moderator acts on one slot, with a note for the log (every ruleset's moderator
    commands about a slot share this shape)."""

    slot: int = 0
    note: str = ""


# --- before the game ---------------------------------------------------------------------
@dataclass(frozen=True)
class Join(ModeratorCommand):
    """A new slot at the end of the player list (the site maps it to the account)."""

    name: str = ""


@dataclass(frozen=True)
class DealRoles(ModeratorCommand):
    """The deal: seeded and random, or `roles` ({slot: role id}) as the moderator hands them."""

    roles: dict | None = None


@dataclass(frozen=True)
class Start(ModeratorCommand):
    actor: int | str = MODERATOR


# --- players -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Vote(Command):
    target: int = 0
    post: str | None = None  # the site's reference of the post that carried the vote
    ballot: str = "lynch"


@dataclass(frozen=True)
class Unvote(Command):
    post: str | None = None
    ballot: str = "lynch"


@dataclass(frozen=True)
class NightAction(Command):
    """A night action; submitted again, the last submission counts. `target=None` withdraws it."""

    ability: str = ""
    target: int | None = None


# --- the clock and the moderator ---------------------------------------------------------
@dataclass(frozen=True)
class DeadlineReached(Command):
    """The site's clock reached the deadline. With `phase`, only that phase's deadline: a task
    scheduled for one phase never resolves the next."""

    phase: str | None = None
    actor: int | str = SYSTEM


@dataclass(frozen=True)
class ExtendDeadline(ModeratorCommand):
    hours: int = 0
    note: str = ""


@dataclass(frozen=True)
class PauseDeadline(ModeratorCommand):
    note: str = ""


@dataclass(frozen=True)
class ResumeDeadline(ModeratorCommand):
    note: str = ""


@dataclass(frozen=True)
class Replace(ModeratorCommand):
    """A new person takes over `slot`: the slot keeps its role, votes, posts and actions."""

    slot: int = 0
    name: str = ""
    note: str = ""


@dataclass(frozen=True)
class Modkill(SlotCommand):
    pass


@dataclass(frozen=True)
class Prod(SlotCommand):
    pass


@dataclass(frozen=True)
class PublishResolution(ModeratorCommand):
    """Publishes a drafted phase resolution (setups with the `moderator_review` option)."""



COMMAND_TYPES = {
    "join": Join,
    "deal_roles": DealRoles,
    "start": Start,
    "vote": Vote,
    "unvote": Unvote,
    "night_action": NightAction,
    "deadline_reached": DeadlineReached,
    "extend_deadline": ExtendDeadline,
    "pause_deadline": PauseDeadline,
    "resume_deadline": ResumeDeadline,
    "replace": Replace,
    "modkill": Modkill,
    "prod": Prod,
    "publish_resolution": PublishResolution,
}
COMMAND_TYPES_BY_CLASS = {cls: name for name, cls in COMMAND_TYPES.items()}
# A ruleset's own commands ("Mafia 1923"'s votes and actions), registered by the ruleset.
RULESET_COMMAND_TYPES: dict[str, type] = {}
_FIELDS: dict[type, set[str]] = {}
_REQUIRED: dict[type, set[str]] = {}


def _describe(cls: type) -> None:
    _FIELDS[cls] = {f.name for f in fields(cls)}
    _REQUIRED[cls] = {f.name for f in fields(cls) if f.default is MISSING}


def register_command(name: str, cls: type) -> type:
    """A ruleset's command type, known to `command_from_dict` and `Command.to_dict`."""
    RULESET_COMMAND_TYPES[name] = cls
    COMMAND_TYPES_BY_CLASS[cls] = name
    _describe(cls)
    return cls


for _cls in COMMAND_TYPES.values():
    _describe(_cls)


def command_from_dict(data: dict) -> Command:
    """A command from {"type": …, "at": ISO time, "actor": …, its fields}."""
    if not isinstance(data, dict):
        raise RuleError("command.invalid", "A command is an object.")
    cls = COMMAND_TYPES.get(data.get("type")) or RULESET_COMMAND_TYPES.get(data.get("type"))
    if cls is None:

        load_all()
        cls = RULESET_COMMAND_TYPES.get(data.get("type"))
    if cls is None:
        raise RuleError("command.unknown", f"No command type {data.get('type')!r}.")
    values = {key: value for key, value in data.items() if key != "type"}
    unknown = set(values) - _FIELDS[cls]
    if unknown:
        raise RuleError("command.invalid", f"Unknown fields: {', '.join(sorted(unknown))}.")
    missing = _REQUIRED[cls] - set(values)
    if missing:
        raise RuleError("command.invalid", f"Missing fields: {', '.join(sorted(missing))}.")
    values["at"] = utc(values["at"])
    if cls is DealRoles and isinstance(values.get("roles"), dict):
        values["roles"] = {_slot_key(k): v for k, v in values["roles"].items()}
    return cls(**values)


def _slot_key(key: object) -> object:
    if isinstance(key, str) and key.isdigit():
        return int(key)
    return key
