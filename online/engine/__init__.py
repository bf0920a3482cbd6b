"""The pure engine of online games (issue 17): no Django, no database, no clock of its own.

    state, log = create_game(setup, seed="…", at=now)
    state, events = resolve(state, [Join(at=now, name="Alice"), …])   # append events to log
    replay(log) == state                                               # the log is the truth

See docs/online-engine.md (the log format, the night order, deadlines) and
docs/online-rules.md (the rules as implemented, and every reading of them).
"""

from .ballots import vote_count
from .commands import (
    Command,
    DeadlineReached,
    DealRoles,
    ExtendDeadline,
    Join,
    Modkill,
    NightAction,
    PauseDeadline,
    Prod,
    PublishResolution,
    Replace,
    ResumeDeadline,
    Start,
    Unvote,
    Vote,
    command_from_dict,
)
from .core import EVENT_FIELDS, create_game, replay, resolve
from .errors import LogError, RuleError
from .outcome import replay_outcome
from .posts import PostTag, parse_post
from .rng import GameRNG
from .rulesets import ruleset_named
from .setup import Setup, load_setup
from .state import MODERATOR, SYSTEM, GameState
from .views import moderator_view, processing, public_view, readable_threads, view_for


def night_order(setup: Setup | dict | None = None, ruleset: str = "forum") -> list[dict]:
    """The night order a public page prints: the same table the engine runs."""
    if setup is not None and not isinstance(setup, Setup):
        setup = load_setup(setup)
    return ruleset_named(setup.ruleset if setup else ruleset).night_order(setup)


__all__ = [
    "EVENT_FIELDS",
    "MODERATOR",
    "SYSTEM",
    "Command",
    "DeadlineReached",
    "DealRoles",
    "ExtendDeadline",
    "GameRNG",
    "GameState",
    "Join",
    "LogError",
    "Modkill",
    "NightAction",
    "PauseDeadline",
    "PostTag",
    "Prod",
    "PublishResolution",
    "Replace",
    "ResumeDeadline",
    "RuleError",
    "Setup",
    "Start",
    "Unvote",
    "Vote",
    "command_from_dict",
    "create_game",
    "load_setup",
    "moderator_view",
    "night_order",
    "parse_post",
    "processing",
    "public_view",
    "readable_threads",
    "replay",
    "replay_outcome",
    "resolve",
    "view_for",
    "vote_count",
]
