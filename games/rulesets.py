"""The table game's words in the user's language: the rulesets a game is played under and the
roles, as choices and labels for forms, models and pages.

The words themselves (the ids the protocol format writes) are the `vocabulary` package's; this
module only gives them translatable labels (docs/architecture.md, "Vocabulary").
"""

from collections.abc import Mapping

from django.db import models
from django.utils.translation import gettext_lazy as _

import vocabulary as v
from games.engine.rulesets import RULESETS


class RulesetChoice(models.TextChoices):
    """A ruleset as a form or model field offers it (the engine's rules are
    `games.engine.rulesets.Ruleset`)."""

    PRO_MAFIA = v.PRO_MAFIA, _("Pro Mafia 1.1")
    FIIM_2025 = v.FIIM_2025, _("Official 2025 rules")


ROLE_LABELS = {v.CIVILIAN: _("Civilian"), v.SHERIFF: _("Sheriff"), v.MAFIA: _("Mafia"), v.DON: _("Don")}
ROLE_CHOICES = [(role, ROLE_LABELS[role]) for role in v.ROLES]


def seat_numbers(ruleset: str) -> range:
    """The seats of a table under ``ruleset``: 1 to as many as its deal has cards (the engine's
    ``Ruleset.seat_count``). Forms, messages and services read the table's size here, never a 10."""
    return range(1, RULESETS[str(ruleset)].seat_count + 1)


def deal_of(ruleset: str) -> Mapping[str, int]:
    """The ruleset's deal: role → how many seats get that card."""
    return RULESETS[str(ruleset)].deal


def deal_in_words(deal: Mapping[str, int]) -> str:
    """A deal as the refusals name it: "6 × Civilian, 1 × Sheriff, 2 × Mafia, 1 × Don"."""
    return ", ".join(f"{count} × {ROLE_LABELS[role]}" for role, count in deal.items())


# The seats a player's record offers and charts (records): those of the largest table any ruleset has.
LARGEST_TABLE = max(len(seat_numbers(ruleset)) for ruleset in RulesetChoice.values)
