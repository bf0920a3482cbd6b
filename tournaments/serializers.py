"""Tournaments, rounds with their tables and seating, standings, evenings and applications."""

from rest_framework import serializers

from clubs.serializers import PlayerRefSerializer
from core.limits import TEXT_MAX_LENGTH

from .models import PUBLICATION_SWITCHES, Application, Evening, Round, Tournament


class TournamentPublicationSerializer(serializers.Serializer):
    participants = serializers.BooleanField(source="publish_participants")
    seating = serializers.BooleanField(source="publish_seating")
    standings = serializers.BooleanField(source="publish_standings")
    results = serializers.BooleanField(source="publish_results")
    protocols = serializers.BooleanField(source="publish_protocols")


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    publication = TournamentPublicationSerializer(source="*", read_only=True,
                                        help_text="Which of the tournament's pages are public.")
    tie_break = serializers.ListField(source="effective_tie_break", child=serializers.CharField(), read_only=True)

    class Meta:
        model = Tournament
        fields = ["id", "slug", "name", "club", "status", "starts_on", "ends_on", "venue", "description",
                  "ruleset", "qualifying_rounds", "tables", "seat_capacity", "final_size", "final_coefficient",
                  "win_points", "rating_tier", "application_deadline", "tie_break", "publication"]


assert len(TournamentPublicationSerializer().fields) == len(PUBLICATION_SWITCHES)


class SeatingSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=10)
    player = PlayerRefSerializer(allow_null=True)


class TableSerializer(serializers.Serializer):
    game = serializers.IntegerField(source="pk", help_text="The game at this table (GET /games/{id}/).")
    table = serializers.IntegerField(source="table_number")
    status = serializers.CharField()
    judge = PlayerRefSerializer(allow_null=True)
    seats = SeatingSeatSerializer(many=True, source="seats.all")


class RoundSerializer(serializers.ModelSerializer):
    tables = TableSerializer(many=True, source="games.all")

    class Meta:
        model = Round
        fields = ["number", "is_final", "coefficient", "tables"]


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    total = serializers.DecimalField(max_digits=9, decimal_places=3)
    wins = serializers.IntegerField()
    games = serializers.IntegerField()
    extra = serializers.DecimalField(max_digits=9, decimal_places=3)
    penalty = serializers.DecimalField(max_digits=9, decimal_places=3)
    win_points = serializers.DecimalField(max_digits=9, decimal_places=3)
    final_points = serializers.DecimalField(max_digits=9, decimal_places=3)
    by_role = serializers.DictField(child=serializers.DecimalField(max_digits=9, decimal_places=3),
                                    help_text="Points by role: civilian, sheriff, mafia, don.")


class StandingsSerializer(serializers.Serializer):
    tournament = serializers.CharField(help_text="The tournament's slug.")
    computed_at = serializers.DateTimeField(allow_null=True,
                                            help_text="When the pipeline stored them (null: computed now).")
    games = serializers.IntegerField(help_text="Games counted: confirmed, results published.")
    tie_break = serializers.ListField(child=serializers.CharField())
    rows = StandingSerializer(many=True)


class EveningSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Evening
        fields = ["id", "club", "title", "starts_at", "venue", "ruleset", "tables", "seat_capacity", "status",
                  "application_deadline", "publish_results"]


class ApplicationSerializer(serializers.ModelSerializer):
    tournament = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    evening = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    player = PlayerRefSerializer(read_only=True)

    class Meta:
        model = Application
        fields = ["id", "tournament", "evening", "player", "status", "message", "waitlist_position",
                  "created_at", "decided_at"]


class ApplicationCreateSerializer(serializers.Serializer):
    message = serializers.CharField(required=False, allow_blank=True, default="", max_length=TEXT_MAX_LENGTH)


class WithdrawnSerializer(serializers.Serializer):
    application = ApplicationSerializer()
    promoted = serializers.IntegerField(help_text="How many waiting players got the freed seat.")
