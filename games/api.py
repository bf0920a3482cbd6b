"""Games and protocols in the API: read, enter (If-Match), submit, confirm, import, export.

Thin views: find the game, ask ``games.permissions`` / ``games.api_access`` who may do what and
``games.visibility`` what they may see of it, call a service, answer. ``ApplicationError`` becomes a response in ``core.api_errors`` only.

Writes to a protocol carry the version they were based on in ``If-Match: "<version>"`` (the
``ETag`` of ``GET /games/{id}/protocol/``): missing → 428, stale → 412, and nothing changes.
"""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
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
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from clubs.permissions import user_may_organize
from core.api_errors import ErrorSerializer, etag, if_match_version, query_int, query_text
from core.api_parsers import StrictJSONParser
from core.errors import ApplicationError
from tournaments.models import Evening

from . import interchange, selectors, services
from .api_access import game_visible, visible_games
from .models import Game, GameSeat
from .permissions import user_may_confirm, user_may_enter
from .serializers import (
    GameDetailSerializer,
    GamePublicationSerializer,
    GameSerializer,
    ImportRefusedSerializer,
    ImportReportSerializer,
    NextActionsSerializer,
    ProtocolDocumentSerializer,
    ProtocolEventSerializer,
)
from .visibility import may_see_roles, protocol_visible, with_roles_visible

IF_MATCH = OpenApiParameter(
    "If-Match", str, location=OpenApiParameter.HEADER, required=True,
    description='The protocol version the change is based on, as the ETag gave it: `"7"`.',
)
WRITE_ERRORS = {
    400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer,
    412: OpenApiResponse(ErrorSerializer, description="Stale If-Match: someone changed the protocol. Nothing changed."),
    422: OpenApiResponse(ErrorSerializer, description="The engine refused it (message, event_index, rule)."),
    428: OpenApiResponse(ErrorSerializer, description="No If-Match header."),
}
PROTOCOL_SCHEMA = {"$ref": "#/components/schemas/ProtocolDocument"}


def exportable_games() -> QuerySet[Game]:
    return Game.objects.select_related("club", "tournament", "round", "evening", "judge")


def _game(request, pk, *, may=None, detail=False) -> Game:
    """The game if this visitor may see it (404 otherwise), and may ``may`` it (403 otherwise)."""
    games = exportable_games()
    if detail:
        games = games.prefetch_related(
            Prefetch("seats", queryset=GameSeat.objects.select_related("player").order_by("seat")))
    game = get_object_or_404(games, pk=pk)
    if may is not None and request.user.is_authenticated and may(request.user, game):
        return game
    if not game_visible(request, game):
        raise NotFound
    if may is not None:
        raise PermissionDenied
    return game


def _protocol_response(game: Game, status: int = 200) -> Response:
    response = Response(game.protocol, status=status)
    response["ETag"] = etag(game.protocol_version)
    response["Cache-Control"] = "no-store"
    return response


def _detail(request, game: Game) -> dict:
    game.roles_visible = may_see_roles(request.user, game)
    game.protocol_visible = protocol_visible(request, game)
    return GameDetailSerializer(game).data


def _detail_response(request, game: Game) -> Response:
    game = _game(request, game.pk, detail=True)
    response = Response(_detail(request, game))
    response["ETag"] = etag(game.protocol_version)
    return response


@extend_schema_view(
    list=extend_schema(summary="Games", parameters=[
        OpenApiParameter("club", str, description="Games of the club with this slug."),
        OpenApiParameter("tournament", str, description="Games of the tournament with this slug."),
        OpenApiParameter("round", OpenApiTypes.INT, description="With tournament: the round's number."),
        OpenApiParameter("evening", OpenApiTypes.INT, description="Games of this club evening."),
        OpenApiParameter("status", str, enum=Game.Status.values),
    ]),
)
class GameViewSet(viewsets.ReadOnlyModelViewSet):
    """Games this visitor may see; roles and protocol versions only under games.visibility."""

    serializer_class = GameSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Game]:
        games = with_roles_visible(visible_games(self.request.user), self.request.user).select_related(
            "club", "tournament", "round", "evening", "judge").order_by("-id")
        request = self.request
        if query_text(request, "club"):
            games = games.filter(club__slug=query_text(request, "club"))
        if query_text(request, "tournament"):
            games = games.filter(tournament__slug=query_text(request, "tournament"))
            if query_int(request, "round", maximum=32767) is not None:
                games = games.filter(round__number=query_int(request, "round", maximum=32767))
        if query_int(request, "evening") is not None:
            games = games.filter(evening_id=query_int(request, "evening"))
        if query_text(request, "status"):
            games = games.filter(status=query_text(request, "status"))
        return games

    @extend_schema(summary="One game", responses={200: GameDetailSerializer, 404: ErrorSerializer})
    def retrieve(self, request, pk=None):
        return Response(_detail(request, _game(request, pk, detail=True)))

    @extend_schema(
        methods=["GET"], summary="The game's protocol (mafia-protocol/1)",
        description="Whole, with roles and events, to those who may see it (403 otherwise); the `ETag` "
                    "is the protocol version to send back in `If-Match`. A game not dealt yet has no "
                    "protocol: 404, with `ETag: \"0\"`.",
        responses={200: ProtocolDocumentSerializer,
                   403: ErrorSerializer, 404: ErrorSerializer},
    )
    @extend_schema(
        methods=["PUT"], summary="Replace the protocol (the table's judge, the club's organizers)",
        description="The body is the whole document. A game not dealt yet (or without events) is dealt "
                    "from its seats first; players are matched by `player_id` or nickname.",
        parameters=[IF_MATCH], request=ProtocolDocumentSerializer,
        responses={200: ProtocolDocumentSerializer, **WRITE_ERRORS},
    )
    @action(detail=True, methods=["get", "put"], pagination_class=None)
    def protocol(self, request, pk=None):
        if request.method == "PUT":
            game = _game(request, pk, may=user_may_enter)
            version = if_match_version(request)
            game = interchange.protocol_put(game=game, document=request.data, expected_version=version,
                                            actor=request.user)
            return _protocol_response(game)
        game = _game(request, pk)
        if not protocol_visible(request, game):
            raise PermissionDenied("The protocol of this game is not public (yet).")
        if not (isinstance(game.protocol, dict) and game.protocol.get("seats")):
            response = Response({"code": "not_found", "detail": "This game is not dealt yet."}, status=404)
            response["ETag"] = etag(game.protocol_version)
            return response
        return _protocol_response(game)

    @extend_schema(summary="Record one more event (If-Match)", parameters=[IF_MATCH],
                   request=ProtocolEventSerializer, responses={200: ProtocolDocumentSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"], url_path="protocol/events")
    def events(self, request, pk=None):
        game = _game(request, pk, may=user_may_enter)
        version = if_match_version(request)
        if not isinstance(request.data, dict):
            raise ApplicationError("An event is a JSON object.", code="refused",
                                   extra={"event_index": None, "rule": "event.not-object"})
        interchange.refuse_unstorable(request.data)
        game = services.protocol_append_event(game=game, event=dict(request.data), expected_version=version,
                                              actor=request.user)
        return _protocol_response(game)

    @extend_schema(
        summary="What the judge may record next",
        description="For those who may enter the protocol: the engine's answer in the phase the table is in — "
                    "the same one the entry page shows (nominations, the vote round and its candidates, the "
                    "raise decision, the night's open stages and their targets, the wills due, the phases to "
                    "move to). The `ETag` is the protocol version it was read from. A game not dealt yet: 404; "
                    "a stored protocol the engine no longer accepts: 409.",
        responses={200: NextActionsSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer},
    )
    @action(detail=True, methods=["get"], url_path="protocol/next", url_name="next-actions")
    def next_actions(self, request, pk=None):
        game = _game(request, pk, may=user_may_enter)
        table = selectors.game_table(game)
        if table.replay_error is not None:  # the engine's rules changed since it was saved
            response = Response({"code": "replay_error", "detail": table.replay_error.message}, status=409)
        elif table.actions is None:
            response = Response({"code": "not_found", "detail": "This game is not dealt yet."}, status=404)
        else:
            response = Response(NextActionsSerializer(table.actions).data)
        response["ETag"] = etag(game.protocol_version)
        response["Cache-Control"] = "no-store"
        return response

    @extend_schema(summary="Take back the last event (If-Match)", parameters=[IF_MATCH], request=None,
                   responses={200: ProtocolDocumentSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"], url_path="protocol/undo")
    def undo(self, request, pk=None):
        game = _game(request, pk, may=user_may_enter)
        game = services.protocol_undo_last(game=game, expected_version=if_match_version(request),
                                           actor=request.user)
        return _protocol_response(game)

    @extend_schema(summary="Hand in a finished protocol for confirmation (If-Match)", parameters=[IF_MATCH],
                   request=None, responses={200: GameDetailSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"])
    def submit(self, request, pk=None):
        game = _game(request, pk, may=user_may_enter)
        game = services.game_submit(game=game, expected_version=if_match_version(request), actor=request.user)
        return _detail_response(request, game)

    @extend_schema(summary="Confirm a submitted protocol (an organizer who did not enter it; If-Match)",
                   parameters=[IF_MATCH], request=None, responses={200: GameDetailSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        game = _game(request, pk, may=user_may_confirm)
        game = services.game_confirm(game=game, expected_version=if_match_version(request), actor=request.user)
        return _detail_response(request, game)

    @extend_schema(summary="Publish or hide a finished game's roles and result (organizers)",
                   request=GamePublicationSerializer, responses={200: GameDetailSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"])
    def publication(self, request, pk=None):
        game = _game(request, pk, may=user_may_confirm)
        data = GamePublicationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_publish_results(game=game, actor=request.user,
                                             published=data.validated_data["published"])
        return _detail_response(request, game)


# --- import and export ---------------------------------------------------------------------------


class ZipParser(BaseParser):
    """A zip of ``.json`` documents as the raw request body."""

    media_type = "application/zip"

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read(interchange.MAX_BATCH_BYTES + 1) if stream is not None else b""


EXPORT_AS = OpenApiParameter("as", str, enum=["json", "zip"],
                      description="`json` (default): a JSON list of documents; `zip`: one .json file per game.")
EXPORT_RESPONSES = {
    (200, "application/json"): ProtocolDocumentSerializer(many=True),
    (200, "application/zip"): OpenApiTypes.BINARY,
    403: ErrorSerializer, 404: ErrorSerializer,
}


def export_response(request, games, filename: str):
    items = interchange.protocols_export(games=[g for g in games if protocol_visible(request, g)])
    if request.query_params.get("as") == "zip":
        response = HttpResponse(interchange.export_zip(items), content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{filename}.zip"'
        return response
    return Response([item.document for item in items])


class ClubProtocolsView(APIView):
    parser_classes = [StrictJSONParser, MultiPartParser, ZipParser]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Export the club's games outside tournaments",
        description="Organizers get every dealt game; everyone else the finished, published ones.",
        parameters=[EXPORT_AS, OpenApiParameter("evening", OpenApiTypes.INT, description="Only this evening's games.")],
        responses=EXPORT_RESPONSES,
    )
    def get(self, request, slug: str):
        club = get_object_or_404(Club, slug=slug)
        games = exportable_games().filter(club=club, tournament__isnull=True).order_by("id")
        if query_int(request, "evening") is not None:
            games = games.filter(evening_id=query_int(request, "evening"))
        return export_response(request, games, f"{club.slug}-protocols")

    @extend_schema(
        summary="Import protocols as new games of the club (organizers)",
        description="The body: one mafia-protocol/1 document or a JSON list of them; or a file upload "
                    "(`file`: a .json document or list, or a .zip of .json files); or a raw zip "
                    "(`application/zip`). All or nothing: a refused document refuses the batch, and the "
                    "422 answer lists each refused document with the engine's event index.",
        parameters=[
            OpenApiParameter("evening", OpenApiTypes.INT, description="Import into this evening of the club."),
            OpenApiParameter("submit", OpenApiTypes.BOOL,
                             description="Hand in the finished games for confirmation at once."),
        ],
        request={
            "application/json": {"oneOf": [PROTOCOL_SCHEMA, {"type": "array", "items": PROTOCOL_SCHEMA}]},
            "multipart/form-data": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}},
                                    "required": ["file"]},
            "application/zip": {"type": "string", "format": "binary"},
        },
        responses={201: ImportReportSerializer, 400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer,
                   422: ImportRefusedSerializer},
    )
    def post(self, request, slug: str):
        club = get_object_or_404(Club, slug=slug)
        if not user_may_organize(request.user, club):  # before reading the upload (the service checks too)
            raise PermissionDenied("Only the club's organizers may import protocols.")
        evening = None
        if query_text(request, "evening"):
            number = query_int(request, "evening")
            evening = Evening.objects.filter(club=club, pk=number).first() if number is not None else None
            if evening is None:
                raise NotFound("No such evening in this club.")
        if isinstance(request.data, bytes | bytearray):
            batch = interchange.batch_from_bytes(bytes(request.data), filename="upload.zip")
        elif "file" in request.FILES:
            upload = request.FILES["file"]
            batch = interchange.batch_from_bytes(upload.read(interchange.MAX_BATCH_BYTES + 1),
                                                 filename=upload.name or "")
        elif request.content_type.startswith("multipart/"):
            raise ApplicationError("Upload the protocols as the form field `file`.")
        else:
            batch = interchange.batch_from_json(request.data)
        imported = interchange.protocols_import(
            club=club, actor=request.user, documents=batch, evening=evening,
            submit=query_text(request, "submit").lower() in ("1", "true", "yes"),
        )
        return Response({"games": [
            {"index": item.index, "name": item.name, "game": item.game.pk, "status": item.game.status,
             "submitted": item.submitted} for item in imported
        ]}, status=201)
