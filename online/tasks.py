"""Celery tasks of online games: pass ids, recompute from the log; running twice is harmless."""

from celery import shared_task

from .deadlines import resolve_due_phase, sweep_due


@shared_task(acks_late=True)
def resolve_deadline(game_id: int, phase: str) -> int:
    """Scheduled for one phase's deadline: resolves that phase if it is due (an extension may
    have moved it; then the sweep gets it later)."""
    return resolve_due_phase(game_id, phase=phase)


@shared_task
def sweep_deadlines() -> int:
    """Beat, every minute: every phase past its deadline, whatever happened to its task."""
    return sweep_due()


@shared_task
def mail_notifications(ids: list[int]) -> int:
    """The e-mail copy of in-site notifications (phase changes, role messages, prods, the end),
    to the accounts that have an address."""
    from django.conf import settings
    from django.core.mail import send_mail

    from .models import Notification

    sent = 0
    for note in Notification.objects.filter(pk__in=ids).select_related("user", "game"):
        if note.user.email:
            sent += send_mail(f"{note.game.title}: {note.text}", f"{note.text}\n\n{note.url}",
                              settings.DEFAULT_FROM_EMAIL, [note.user.email], fail_silently=True)
    return sent


# "Mafia 1923": the delivery of a published window (registered with the worker here).
from .mafia1923_tasks import mail_window, webhook_window  # noqa: E402, F401
