"""The REST API (``/api/v1/``), its OpenAPI schema (``/api/schema/``) and its documentation pages
(``/api/docs/`` Swagger UI, ``/api/redoc/`` ReDoc), served from the vendored sidecar files."""

from django.urls import include, path
from drf_spectacular.utils import extend_schema, inline_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.routers import DefaultRouter
from rest_framework.settings import api_settings

from clubs.api import ClubViewSet, PlayerViewSet
from core.api_errors import ErrorSerializer
from core.ratelimits import ApiTokenThrottle
from games.api import ClubProtocolsView, GameViewSet
from leagues.api import LeagueDetailView, LeagueListView, SeriesDetailView
from ratings.api import LeaderboardView, RatingHistoryView
from records.api import PlayerRecordGamesView, PlayerRecordView
from seasons.api import ClubSeasonDetailView, ClubSeasonListView
from tournaments.api import (
    ApplicationViewSet,
    EveningViewSet,
    TournamentProtocolsView,
    TournamentViewSet,
)


class TokenView(ObtainAuthToken):
    """Trade a username and password for the account's API token (``Authorization: Token …``).

    Rate-limited per address (``RATE_LIMITS["api_token"]``); failures count towards the log-in
    lock-out too (django-axes), as on the log-in form."""

    throttle_classes = [ApiTokenThrottle]

    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # DRF's view brings its own plain JSONParser

    @extend_schema(
        summary="Obtain an API token", request=AuthTokenSerializer, auth=[],
        responses={200: inline_serializer("Token", {"token": serializers.CharField()}), 400: ErrorSerializer},
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)


class SchemaView(SpectacularAPIView):
    """The schema, as YAML by default; ``?format=json`` (or ``yaml``) chooses. The API leaves DRF's
    ``URL_FORMAT_OVERRIDE`` off for its own URLs, so the schema view reads ``format`` itself — it
    answered YAML to ``?format=json``."""

    def perform_content_negotiation(self, request, force=False):
        wanted = request.query_params.get("format")
        for renderer in self.get_renderers():
            if wanted and renderer.format == wanted:
                return renderer, renderer.media_type
        return super().perform_content_negotiation(request, force)


router = DefaultRouter()
router.include_root_view = False
# No ".json" twins of every URL: documented nowhere, and the actions' views took no ``format``
# argument, so /api/v1/tournaments/<slug>/participants.json was a server error.
router.include_format_suffixes = False
router.register("clubs", ClubViewSet, basename="club")
router.register("players", PlayerViewSet, basename="player")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("evenings", EveningViewSet, basename="evening")
router.register("applications", ApplicationViewSet, basename="application")
router.register("games", GameViewSet, basename="game")

v1 = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path("ratings/", LeaderboardView.as_view(), name="leaderboard"),
    path("players/<int:pk>/rating-history/", RatingHistoryView.as_view(), name="rating-history"),
    path("players/<int:pk>/record/", PlayerRecordView.as_view(), name="player-record"),
    path("players/<int:pk>/record/games/", PlayerRecordGamesView.as_view(), name="player-record-games"),
    path("tournaments/<slug:slug>/protocols/", TournamentProtocolsView.as_view(), name="tournament-protocols"),
    path("clubs/<slug:slug>/protocols/", ClubProtocolsView.as_view(), name="club-protocols"),
    path("clubs/<slug:slug>/seasons/", ClubSeasonListView.as_view(), name="season-list"),
    path("clubs/<slug:slug>/seasons/<int:pk>/", ClubSeasonDetailView.as_view(), name="season-detail"),
    path("leagues/", LeagueListView.as_view(), name="league-list"),
    path("leagues/<slug:league>/", LeagueDetailView.as_view(), name="league-detail"),
    path("leagues/<slug:league>/series/<slug:series>/", SeriesDetailView.as_view(), name="series-detail"),
    *router.urls,
]

app_name = "api"

urlpatterns = [
    path("v1/", include((v1, "v1"))),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
]
