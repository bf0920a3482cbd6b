"""Stored standings: recomputed by the pipeline from the counted games (confirmed, results
published: games.visibility.counted_q), read by every page."""

from django.db import transaction
from django.utils import timezone

from ..models import StandingsSnapshot, Tournament
from ..standings import standing_to_json


@transaction.atomic
def standings_store(*, tournament_id: int) -> StandingsSnapshot | None:
    """Recompute a tournament's standings from its counted games and store them; idempotent."""
    from ..selectors import compute_tournament_standings, counted_games

    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        return None
    standings = compute_tournament_standings(tournament)
    snapshot, _ = StandingsSnapshot.objects.update_or_create(
        tournament=tournament,
        defaults={
            "rows": [standing_to_json(s) for s in standings],
            "games": counted_games(tournament),
            "computed_at": timezone.now(),
        },
    )
    return snapshot
