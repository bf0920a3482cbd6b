from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .audit_actions import ACTIONS  # words only, no models: importable while the registry loads


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        # ready() runs once the app registry is loaded: modules with models are imported here
        from django.contrib.auth import get_user_model

        from clubs.models import Club, ClubMembership, Player
        from core import outbox
        from discipline.models import DisciplineCase
        from games.models import Game, ProtocolVersion
        from games.signals import results_publication_changed
        from scoring.signals import game_scores_stored

        from . import queue
        from .models import Application, Evening, Tournament
        from .standings import store

        # The rows the navigation's kept answers read (tournaments.queue.kept_roles): a write of
        # any of them makes every kept answer stale.
        for model in (Game, ProtocolVersion, DisciplineCase, Application, Tournament, Evening, Club,
                      ClubMembership, Player, get_user_model()):
            for signal in (post_save, post_delete):
                signal.connect(queue.on_queue_row_written, sender=model,
                               dispatch_uid=f"queue.{signal is post_save}.{model._meta.label}")

        outbox.register(outbox.Kind.STANDINGS, store.run_standings)
        game_scores_stored.connect(store.on_game_scores_stored, dispatch_uid="standings.scores")
        results_publication_changed.connect(store.on_results_publication_changed,
                                            dispatch_uid="standings.publication")
