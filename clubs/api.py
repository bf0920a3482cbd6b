"""Clubs and players, read-only: what their public pages show."""

from django.db.models import Q, QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import permissions, viewsets

from core.api_errors import query_text

from . import selectors
from .models import Club, Player
from .serializers import ClubSerializer, PlayerSerializer


@extend_schema_view(
    list=extend_schema(summary="Clubs", parameters=[
        OpenApiParameter("q", str, description="Part of the name or city."),
    ]),
    retrieve=extend_schema(summary="One club"),
)
class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = ClubSerializer
    permission_classes = [permissions.AllowAny]
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"

    def get_queryset(self) -> QuerySet[Club]:
        clubs = Club.objects.order_by("name", "id")
        query = query_text(self.request, "q")
        if query and self.action == "list":
            clubs = clubs.filter(Q(name__icontains=query) | Q(city__icontains=query))
        return clubs


@extend_schema_view(
    list=extend_schema(summary="Players", parameters=[
        OpenApiParameter("q", str, description="Part of the nickname or city."),
        OpenApiParameter("club", str, description="Members of the club with this slug."),
    ]),
    retrieve=extend_schema(summary="One player"),
)
class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """Confirmed players (guests awaiting an organizer's decision are not listed)."""

    serializer_class = PlayerSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[Player]:
        if self.action != "list":
            return selectors.listed_players().select_related("home_club")
        players = selectors.player_search(query_text(self.request, "q"))
        club = query_text(self.request, "club")
        if club:
            players = players.filter(memberships__club__slug=club)
        return players.order_by("nickname", "id")
