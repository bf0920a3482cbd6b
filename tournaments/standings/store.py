"""Stored standings: recomputed by the outbox from the counted games (confirmed, results
published: games.visibility.counted_q), read by every page.

The outbox's runner for standings and what asks for them are here; ``TournamentsConfig.ready()``
registers and connects them (docs/pipeline.md, docs/architecture.md).
"""

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core import outbox
from core.locking import named_lock
from games.models import Game

from ..models import StandingsSnapshot, Tournament
from ..tasks import send_warm_standings
from . import selectors
from .compute import standing_to_json
from .fast import standings_changed


@transaction.atomic
def standings_store(*, tournament_id: int) -> StandingsSnapshot | None:
    """Recompute a tournament's standings from its counted games and store them; idempotent.

    The tournament's row is read, not locked: the organizers' actions lock it (seating,
    applications, the chief judge) and never wait for a recompute (issue 14). Two runs for one
    tournament take turns on the job's own advisory lock; a change committed during a run has
    asked for another run (core/outbox.py), which stores the standings it makes.
    """
    named_lock(f"recompute:standings:{tournament_id}")
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    standings = selectors.compute_tournament_standings(tournament)
    snapshot, _ = StandingsSnapshot.objects.update_or_create(
        tournament=tournament,
        defaults={
            "rows": [standing_to_json(s) for s in standings],
            "games": selectors.counted_games(tournament),
            "computed_at": timezone.now(),
        },
    )
    transaction.on_commit(standings_changed)  # the readers' fast paths ask Django again
    return snapshot


def run_standings(tournament_id: int, **_) -> None:
    """The outbox's runner: store the standings, then ask for what their readers will ask for to
    be rendered (a task of its own, behind the pipeline's jobs: ``tasks.warm_standings``)."""
    standings_store(tournament_id=tournament_id)
    if not settings.CELERY_TASK_ALWAYS_EAGER:  # in-process runs render on the first visit instead
        send_warm_standings(tournament_id)


def on_game_scores_stored(sender, *, game_id: int, **_) -> None:
    """A game's scores were recomputed: its tournament's standings follow when its results are
    published. A change to an unpublished game moves nothing they show, and asking anyway would
    move their timestamp with a hidden event (docs/secrecy.md); its publication asks for them."""
    game = Game.objects.filter(pk=game_id).only("tournament_id", "results_published").first()
    if game is not None and game.tournament_id and game.results_published:
        outbox.request_standings(game.tournament_id)


def on_results_publication_changed(sender, *, game_ids, **_) -> None:
    """Games' results were published or hidden: the standings of each tournament concerned count
    only published confirmed games, both ways (an unconfirmed game counts nowhere)."""
    confirmed = Game.objects.filter(pk__in=list(game_ids), status=Game.Status.CONFIRMED)
    for tournament_id in (confirmed.exclude(tournament__isnull=True).order_by("tournament_id")
                          .values_list("tournament_id", flat=True).distinct()):
        outbox.request_standings(tournament_id)
