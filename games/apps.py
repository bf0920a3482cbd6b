from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .audit_actions import ACTIONS  # words only, no models: importable while the registry loads


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        from . import live_poll  # noqa: F401  (its receivers: a change starts a new live-poll generation)
