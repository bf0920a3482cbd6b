"""A player's record in the API (docs/api.md, "A player's record"): the totals the record page
shows, unrounded, and the games list. The store holds the published games only, so a role or a
result here is always one the site has published."""

from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from clubs.serializers import PlayerRefSerializer
from core.written import local
from scoring.engine.points import as_number
from scoring.rule_names import rule_name
from vocabulary import BLACK_ROLES, RED_ROLES, ROLES

from .engine import BY_ROLE_FIELDS, Totals
from .models import SeatRecord

# The counters of Totals given as they are (each a count of games or of events).
COUNTS = (
    "games", "wins", "losses", "undecided", "decided", "left_by_vote", "left_by_raise", "left_by_shot",
    "left_by_disqualification", "stayed", "shot_first_night", "first_night_wills", "first_night_blacks_guessed",
    "guessed_three", "guessed_two", "fouls_ordinary", "fouls_technical", "disqualified", "declared_defeats",
    "checked_by_don", "checked_by_sheriff",
)
WON, LOST, NO_WINNER = "won", "lost", "none"


def totals_data(totals: Totals) -> dict:
    """The totals as the API writes them: the rates as fractions (the page rounds them to whole
    percent), points exact to the thousandth (the page shows two decimals), the per-rule breakdown
    in the page's order (the largest share first), the counts by the other player's role with
    each colour's sum."""
    if totals.decided:
        low, high = totals.win_rate_interval()
        rate, interval = totals.wins / totals.decided, {"low": low, "high": high}
    else:
        rate = interval = None
    return {
        **{name: getattr(totals, name) for name in COUNTS},
        "win_rate": rate,
        "win_rate_interval": interval,
        "points": as_number(totals.points_milli),
        "mean_points": totals.mean_points,
        "rule_points": [
            {"rule": entry.rule, "name": rule_name(entry.rule), "items": entry.items, "points": entry.points}
            for entry in sorted(totals.rule_points, key=lambda entry: (-abs(entry.milli), entry.rule))
        ],
        **{name: _by_role(getattr(totals, name)) for name in BY_ROLE_FIELDS},
    }


def _by_role(counts) -> dict:
    return {**{role: counts[role] for role in ROLES}, "red": counts.red, "black": counts.black}


class IntervalSerializer(serializers.Serializer):
    low = serializers.FloatField()
    high = serializers.FloatField()


class RulePointsSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The scoring rule's slug.")
    name = serializers.CharField(help_text="The rule's name, in the request's language.")
    items = serializers.IntegerField(help_text="How many times the rule gave points.")
    points = serializers.FloatField(help_text="Their sum.")


ByRoleSerializer = type("ByRoleSerializer", (serializers.Serializer,), {
    **{role: serializers.IntegerField() for role in ROLES},
    "red": serializers.IntegerField(help_text=f"The sum of {', '.join(r for r in ROLES if r in RED_ROLES)}."),
    "black": serializers.IntegerField(help_text=f"The sum of {', '.join(r for r in ROLES if r in BLACK_ROLES)}."),
    "__doc__": "Counts by the role of the other player (the target, the nominator, the voter).",
})

TotalsSerializer = type("RecordTotalsSerializer", (serializers.Serializer,), {
    **{name: serializers.IntegerField() for name in COUNTS},
    "win_rate": serializers.FloatField(allow_null=True, help_text="Wins over decided games (null: none)."),
    "win_rate_interval": IntervalSerializer(allow_null=True, help_text="Wilson's 95% interval of the win rate."),
    "points": serializers.FloatField(),
    "mean_points": serializers.FloatField(allow_null=True, help_text="Points per game, every game (null: none)."),
    "rule_points": RulePointsSerializer(many=True, help_text="Points by rule, the largest share first."),
    **{name: ByRoleSerializer() for name in BY_ROLE_FIELDS},
    "__doc__": "A player's figures for the filters (docs/records.md defines each).",
})


class RecordFiltersSerializer(serializers.Serializer):
    """The filters applied, as the form read them (ids for the club, tournament and player)."""

    since = serializers.DateField(allow_null=True)
    until = serializers.DateField(allow_null=True)
    club = serializers.IntegerField(allow_null=True)
    tournament = serializers.IntegerField(allow_null=True)
    ruleset = serializers.CharField(allow_null=True)
    role = serializers.CharField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    with_player = serializers.IntegerField(allow_null=True)
    with_team = serializers.CharField(allow_null=True)


class RecordSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    filters = RecordFiltersSerializer()
    totals = TotalsSerializer()


class RecordGameSerializer(serializers.ModelSerializer):
    """One game of the player's record: the seat's role, result and points."""

    game = serializers.IntegerField(source="game_id", read_only=True)
    url = serializers.SerializerMethodField(help_text="The game's page.")
    date = serializers.SerializerMethodField(help_text="The day it was played, in its club's time zone.")
    event = serializers.SerializerMethodField(help_text="The tournament, else the evening, else the club.")
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    tournament = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    evening = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    result = serializers.SerializerMethodField(help_text="won, lost, or none (the game has no winner).")
    points = serializers.FloatField(read_only=True)

    class Meta:
        model = SeatRecord
        fields = ["game", "url", "played_at", "date", "event", "club", "tournament", "evening", "ruleset", "seat",
                  "role", "team", "result", "won", "points"]

    def get_url(self, row) -> str:
        path = reverse("games:detail", args=[row.game_id])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    def get_date(self, row) -> str:
        return local(row.played_at, row.club).date().isoformat()

    def get_event(self, row) -> str:
        return row.event_name

    def get_result(self, row) -> str:
        return result_of(row.won)


def result_of(won: bool | None) -> str:
    return WON if won else LOST if won is False else NO_WINNER
