from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from core import outbox  # ready() runs once the app registry is loaded: models import here
        from games import final_scores

        from .services import carry_scores_over, rescore_stale, run_game_scores
        from .services import final_scores as score_with_review

        outbox.register(outbox.Kind.GAME_SCORES, run_game_scores, carry=carry_scores_over)
        outbox.register_sweeper("stale_scores", rescore_stale)
        final_scores.provide(score_with_review)

        from games import protocol_scoring

        from .engine import score_document

        protocol_scoring.provide(score_document)  # simulations of the auto-judged table
