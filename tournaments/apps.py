from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .audit_actions import ACTIONS  # words only, no models: importable while the registry loads


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        # ready() runs once the app registry is loaded: modules with models are imported here
        from core import outbox
        from games.signals import results_publication_changed
        from scoring.signals import game_scores_stored

        from .standings import store

        outbox.register(outbox.Kind.STANDINGS, store.run_standings)
        game_scores_stored.connect(store.on_game_scores_stored, dispatch_uid="standings.scores")
        results_publication_changed.connect(store.on_results_publication_changed,
                                            dispatch_uid="standings.publication")
