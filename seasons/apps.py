from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .audit_actions import ACTIONS  # words only, no models: importable while the registry loads


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Seasons")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
