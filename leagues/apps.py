from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .audit_actions import ACTIONS  # words only, no models: importable while the registry loads


class LeaguesConfig(AppConfig):
    """Leagues, their versioned points tables and series of tournaments (issue 29; docs/leagues.md)."""

    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        # ready() runs once the app registry is loaded: modules with models are imported here
        from tournaments.signals import tournament_dates_changing

        from . import services

        # A tournament's final standings are published or hidden by its status and switches (a
        # save of the tournament), and change when the pipeline stores them (a save of the snapshot).
        post_save.connect(services.on_tournament_saved, sender="tournaments.Tournament", dispatch_uid="leagues.tournament")
        post_save.connect(services.on_standings_saved, sender="tournaments.StandingsSnapshot", dispatch_uid="leagues.standings")
        # A tournament of a series ends inside its season, after a change of its days too.
        tournament_dates_changing.connect(services.on_tournament_dates_changing, dispatch_uid="leagues.dates")
