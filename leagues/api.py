"""Leagues and series, read-only (docs/api.md, "Leagues, series and club seasons"): the pages'
figures from the pages' selectors (leagues.selectors), so the API and the pages never differ. The
standings count only tournaments whose final standings are published (``final_standings_public``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics, permissions
from rest_framework.response import Response

from core.api_errors import ErrorSerializer

from . import selectors
from .models import Series
from .serializers import (
    LeagueDetailSerializer,
    LeagueSerializer,
    SeriesSerializer,
    points,
    version_data,
)


@extend_schema_view(get=extend_schema(summary="Leagues"))
class LeagueListView(generics.ListAPIView):
    """Every league, by name, with how many series it has."""

    serializer_class = LeagueSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        return selectors.leagues().order_by("name", "pk")


class LeagueDetailView(generics.GenericAPIView):
    """A league and its series (the league's page)."""

    serializer_class = LeagueDetailSerializer
    permission_classes = [permissions.AllowAny]
    pagination_class = None

    @extend_schema(summary="One league, with its series", responses={200: LeagueDetailSerializer, 404: ErrorSerializer})
    def get(self, request, league: str):
        league = get_object_or_404(selectors.leagues(), slug=league)
        league.series_list = list(selectors.league_series(league))
        for series in league.series_list:
            series.league = league
        return Response(self.get_serializer(league).data)


def series_data(series: Series) -> dict:
    """The series page's content: its points table's versions, its tournaments open to the public,
    and its standings with each counted tournament's contribution (leagues.views.series_detail)."""
    entries = selectors.series_entries(series)
    counted = [entry for entry in entries if entry.counted]
    slugs = {entry.tournament_id: entry.tournament.slug for entry in entries}
    return {
        "league": {"slug": series.league.slug, "name": series.league.name},
        "slug": series.slug, "name": series.name, "starts_on": series.starts_on, "ends_on": series.ends_on,
        "description": series.description,
        "points_table": {"name": series.points_table.name,
                         "versions": [version_data(v) for v in selectors.table_versions(series.points_table)]},
        "tournaments": [{
            "slug": entry.tournament.slug, "name": entry.tournament.name, "club": entry.tournament.club.slug,
            "ends_on": entry.tournament.ends_on, "counted": entry.counted,
            "version": entry.version.effective_from if entry.counted and entry.version else None,
        } for entry in entries],
        "standings": [{
            "place": standing.place, "player": {"id": standing.player_id, "nickname": standing.name},
            "total": points(standing.total), "wins": standing.wins,
            "results": [{"tournament": slugs[entry.tournament_id], "place": result.place, "points": points(result.points)}
                        for entry in counted if (result := standing.results.get(entry.tournament_id)) is not None],
        } for standing in selectors.series_standings(series)],
    }


class SeriesDetailView(generics.GenericAPIView):
    """A series (its page): the points table's versions, the tournaments, the standings."""

    serializer_class = SeriesSerializer
    permission_classes = [permissions.AllowAny]
    pagination_class = None

    @extend_schema(summary="One series: its tournaments and standings",
                   responses={200: SeriesSerializer, 404: ErrorSerializer})
    def get(self, request, league: str, series: str):
        found = get_object_or_404(Series.objects.select_related("league", "points_table"),
                                  league__slug=league, slug=series)
        return Response(self.get_serializer(series_data(found)).data)
