"""Discipline review: writes (docs/discipline.md).

* ``cases_sync_for_game`` — called once for every saved protocol version: opens a case for every
  DD, disqualification and technical foul of the protocol, keeps each case pointing at its event,
  and voids the cases whose event is gone. Idempotent.
* ``case_decide`` / ``case_reopen`` — the chief judge of the tournament or an organizer of the
  club decides; never the game's judge, whoever recorded the event, or the player.
* ``case_appeal`` — the player's appeal, until the deadline.
* ``case_add_note`` — the reviewers' notes.

Every change is written to the audit trail (``log_action``); every decision marks the game's
scores dirty in its own transaction, so the pipeline brings scores, standings and ratings up to
date after the commit.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.permissions import user_may_organize
from core import outbox
from core.audit import log_action
from core.errors import ApplicationError
from core.limits import TEXT_MAX_LENGTH
from games.engine import GameRecord, ProtocolError, replay
from games.models import Game, GameSeat, ProtocolVersion
from games.services import lock_game, save_protocol_version
from tournaments.models import Tournament

from .models import DisciplineAppeal, DisciplineCase, DisciplineNote
from .selectors import allowed_decisions, decide_refusal, user_may_review_case

logger = logging.getLogger(__name__)

Kind = DisciplineCase.Kind
Status = DisciplineCase.Status
Decision = DisciplineCase.Decision
Cause = DisciplineCase.Cause
Action = ProtocolVersion.Action

DEFAULT_APPEAL_HOURS = 72
MAX_TEXT = TEXT_MAX_LENGTH  # core/limits.py

# Versions that do not change the events: nothing to sync.
UNCHANGED_EVENTS = (Action.SUBMIT, Action.CONFIRM, Action.PHASE, Action.SEAT)
# The case's status after each decision.
DECISION_STATUS = {
    Decision.UPHOLD: Status.UPHELD,
    Decision.DD_TO_DISQUALIFICATION: Status.AMENDED,
    Decision.WAIVE_PENALTY: Status.AMENDED,
    Decision.STRIKE_FOUL: Status.OVERTURNED,
    Decision.ANNUL_GAME: Status.OVERTURNED,
}
# Decisions whose effect cannot be taken back by reopening the case.
FINAL_DECISIONS = (Decision.STRIKE_FOUL, Decision.ANNUL_GAME)


def appeal_hours() -> int:
    return int(getattr(settings, "DISCIPLINE_APPEAL_HOURS", DEFAULT_APPEAL_HOURS))


# --- what in a protocol opens a case -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CaseEvent:
    key: str
    kind: str
    seat: int
    cause: str
    reason: str
    index: int
    event: dict


def case_events(record: GameRecord) -> list[CaseEvent]:
    """The disciplinary events of a replayed protocol, each with its identity in the game.

    The second technical foul (and the fourth ordinary foul) is the disqualification's event: it
    opens one disqualification case, not a technical-foul case as well.
    """
    events = record.events
    found: list[CaseEvent] = []
    removed_by_foul = set()
    for removal in record.disqualifications:
        reason = removal.reason if removal.cause == Cause.MANUAL else str(Cause(removal.cause).label)
        found.append(CaseEvent(f"disqualification:{removal.seat}", Kind.DISQUALIFICATION, removal.seat,
                               removal.cause, reason, removal.index, dict(events[removal.index])))
        if removal.cause != Cause.MANUAL:
            removed_by_foul.add(removal.index)
    for foul in record.fouls:
        if foul.kind != "technical" or foul.index in removed_by_foul:
            continue
        event = events[foul.index]
        found.append(CaseEvent(f"technical_foul:{foul.seat}:{foul.number}", Kind.TECHNICAL_FOUL, foul.seat,
                               Cause.TECHNICAL_FOUL, str(event.get("reason") or ""), foul.index, dict(event)))
    dd = record.dd
    if dd is not None:
        found.append(CaseEvent(f"dd:{dd.seat}", Kind.DD, dd.seat, Cause.DD, dd.reason, dd.index,
                               dict(events[dd.index])))
    return found


# --- the hook: one call for every saved protocol version -----------------------------------------


def cases_sync_for_game(*, game: Game, version: ProtocolVersion | None = None,
                        record: GameRecord | None = None) -> list[DisciplineCase]:
    """Bring the game's cases in step with its current protocol; returns the cases it opened.

    Runs inside the caller's transaction, under its lock of the game. Idempotent: one case per
    (game, event identity). A case whose event disappears (an undo, a correction) becomes void;
    if the same event comes back, the case is pending again and needs a fresh decision. A case
    whose foul was struck by its own decision stays overturned.
    """
    if version is not None and version.action in UNCHANGED_EVENTS:
        return []
    document = game.protocol
    found: dict[str, CaseEvent] = {}
    if document and document.get("events"):
        if record is None:
            try:
                record = replay(document)
            except ProtocolError:
                return []  # services never store an invalid protocol; nothing to judge here
        found = {event.key: event for event in case_events(record)}
    if not found and version is not None and version.action in (Action.APPEND, Action.DEAL):
        return []  # an added event (or a new deal) takes no event away: nothing to open or void
    existing = {case.event_key: case for case in DisciplineCase.objects.filter(game=game)}
    if not found and not existing:
        return []
    actor = version.author if version is not None else None
    now = timezone.now()
    opened = []
    players = None
    for key, event in found.items():
        case = existing.get(key)
        if case is None:
            if players is None:
                players = dict(GameSeat.objects.filter(game=game).values_list("seat", "player_id"))
            case = DisciplineCase.objects.create(
                game=game, kind=event.kind, event_key=key, seat=event.seat, player_id=players.get(event.seat),
                judge_id=game.judge_id, recorded_by=actor, cause=event.cause, judge_reason=event.reason,
                event=event.event, event_index=event.index, version=version, opened_at=now,
                appeal_deadline=now + timedelta(hours=appeal_hours()),
            )
            log_action(case, action="discipline.open", actor=actor,
                       data={"game": game.pk, "kind": event.kind, "seat": event.seat, "cause": event.cause,
                             "reason": event.reason, "event_index": event.index,
                             "version": version.version if version else None})
            opened.append(case)
            continue
        back = case.status == Status.VOID or case.decision == Decision.STRIKE_FOUL
        moved = (case.event_index, case.event, case.judge_reason, case.cause) != (
            event.index, event.event, event.reason, event.cause)
        if not back and not moved:
            continue
        before = {"status": case.status, "event_index": case.event_index, "decision": case.decision}
        case.event_index, case.event, case.judge_reason, case.cause = event.index, event.event, event.reason, event.cause
        if back:
            # The event is in the protocol again: it needs a decision of its own.
            case.status = Status.PENDING
            case.decision, case.decision_reason, case.decided_by, case.decided_at = "", "", None, None
            case.decision_version = None
            case.appeal_deadline = max(case.appeal_deadline, now + timedelta(hours=appeal_hours()))
        case.save()
        log_action(case, action="discipline.back" if back else "discipline.event_moved", actor=actor,
                   data={"from": before, "to": {"status": case.status, "event_index": case.event_index},
                         "version": version.version if version else None})
    for key, case in existing.items():
        if key in found or case.status == Status.VOID or case.decision == Decision.STRIKE_FOUL:
            continue
        before = {"status": case.status, "event_index": case.event_index}
        case.status, case.event_index = Status.VOID, None
        case.save(update_fields=["status", "event_index", "updated_at"])
        log_action(case, action="discipline.void", actor=actor,
                   data={"from": before, "to": {"status": Status.VOID},
                         "version": version.version if version else None})
    return opened


def sync_cases_on_protocol_saved(sender, *, game: Game, version: ProtocolVersion, record: GameRecord | None,
                                 **_) -> None:
    """The receiver of ``games.signals.protocol_saved`` (connected in DisciplineConfig.ready)."""
    cases_sync_for_game(game=game, version=version, record=record)


# --- decisions -------------------------------------------------------------------------------------


def _required_text(text: str | None, *, code: str, empty: str, too_long: str) -> str:
    """A reason, an appeal or a note: stripped, never empty, at most ``MAX_TEXT`` characters."""
    text = (text or "").strip()
    if not text:
        raise ApplicationError(empty, code=code)
    if len(text) > MAX_TEXT:
        raise ApplicationError(too_long, code=code)
    return text


def _lock_case(case: DisciplineCase) -> tuple[DisciplineCase, Game]:
    """Lock the game (as every protocol change does), then the case; fresh copies of both."""
    game = lock_game(Game.objects.select_related("club", "tournament", "judge").get(pk=case.game_id))
    case = (DisciplineCase.objects.select_for_update(of=("self",))
            .select_related("player", "judge").get(pk=case.pk))
    case.game = game
    return case, game


def _user_or_none(actor):
    return actor if actor is not None and getattr(actor, "is_authenticated", False) else None


def _decision_version(game: Game, *, document: dict, actor, reason: str, audit: dict,
                      status: str | None = None) -> ProtocolVersion:
    """A decision's new protocol version (the caller holds the game's lock), through the one
    writer of versions: it keeps the game's submission and confirmation, since the decision is
    itself the review of a second person and never changes the result (docs/discipline.md)."""
    return save_protocol_version(game, document=document, record=None, action=Action.DECISION, actor=actor,
                                 reason=reason, audit=audit, status=status)


def _strike_foul(game: Game, case: DisciplineCase, *, actor, reason: str) -> ProtocolVersion:
    document = copy.deepcopy(game.protocol)
    events = document.get("events") or []
    index = case.event_index
    if index is None or index >= len(events) or events[index] != case.event:
        raise ApplicationError(_("The foul is no longer where the case says; reload the case."), code="conflict")
    before = replay(game.protocol)
    del events[index]
    try:
        after = replay(document)
    except ProtocolError as error:
        raise ApplicationError(
            _("Without this foul the protocol does not hold (%(message)s); it cannot be struck.")
            % {"message": error.message}, code="refused",
        ) from error
    # The same departures (their events one place earlier after the struck one), the same end.
    shifted = [(d.seat, d.how, d.event_index - (d.event_index > index)) for d in before.departures]
    departures = [(d.seat, d.how, d.event_index) for d in after.departures]
    if (after.winner, after.end, after.finished) != (before.winner, before.end, before.finished) \
            or departures != shifted:
        raise ApplicationError(
            _("Striking this foul would change who left the table or how the game ended; "
              "decide the disqualification instead."), code="refused",
        )
    return _decision_version(game, document=document, actor=actor, reason=reason,
                             audit={"case": case.pk, "decision": Decision.STRIKE_FOUL, "removed": case.event})


@transaction.atomic
def case_decide(*, case: DisciplineCase, decision: str, reason: str, actor) -> DisciplineCase:
    """Decide a pending case. The decision's effect on the game and its scores:

    * uphold — nothing changes;
    * DD → technical disqualification — the protocol keeps its DD (the game ended there); the
      offender is scored −0.5 instead of −1.0 (fiim-2025: −0.5 instead of −0.75);
    * waive the penalty — the disqualification stands, its penalty goes (scoring override);
    * strike a technical foul — a new protocol version without it (only if nothing else changes);
    * annul the game — a new version with the game annulled: no points, out of standings/ratings.
    """
    case, game = _lock_case(case)
    refusal = decide_refusal(actor, case)
    if refusal:
        raise ApplicationError(refusal, code="forbidden")
    reason = _required_text(reason, code="reason", empty=_("Give the reason for the decision."),
                            too_long=_("The reason is too long."))
    if case.status == Status.VOID:
        raise ApplicationError(_("The event of this case is no longer in the protocol."), code="void")
    if case.status != Status.PENDING:
        raise ApplicationError(_("This case is already decided; reopen it to decide again."), code="decided")
    if decision not in allowed_decisions(case):
        raise ApplicationError(_("That decision does not apply to this case."), code="decision")
    if game.status == Game.Status.ANNULLED:
        if decision != Decision.UPHOLD:
            raise ApplicationError(_("The game is annulled; its cases can only be upheld for the record."),
                                   code="annulled")
    elif game.status not in (Game.Status.FINISHED, Game.Status.CONFIRMED):
        raise ApplicationError(_("Cases are decided once the game is over."), code="not_finished")

    version = None
    previous_game_status = game.status
    if decision == Decision.ANNUL_GAME:
        version = _decision_version(game, document=game.protocol, actor=actor, reason=reason,
                                    status=Game.Status.ANNULLED,
                                    audit={"case": case.pk, "decision": decision})
    elif decision == Decision.STRIKE_FOUL:
        # Marked first, so that the sync of the new version keeps the case (its event is gone by
        # this very decision) instead of voiding it.
        case.decision = decision
        case.save(update_fields=["decision", "updated_at"])
        version = _strike_foul(game, case, actor=actor, reason=reason)
    else:
        # Uphold, and the two scoring decisions: the protocol stays as it is; the game's own audit
        # trail says what happened to it.
        log_action(game, action="discipline.decision", actor=actor,
                   data={"case": case.pk, "decision": decision, "seat": case.seat, "reason": reason})
    before = {"status": Status.PENDING, "decision": ""}
    case.status = DECISION_STATUS[decision]
    case.decision, case.decision_reason = decision, reason
    case.decided_by, case.decided_at, case.decision_version = _user_or_none(actor), timezone.now(), version
    case.save()
    log_action(case, action="discipline.decide", actor=actor,
               data={"from": before, "to": {"status": case.status, "decision": decision}, "reason": reason,
                     "game_status": {"from": previous_game_status, "to": game.status},
                     "version": version.version if version else None})
    _recompute(game, annulled=decision == Decision.ANNUL_GAME)
    case_id = case.pk
    transaction.on_commit(lambda: notify_decision(case_id))
    return case


@transaction.atomic
def case_reopen(*, case: DisciplineCase, reason: str, actor) -> DisciplineCase:
    """Take a decision back: the case is pending again and its scoring override is lifted.

    An annulment and a struck foul cannot be taken back this way (see docs/discipline.md).
    """
    case, game = _lock_case(case)
    refusal = decide_refusal(actor, case)
    if refusal:
        raise ApplicationError(refusal, code="forbidden")
    reason = _required_text(reason, code="reason", empty=_("Say why the case is reopened."),
                            too_long=_("The reason is too long."))
    if case.status not in (Status.UPHELD, Status.AMENDED, Status.OVERTURNED):
        raise ApplicationError(_("Only a decided case can be reopened."), code="not_decided")
    if case.decision in FINAL_DECISIONS or game.status == Game.Status.ANNULLED:
        raise ApplicationError(
            _("This decision cannot be undone: an annulled game stays annulled, and a struck foul is "
              "restored only by correcting the protocol."), code="final",
        )
    before = {"status": case.status, "decision": case.decision, "decision_reason": case.decision_reason,
              "decided_by": case.decided_by_id}
    case.status = Status.PENDING
    case.decision, case.decision_reason, case.decided_by, case.decided_at = "", "", None, None
    case.decision_version = None
    case.save()
    log_action(case, action="discipline.reopen", actor=actor,
               data={"from": before, "to": {"status": case.status}, "reason": reason})
    log_action(game, action="discipline.reopen", actor=actor, data={"case": case.pk, "reason": reason})
    _recompute(game, annulled=False)
    return case


def _recompute(game: Game, *, annulled: bool) -> None:
    """Mark scores (and through them standings and ratings) dirty in the decision's transaction."""
    outbox.request_game_scores(game.pk)
    if annulled:
        # The scores job asks for both too; asking here as well keeps them right even if that job
        # finds the game already without scores.
        if game.tournament_id:
            outbox.request_standings(game.tournament_id)
        outbox.request_ratings(game.pk)


# --- the tournament's chief judge ----------------------------------------------------------------


@transaction.atomic
def tournament_set_chief_judge(*, tournament, player, actor):
    """An organizer names (or, with None, clears) the tournament's chief judge, who reviews its cases."""
    tournament = Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)
    if not user_may_organize(actor, tournament.club):
        raise ApplicationError(_("Only the club's organizers name the chief judge."), code="forbidden")
    if player is not None and player.user_id is None:
        raise ApplicationError(_("The chief judge needs an account to review cases."), code="no_account")
    before = tournament.chief_judge_id
    new = player.pk if player is not None else None
    if before != new:
        tournament.chief_judge = player
        tournament.save(update_fields=["chief_judge", "updated_at"])
        log_action(tournament, action="tournament.chief_judge", actor=actor, data={"from": before, "to": new})
    return tournament


# --- appeals and notes -----------------------------------------------------------------------------


@transaction.atomic
def case_appeal(*, case: DisciplineCase, text: str, actor) -> DisciplineAppeal:
    """The player files (or rewrites) their appeal, while the case is pending and until the deadline."""
    case = DisciplineCase.objects.select_for_update(of=("self",)).select_related("player").get(pk=case.pk)
    if actor is None or not actor.is_authenticated or case.player is None or case.player.user_id != actor.pk:
        raise ApplicationError(_("Only the player of the case may appeal."), code="forbidden")
    if case.status != Status.PENDING:
        raise ApplicationError(_("This case is no longer open to an appeal."), code="decided")
    if timezone.now() >= case.appeal_deadline:
        raise ApplicationError(_("The deadline for an appeal has passed."), code="deadline")
    text = _required_text(text, code="text", empty=_("Write what you appeal against and why."),
                          too_long=_("The appeal is too long."))
    appeal = DisciplineAppeal.objects.filter(case=case).first()
    before = appeal.text if appeal else None
    if appeal is None:
        appeal = DisciplineAppeal.objects.create(case=case, filed_by=actor, text=text)
    else:
        appeal.text = text
        appeal.save(update_fields=["text", "updated_at"])
    log_action(case, action="discipline.appeal", actor=actor, data={"from": before, "to": text})
    return appeal


@transaction.atomic
def case_add_note(*, case: DisciplineCase, text: str, actor) -> DisciplineNote:
    case = DisciplineCase.objects.select_related("game__club", "game__tournament").get(pk=case.pk)
    if not user_may_review_case(actor, case):
        raise ApplicationError(_("Only the case's reviewers may add notes."), code="forbidden")
    text = _required_text(text, code="text", empty=_("The note is empty."), too_long=_("The note is too long."))
    note = DisciplineNote.objects.create(case=case, author=actor, text=text)
    log_action(case, action="discipline.note", actor=actor, data={"note": note.pk, "text": text})
    return note


# --- telling the player and the judge ------------------------------------------------------------


def notify_decision(case_id: int) -> int:
    """E-mail the decision to the player and the judge (those with an address); returns how many."""
    case = (DisciplineCase.objects.select_related("game", "player__user", "judge__user", "decided_by")
            .filter(pk=case_id).first())
    if case is None or not case.decision:
        return 0
    sent = 0
    for person, role in ((case.player, "player"), (case.judge, "judge")):
        email = getattr(getattr(person, "user", None), "email", "")
        if not email:
            continue
        context = {"case": case, "person": person, "role": role, "game": case.game}
        subject = render_to_string("discipline/email/decision_subject.txt", context).strip()
        body = render_to_string("discipline/email/decision.txt", context)
        try:
            sent += send_mail(subject, body, None, [email])
        except Exception:  # a mail outage must not undo a decision that is already committed
            logger.exception("could not e-mail the decision of case %s to %s", case.pk, role)
    if sent:
        log_action(case, action="discipline.notified", data={"emails": sent})
    return sent
