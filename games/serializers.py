"""Games and their protocols in the API.

The protocol itself is served and accepted exactly as ``mafia-protocol/1``
(docs/protocol-format.md); ``ProtocolDocumentSerializer`` only describes it in the
schema. Input documents are handed to the engine whole, so optional fields a client adds survive.
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.serializers import PlayerRefSerializer
from vocabulary import PROTOCOL_FORMAT, ROLES

from .models import Game
from .rulesets import RulesetChoice

EVENT_TYPES = ["nominate", "vote", "raise", "shot", "don_check", "sheriff_check", "will", "foul",
               "disqualify", "dd", "surrender", "sheriff_kill_responsible", "bonus"]


class ProtocolSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=10)
    player = serializers.CharField(help_text="The player's display name.")
    role = serializers.ChoiceField(choices=list(ROLES))
    player_id = serializers.IntegerField(required=False, help_text="Added by this site: the player's id.")


class ProtocolEventSerializer(serializers.Serializer):
    """One event of the table; the fields beside ``type`` depend on it (see the format)."""

    type = serializers.ChoiceField(choices=EVENT_TYPES)
    day = serializers.IntegerField(required=False, min_value=1)
    night = serializers.IntegerField(required=False, min_value=0)


class ProtocolDocumentSerializer(serializers.Serializer):
    """A ``mafia-protocol/1`` document: one seated game from the deal to the end."""

    format = serializers.ChoiceField(choices=[PROTOCOL_FORMAT])
    ruleset = serializers.ChoiceField(choices=RulesetChoice.values)
    seats = ProtocolSeatSerializer(many=True, help_text="Exactly ten, seats 1..10 once each.")
    events = ProtocolEventSerializer(many=True, help_text="The table's events in the order they happened.")


class GameSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = PlayerRefSerializer(allow_null=True)
    role = serializers.CharField(allow_null=True, help_text="Null unless the visitor may see the roles.")


class ScoreSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    total = serializers.DecimalField(max_digits=6, decimal_places=3)
    won = serializers.BooleanField()
    items = serializers.ListField(child=serializers.DictField(), help_text="Each item names its rule.")


class GameSerializer(serializers.ModelSerializer):
    """A game's header: where it is played, who sits where, its status. No roles, no result.

    The protocol version grows with every recorded event, night checks included, so it is shown
    only under the secrecy rule: the view sets ``game.roles_visible`` (games.visibility); without
    it the version is null.
    """

    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    tournament = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    round = serializers.SerializerMethodField()
    evening = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    table = serializers.IntegerField(source="table_number", read_only=True)
    judge = PlayerRefSerializer(read_only=True, allow_null=True)
    protocol_version = serializers.SerializerMethodField(
        help_text="The protocol's version (its ETag); null unless the visitor may see the roles.")

    class Meta:
        model = Game
        fields = ["id", "club", "tournament", "round", "evening", "table", "number", "ruleset", "status",
                  "protocol_version", "judge", "played_at"]

    def get_round(self, game) -> int | None:
        return game.round.number if game.round_id else None

    def get_protocol_version(self, game) -> int | None:
        return game.protocol_version if getattr(game, "roles_visible", False) else None


class GameDetailSerializer(GameSerializer):
    """The header and, for those who may see the roles, the roles, the result and the scores."""

    roles_visible = serializers.BooleanField(read_only=True)
    protocol_visible = serializers.BooleanField(read_only=True)
    seats = serializers.SerializerMethodField()
    winner = serializers.SerializerMethodField()
    end = serializers.SerializerMethodField()
    scores = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "results_published", "submitted_at", "confirmed_at",
                  "roles_visible", "protocol_visible", "seats", "winner", "end", "scores"]

    @extend_schema_field(GameSeatSerializer(many=True))
    def get_seats(self, game):
        return [{"seat": s.seat, "player": PlayerRefSerializer(s.player).data if s.player_id else None,
                 "role": (s.role or None) if game.roles_visible else None} for s in game.seats.all()]

    def get_winner(self, game) -> str | None:
        return (game.winner or None) if game.roles_visible else None

    def get_end(self, game) -> str | None:
        return (game.end or None) if game.roles_visible else None

    @extend_schema_field(ScoreSerializer(many=True, allow_null=True))
    def get_scores(self, game):
        if not game.roles_visible or game.status != Game.Status.CONFIRMED:
            return None
        return ScoreSerializer(game.scores.order_by("seat"), many=True).data


class ImportedGameSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="The document's place in the batch, from 0.")
    name = serializers.CharField(help_text="The file name in a zip, else #index.")
    game = serializers.IntegerField()
    status = serializers.CharField()
    submitted = serializers.BooleanField()


class ImportReportSerializer(serializers.Serializer):
    games = ImportedGameSerializer(many=True)


class ImportErrorSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    name = serializers.CharField()
    event_index = serializers.IntegerField(allow_null=True,
                                           help_text="The refused event, from 0 (null: the header or the seats).")
    rule = serializers.CharField(allow_null=True)
    message = serializers.CharField()


class ImportRefusedSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()
    documents = ImportErrorSerializer(many=True, required=False,
                                      help_text="Every refused document; nothing was imported.")


class GamePublicationSerializer(serializers.Serializer):
    published = serializers.BooleanField()


class PhaseSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["day", "night"])
    number = serializers.IntegerField()


class NightStageChoiceSerializer(serializers.Serializer):
    stage = serializers.ChoiceField(choices=["shot", "don_check", "sheriff_check"])
    checker = serializers.IntegerField(allow_null=True, help_text="The checking seat; null for the shot.")
    targets = serializers.ListField(child=serializers.IntegerField(), help_text="The seats this stage may name.")


class PendingWillSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kinds = serializers.ListField(child=serializers.CharField(), help_text='The will kinds allowed ("none" included).')
    max_targets = serializers.IntegerField()


class NextActionsSerializer(serializers.Serializer):
    """What the judge may record next — the engine's ``next_actions``, as the entry page shows it."""

    phase = PhaseSerializer(help_text="The phase the table is in (it may be ahead of the last event).")
    in_recorded_phase = serializers.BooleanField()
    finished = serializers.BooleanField()
    deal_open = serializers.BooleanField(help_text="No event yet: the deal may still be changed.")
    nominate = serializers.BooleanField()
    candidates = serializers.ListField(child=serializers.IntegerField())
    vote = serializers.BooleanField()
    vote_round = serializers.IntegerField()
    raise_decision = serializers.BooleanField()
    majority = serializers.IntegerField()
    night_stages = NightStageChoiceSerializer(many=True)
    shot_by_don = serializers.BooleanField()
    living_blacks = serializers.ListField(child=serializers.IntegerField())
    wills = PendingWillSerializer(many=True)
    next_phase = PhaseSerializer()
    previous_phase = PhaseSerializer(allow_null=True)
