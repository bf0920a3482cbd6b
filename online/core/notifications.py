"""Notifications of every online game: stored in the site as data (``kind``, ``params``), written
out in each reader's language when shown (online/core/texts.py ``notification_text``), and the
same by e-mail after the commit."""

from __future__ import annotations

import logging
from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import translation

from core.site import absolute

from . import clock, delivery
from .languages import language_of
from .models import Game, Notification

log = logging.getLogger(__name__)


def notify(game: Game, users, kind: str, at: datetime, url: str = "", **params) -> None:
    """In-site notifications, and the same by e-mail after the commit (a task: a slow mail server
    never holds the game's lock). Stored as data (``kind``, ``params``), written out in each
    reader's language when shown (online/core/texts.py ``notification_text``)."""
    rows = Notification.objects.bulk_create(
        Notification(user_id=user_id, game=game, kind=kind, params=params, url=url or game.get_absolute_url(),
                     created_at=at)
        for user_id in sorted(set(users))
    )
    ids = [row.pk for row in rows if row.pk is not None]
    if ids:
        transaction.on_commit(lambda: _mail(ids))


def _mail(ids: list[int]) -> None:
    try:
        mail_notifications.delay(ids)
    except Exception:  # the broker is down: the in-site notification is there all the same
        log.warning("could not queue the e-mails of %d notifications", len(ids))


@shared_task(name="online.tasks.mail_notifications")
def mail_notifications(ids: list[int]) -> int:
    """The e-mail copy of in-site notifications (phase changes, role messages, prods, the end,
    the review), to the accounts that have an address, each in its reader's language
    (``language_of``) with the game's times in the game's zone. Once per notification however
    often it runs (online/core/delivery.py): answers how many this run sent."""
    notes = Notification.objects.filter(pk__in=ids).exclude(user__email="").select_related("user", "game__setup")
    return delivery.send_once(notes.order_by("pk"), _mail_claim, _mail_one)


def _mail_claim(note: Notification) -> tuple[int, str, int]:
    return note.game_id, f"notification:{note.pk}", note.user_id


def _mail_one(note: Notification) -> bool:
    with translation.override(language_of(note.user)):
        text = note.text
        return bool(send_mail(f"{note.game.title}: {text}", f"{text}\n\n{absolute(note.url)}",
                              settings.DEFAULT_FROM_EMAIL, [note.user.email], fail_silently=True))


def notifications_mark_read(*, user, now: datetime | None = None) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=now or clock.now())
