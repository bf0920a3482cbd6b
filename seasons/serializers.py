"""Club seasons in the API (docs/api.md, "Leagues, series and club seasons"): the season page's
standings and leaderboard, from its selectors (seasons.selectors): published games only."""

from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from clubs.serializers import PlayerRefSerializer
from records.leaderboards import RATE, STATISTICS
from records.serializers import IntervalSerializer
from scoring.engine.points import as_number

from .engine import RATING
from .models import ClubSeason, Measure


class SeasonSerializer(serializers.ModelSerializer):
    """A club's season: its days (in the club's time zone, both included) and how its standings
    are measured."""

    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    measure = serializers.ChoiceField(choices=Measure.choices, help_text="What the standings are by.")
    min_games = serializers.IntegerField(help_text="The games a player needs to be placed.")
    url = serializers.SerializerMethodField(help_text="The season in the API.")

    class Meta:
        model = ClubSeason
        fields = ["id", "name", "club", "starts_on", "ends_on", "measure", "min_games", "url"]

    def get_url(self, season) -> str:
        path = reverse("api:v1:season-detail", kwargs={"slug": season.club.slug, "pk": season.pk})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class SeasonStandingSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True, help_text="null: fewer games than the season's minimum.")
    player = PlayerRefSerializer()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    points = serializers.FloatField(help_text="The sum of the player's points, exact.")
    mean = serializers.FloatField(help_text="Points per game as the page shows them (to the hundredth, halves up); "
                                            "the place compares the exact fraction.")
    rating_change = serializers.IntegerField(allow_null=True, help_text=(
        "With standings by rating change: the change as the site shows ratings (what the place compares); "
        "else null."))


def standings_data(season: ClubSeason, table) -> list[dict]:
    return [{
        "place": standing.place, "player": {"id": standing.entry.player_id, "nickname": standing.entry.nickname},
        "games": standing.entry.games, "wins": standing.entry.wins, "points": as_number(standing.entry.points_milli),
        "mean": float(standing.entry.mean),
        "rating_change": standing.entry.rating_shown if season.measure == RATING else None,
    } for standing in table]


class LeaderRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = PlayerRefSerializer()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    decided = serializers.IntegerField(help_text="Games with a winner.")
    points = serializers.FloatField(help_text="The player's points in the season, exact.")
    value = serializers.FloatField(help_text="The statistic's value: a count, points (to the hundredth) or a rate "
                                             "(a fraction).")
    win_rate_interval = IntervalSerializer(allow_null=True, help_text="For the win rate: Wilson's 95% interval.")


class LeaderboardSerializer(serializers.Serializer):
    statistic = serializers.ChoiceField(choices=list(STATISTICS))
    label = serializers.CharField(help_text="The statistic's name, in the request's language.")
    min_games = serializers.IntegerField(allow_null=True, help_text="As asked; null: the statistic's default.")
    rows = LeaderRowSerializer(many=True)


def leaderboard_data(statistic: str, min_games: int | None, rows) -> dict:
    chosen = STATISTICS[statistic]
    return {"statistic": statistic, "label": str(chosen.label), "min_games": min_games, "rows": [{
        "place": row.place, "player": {"id": row.player_id, "nickname": row.nickname}, "games": row.games,
        "wins": row.wins, "decided": row.decided, "points": as_number(row.points_milli), "value": row.value,
        "win_rate_interval": dict(zip(("low", "high"), row.interval, strict=True)) if chosen.kind == RATE else None,
    } for row in rows]}


class SeasonDetailSerializer(serializers.Serializer):
    season = SeasonSerializer()
    standings = SeasonStandingSerializer(many=True, help_text="Placed players first, then those below the minimum.")
    leaderboard = LeaderboardSerializer(help_text="The season page's leaderboard for the query's statistic.")
