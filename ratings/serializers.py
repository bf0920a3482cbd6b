"""Ratings in the API: the leaderboard and a player's history (stored unrounded, as the pages)."""

from rest_framework import serializers

from clubs.serializers import PlayerRefSerializer

from .models import PlayerRating, RatingEntry


class LeaderboardRowSerializer(serializers.ModelSerializer):
    rank = serializers.SerializerMethodField(help_text="Place on this leaderboard, from 1.")
    player = PlayerRefSerializer(read_only=True)
    home_club = serializers.SerializerMethodField()

    class Meta:
        model = PlayerRating
        fields = ["rank", "player", "home_club", "overall", "red", "black", "games", "red_games",
                  "black_games", "last_played_at"]

    def get_rank(self, rating) -> int:
        return self.context["ranks"][rating.pk]

    def get_home_club(self, rating) -> str | None:
        club = rating.player.home_club
        return club.slug if club is not None else None


class RatingEntrySerializer(serializers.ModelSerializer):
    game = serializers.IntegerField(source="game_id", read_only=True)
    tournament = serializers.SerializerMethodField()

    class Meta:
        model = RatingEntry
        fields = ["game", "tournament", "rated_at", "track", "won", "expected", "before", "after", "delta",
                  "overall_before", "overall_after"]

    def get_tournament(self, entry) -> str | None:
        tournament = entry.game.tournament
        return tournament.slug if tournament is not None else None


class PlayerRatingSerializer(serializers.ModelSerializer):
    class Meta:
        model = PlayerRating
        fields = ["overall", "red", "black", "games", "red_games", "black_games", "last_played_at"]


class RatingHistorySerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    rating = PlayerRatingSerializer(allow_null=True)
    history = RatingEntrySerializer(many=True)
