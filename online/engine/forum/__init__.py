"""The standard forum game (the site's standard-game rules page), as a ruleset of the engine."""

from .night import NIGHT_ORDER, night_order
from .roles import ROLES, SIDES
from .ruleset import OPTIONS, ForumRuleset

RULESET = ForumRuleset()

__all__ = ["NIGHT_ORDER", "OPTIONS", "RULESET", "ROLES", "SIDES", "ForumRuleset", "night_order"]
