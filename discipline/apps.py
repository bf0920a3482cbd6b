from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .audit_actions import ACTIONS  # words only, no models: importable while the registry loads


class DisciplineConfig(AppConfig):
    """Discipline review: cases opened by the protocol, decided by organizers and chief judges,
    appealed by players (docs/discipline.md)."""

    name = "discipline"
    verbose_name = _("Discipline")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        from games.signals import protocol_saved  # ready() runs once the app registry is loaded

        from .services import sync_cases_on_protocol_saved

        protocol_saved.connect(sync_cases_on_protocol_saved, dispatch_uid="discipline.cases_sync")
