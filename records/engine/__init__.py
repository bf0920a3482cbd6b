"""The records engine: a replayed game → each seat's facts, and their totals over many games.

Pure Python, no Django: it reads the protocol engine's `GameRecord` and the scoring engine's
`GameScore` (issue 29, "Every player's record"; the definitions are in docs/records.md).
"""

from .aggregate import BY_ROLE_FIELDS, SUM_NAMES, Totals, by_role_name, win_rate_interval
from .facts import ByRole, RulePoints, SeatFacts, seat_facts

__all__ = [
    "BY_ROLE_FIELDS", "SUM_NAMES", "ByRole", "RulePoints", "SeatFacts", "Totals", "by_role_name", "seat_facts", "win_rate_interval",
]
