"""What the standings page and the API's standings show, for the views and for the stored
renderings (``stored.warm``) alike."""

from __future__ import annotations

from django.utils.safestring import mark_safe
from rest_framework.renderers import JSONRenderer

from ..models import StandingsSnapshot, Tournament
from ..publication import visible_parts
from ..serializers import StandingsSerializer
from . import selectors
from .compute import standing_to_json


def page_context(request, tournament, *, table: str, may_organize: bool) -> dict:
    """The standings page around a rendered fragment (``stored`` stores the fragment)."""
    return {"tournament": tournament, "may_organize": may_organize, "visible": visible_parts(request, tournament),
            "table": mark_safe(table)}  # noqa: S308  (rendered by our own template, escaped there)


def standings_body(tournament_id: int) -> bytes:
    tournament = Tournament.objects.get(pk=tournament_id)
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).first()
    if snapshot is None:
        rows, games, computed_at = ([standing_to_json(s) for s in selectors.compute_tournament_standings(tournament)],
                                    selectors.counted_games(tournament), None)
    else:
        rows, games, computed_at = snapshot.rows, snapshot.games, snapshot.computed_at
    data = StandingsSerializer({"tournament": tournament.slug, "computed_at": computed_at, "games": games,
                                "tie_break": tournament.effective_tie_break, "rows": rows}).data
    return JSONRenderer().render(data)


def standings_version_key(tournament_id: int, computed_at, updated_at) -> str:
    """The stored body's version: the snapshot's time and the tournament's (its tie-break, its
    switches), read from the database on every request, so a stale body is never served."""
    return f"{tournament_id}-{computed_at.timestamp():.6f}-{updated_at.timestamp():.6f}"
