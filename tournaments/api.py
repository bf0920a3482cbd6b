"""Tournaments, evenings and applications in the API.

Every tournament endpoint passes through ``tournaments.publication.tournament_visible``, the
switch logic of the web pages: a draft is a 404 to everyone but the club's organizers, and a
part whose switch is off is a 403 to them too. Applications go through the services, as the
pages' forms do.
"""

from __future__ import annotations

import hashlib

from django.db.models import Q, QuerySet
from django.http import HttpResponse
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import permissions, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.permissions import clubs_user_organizes
from clubs.serializers import PlayerSerializer
from core.api_errors import ErrorSerializer, query_text
from games.api import EXPORT_AS, EXPORT_RESPONSES, export_response, exportable_games

from . import selectors, services
from .models import Application, Evening, Tournament
from .publication import SWITCH_LABELS, tournament_visible
from .serializers import (
    ApplicationCreateSerializer,
    ApplicationSerializer,
    EveningSerializer,
    RoundSerializer,
    StandingsSerializer,
    TournamentSerializer,
    WithdrawnSerializer,
)
from .standings.pages import standings_body, standings_version_key
from .standings.stored import stored, tournament_for_standings

REFUSED = {403: ErrorSerializer, 404: ErrorSerializer}
WRITE_REFUSED = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}


def tournament_for(request, slug: str, switch: str | None = None, queryset=None) -> Tournament:
    """The tournament if this visitor may open the part behind ``switch``: else 404 or 403."""
    queryset = queryset if queryset is not None else Tournament.objects.select_related("club")
    tournament = get_object_or_404(queryset, slug=slug)
    _gate(request, tournament, switch)
    return tournament


def _gate(request, tournament: Tournament, switch: str | None) -> None:
    if not tournament_visible(request, tournament, None):
        raise NotFound  # a draft: nobody but the organizers knows it exists
    if switch is not None and not tournament_visible(request, tournament, switch):
        raise PermissionDenied(f"The {SWITCH_LABELS[switch]} of this tournament are not published.")


def _application_response(application, status=201):
    return Response(ApplicationSerializer(application).data, status=status)


@extend_schema_view(
    list=extend_schema(summary="Tournaments", parameters=[
        OpenApiParameter("club", str, description="Tournaments of the club with this slug."),
        OpenApiParameter("status", str, enum=Tournament.Status.values),
    ]),
    retrieve=extend_schema(summary="One tournament", responses={200: TournamentSerializer, 404: ErrorSerializer}),
)
class TournamentViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournaments out of draft (and, for organizers, their clubs' drafts)."""

    serializer_class = TournamentSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"

    def get_queryset(self) -> QuerySet[Tournament]:
        shown = ~Q(status=Tournament.Status.DRAFT)
        if self.request.user.is_authenticated:
            shown |= Q(club__in=clubs_user_organizes(self.request.user))
        tournaments = Tournament.objects.filter(shown).select_related("club").order_by("-starts_on", "name", "id")
        if query_text(self.request, "club"):
            tournaments = tournaments.filter(club__slug=query_text(self.request, "club"))
        if query_text(self.request, "status"):
            tournaments = tournaments.filter(status=query_text(self.request, "status"))
        return tournaments

    def get_object(self) -> Tournament:
        return tournament_for(self.request, self.kwargs["slug"])

    @extend_schema(summary="Rounds with their tables and seating (switch: seating)",
                   responses={200: RoundSerializer(many=True), **REFUSED})
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request, slug=None):
        tournament = tournament_for(request, slug, "publish_seating")
        rounds = selectors.rounds_with_games(tournament)
        return Response(RoundSerializer(rounds, many=True).data)

    @extend_schema(summary="Accepted participants (switch: participants)",
                   responses={200: PlayerSerializer(many=True), **REFUSED})
    @action(detail=True, methods=["get"], pagination_class=None)
    def participants(self, request, slug=None):
        tournament = tournament_for(request, slug, "publish_participants")
        return Response(PlayerSerializer(selectors.participants(tournament), many=True).data)

    @extend_schema(
        summary="Standings (switch: standings)",
        description="The standings the pipeline stored from the confirmed games whose results are "
                    "published. Answers with an "
                    "`ETag`; send it back in `If-None-Match` to get 304 while they have not changed.",
        responses={200: StandingsSerializer, 304: OpenApiResponse(description="Not changed."), **REFUSED},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def standings(self, request, slug=None):
        # The hot path: one query, compiled once per process (tournaments/standings/stored.py).
        tournament = tournament_for_standings(slug)
        if tournament is None:
            raise NotFound
        _gate(request, tournament, "publish_standings")
        return standings_response(request, tournament, tournament.snapshot_at)

    @extend_schema(summary="Apply for a seat (signed in)", request=ApplicationCreateSerializer,
                   responses={201: ApplicationSerializer, **WRITE_REFUSED})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def applications(self, request, slug=None):
        tournament = tournament_for(request, slug)
        data = ApplicationCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        application = services.application_submit(tournament=tournament, user=request.user,
                                                   message=data.validated_data["message"])
        return _application_response(application)


# --- standings: the hot path -------------------------------------------------------------------

def standings_response(request, tournament: Tournament, computed_at) -> HttpResponse:
    """Stored standings change only when the pipeline stores them again (``computed_at``) or the
    tournament is edited (``updated_at``): the rendered body is cached under both, so a busy
    standings page costs one query. Standings never stored are computed now and not cached."""
    if computed_at is None:
        body = standings_body(tournament.pk)
        tag = '"s-' + hashlib.sha1(body).hexdigest()[:20] + '"'
    else:
        version = standings_version_key(tournament.pk, computed_at, tournament.updated_at)
        tag = f'"s-{version}"'
        if tag not in request.headers.get("If-None-Match", ""):
            # From this process, else the shared cache (the pipeline stores it: standings.stored.warm).
            body = stored(f"api:standings:{version}", lambda: standings_body(tournament.pk))
    if tag in request.headers.get("If-None-Match", ""):
        return _not_modified(tag)
    response = HttpResponse(body, content_type="application/json")
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def _not_modified(tag: str) -> HttpResponse:
    response = HttpResponse(status=304)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


# --- evenings and applications -----------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Club evenings", parameters=[
        OpenApiParameter("club", str, description="Evenings of the club with this slug."),
        OpenApiParameter("status", str, enum=Evening.Status.values),
    ]),
    retrieve=extend_schema(summary="One club evening", responses={200: EveningSerializer, 404: ErrorSerializer}),
)
class EveningViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = EveningSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Evening]:
        evenings = Evening.objects.select_related("club").order_by("-starts_at", "id")
        if query_text(self.request, "club"):
            evenings = evenings.filter(club__slug=query_text(self.request, "club"))
        if query_text(self.request, "status"):
            evenings = evenings.filter(status=query_text(self.request, "status"))
        return evenings

    @extend_schema(summary="Apply for a seat at an evening (signed in)", request=ApplicationCreateSerializer,
                   responses={201: ApplicationSerializer, **WRITE_REFUSED})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def applications(self, request, pk=None):
        evening = self.get_object()
        data = ApplicationCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        application = services.application_submit(evening=evening, user=request.user,
                                                   message=data.validated_data["message"])
        return _application_response(application)


@extend_schema_view(
    list=extend_schema(summary="My applications"),
    retrieve=extend_schema(summary="One of my applications",
                           responses={200: ApplicationSerializer, 403: ErrorSerializer, 404: ErrorSerializer}),
)
class ApplicationViewSet(viewsets.ReadOnlyModelViewSet):
    """The signed-in player's own applications; only they may withdraw them here."""

    queryset = Application.objects.none()  # for the schema; get_queryset answers requests
    serializer_class = ApplicationSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self) -> QuerySet[Application]:
        return (Application.objects.filter(player__user=self.request.user)
                .select_related("tournament", "evening", "player").order_by("-created_at", "-id"))

    @extend_schema(summary="Withdraw my application", request=None,
                   responses={200: WithdrawnSerializer, **WRITE_REFUSED})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        application = self.get_object()
        promoted = services.application_withdraw(application=application, actor=request.user)
        application.refresh_from_db()
        return Response({"application": ApplicationSerializer(application).data, "promoted": len(promoted)})


class TournamentProtocolsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Export the tournament's protocols (switch: protocols)",
        description="Organizers get every dealt game; everyone else, with the switch on, the games whose "
                    "protocol they may see (finished and published).",
        parameters=[EXPORT_AS], responses=EXPORT_RESPONSES,
    )
    def get(self, request, slug: str):
        tournament = tournament_for(request, slug, "publish_protocols")
        games = exportable_games().filter(tournament=tournament).order_by("round__number", "table_number", "id")
        return export_response(request, games, f"{tournament.slug}-protocols")
