"""Import and export of ``mafia-protocol/1`` documents (services; the API and commands call these).

Import (``protocols_import``): an organizer brings finished (or partly entered) games into a club,
optionally into one of its evenings, as new standalone games. Each document is validated by the
engine, its seats are matched to players (``player_id`` when it names a player with that
nickname, else the nickname, case-insensitively), and the game is made through the ordinary
services — ``game_create``, ``game_deal``, ``protocol_replace`` (and ``game_submit`` on request) —
so versions, the audit trail and the score pipeline behave as for a game entered by hand.
A batch is all or nothing: every document is tried, each in its own savepoint, and if any is
refused the whole batch is rolled back and the refusals are reported per document.

Export (``protocols_export``): the stored documents as they are (the site's only addition is each
seat's ``player_id``), as a JSON list or a zip of ``.json`` files. Who may export what is
decided by the caller (games.api_access); this module does not look at requests.

``protocol_put`` is the API's "replace the protocol with this document": on a game not dealt
yet it deals the document's seats first, so a judge can send a whole game in one request.
"""

from __future__ import annotations

import copy
import io
import json
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from clubs.permissions import user_may_organize
from clubs.selectors import listed_players
from core import strictjson
from core.errors import ApplicationError
from games.engine import ProtocolError, replay

from . import services
from .models import Game
from .refusals import refusal

MAX_DOCUMENTS = 500
MAX_DOCUMENT_BYTES = 1_000_000
MAX_BATCH_BYTES = 20_000_000
Status = Game.Status


@dataclass
class Incoming:
    """One document of a batch as it arrived: ``document`` is None when ``error`` says why."""

    name: str
    document: object = None
    error: str | None = None


@dataclass
class Exported:
    name: str
    document: dict


# --- reading a batch -----------------------------------------------------------------------------


def batch_from_json(data: object) -> list[Incoming]:
    """A parsed JSON body: one document, or a list of them."""
    documents = data if isinstance(data, list) else [data]
    _check_count(len(documents))
    return [Incoming(f"#{index}", document) for index, document in enumerate(documents)]


def batch_from_bytes(blob: bytes, *, filename: str = "") -> list[Incoming]:
    """An uploaded file: a zip of ``.json`` files, or one JSON file (a document or a list)."""
    if len(blob) > MAX_BATCH_BYTES:
        raise ApplicationError(_("The upload is larger than %(n)s MB.") % {"n": MAX_BATCH_BYTES // 1_000_000})
    if blob[:4] == b"PK\x03\x04" or filename.lower().endswith(".zip"):
        return _batch_from_zip(blob)
    try:
        data = strictjson.loads(blob)
    except strictjson.JSONInputError as exc:
        raise ApplicationError(_("The file is neither JSON nor a zip of JSON files (%(error)s).")
                               % {"error": exc}) from None
    batch = batch_from_json(data)
    if filename and len(batch) == 1:
        batch[0].name = filename
    return batch


def _batch_from_zip(blob: bytes) -> list[Incoming]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(blob))
    except zipfile.BadZipFile as exc:
        raise ApplicationError(_("The zip file cannot be read (%(error)s).") % {"error": exc}) from None
    members = [info for info in archive.infolist()
               if not info.is_dir() and info.filename.lower().endswith(".json")
               and not info.filename.startswith("__MACOSX/") and not info.filename.rsplit("/", 1)[-1].startswith(".")]
    _check_count(len(members))
    if not members:
        raise ApplicationError(_("The zip file holds no .json files."))
    if sum(info.file_size for info in members) > MAX_BATCH_BYTES:
        raise ApplicationError(_("The zip file unpacks to more than %(n)s MB.") % {"n": MAX_BATCH_BYTES // 1_000_000})
    batch = []
    for info in members:
        if info.file_size > MAX_DOCUMENT_BYTES:
            batch.append(Incoming(info.filename, error=_("larger than 1 MB")))
            continue
        try:
            with archive.open(info) as member:
                raw = member.read(MAX_DOCUMENT_BYTES + 1)
            if len(raw) > MAX_DOCUMENT_BYTES:
                raise ValueError("larger than 1 MB")
            batch.append(Incoming(info.filename, strictjson.loads(raw)))
        except (ValueError, zipfile.BadZipFile, RuntimeError) as exc:
            batch.append(Incoming(info.filename, error=_("not a JSON document (%(error)s)") % {"error": exc}))
    return batch


def _check_count(count: int) -> None:
    if count > MAX_DOCUMENTS:
        raise ApplicationError(_("At most %(n)s documents per batch; this one has %(count)s.")
                               % {"n": MAX_DOCUMENTS, "count": count})
    if count == 0:
        raise ApplicationError(_("The batch is empty."))


# --- matching players ----------------------------------------------------------------------------


def _refusal(message: str, rule: str, event_index: int | None = None) -> ApplicationError:
    return ApplicationError(message, code="refused", extra={"event_index": event_index, "rule": rule})


refuse_unstorable = services.refuse_unstorable  # the API's PUT and events call it before the services


def _validated(document: object):
    refuse_unstorable(document)
    try:
        return replay(document)
    except ProtocolError as error:
        raise refusal(error) from error


def match_players(document: dict) -> dict[int, Player]:
    """Seat number → Player: by ``player_id`` when that player has the seat's nickname, else by
    the nickname (case-insensitive), among the listed players (never a guest no organizer has
    accepted). A seat nobody matches refuses the document."""
    seats = document["seats"]
    ids = [seat.get("player_id") for seat in seats
           if isinstance(seat.get("player_id"), int) and not isinstance(seat.get("player_id"), bool)
           and 0 < seat.get("player_id") < 2**63]
    by_id = listed_players().in_bulk(ids)
    names = [str(seat["player"]).strip().casefold() for seat in seats]
    by_name = {p.nickname.casefold(): p for p in
               listed_players().annotate(lower=Lower("nickname")).filter(lower__in=[n.lower() for n in names])}
    players, missing = {}, []
    for seat, name in zip(seats, names, strict=True):
        player = by_id.get(seat.get("player_id")) if seat.get("player_id") in by_id else None
        if player is None or player.nickname.casefold() != name:
            player = by_name.get(name)
        if player is None:
            missing.append(f"{seat['seat']} ({seat['player']})")
        else:
            players[int(seat["seat"])] = player
    if missing:
        raise _refusal(_("No player on this site matches seat %(seats)s.") % {"seats": ", ".join(missing)},
                       "seat.unknown-player")
    return players


def _with_player_ids(document: dict, players: dict[int, Player]) -> dict:
    stored = copy.deepcopy(document)
    for seat in stored["seats"]:
        seat["player_id"] = players[int(seat["seat"])].pk
    return stored


# --- import --------------------------------------------------------------------------------------


@dataclass
class Imported:
    index: int
    name: str
    game: Game
    submitted: bool


def _import_one(*, club: Club, evening, actor, document: object, submit: bool) -> tuple[Game, bool]:
    if not isinstance(document, dict):
        raise _refusal(_("A protocol is a mafia-protocol/1 document (a JSON object)."), "document.not-object")
    _validated(document)
    players = match_players(document)
    game = services.game_create(club=club, actor=actor, evening=evening, ruleset=document["ruleset"])
    roles = {int(seat["seat"]): seat["role"] for seat in document["seats"]}
    game = services.game_deal(game=game, players=players, roles=roles, expected_version=0, actor=actor)
    game = services.protocol_replace(game=game, document=_with_player_ids(document, players),
                                     expected_version=game.protocol_version, actor=actor,
                                     reason="imported")
    submitted = False
    if submit and game.status == Status.FINISHED:
        game = services.game_submit(game=game, expected_version=game.protocol_version, actor=actor)
        submitted = True
    return game, submitted


def protocols_import(
    *, club: Club, actor, documents: list[Incoming], evening=None, submit: bool = False
) -> list[Imported]:
    """Import a batch as new games of ``club`` (of ``evening`` if given): all or nothing.

    Refused batches raise ``ApplicationError(code="import")`` whose ``extra["documents"]`` lists
    each refused document: index, name, the engine's ``event_index`` and ``rule``, and a message.
    """
    if not user_may_organize(actor, club):
        raise ApplicationError(_("Only the club's organizers may import protocols."), code="forbidden")
    if evening is not None and evening.club_id != club.pk:
        raise ApplicationError(_("That evening belongs to another club."))
    _check_count(len(documents))
    imported, refused = [], []
    with transaction.atomic():
        for index, incoming in enumerate(documents):
            if incoming.error is not None:
                refused.append({"index": index, "name": incoming.name, "event_index": None,
                                "rule": "document.not-json", "message": incoming.error})
                continue
            try:
                with transaction.atomic():
                    game, submitted = _import_one(club=club, evening=evening, actor=actor,
                                                  document=incoming.document, submit=submit)
            except ApplicationError as error:
                refused.append({"index": index, "name": incoming.name,
                                "event_index": error.extra.get("event_index"), "rule": error.extra.get("rule"),
                                "message": str(error.message)})
            else:
                imported.append(Imported(index, incoming.name, game, submitted))
        if refused:
            raise ApplicationError(
                _("%(refused)s of %(total)s documents were refused; nothing was imported.")
                % {"refused": len(refused), "total": len(documents)},
                code="import", extra={"documents": refused},
            )
    return imported


# --- export --------------------------------------------------------------------------------------


def export_name(game: Game) -> str:
    if game.round_id:
        return f"round-{game.round.number:02d}-table-{game.table_number:02d}-game-{game.pk}.json"
    return f"game-{game.pk:08d}.json"


def protocols_export(*, games: Iterable[Game]) -> list[Exported]:
    """The dealt games' documents, in the given order (games not dealt yet have none)."""
    return [Exported(export_name(game), game.protocol) for game in games
            if isinstance(game.protocol, dict) and game.protocol.get("seats")]


def export_zip(items: list[Exported]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for item in items:
            archive.writestr(item.name, json.dumps(item.document, ensure_ascii=False, indent=1))
    return buffer.getvalue()


# --- the API's "replace the protocol" -----------------------------------------------------------


@transaction.atomic
def protocol_put(*, game: Game, document: object, expected_version: int | str, actor) -> Game:
    """Replace a game's protocol with ``document`` (deal it first if the game is not dealt).

    On a dealt game the seats must keep their players (a different deal is a new deal: only
    before the first event, by sending the document to a game in setup or one without events).
    """
    if not isinstance(document, dict):
        raise _refusal(_("A protocol is a mafia-protocol/1 document (a JSON object)."), "document.not-object")
    game = Game.objects.select_for_update().get(pk=game.pk)
    # The services' own stale-version refusal, under the lock and before any other check, so that
    # a stale If-Match is always a 412 whatever the document says.
    services._check_version(game, expected_version)
    _validated(document)
    events_so_far = (game.protocol or {}).get("events") if isinstance(game.protocol, dict) else None
    if game.status == Status.SETUP or (game.status == Status.IN_PROGRESS and not events_so_far):
        players = match_players(document)
        seated = {seat.seat: seat.player_id for seat in game.seats.all()}
        roles = {int(seat["seat"]): seat["role"] for seat in document["seats"]}
        current = {int(s["seat"]): s["role"] for s in (game.protocol or {}).get("seats", [])}
        if game.status == Status.SETUP or seated != {n: p.pk for n, p in players.items()} or current != roles:
            game = services.game_deal(game=game, players=players, roles=roles,
                                      expected_version=game.protocol_version, actor=actor)
        document = _with_player_ids(document, players)
    else:
        seats = {seat.seat: seat for seat in game.seats.select_related("player") if seat.player_id}
        changed = [s["seat"] for s in document["seats"] if int(s["seat"]) not in seats
                   or seats[int(s["seat"])].player.nickname.casefold() != str(s["player"]).strip().casefold()]
        if changed:
            raise _refusal(
                _("Seats %(seats)s name other players than the deal; after the first event the "
                  "players cannot change.") % {"seats": ", ".join(map(str, sorted(changed)))},
                "seats.players-changed")
        document = copy.deepcopy(document)
        for seat in document["seats"]:
            seat.setdefault("player_id", seats[int(seat["seat"])].player_id)
    return services.protocol_replace(game=game, document=document, expected_version=game.protocol_version,
                                     actor=actor, reason="API")
