from django.apps import AppConfig
from django.db.models.signals import pre_delete
from django.utils.translation import gettext_lazy as _


class RecordsConfig(AppConfig):
    """The players' records (issue 29): each counting game's seats' facts, stored by the recompute
    pipeline and summed by the selectors (docs/records.md, "The store")."""

    name = "records"
    verbose_name = _("Players' records")

    def ready(self):
        # ready() runs once the app registry is loaded: modules with models are imported here
        from core import outbox
        from games.models import Game
        from games.signals import results_publication_changed
        from scoring.signals import game_scores_stored

        from . import services

        outbox.register(outbox.Kind.PLAYER_RECORDS, services.run_player_records)
        game_scores_stored.connect(services.on_game_scores_stored, dispatch_uid="records.scores")
        results_publication_changed.connect(services.on_results_publication_changed,
                                            dispatch_uid="records.publication")
        pre_delete.connect(services.on_game_deleted, sender=Game, dispatch_uid="records.game-deleted")
