"""Writes for games and their protocols.

Every change of a game's table goes through here, keyword-only. Each one:

1. locks the Game row (``select_for_update``) inside ``transaction.atomic()``;
2. compares the version the caller's page was built on with the stored one: a stale version is
   refused with ``code="conflict"`` and nothing changes (two devices on one table cannot
   overwrite each other);
3. replays the whole new document with the engine: a ``ProtocolError`` becomes an
   ``ApplicationError`` with the engine's message (``code="refused"``) and nothing is saved;
4. allocates the next version number under the lock, stores the whole document in a
   ``ProtocolVersion`` row (author, action, reason), keeps ``Game.status``/``winner``/``end`` in
   step with the engine, writes the audit trail, and enqueues the score recomputation on commit.

The entry page's actions take step 1 themselves: their transaction reads the game once, under
the lock, with what the page shows of it (``selectors.game_for_entry(lock=True)``), and calls the
service's ``.locked`` form for the rest (``_locking_service``).
"""

from __future__ import annotations

import copy
import functools
import secrets
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Player
from clubs.permissions import user_may_judge, user_may_organize
from core import outbox, strictjson
from core.audit import log_action
from core.errors import ApplicationError, checked_text
from core.limits import TEXT_MAX_LENGTH
from core.locking import for_update
from games.engine import GameRecord, ProtocolError, replay
from games.engine.actions import earliest_phase_key, opening_phase_key
from games.engine.record import Phase
from games.engine.rulesets import RULESETS
from games.engine.speaking import day_speaking_order, speech_seconds
from tournaments.models import Application, Tournament
from vocabulary import PROTOCOL_FORMAT, deal_cards

from . import live_poll
from .host import HostError, host_step
from .links import refuse_link_write
from .models import Game, GameSeat, ProtocolVersion, new_judge_token
from .permissions import user_may_enter
from .refusals import refusal
from .rulesets import deal_in_words, deal_of, seat_numbers
from .signals import protocol_saved, results_publication_changed

Action = ProtocolVersion.Action
Status = Game.Status

# Versions whose author counts as having entered the protocol (see game_confirm).
ENTRY_ACTIONS = (Action.DEAL, Action.APPEND, Action.UNDO, Action.REPLACE, Action.EDIT,
                 Action.PHASE, Action.SUBMIT, Action.DECISION)


# --- helpers ------------------------------------------------------------------------------------


# The fields a change of the table reads and writes. Relations (club, judge, evening) never
# change here, so the caller's already loaded objects stay valid and are not fetched again.
LOCKED_FIELDS = (
    "protocol", "protocol_version", "protocol_changed_at", "entry_phase_key", "status", "winner", "end",
    "results_published", "submitted_by_id", "submitted_at", "confirmed_by_id", "confirmed_at", "played_at",
    "judge_token", "judge_link_issued_at", "judge_link_closed_at", "judge_link_revoked_at",
)


def lock_game(game: Game) -> Game:
    """Lock the game's row and bring the caller's instance up to date from it: THE lock of a
    game's table, taken by every change of it (here, discipline decisions, the seating).

    Every check and the next version number are decided on these values, inside the caller's
    transaction, so two requests for the same table run one after the other.
    """
    row = Game.objects.select_for_update().order_by().filter(pk=game.pk).values(*LOCKED_FIELDS).get()
    for name, value in row.items():
        setattr(game, name, value)
    return game


def _locking_service(body):
    """Make a public service from ``body(*, game, …)``, which expects the game locked and fresh.

    The public service runs ``body`` in a transaction of its own, after ``lock_game``. ``service.locked``
    is ``body`` alone, for a caller whose open transaction has just read the game's row with
    ``select_for_update()`` (the entry page: ``selectors.game_for_entry(lock=True)``): the same
    checks and writes, without reading the row a second time or a savepoint of its own. Such a
    caller must roll its transaction back when ``body`` raises (``transaction.set_rollback``).
    """

    @functools.wraps(body)
    def service(*, game: Game, **kwargs):
        with transaction.atomic():
            return body(game=lock_game(game), **kwargs)

    @functools.wraps(body)
    def locked(*, game: Game, **kwargs):
        if not connection.in_atomic_block:
            raise RuntimeError(f"{body.__name__}.locked needs the caller's transaction holding the row lock")
        return body(game=game, **kwargs)

    service.locked = locked
    return service


def remember_replay(game: Game, record: GameRecord | None) -> None:
    """Keep the record just replayed from ``game.protocol``, so the page shown after a save does not
    replay the same document again (``selectors.game_table`` takes it while the document is the same)."""
    game._replayed = (game.protocol, game.protocol_version, record) if record is not None else None


def remembered_replay(game: Game) -> GameRecord | None:
    """The record ``remember_replay`` kept, if it is still of this very document and version."""
    kept = game.__dict__.get("_replayed")
    if kept is None or kept[0] is not game.protocol or kept[1] != game.protocol_version:
        return None
    record = kept[2]
    return record if len(record.events) == len(game.protocol.get("events", ())) else None


def _check_version(game: Game, expected_version: int | str | None) -> None:
    try:
        stale = int(expected_version) != game.protocol_version
    except (TypeError, ValueError):
        stale = True
    if stale:
        raise ApplicationError(
            _("Someone else changed this table meanwhile (now version %(current)s; your page "
              "showed version %(yours)s). Nothing was saved: here is the table as it is now.")
            % {"current": game.protocol_version, "yours": expected_version},
            code="conflict",
            extra={"current_version": game.protocol_version},
        )


def _check_link(game: Game, via_link: bool) -> None:
    """A change through the judge's private link only while the link may write (games/links.py)."""
    if via_link:
        refuse_link_write(game)


_UNSTORABLE = {
    "json.nul-character": gettext_lazy("The protocol contains a NUL character, which no field accepts."),
    "json.not-unicode": gettext_lazy("The protocol is not valid Unicode text."),
    "json.not-finite": gettext_lazy("The protocol contains a number that is not finite (NaN, Infinity or too large)."),
    "json.too-deep": gettext_lazy("The protocol nests deeper than %(depth)s levels."),
    "json.text-too-long": gettext_lazy("A text in the protocol is longer than %(limit)s characters."),
}


def refuse_unstorable(document: object, *, events_from: int = 0) -> None:
    """Refuse what PostgreSQL cannot store or the site does not take in a protocol: a NUL or a lone
    surrogate, a non-finite number, nesting deeper than ``strictjson.MAX_DEPTH``, a string longer
    than ``TEXT_MAX_LENGTH`` (a reason, an extra field). As an engine refusal: 422 in the API, the
    message on the judge's page, with the index of the event that holds it (None: the header).
    ``events_from``: the events before it were checked when they were stored."""
    parts: list[tuple[int | None, object]] = []
    if isinstance(document, dict) and isinstance(document.get("events"), list):
        parts.append((None, {key: value for key, value in document.items() if key != "events"}))
        parts.extend((index, event) for index, event in enumerate(document["events"]) if index >= events_from)
    else:
        parts.append((None, document))
    for index, part in parts:
        try:
            strictjson.check(part, max_depth=strictjson.MAX_DEPTH - 2, max_string=TEXT_MAX_LENGTH)
        except strictjson.JSONInputError as error:
            message = _UNSTORABLE.get(error.rule, gettext_lazy("The protocol cannot be stored."))
            raise ApplicationError(
                str(message) % {"depth": strictjson.MAX_DEPTH, "limit": TEXT_MAX_LENGTH},
                code="refused", extra={"event_index": index, "rule": f"document.{error.rule.split('.', 1)[1]}"},
            ) from None


def _replay(document: dict, *, events_from: int = 0) -> GameRecord:
    refuse_unstorable(document, events_from=events_from)
    try:
        return replay(document)
    except ProtocolError as error:
        raise refusal(error) from error  # the judge's words, with the code and params kept


def _refuse_unless_open(game: Game) -> None:
    """Confirmed and annulled games change only through game_edit_after_confirmation."""
    if game.status == Status.SETUP:
        raise ApplicationError(_("Deal the seats and roles first."), code="setup")
    if game.status == Status.CONFIRMED:
        raise ApplicationError(
            _("This protocol is confirmed. Reopen it for correction (with a reason) to change it."),
            code="confirmed",
        )
    if game.status == Status.ANNULLED:
        raise ApplicationError(_("This game is annulled."), code="annulled")


def save_protocol_version(
    game: Game,
    *,
    document: dict,
    record: GameRecord | None,
    action: str,
    actor,
    reason: str = "",
    via_link: bool = False,
    audit: dict | None = None,
    status: str | None = None,
    also_saved: tuple[str, ...] = (),
) -> ProtocolVersion:
    """Store a new version of the locked game's table (the caller holds ``lock_game``): THE one
    writer of protocol versions, for the judge's entry, the organizers' corrections and the
    discipline decisions alike.

    A judge's change voids the submission and confirmation and takes the game's status, winner and
    end from ``record``. A submission, a confirmation and a discipline decision keep them: a
    decision is itself the review of a second person and never changes the result
    (docs/discipline.md); ``status`` sets the game's status where a decision does (annulment).
    ``also_saved``: fields of the game the caller changed, written in the same UPDATE of its row.
    The version is announced (``signals.protocol_saved``, discipline's cases follow it), written to
    the audit trail, and the game's scores are marked dirty in the outbox when it is or was finished.
    """
    before = {"version": game.protocol_version, "status": game.status}
    was_finished = game.status in (Status.FINISHED, Status.CONFIRMED)
    game.protocol_version += 1
    game.protocol = document
    game.protocol_changed_at = timezone.now()
    if status is not None:
        game.status = status
    fields = ["protocol_version", "protocol", "protocol_changed_at", "status", "winner", "end",
              "submitted_by", "submitted_at", "confirmed_by", "confirmed_at", "judge_link_closed_at"]
    if action not in (Action.SUBMIT, Action.CONFIRM, Action.DECISION):
        # Any change of the protocol (or of the table's phase) voids the submission and confirmation.
        game.submitted_by, game.submitted_at = None, None
        game.confirmed_by, game.confirmed_at = None, None
        if record is not None:
            game.status = Status.FINISHED if record.finished else Status.IN_PROGRESS
            game.winner = record.winner or ""
            game.end = record.end or ""
    if game.played_at is None and game.status != Status.SETUP:
        game.played_at = game.protocol_changed_at
        fields.append("played_at")
    game.save(update_fields=fields + ["entry_phase_key", *also_saved])
    remember_replay(game, record)
    version = ProtocolVersion.objects.create(
        game=game, version=game.protocol_version, action=action, document=document,
        author=_user_or_none(actor), reason=reason, via_link=via_link,
    )
    protocol_saved.send(sender=Game, game=game, version=version, record=record)
    log_action(
        game, action=f"protocol.{action}", actor=actor,
        data={
            "from": before,
            "to": {"version": game.protocol_version, "status": game.status},
            "reason": reason, "via_link": via_link, **(audit or {}),
        },
    )
    if was_finished or game.status in (Status.FINISHED, Status.CONFIRMED):
        # Scores exist for finished games only; a change to or from finished recomputes them. A
        # Confirm's are scored by the confirming process right after its commit (the round's tables
        # are confirmed together: issue 31); a Confirm changes nothing they read but the version.
        confirm = action == Action.CONFIRM
        outbox.request_game_scores(game.pk, at_once=confirm, same_inputs=confirm)
    return version


def _user_or_none(actor) -> AbstractBaseUser | None:
    return actor if actor is not None and getattr(actor, "is_authenticated", False) else None


# --- games --------------------------------------------------------------------------------------


@transaction.atomic
def game_create(
    *,
    club: Club,
    actor,
    evening=None,
    judge: Player | None = None,
    ruleset: str | None = None,
    table_number: int = 1,
    number: int | None = None,
) -> Game:
    """Start a game of a club evening (or a standalone club game when ``evening`` is None).

    Tournament games are made by the seating generator, not here. A judge who starts a game
    judges it unless someone else is named.
    """
    if not user_may_judge(actor, club):
        raise ApplicationError(_("Only the club's judges and organizers may start a game."), code="forbidden")
    if evening is not None and evening.club_id != club.pk:
        raise ApplicationError(_("That evening belongs to another club."))
    if judge is None:
        judge = Player.objects.filter(user=actor).first()
    if ruleset is None:
        ruleset = evening.ruleset if evening is not None else Game._meta.get_field("ruleset").default
    ruleset = str(getattr(ruleset, "value", ruleset))  # a plain string, as the document carries it
    if ruleset not in RULESETS:
        raise ApplicationError(_("Unknown ruleset %(ruleset)s.") % {"ruleset": ruleset})
    if number is None:
        games = Game.objects.filter(club=club, evening=evening, tournament=None)
        number = (games.aggregate(last=Max("number"))["last"] or 0) + 1
    game = Game.objects.create(
        club=club, evening=evening, judge=judge, ruleset=ruleset, table_number=table_number,
        number=number, played_at=None,
    )
    log_action(game, action="game.create", actor=actor,
               data={"evening": evening.pk if evening else None, "judge": judge.pk if judge else None,
                     "ruleset": ruleset, "table": table_number, "number": number})
    return game


def seated_players(game: Game) -> dict[int, Player | None]:
    """Seat number → the player the stored seating puts there (None for an empty seat)."""
    return {seat.seat: seat.player for seat in GameSeat.objects.filter(game=game).select_related("player")}


def _check_tournament_seating(game: Game, players: Mapping[int, Player]) -> None:
    """The tournament deal rule: a tournament table is dealt with the seating published for it
    (tournaments/services/seating.py's GameSeat rows). The deal gives out the roles; who sits
    where changes only by an organizer's game_seat_change (docs/entry.md)."""
    seated = seated_players(game)
    for seat in seat_numbers(game.ruleset):
        sitter = seated.get(seat)
        if sitter is None:
            raise ApplicationError(
                _("Seat %(seat)s has nobody in the tournament's seating: an organizer seats a participant "
                  "there first.") % {"seat": seat}, code="seating")
        if players[seat].pk != sitter.pk:
            raise ApplicationError(
                _("Seat %(seat)s is %(player)s's in the tournament's seating. The deal gives out the roles; "
                  "only an organizer changes who sits where.") % {"seat": seat, "player": sitter.nickname},
                code="seating")


def _check_document_seating(game: Game, document: dict) -> None:
    """A whole document for a tournament table names the players of its seating (the same rule)."""
    if game.tournament_id is None or not isinstance(document, dict):
        return
    seated = seated_players(game)
    for entry in document.get("seats") or []:
        sitter = seated.get(entry.get("seat")) if isinstance(entry, dict) else None
        same = sitter is not None and (entry.get("player_id") == sitter.pk if "player_id" in entry
                                       else str(entry.get("player", "")).strip().casefold()
                                       == sitter.nickname.casefold())
        if not same:
            raise ApplicationError(
                _("Seat %(seat)s names another player than the tournament's seating; only an organizer "
                  "changes who sits where.") % {"seat": entry.get("seat") if isinstance(entry, dict) else "?"},
                code="seating")


def deal_roles_at_random(ruleset: str) -> dict[int, str]:
    """Shuffle the ruleset's role cards with the system's cryptographic randomness."""
    cards = deal_cards(deal_of(ruleset))
    secrets.SystemRandom().shuffle(cards)
    return dict(zip(seat_numbers(ruleset), cards, strict=True))


@_locking_service
def game_deal(
    *,
    game: Game,
    players: Mapping[int, Player],
    roles: Mapping[int, str] | None = None,
    random_roles: bool = False,
    expected_version: int,
    actor,
    via_link: bool = False,
) -> Game:
    """Seat the players, one a seat of the ruleset's table, and give out the roles: the protocol's
    first version (no events).

    Allowed at setup, and again while no event has been recorded (a card read wrongly).
    """
    _check_link(game, via_link)
    _check_version(game, expected_version)
    if game.status not in (Status.SETUP, Status.IN_PROGRESS) or game.protocol.get("events"):
        raise ApplicationError(_("The deal can be changed only before the first event."), code="started")
    seats = seat_numbers(game.ruleset)
    if sorted(players) != list(seats) or any(players[seat] is None for seat in seats):
        raise ApplicationError(_("Every seat from 1 to %(last)s needs a player.") % {"last": seats[-1]}, code="deal")
    ids = [players[seat].pk for seat in seats]
    if len(set(ids)) != len(ids):
        twice = next(seat for seat in seats if ids.index(players[seat].pk) != seat - 1)
        raise ApplicationError(
            _("%(player)s already has a seat: a player can take only one seat (seat %(seat)s).")
            % {"player": players[twice].nickname, "seat": twice}, code="deal", extra={"field": f"player_{twice}"})
    if game.tournament_id is not None:
        _check_tournament_seating(game, players)
    if random_roles:
        roles = deal_roles_at_random(game.ruleset)
    if roles is None or sorted(roles) != list(seats):
        raise ApplicationError(_("Every seat needs a role."), code="deal")
    deal = deal_of(game.ruleset)
    counts = dict.fromkeys(deal, 0)
    for seat in seats:
        if roles[seat] not in deal:
            raise ApplicationError(_("Seat %(seat)s has no valid role.") % {"seat": seat}, code="deal",
                                   extra={"field": f"role_{seat}"})
        counts[roles[seat]] += 1
    if counts != deal:
        raise ApplicationError(
            _("The deal is %(deal)s; this one has %(counts)s.")
            % {"deal": deal_in_words(deal), "counts": deal_in_words(counts)},
            code="deal",
        )
    document = {
        "format": PROTOCOL_FORMAT,
        "ruleset": str(getattr(game.ruleset, "value", game.ruleset)),
        "seats": [
            {"seat": seat, "player": players[seat].nickname, "role": roles[seat], "player_id": players[seat].pk}
            for seat in seats
        ],
        "events": [],
    }
    record = _replay(document)
    # Delete and recreate: players may swap seats, which a row-by-row update would trip over.
    GameSeat.objects.filter(game=game).delete()
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=players[seat], role=roles[seat]) for seat in seats
    )
    game.entry_phase_key = None
    save_protocol_version(game, document=document, record=record, action=Action.DEAL, actor=actor, via_link=via_link,
                  audit={"random_roles": random_roles, "players": ids})
    return game


@transaction.atomic
def game_seat_change(*, game: Game, seat: int, player: Player, actor, reason: str = "") -> Game:
    """An organizer seats another participant at a tournament table (a no-show, a replacement).

    The player must be an accepted participant of the tournament not seated at any table of this
    round; the table must not have started (no event yet: the deal may be made or redone). The
    change is a version of the protocol of its own (action *seat*), so the history shows it, and
    an audit entry. A dealt table keeps its roles: the card stays with the seat.
    """
    if not user_may_organize(actor, game.club):
        raise ApplicationError(_("Only the club's organizers change who sits where."), code="forbidden")
    if game.tournament_id is None:
        raise ApplicationError(_("Only a tournament table's seating is changed here; at other tables the "
                                 "judge seats the players in the deal."), code="not_tournament")
    # The tournament's row first, as the seating services lock it: seat changes of one round (and
    # swaps, and regenerations) run one after the other, so a player is never seated twice.
    for_update(Tournament.objects.order_by().filter(pk=game.tournament_id)).get()
    game = lock_game(game)
    if game.status not in (Status.SETUP, Status.IN_PROGRESS) or game.protocol.get("events"):
        raise ApplicationError(_("This table has started: who sits where can no longer change."), code="started")
    try:
        seat = int(seat)
    except (TypeError, ValueError):
        seat = 0
    seats = seat_numbers(game.ruleset)
    if seat not in seats:
        raise ApplicationError(_("Choose a seat from 1 to %(last)s.") % {"last": seats[-1]}, code="seat")
    if not Application.objects.filter(tournament_id=game.tournament_id, player=player,
                                      status=Application.Status.ACCEPTED).exists():
        raise ApplicationError(_("%(player)s is not an accepted participant of this tournament.")
                               % {"player": player.nickname}, code="participant")
    taken = (GameSeat.objects.filter(game__round_id=game.round_id, player=player)
             .select_related("game").order_by().first())
    if taken is not None:
        raise ApplicationError(_("%(player)s already sits at table %(table)s, seat %(seat)s, in this round.")
                               % {"player": player.nickname, "table": taken.game.table_number,
                                  "seat": taken.seat}, code="seated")
    row = GameSeat.objects.filter(game=game, seat=seat).select_related("player").first() or GameSeat(
        game=game, seat=seat)
    before = row.player
    row.player = player
    row.save()
    document, record = game.protocol, None
    if document.get("seats"):
        document = copy.deepcopy(document)
        for entry in document["seats"]:
            if entry["seat"] == seat:
                entry.update(player=player.nickname, player_id=player.pk)
        record = _replay(document)
    change = _("Seat %(seat)s: %(before)s → %(after)s") % {
        "seat": seat, "before": before.nickname if before else "—", "after": player.nickname}
    reason = checked_text(reason, label=_("The reason"))
    save_protocol_version(game, document=document, record=record, action=Action.SEAT, actor=actor,
                  reason=f"{change}. {reason}" if reason else change,
                  audit={"seat": seat, "player_from": before.pk if before else None, "player_to": player.pk})
    return game


# --- the protocol -------------------------------------------------------------------------------


def protocol_version_keep_request_key(*, game: Game, request_key: str) -> None:
    """Write on the version the locked game has just got the key of the request that made it
    (``selectors.version_made_by_request`` finds it when the same request comes again)."""
    if request_key:
        ProtocolVersion.objects.filter(game=game, version=game.protocol_version).update(request_key=request_key)


@_locking_service
def protocol_append_event(*, game: Game, event: dict, expected_version: int, actor, via_link: bool = False) -> Game:
    """Record one more event at the table (a nomination, a vote, a shot, a foul, …)."""
    _check_link(game, via_link)
    _check_version(game, expected_version)
    _refuse_unless_open(game)
    # A new document that shares the stored events with the old one (nothing here changes them in
    # place, and the old document is dropped): copying the whole protocol costs more than the replay.
    document = {**game.protocol, "events": [*game.protocol["events"], copy.deepcopy(event)]}
    record = _replay(document, events_from=len(game.protocol["events"]))
    save_protocol_version(game, document=document, record=record, action=Action.APPEND, actor=actor,
                  via_link=via_link, audit={"event": event})
    return game


@_locking_service
def protocol_undo_last(*, game: Game, expected_version: int, actor, via_link: bool = False) -> Game:
    """Take back the last recorded event (the history keeps it)."""
    _check_link(game, via_link)
    _check_version(game, expected_version)
    _refuse_unless_open(game)
    if not game.protocol.get("events"):
        raise ApplicationError(_("There is no event to undo."), code="empty")
    document = {**game.protocol, "events": game.protocol["events"][:-1]}  # shares the events, as above
    removed = game.protocol["events"][-1]
    record = _replay(document)
    save_protocol_version(game, document=document, record=record, action=Action.UNDO, actor=actor,
                  via_link=via_link, audit={"removed": removed})
    return game


def _check_same_header(game: Game, document: dict) -> None:
    if not isinstance(document, dict):
        raise ApplicationError(_("A protocol is a mafia-protocol/1 document."), code="refused")
    if document.get("ruleset") != game.ruleset:
        raise ApplicationError(
            _("This game is played under %(ruleset)s; the document says %(other)s.")
            % {"ruleset": game.ruleset, "other": document.get("ruleset")},
            code="refused",
        )


def _sync_seat_roles(game: Game, record: GameRecord) -> None:
    """Keep GameSeat roles in step with a replaced document's deal."""
    for seat in GameSeat.objects.filter(game=game):
        role = record.role(seat.seat)
        if seat.role != role:
            seat.role = role
            seat.save(update_fields=["role"])


@transaction.atomic
def protocol_replace(
    *, game: Game, document: dict, expected_version: int, actor, reason: str = "", via_link: bool = False
) -> Game:
    """Replace the whole protocol (an import, or the API). Not for confirmed games."""
    game = lock_game(game)
    _check_link(game, via_link)
    _check_version(game, expected_version)
    _refuse_unless_open(game)
    _check_same_header(game, document)
    _check_document_seating(game, document)
    document = copy.deepcopy(document)
    record = _replay(document)
    _sync_seat_roles(game, record)
    save_protocol_version(game, document=document, record=record, action=Action.REPLACE, actor=actor,
                  reason=checked_text(reason, label=_("The reason")), via_link=via_link)
    return game


@_locking_service
def game_move_phase(*, game: Game, phase_key: int, expected_version: int, actor, via_link: bool = False) -> Game:
    """Move the entry page to another day or night (nothing is recorded in the protocol).

    Forward by one step at a time; back no earlier than the phase of the last recorded event.
    It is a version of its own, so that a second device still showing the old phase conflicts.
    """
    _check_link(game, via_link)
    _check_version(game, expected_version)
    _refuse_unless_open(game)
    record = _replay(game.protocol)
    if record.finished:
        raise ApplicationError(_("The game is over."), code="finished")
    current = entry_phase_key(game, record)
    earliest = earliest_phase_key(record)
    if not earliest <= int(phase_key) <= current + 1:
        raise ApplicationError(_("The table cannot move to that phase from here."), code="phase")
    game.entry_phase_key = int(phase_key)
    save_protocol_version(game, document=game.protocol, record=record, action=Action.PHASE, actor=actor,
                  via_link=via_link, audit={"phase_key": int(phase_key)})
    return game


def entry_phase_key(game: Game, record: GameRecord) -> int:
    """The phase the entry page shows: the last event's, or later if the judge moved on."""
    key = opening_phase_key(game.ruleset)
    if record.events:
        key = max(key, record.phase.key)
    if game.entry_phase_key is not None:
        key = max(key, game.entry_phase_key)
    return key


# --- submission, confirmation, corrections -------------------------------------------------------


@_locking_service
def game_submit(*, game: Game, expected_version: int, actor, via_link: bool = False) -> Game:
    """The judge hands in a finished protocol for an organizer's confirmation."""
    _check_link(game, via_link)
    _check_version(game, expected_version)
    if game.status != Status.FINISHED:
        raise ApplicationError(_("Only a finished game can be submitted."), code="not_finished")
    if game.submitted_at is not None:
        raise ApplicationError(_("This protocol is already submitted."), code="submitted")
    game.submitted_by = _user_or_none(actor)
    game.submitted_at = timezone.now()
    # The judge's link writes nothing from now on, even if the protocol is reopened (games/links.py).
    game.judge_link_closed_at = game.judge_link_closed_at or game.submitted_at
    save_protocol_version(game, document=game.protocol, record=None, action=Action.SUBMIT, actor=actor,
                  via_link=via_link)
    return game


def protocol_authors(game: Game) -> set[int]:
    """Everyone who entered any part of this game's protocol, ever (ids of users)."""
    authors = set(
        ProtocolVersion.objects.filter(game=game, action__in=ENTRY_ACTIONS, author__isnull=False)
        .values_list("author_id", flat=True)
    )
    if game.submitted_by_id:
        authors.add(game.submitted_by_id)
    return authors


def confirm_refusal(user, game: Game, authors: set[int] | None = None, *,
                    organizes: bool | None = None) -> ApplicationError | None:
    """Why ``user`` may not confirm ``game``'s protocol now, or None if they may: THE rule of
    confirming (game_confirm raises it; the entry page shows it where the button would be).

    Never the person who entered it (the two-person rule): whoever authored any version of this
    protocol (the deal, an event, an undo, a phase move, a replacement, a correction) or submitted
    it may not confirm. ``authors``: ``protocol_authors(game)`` when the caller has it already;
    ``organizes``: ``user_may_organize(user, game.club)``, likewise.
    """
    if not (user_may_organize(user, game.club) if organizes is None else organizes):
        return ApplicationError(_("Only the club's organizers may confirm a protocol."), code="forbidden")
    if game.status != Status.FINISHED or game.submitted_at is None:
        return ApplicationError(_("Only a submitted protocol of a finished game can be confirmed."),
                                code="not_submitted")
    if user.pk in (protocol_authors(game) if authors is None else authors):
        return ApplicationError(_("You entered this protocol, so someone else must confirm it."),
                                code="own_protocol")
    return None


@_locking_service
def game_confirm(*, game: Game, expected_version: int, actor, actor_organizes: bool | None = None) -> Game:
    """An organizer confirms a submitted protocol; its scores then count in standings (never one
    who entered it: ``confirm_refusal``). ``actor_organizes``: the caller has just asked
    ``user_may_organize`` (the organizers' view), so it is not asked again (issue 31)."""
    _check_version(game, expected_version)
    refusal = confirm_refusal(actor, game, organizes=actor_organizes)
    if refusal is not None:
        raise refusal
    game.status = Status.CONFIRMED
    game.confirmed_by = actor
    game.confirmed_at = timezone.now()
    parent = game.tournament or game.evening
    published = parent is not None and parent.publish_results
    if published:
        # The tournament's or evening's switch publishes each game as it is confirmed.
        game.results_published = True
    save_protocol_version(game, document=game.protocol, record=None, action=Action.CONFIRM, actor=actor,
                          also_saved=("results_published",) if published else ())
    return game


@_locking_service
def game_edit_after_confirmation(
    *, game: Game, reason: str, expected_version: int, actor, document: dict | None = None,
    via_link: bool = False,
) -> Game:
    """Correct a confirmed protocol: a reason is required, and the result needs confirming again.

    Without ``document`` the protocol is reopened unchanged, and the judge corrects it on the
    entry page as usual; with one, it replaces the protocol at once.
    """
    _check_link(game, via_link)
    _check_version(game, expected_version)
    if via_link or not user_may_organize(actor, game.club):
        # Not the table's judge (by login or by the link): the protocol they handed in was
        # confirmed by an organizer, and only an organizer takes that back.
        raise ApplicationError(_("Only the club's organizers may reopen a confirmed protocol."),
                               code="forbidden")
    if game.status != Status.CONFIRMED:
        raise ApplicationError(_("Only a confirmed protocol needs a correction with a reason."),
                               code="not_confirmed")
    reason = checked_text(reason, label=_("The reason"))
    if not reason:
        raise ApplicationError(_("Say why the confirmed protocol is being changed."), code="reason")
    if document is None:
        document = game.protocol
    _check_same_header(game, document)
    _check_document_seating(game, document)
    document = copy.deepcopy(document)
    record = _replay(document)
    _sync_seat_roles(game, record)
    save_protocol_version(game, document=document, record=record, action=Action.EDIT, actor=actor,
                  reason=reason, via_link=via_link)
    return game


@transaction.atomic
def game_publish_results(*, game: Game, actor, published: bool = True) -> Game:
    """An organizer opens (or closes) a finished game's roles and scores to everyone."""
    game = lock_game(game)
    if not user_may_organize(actor, game.club):
        raise ApplicationError(_("Only the club's organizers may publish results."), code="forbidden")
    if published and game.status not in (Status.FINISHED, Status.CONFIRMED):
        raise ApplicationError(_("Results of an unfinished game cannot be published."), code="not_finished")
    if game.results_published != published:
        game.results_published = published
        game.save(update_fields=["results_published"])
        log_action(game, action="game.publish" if published else "game.unpublish", actor=actor,
                   data={"results_published": published})
        results_publication_changed.send(sender=Game, game_ids=[game.pk])
    return game


def results_publication_follow_switch(*, games, published: bool) -> int:
    """A tournament's or an evening's "game results are public" switch opens (or closes) the
    results of its confirmed games at once; games confirmed later follow it in ``game_confirm``.
    Standings and ratings are asked to recompute (they count only published games). Runs in the
    caller's transaction; returns how many games changed."""
    changed = list(games.filter(status=Status.CONFIRMED).exclude(results_published=published)
                   .values_list("pk", flat=True))
    if changed:
        Game.objects.filter(pk__in=changed).update(results_published=published)
        results_publication_changed.send(sender=Game, game_ids=changed)
    return len(changed)


# --- the judge's private link (games/links.py) ---------------------------------------------------


def _lock_for_link(game: Game, actor) -> Game:
    if not user_may_organize(actor, game.club):
        raise ApplicationError(_("Only the club's organizers manage the judge's link."), code="forbidden")
    return lock_game(game)


@transaction.atomic
def judge_link_rotate(*, game: Game, actor) -> Game:
    """Issue a new link for the table: a new token, valid from now; the old one stops at once.

    The new link writes again if the protocol is open (a reopened protocol, say); while it is
    submitted or confirmed, it is read-only like the old one.
    """
    game = _lock_for_link(game, actor)
    before = {"issued_at": game.judge_link_issued_at.isoformat(), "revoked": game.judge_link_revoked_at is not None}
    game.judge_token = new_judge_token()
    game.judge_link_issued_at = timezone.now()
    game.judge_link_revoked_at = None
    game.judge_link_closed_at = None
    game.save(update_fields=["judge_token", "judge_link_issued_at", "judge_link_revoked_at", "judge_link_closed_at"])
    # Never the token itself: the audit trail is read by more people than the table's judge.
    log_action(game, action="judge_link.rotated", actor=actor,
               data={"from": before, "to": {"issued_at": game.judge_link_issued_at.isoformat()}})
    return game


@transaction.atomic
def judge_link_revoke(*, game: Game, actor) -> Game:
    """Withdraw the table's link: it opens nothing from now on (an organizer may issue a new one)."""
    game = _lock_for_link(game, actor)
    if game.judge_link_revoked_at is not None:
        raise ApplicationError(_("This link is already withdrawn."), code="revoked")
    game.judge_link_revoked_at = timezone.now()
    game.save(update_fields=["judge_link_revoked_at"])
    log_action(game, action="judge_link.revoked", actor=actor,
               data={"issued_at": game.judge_link_issued_at.isoformat(),
                     "revoked_at": game.judge_link_revoked_at.isoformat()})
    return game


# --- host mode: the judge's speaker and clock (games/host.py; not the protocol) ---------------------


def host_context(game: Game, record: GameRecord) -> dict:
    """What ``host_step`` needs of the table now: the phase's key, today's order, the timers."""
    ruleset = RULESETS[game.ruleset]
    phase = Phase.from_key(entry_phase_key(game, record))
    order = day_speaking_order(record, phase.number) if phase.is_day and not record.finished else []
    return {"day": phase.key, "order": order, "timers": dict(ruleset.timers),
            "speech_seconds": lambda seat: speech_seconds(record, seat, ruleset.timers)}


@transaction.atomic
def game_host_tap(*, game: Game, op: str, seat: int | None = None, kind: str | None = None, actor=None,
                  via_link: bool = False, now=None) -> dict:
    """One tap of host mode (next speaker, start, pause, reset, a timer): the new state, saved on the
    game so that a reload or a second device resumes it. Not the protocol: no version, no audit."""
    game = lock_game(game)
    if via_link:
        refuse_link_write(game)
    if not via_link and not user_may_enter(actor, game):
        raise ApplicationError(_("Only the table's judge and the club's organizers host this table."), code="forbidden")
    if not (game.protocol or {}).get("seats"):
        raise ApplicationError(_("Deal the seats and roles first."), code="setup")
    try:
        record = replay(game.protocol)
    except ProtocolError:
        raise ApplicationError(_("This protocol needs correcting before the table can be hosted."),
                               code="refused") from None
    state = Game.objects.filter(pk=game.pk).values_list("host_state", flat=True).get() or {}
    try:
        state = host_step(state, op, now=now or timezone.now(), seat=seat, kind=kind, **host_context(game, record))
    except HostError:
        raise ApplicationError(_("That cannot be done at the table now."), code="host") from None
    Game.objects.filter(pk=game.pk).update(host_state=state)
    live_poll.table_changed(game.pk)  # the speaker and the clock are on the live view
    game.host_state = state
    return state
