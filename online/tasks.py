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
