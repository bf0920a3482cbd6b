"""Celery tasks of the tournaments app (found by ``app.autodiscover_tasks()``)."""

from __future__ import annotations

import logging

from celery import shared_task

from core.outbox import LATER, Kind, run_to_come, send_task

from .standings import stored

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def warm_standings(tournament_id: int) -> None:
    """Render what the readers of a tournament's stored standings will ask for (``stored.warm``).

    Its own task, sent by the standings' runner once the snapshot is stored, behind the pipeline's
    standings (``LATER``): the next standings run does not wait for a rendering (issue 31). A lost
    or failed one costs nothing but the first reader's rendering. Skipped while another standings
    run is to come (ten Confirms at once: a rendering a run, most of them replaced before anyone
    read them); that run sends its own."""
    if run_to_come(Kind.STANDINGS, tournament_id):
        return
    try:
        stored.warm(tournament_id)
    except Exception:
        logger.exception("rendering the stored standings of tournament %s failed", tournament_id)


def send_warm_standings(tournament_id: int) -> None:
    send_task(warm_standings, (tournament_id,), priority=LATER)
