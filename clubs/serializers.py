"""What the API shows of clubs and players (never a player's contact or account)."""

from rest_framework import serializers

from .models import Club, Player


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "slug", "name", "city", "timezone", "description", "contact"]


class PlayerRefSerializer(serializers.ModelSerializer):
    """A player where another object names one."""

    class Meta:
        model = Player
        fields = ["id", "nickname"]


class PlayerSerializer(serializers.ModelSerializer):
    home_club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = Player
        fields = ["id", "nickname", "city", "home_club"]
