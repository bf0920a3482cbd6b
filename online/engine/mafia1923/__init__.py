""" "Mafia 1923" (seed 004): the family event for hundreds of players, as a ruleset of the online
engine. See docs/mafia1923-engine.md (the design) and docs/mafia1923-rules.md (every rule, and
every reading of one the seed leaves open, with the test that pins it)."""

from .commands import Act, CastVotes, Enrol, Exile, Strike
from .day import DAY_ORDER
from .night import NIGHT_ORDER
from .roles import ABILITIES, ROLES
from .ruleset import OPTIONS, Mafia1923Ruleset, night_order
from .views import announcements, available_actions, player_view, public_board, replay_event

RULESET = Mafia1923Ruleset()

__all__ = [
    "ABILITIES",
    "DAY_ORDER",
    "NIGHT_ORDER",
    "OPTIONS",
    "RULESET",
    "ROLES",
    "Act",
    "CastVotes",
    "Enrol",
    "Exile",
    "Mafia1923Ruleset",
    "Strike",
    "announcements",
    "available_actions",
    "night_order",
    "player_view",
    "public_board",
    "replay_event",
]
