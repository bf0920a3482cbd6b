"""Celery tasks of online games: pass ids, recompute from the log; running twice is harmless (an
e-mail or a webhook post is claimed before it is sent and goes out once: online/core/delivery.py).

The deadline's task lives beside the deadlines (``online.core.deadlines.resolve_deadline``) and the
mail's beside the notifications (``online.core.notifications.mail_notifications``), so that neither
module needs this one; both keep their names under ``online.tasks`` (messages already queued with
an ETA find them), as Mafia 1923's keep theirs under ``online.mafia1923_tasks``.
"""

from celery import shared_task

from .core.deadlines import resolve_deadline, sweep_due
from .core.notifications import mail_notifications

__all__ = ["mail_notifications", "resolve_deadline", "sweep_deadlines"]


@shared_task(name="online.tasks.sweep_deadlines")  # the beat schedule's name (config/settings.py)
def sweep_deadlines() -> int:
    """Beat, every minute: every phase past its deadline, whatever happened to its task."""
    return sweep_due()


# "Mafia 1923": the delivery of a published window (registered with the worker here).
from .mafia1923.tasks import mail_window, webhook_window  # noqa: E402, F401
