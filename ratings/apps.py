from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    """The players' ratings: a pure engine (ratings.engine), its store and pages. The rows it
    writes stay in the scoring app's tables (scoring.models.RatingEntry, PlayerRating)."""

    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self):
        # ready() runs once the app registry is loaded: modules with models are imported here
        from core import outbox
        from games.signals import results_publication_changed
        from scoring.signals import game_scores_stored

        from . import services

        outbox.register(outbox.Kind.RATINGS, services.run_ratings, earlier=services.earlier_in_rating_order)
        game_scores_stored.connect(services.on_game_scores_stored, dispatch_uid="ratings.scores")
        results_publication_changed.connect(services.on_results_publication_changed,
                                            dispatch_uid="ratings.publication")
