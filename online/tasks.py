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
    """The e-mail copy of in-site notifications (phase changes, role messages, prods, the end,
    the review), to the accounts that have an address, each in its reader's language
    (``language_of``) with the game's times in the game's zone."""
    from django.conf import settings
    from django.core.mail import send_mail
    from django.utils import translation

    from .languages import language_of
    from .models import Notification

    sent = 0
    for note in Notification.objects.filter(pk__in=ids).select_related("user", "game"):
        if not note.user.email:
            continue
        with translation.override(language_of(note.user)):
            text = note.text
            sent += send_mail(f"{note.game.title}: {text}", f"{text}\n\n{_absolute(note.url)}",
                              settings.DEFAULT_FROM_EMAIL, [note.user.email], fail_silently=True)
    return sent


def _absolute(url: str) -> str:
    from django.conf import settings

    base = getattr(settings, "SITE_URL", "") or ""
    return f"{base.rstrip('/')}{url}" if url.startswith("/") else url
