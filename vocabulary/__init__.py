"""The words every part of the project spells the same way: one place, no Django.

The table game (games/engine), its scoring (scoring/engine), the online engines (online/engine)
and the Django apps all read the roles, the teams, the deal, the protocol format's name and the
ruleset ids from here; the words in the user's language (translations) are the Django side's
(games/rulesets.py). Nothing here imports anything of the project, so any part may import it.
See docs/architecture.md, "Vocabulary".
"""

from __future__ import annotations

from types import MappingProxyType

# The interchange format's name, as a document's `format` field carries it (docs/protocol-format.md).
PROTOCOL_FORMAT = "mafia-protocol/1"

# The rulesets of the table game, as a document's `ruleset` field names them.
PRO_MAFIA = "pro-mafia-1.1"
FIIM_2025 = "fiim-2025"
RULESET_IDS = (PRO_MAFIA, FIIM_2025)

# The roles of the table game, in the order the format lists them.
CIVILIAN = "civilian"
SHERIFF = "sheriff"
MAFIA = "mafia"
DON = "don"
ROLES = (CIVILIAN, SHERIFF, MAFIA, DON)

# The teams: the city (red) and the mafia (black); a game's winner is one of them.
RED = "red"
BLACK = "black"
TEAMS = (RED, BLACK)
RED_ROLES = frozenset({CIVILIAN, SHERIFF})
BLACK_ROLES = frozenset({MAFIA, DON})
TEAM_OF_ROLE = MappingProxyType({CIVILIAN: RED, SHERIFF: RED, MAFIA: BLACK, DON: BLACK})

# The deal of the classic ten-seat table: role → how many seats get it. A ruleset's seat count
# is the sum (games/engine/rulesets.py).
CLASSIC_DEAL = MappingProxyType({CIVILIAN: 6, SHERIFF: 1, MAFIA: 2, DON: 1})


def team_of(role: str) -> str:
    """The team of a table-game role (KeyError for a word that is not one)."""
    return TEAM_OF_ROLE[role]


def deal_cards(deal: dict[str, int] | MappingProxyType = CLASSIC_DEAL) -> list[str]:
    """The deal as a pack of cards: each role as many times as the deal gives it."""
    return [role for role, count in deal.items() for _ in range(count)]
