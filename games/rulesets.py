"""The table game's words in the user's language: the rulesets a game is played under and the
roles, as choices and labels for forms, models and pages.

The words themselves (the ids the protocol format writes) are the `vocabulary` package's; this
module only gives them translatable labels (docs/architecture.md, "Vocabulary").
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

import vocabulary as v


class RulesetChoice(models.TextChoices):
    """A ruleset as a form or model field offers it (the engine's rules are
    `games.engine.rulesets.Ruleset`)."""

    PRO_MAFIA = v.PRO_MAFIA, _("Pro Mafia 1.1")
    FIIM_2025 = v.FIIM_2025, _("Official 2025 rules")


ROLE_LABELS = {v.CIVILIAN: _("Civilian"), v.SHERIFF: _("Sheriff"), v.MAFIA: _("Mafia"), v.DON: _("Don")}
ROLE_CHOICES = [(role, ROLE_LABELS[role]) for role in v.ROLES]
