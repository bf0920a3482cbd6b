"""Stored standings: recomputed by the pipeline from the counted games (confirmed, results
published: games.visibility.counted_q), read by every page."""

from django.db import transaction
from django.utils import timezone

from core.locking import named_lock

from ..models import StandingsSnapshot, Tournament
from ..standings import standing_to_json


@transaction.atomic
def standings_store(*, tournament_id: int) -> StandingsSnapshot | None:
    """Recompute a tournament's standings from its counted games and store them; idempotent.

    The tournament's row is read, not locked: the organizers' actions lock it (seating,
    applications, the chief judge) and never wait for a recompute (issue 14). Two runs for one
    tournament take turns on the job's own advisory lock; a change committed during a run has
    asked for another run (scoring/pipeline.py), which stores the standings it makes.
    """
    from .. import selectors

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
    return snapshot
