"""The rulesets a game can be played under, as the protocol format names them."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Ruleset(models.TextChoices):
    PRO_MAFIA = "pro-mafia-1.1", _("Pro Mafia 1.1")
    FIIM_2025 = "fiim-2025", _("Official 2025 rules")
