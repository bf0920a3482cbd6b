"""Club seasons, read-only (docs/api.md, "Leagues, series and club seasons"): the seasons list of a
club and a season's page — its standings (by the season's own measure and minimum of games) and
its leaderboard for the page's filters, read by the page's own form (records.leaderboard_forms.
StatisticForm): a bad value is a 400 naming it (the page shows the message and leaves it out)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, permissions
from rest_framework.response import Response

from clubs.models import Club
from core.api_errors import ErrorSerializer, valid_or_400
from records.leaderboard_forms import MAX_MIN_GAMES, StatisticForm
from records.leaderboards import STATISTICS

from . import selectors
from .models import ClubSeason
from .serializers import SeasonDetailSerializer, SeasonSerializer, leaderboard_data, standings_data

LEADERBOARD_PARAMETERS = [
    OpenApiParameter("statistic", OpenApiTypes.STR, enum=list(STATISTICS),
                     description="The leaderboard's statistic (the page's default: points)."),
    OpenApiParameter("min_games", OpenApiTypes.INT, description=(
        f"The leaderboard's minimum of games, 0–{MAX_MIN_GAMES} (empty: 10 for a rate or a mean, 1 for the others). "
        "The standings keep the season's own minimum.")),
]


@extend_schema_view(get=extend_schema(summary="A club's seasons"))
class ClubSeasonListView(generics.ListAPIView):
    """A club's seasons, the latest first."""

    serializer_class = SeasonSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        club = get_object_or_404(Club, slug=self.kwargs["slug"])
        return selectors.club_seasons(club).select_related("club")


class ClubSeasonDetailView(generics.GenericAPIView):
    """A season's page: its standings and its leaderboard for the filters."""

    serializer_class = SeasonDetailSerializer
    permission_classes = [permissions.AllowAny]
    pagination_class = None

    @extend_schema(summary="One club season: standings and leaderboard", parameters=LEADERBOARD_PARAMETERS,
                   responses={200: SeasonDetailSerializer, 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request, slug: str, pk: int):
        season = get_object_or_404(ClubSeason.objects.select_related("club"), club__slug=slug, pk=pk)
        form = valid_or_400(StatisticForm(request.query_params))
        statistic, filters = form.chosen_statistic(), form.filters()
        rows = selectors.season_leaderboard(season, statistic, **filters)
        return Response(self.get_serializer({
            "season": season,
            "standings": standings_data(season, selectors.season_standings(season)),
            "leaderboard": leaderboard_data(statistic, filters.get("min_games"), rows),
        }).data)
