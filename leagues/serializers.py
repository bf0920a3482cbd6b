"""Leagues and series in the API (docs/api.md, "Leagues, series and club seasons"): what their pages
show, read by the pages' own selectors. Points are numbers of points, exact to the thousandth
(the store keeps thousandths: ``12500`` is ``12.5``)."""

from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from clubs.serializers import PlayerRefSerializer

from .engine import MILLI


def points(milli: int) -> int | float:
    """Thousandths as the JSON number of points: 25000 → 25, 13500 → 13.5, 7333 → 7.333."""
    return milli // MILLI if milli % MILLI == 0 else milli / MILLI


def absolute(request, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


class SeriesRefSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    points_table = serializers.CharField(source="points_table.name", help_text="The points table's name.")
    tournament_count = serializers.IntegerField(help_text="How many tournaments the series groups.")
    url = serializers.SerializerMethodField(help_text="The series in the API.")

    def get_url(self, series) -> str:
        return absolute(self.context.get("request"), reverse(
            "api:v1:series-detail", kwargs={"league": series.league.slug, "series": series.slug}))


class LeagueSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    club = serializers.SlugField(source="club.slug", help_text="The league's club.")
    description = serializers.CharField()
    series_count = serializers.IntegerField()
    url = serializers.SerializerMethodField(help_text="The league in the API.")

    def get_url(self, league) -> str:
        return absolute(self.context.get("request"), reverse("api:v1:league-detail", kwargs={"league": league.slug}))


class LeagueDetailSerializer(LeagueSerializer):
    series = SeriesRefSerializer(many=True, source="series_list", help_text="The league's series, the latest season first.")


class VersionSerializer(serializers.Serializer):
    effective_from = serializers.DateField(help_text="In force from this day until the next version's.")
    points = serializers.ListField(child=serializers.FloatField(), help_text="Points by place, place 1 first.")
    scaling = serializers.ChoiceField(choices=["none", "size", "category"])
    reference_size = serializers.IntegerField(allow_null=True, help_text="With scaling by size: × players ÷ this.")
    multipliers = serializers.DictField(child=serializers.FloatField(),
                                        help_text="With scaling by category: each category's multiplier.")


def version_data(version) -> dict:
    return {"effective_from": version.effective_from, "points": [points(p) for p in version.points],
            "scaling": version.scaling, "reference_size": version.reference_size,
            "multipliers": {tier: points(m) for tier, m in (version.multipliers or {}).items()}}


class PointsTableSerializer(serializers.Serializer):
    name = serializers.CharField()
    versions = VersionSerializer(many=True, help_text="The table's versions, the latest first.")


class SeriesTournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    club = serializers.SlugField(help_text="The tournament's club.")
    ends_on = serializers.DateField()
    counted = serializers.BooleanField(help_text="Its final standings are published, so it counts in the standings.")
    version = serializers.DateField(allow_null=True, help_text=(
        "The points table version its results were computed with (its first day); null while not counted or "
        "when no version was in force on its day."))


class ContributionSerializer(serializers.Serializer):
    tournament = serializers.SlugField()
    place = serializers.IntegerField(help_text="The player's final place in the tournament.")
    points = serializers.FloatField(help_text="The series points it earned.")


class SeriesStandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = PlayerRefSerializer()
    total = serializers.FloatField(help_text="The sum of the contributions.")
    wins = serializers.IntegerField(help_text="Tournament wins (first places, shared ones too): the first tie-break.")
    results = ContributionSerializer(many=True, help_text="Each counted tournament's contribution, in the "
                                                          "tournaments' order (none where the player did not play).")


class LeagueRefSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class SeriesSerializer(serializers.Serializer):
    league = LeagueRefSerializer()
    slug = serializers.SlugField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    description = serializers.CharField()
    points_table = PointsTableSerializer()
    tournaments = SeriesTournamentSerializer(many=True, help_text="Out of draft, by their last day.")
    standings = SeriesStandingSerializer(many=True)
