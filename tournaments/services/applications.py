"""Applications for seats at tournaments and club evenings, the waiting list and its promotions.

Seats are allocated under a row lock on the event (the Tournament or Evening row,
``select_for_update``) taken *before* counting the accepted applications, so two organizers
accepting the last seat at the same moment are serialized and the second is refused.
Lock order is always event → application, so concurrent services cannot deadlock.
"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from core import outbox, written
from core.audit import log_action
from core.errors import ApplicationError, checked_text

from ..models import Application, Evening, Tournament

Status = Application.Status


def _event_filter(event) -> dict:
    return {"tournament": event} if isinstance(event, Tournament) else {"evening": event}


def _lock_event(*, tournament: Tournament | None = None, evening: Evening | None = None):
    if (tournament is None) == (evening is None):
        raise ApplicationError(_("Apply either for a tournament or for an evening."), code="event")
    if tournament is not None:
        return Tournament.objects.select_for_update().get(pk=tournament.pk)
    return Evening.objects.select_for_update().get(pk=evening.pk)


def _lock_application_event(application: Application):
    return _lock_event(tournament=application.tournament, evening=application.evening)


def player_email(player: Player) -> str:
    """Where to write to a player: the account's e-mail, else a contact that is an e-mail; or ''."""
    if player.user_id and player.user.email:
        return player.user.email
    contact = (player.contact or "").strip()
    try:
        validate_email(contact)
    except ValidationError:
        return ""
    return contact


def accepted_count(event) -> int:
    return Application.objects.filter(**_event_filter(event), status=Status.ACCEPTED).count()


def _guest_player(*, name: str, contact: str) -> Player:
    name, contact = name.strip(), contact.strip()
    if not name or not contact:
        raise ApplicationError(_("Guests give a name and a contact (e-mail or phone)."), code="guest")
    existing = Player.objects.filter(nickname__iexact=name).first()
    if existing is not None:
        if existing.is_pending and existing.user_id is None and existing.contact.lower() == contact.lower():
            return existing  # the same guest again: the duplicate check below answers them
        raise ApplicationError(
            _("The nickname %(name)s belongs to a registered player: log in to apply, or choose another name.")
            % {"name": name},
            code="nickname",
        )
    try:
        with transaction.atomic():
            return Player.objects.create(nickname=name, contact=contact, is_pending=True)
    except IntegrityError as exc:
        raise ApplicationError(_("That name was just taken; choose another."), code="nickname") from exc


def new_status_token() -> str:
    """The secret of a guest's status link (32 URL-safe characters, 192 random bits)."""
    return secrets.token_urlsafe(24)


@transaction.atomic
def application_submit(
    *, tournament: Tournament | None = None, evening: Evening | None = None, user=None,
    guest_name: str = "", guest_contact: str = "", message: str = "",
) -> Application:
    """A player applies for a seat: signed in (``user``) or as a guest (name and contact)."""
    message = checked_text(message, label=_("The message"))
    guest_name = checked_text(guest_name, max_length=60, label=_("The name"))
    guest_contact = checked_text(guest_contact, max_length=200, label=_("The contact"))
    event = _lock_event(tournament=tournament, evening=evening)
    if isinstance(event, Tournament) and event.status != Tournament.Status.REGISTRATION_OPEN or (
        isinstance(event, Evening) and event.status != Evening.Status.OPEN
    ):
        raise ApplicationError(_("Applications for %(event)s are not open.") % {"event": event.name},
                               code="closed")
    if event.deadline_passed:
        raise ApplicationError(
            _("Applications closed on %(when)s.")
            % {"when": written.moment(event.application_deadline, event)},
            code="deadline",
        )
    if user is not None and user.is_authenticated:
        player = getattr(user, "player", None)
        if player is None:
            raise ApplicationError(_("Your account has no player profile yet."), code="no_player")
        actor = user
    else:
        player = _guest_player(name=guest_name, contact=guest_contact)
        actor = None
    existing = Application.objects.select_for_update().filter(**_event_filter(event), player=player).first()
    if existing is not None:
        if existing.status != Status.WITHDRAWN:
            raise ApplicationError(
                _("%(player)s has already applied for %(event)s (%(status)s); one application per player.")
                % {"player": player.nickname, "event": event.name, "status": existing.get_status_display()},
                code="duplicate",
            )
        existing.status = Status.PENDING
        existing.message = message
        existing.decided_at = None
        existing.waitlist_position = None
        if actor is None and not existing.status_token:
            existing.status_token = new_status_token()
        existing.save(update_fields=["status", "message", "decided_at", "waitlist_position", "status_token"])
        log_action(existing, action="application.reopened", actor=actor,
                   data={"from": Status.WITHDRAWN, "to": Status.PENDING})
        return existing
    try:
        with transaction.atomic():
            application = Application.objects.create(**_event_filter(event), player=player, message=message,
                                                     status_token=new_status_token() if actor is None else None)
    except IntegrityError as exc:
        raise ApplicationError(_("%(player)s has already applied.") % {"player": player.nickname},
                               code="duplicate") from exc
    log_action(application, action="application.submitted", actor=actor,
               data={"player": player.nickname, "guest": actor is None})
    return application


def _set_status(application: Application, status: str, *, actor, reason: str) -> None:
    before = application.status
    application.status = status
    application.decided_at = timezone.now()
    if status == Status.WAITLISTED:
        last = Application.objects.filter(**_event_filter(application.event), status=Status.WAITLISTED).aggregate(
            last=Max("waitlist_position"))["last"]
        application.waitlist_position = (last or 0) + 1
    else:
        application.waitlist_position = None
    application.save(update_fields=["status", "decided_at", "waitlist_position"])
    if status == Status.ACCEPTED and application.player.is_pending:
        # An organizer accepting a guest confirms the guest as a player.
        application.player.is_pending = False
        application.player.save(update_fields=["is_pending"])
    log_action(application, action=f"application.{reason}", actor=actor,
               data={"from": before, "to": status, "player": application.player.nickname})
    if application.tournament_id and Status.ACCEPTED in (before, status):
        outbox.request_standings(application.tournament_id)  # the participants listed in the standings


def _notify_promoted(application: Application) -> None:
    address = player_email(application.player)
    if not address:
        return
    event = application.event
    context = {"player": application.player, "event": event}
    subject = _("A seat is yours: %(event)s") % {"event": event.name}
    body = render_to_string("tournaments/email/promoted.txt", context)
    transaction.on_commit(lambda: send_mail(subject, body, None, [address], fail_silently=True))


def application_status_mail(*, application: Application, url: str) -> bool:
    """Send a guest their application's status link (``url``), when their contact is an e-mail:
    a guest has no account to find it again by. After commit; False when there is no address."""
    address = player_email(application.player)
    if not address:
        return False
    event = application.event
    subject = _("Your application for %(event)s") % {"event": event.name}
    body = render_to_string("tournaments/email/application_status.txt",
                            {"player": application.player, "event": event, "url": url})
    transaction.on_commit(lambda: send_mail(subject, body, None, [address], fail_silently=True))
    return True


def _promote_from_waitlist(event, *, actor) -> list[Application]:
    """Fill free seats from the front of the waiting list (the event row is already locked)."""
    promoted = []
    free = event.seat_capacity - accepted_count(event)
    if free <= 0:
        return promoted
    waiting = (Application.objects.select_for_update(of=("self",)).select_related("player__user")
               .filter(**_event_filter(event), status=Status.WAITLISTED)
               .order_by("waitlist_position", "created_at", "id")[:free])
    for application in waiting:
        _set_status(application, Status.ACCEPTED, actor=actor, reason="promoted")
        _notify_promoted(application)
        promoted.append(application)
    return promoted


@transaction.atomic
def application_decide(*, application: Application, status: str, actor, note: str | None = None) -> Application:
    """The organizer accepts, waitlists or rejects. Accepting counts seats under the event's lock."""
    if note is not None:
        note = checked_text(note, label=_("The note"))
    event = _lock_application_event(application)
    application = Application.objects.select_for_update(of=("self",)).select_related("player__user").get(pk=application.pk)
    if status not in Application.DECISIONS:
        raise ApplicationError(_("Unknown decision."), code="decision")
    if status == application.status:
        raise ApplicationError(_("The application is already %(status)s.")
                               % {"status": application.get_status_display()}, code="unchanged")
    if status not in application.allowed_transitions():
        raise ApplicationError(
            _("An application cannot go from “%(from)s” to “%(to)s”.")
            % {"from": application.get_status_display(), "to": Status(status).label},
            code="transition",
        )
    if status == Status.ACCEPTED and accepted_count(event) >= event.seat_capacity:
        raise ApplicationError(
            _("No seat left: all %(capacity)s seats are taken. Put the player on the waiting list instead.")
            % {"capacity": event.seat_capacity},
            code="full",
        )
    freed = application.status == Status.ACCEPTED
    _set_status(application, status, actor=actor, reason="decided")
    if note is not None and note != application.organizer_note:
        application.organizer_note = note
        application.save(update_fields=["organizer_note"])
    if freed:
        _promote_from_waitlist(event, actor=actor)
    return application


@transaction.atomic
def application_withdraw(*, application: Application, actor) -> list[Application]:
    """The player (or an organizer for them) withdraws; a freed seat goes to the waiting list.

    Returns the applications promoted from the waiting list.
    """
    event = _lock_application_event(application)
    application = Application.objects.select_for_update(of=("self",)).select_related("player").get(pk=application.pk)
    if Status.WITHDRAWN not in application.allowed_transitions():
        raise ApplicationError(_("This application cannot be withdrawn (it is %(status)s).")
                               % {"status": application.get_status_display()}, code="transition")
    freed = application.status == Status.ACCEPTED
    _set_status(application, Status.WITHDRAWN, actor=actor, reason="withdrawn")
    return _promote_from_waitlist(event, actor=actor) if freed else []


@transaction.atomic
def application_set_note(*, application: Application, note: str, actor) -> Application:
    note = checked_text(note, label=_("The note"))
    application = Application.objects.select_for_update().get(pk=application.pk)
    before = application.organizer_note
    if before != note:
        application.organizer_note = note
        application.save(update_fields=["organizer_note"])
        log_action(application, action="application.note", actor=actor, data={"from": before, "to": note})
    return application
