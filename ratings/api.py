"""The rating leaderboard and a player's rating history (the pages under /ratings/)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response

from clubs.models import Club
from clubs.selectors import listed_players
from core.api_errors import ErrorSerializer, query_int, query_text

from . import selectors
from .models import PlayerRating
from .serializers import LeaderboardRowSerializer, RatingHistorySerializer


class LeaderboardView(generics.ListAPIView):
    """Players ordered by a rating track (as /ratings/)."""

    serializer_class = LeaderboardRowSerializer
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Rating leaderboard", parameters=[
        OpenApiParameter("track", str, enum=list(selectors.LEADERBOARD_TRACKS), description="Default overall."),
        OpenApiParameter("club", str, description="Members of the club with this slug."),
        OpenApiParameter("min_games", OpenApiTypes.INT, description="At least this many rated games on the track."),
    ])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        track = query_text(self.request, "track") or "overall"
        if track not in selectors.LEADERBOARD_TRACKS:
            track = "overall"
        club = None
        if query_text(self.request, "club"):
            club = Club.objects.filter(slug=query_text(self.request, "club")).first()
            if club is None:
                return PlayerRating.objects.none()
        return selectors.rating_leaderboard(track=track, club=club,
                                            min_games=query_int(self.request, "min_games", maximum=10**6) or 0)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        start = self.paginator.offset
        ranks = {rating.pk: start + index + 1 for index, rating in enumerate(page)}
        serializer = self.get_serializer(page, many=True, context={**self.get_serializer_context(), "ranks": ranks})
        return self.get_paginated_response(serializer.data)


class RatingHistoryView(generics.GenericAPIView):
    """A player's current ratings and every rating change, oldest first (as /ratings/players/<id>/)."""

    serializer_class = RatingHistorySerializer
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="A player's rating history", responses={200: RatingHistorySerializer,
                                                                   404: ErrorSerializer})
    def get(self, request, pk: int):
        player = get_object_or_404(listed_players(), pk=pk)
        data = {"player": player, "rating": PlayerRating.objects.filter(player=player).first(),
                "history": selectors.player_rating_history(player, viewer=request.user)}
        return Response(self.get_serializer(data).data)
