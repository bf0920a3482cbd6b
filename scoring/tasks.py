"""Background work: tasks take ids and recompute from the source of truth (scoring/pipeline.py)."""

from celery import shared_task

from .services import game_scores_recompute

RETRY_BACKOFF_SECONDS = (2, 5, 15, 60, 180)


@shared_task(acks_late=True)
def score_game(game_id: int) -> int:
    """Store the scores of one game from its current protocol (harmless to run twice)."""
    return len(game_scores_recompute(game_id=game_id))


@shared_task(bind=True, acks_late=True, max_retries=len(RETRY_BACKOFF_SECONDS))
def run_recompute_job(self, kind: str, target_id: int) -> str:
    """Bring one target of the pipeline up to date; retry with backoff when it fails."""
    from django.conf import settings

    from .pipeline import run_job

    status = run_job(kind, target_id)
    if status == "failed" and not settings.CELERY_TASK_ALWAYS_EAGER and self.request.retries < self.max_retries:
        raise self.retry(countdown=RETRY_BACKOFF_SECONDS[self.request.retries])
    return status


@shared_task
def sweep_pipeline() -> dict:
    """Every minute (Celery beat): resend lost work, recompute what is older than its inputs."""
    from .pipeline import sweep

    return sweep()
