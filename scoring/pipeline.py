"""The recompute pipeline: scores → standings → ratings, always caught up (docs/pipeline.md).

Every change of a protocol (an entry, an undo, a confirmation, an edit, a discipline decision)
calls ``request_game_scores`` inside its own transaction. That marks a ``RecomputeJob`` row dirty
— so the need to recompute is committed together with the change — and, after the commit, sends
a Celery message. A job runs from the source of truth (the stored protocols), so running it twice
is harmless; requests that arrive while a job is queued or running coalesce into one more run.
The beat ``sweep`` re-sends what a lost message or a broker outage left behind.

Without a broker (the embedded default) Celery runs each task eagerly, in-process, after commit.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
import uuid
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import connection, connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from core.locking import for_update

from .engine import RULES_EDITION
from .models import RecomputeJob, SeatScore

logger = logging.getLogger(__name__)
Kind = RecomputeJob.Kind
Status = RecomputeJob.Status

FROM_THE_START = 0  # RecomputeJob.from_game_id for ratings: rebuild all (None: nothing pending)
RESEND_AFTER = timedelta(seconds=60)  # a queued message older than this is presumed lost
STUCK_AFTER = timedelta(minutes=15)  # a running job with no lease (the embedded mode) older than this is freed
MAX_ATTEMPTS = 5
SWEEP_BATCH = 500


# --- requests (inside the caller's transaction) ------------------------------------------------


def request_game_scores(game_id: int) -> None:
    _request(Kind.GAME_SCORES, game_id)


def request_standings(tournament_id: int) -> None:
    _request(Kind.STANDINGS, tournament_id)


def request_ratings(from_game_id: int | None) -> None:
    """Ratings must be recomputed from this game's place in the order (None: from the start)."""
    _request(Kind.RATINGS, 0, from_game_id=FROM_THE_START if from_game_id is None else from_game_id)


def request_publication_change(game_ids) -> None:
    """Games' results were published or hidden (a game's button, a tournament's or an evening's
    switch): standings and ratings count only published games (games.visibility.counted_q), so
    both are recomputed — both directions. In the caller's transaction, like every request."""
    from games.models import Game

    confirmed = Game.objects.filter(pk__in=list(game_ids), status=Game.Status.CONFIRMED)
    if not confirmed.exists():
        return  # an unconfirmed game counts nowhere: nothing changes
    for tournament_id in (confirmed.exclude(tournament__isnull=True).order_by("tournament_id")
                          .values_list("tournament_id", flat=True).distinct()):
        request_standings(tournament_id)
    from .rating_services import first_in_rating_order

    request_ratings(first_in_rating_order(confirmed.values_list("pk", flat=True)))


def _earlier_game(a: int | None, b: int) -> int:
    """Of two pending 'from' points, the one that comes first in the rating order."""
    if a is None:
        return b
    if FROM_THE_START in (a, b):
        return FROM_THE_START
    from .rating_services import order_key_of

    key_a, key_b = order_key_of(a), order_key_of(b)
    if key_a is None or key_b is None:
        return FROM_THE_START  # a game has gone: only a full rebuild is certainly right
    return a if key_a <= key_b else b


def _request(kind: str, target_id: int, *, from_game_id: int | None = None) -> None:
    """Mark the job dirty in the caller's transaction; send it after the commit unless a queued
    message (younger than RESEND_AFTER) or the follow-up of a running job already covers it."""
    now = timezone.now()
    with transaction.atomic():
        job, created = for_update(RecomputeJob.objects).get_or_create(
            kind=kind, target_id=target_id,
            defaults={"requested_at": now, "status": Status.PENDING, "from_game_id": from_game_id},
        )
        send = created
        if not created:
            in_flight = job.status == Status.RUNNING or (
                job.status == Status.PENDING and job.enqueued_at is not None
                and now - job.enqueued_at < RESEND_AFTER
            )
            job.requested_at = now
            if kind == Kind.RATINGS:
                # The ratings' 'from' point is the earlier of the two in the rating order.
                job.from_game_id = _earlier_game(job.from_game_id, from_game_id)
            if job.status != Status.RUNNING:
                job.status = Status.PENDING
                job.attempts = 0
            send = not in_flight  # else the queued run, or the follow-up of the running one, covers it
        if send:
            job.enqueued_at = now
        job.save()
        if send:
            transaction.on_commit(lambda: send_job(kind, target_id))


def send_job(kind: str, target_id: int, *, countdown: float | None = None) -> bool:
    """Send the Celery message for a job; a broker outage is logged, and the sweep repairs it."""
    from .tasks import run_recompute_job

    try:
        run_recompute_job.apply_async((kind, target_id), countdown=countdown, retry=False)
    except Exception as error:  # kombu/redis connection errors: the dirty row outlives them
        if settings.CELERY_TASK_ALWAYS_EAGER:
            raise
        logger.warning("could not send %s:%s to the broker (%s); the sweep will resend it", kind, target_id, error)
        RecomputeJob.objects.filter(kind=kind, target_id=target_id).update(enqueued_at=None)
        return False
    return True


# --- running a job ----------------------------------------------------------------------------


def progress_key(job_id: int) -> str:
    return f"pipeline:progress:{job_id}"


def lease_seconds() -> float:
    """How long a running job's lease lasts without a heartbeat (settings.PIPELINE_LEASE_SECONDS)."""
    return float(getattr(settings, "PIPELINE_LEASE_SECONDS", 45))


class Lease:
    """A running job's lease, renewed every third of its length by a thread of its own while the
    job computes: a worker that dies (``kill -9``, a lost machine) stops renewing it, and the sweep
    takes the job over once it has run out — within a lease and a sweep's minute of the death.

    Only with PostgreSQL and outside a transaction: the embedded mode (SQLite, one writer at a
    time) and jobs run inside a caller's transaction keep no lease, and the sweep frees those after
    ``STUCK_AFTER``.
    """

    def __init__(self, job_id: int, token: str):
        self.job_id, self.token = job_id, token
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    @staticmethod
    def applies() -> bool:
        return connection.vendor == "postgresql" and not connection.in_atomic_block

    def renew(self) -> int:
        return RecomputeJob.objects.filter(pk=self.job_id, run_token=self.token, status=Status.RUNNING).update(
            lease_expires_at=timezone.now() + timedelta(seconds=lease_seconds()))

    def _beat(self) -> None:
        try:
            while not self.stop.wait(lease_seconds() / 3):
                try:
                    if not self.renew():
                        return  # taken over or finished: nothing of ours to renew
                except Exception:  # a database blip: the next beat tries again
                    logger.warning("could not renew the lease of recompute job %s", self.job_id, exc_info=True)
        finally:
            connections.close_all()  # this thread's own connection

    def __enter__(self):
        self.thread = threading.Thread(target=self._beat, name=f"lease-{self.job_id}", daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(timeout=5)
        return False


def run_job(kind: str, target_id: int) -> str:
    """Bring one target up to date. Returns the job's status after the run.

    A job running under another worker's live lease is left to it (its run covers what was asked
    until it started; a request since then gets a follow-up run). A job whose lease ran out is
    taken over: a fresh token, and the old run — if it was not dead after all — finds its token
    gone and records nothing.
    """
    leased = Lease.applies()
    with transaction.atomic():
        job = RecomputeJob.objects.select_for_update().filter(kind=kind, target_id=target_id).first()
        if job is None or job.status == Status.DONE:
            return "nothing to do"
        now = timezone.now()
        if job.status == Status.RUNNING and job.lease_expires_at is not None and job.lease_expires_at > now:
            return "running elsewhere"
        covering = job.requested_at
        from_game_id = job.from_game_id
        job.status, job.started_at, job.error = Status.RUNNING, now, ""
        job.run_token = uuid.uuid4().hex
        job.lease_expires_at = now + timedelta(seconds=lease_seconds()) if leased else None
        if kind == Kind.RATINGS:
            job.from_game_id = None  # taken: later requests set it again
        job.save(update_fields=["status", "started_at", "error", "from_game_id", "run_token", "lease_expires_at"])
    token = job.run_token
    started = time.monotonic()
    try:
        with Lease(job.pk, token) if leased else contextlib.nullcontext():
            RUNNERS[kind](target_id, from_game_id=from_game_id, job_id=job.pk)
    except Exception as error:  # recorded for the organizers' status page, then retried
        logger.exception("recompute %s:%s failed", kind, target_id)
        with transaction.atomic():
            job = RecomputeJob.objects.select_for_update().get(pk=job.pk)
            if job.run_token != token:
                return "taken over"
            job.status, job.error = Status.FAILED, f"{type(error).__name__}: {error}"[:2000]
            job.lease_expires_at = None
            job.attempts = F("attempts") + 1
            job.finished_at = timezone.now()
            if kind == Kind.RATINGS:
                job.from_game_id = _earlier_game(job.from_game_id, from_game_id if from_game_id is not None else 0)
            job.save()
        return Status.FAILED
    finally:
        cache.delete(progress_key(job.pk))
    with transaction.atomic():
        job = RecomputeJob.objects.select_for_update().get(pk=job.pk)
        if job.run_token != token:
            return "taken over"  # the sweep gave the job to another run, which records it
        job.lease_expires_at = None
        job.covered_until = covering
        job.finished_at = timezone.now()
        job.duration_ms = int((time.monotonic() - started) * 1000)
        job.attempts = 0
        if job.requested_at > covering:  # changed again while we ran: one more run covers it
            job.status, job.enqueued_at = Status.PENDING, job.finished_at
            transaction.on_commit(lambda: send_job(kind, target_id))
        else:
            job.status = Status.DONE
        job.save()
    return job.status


def _run_game_scores(game_id: int, **_) -> None:
    from games.models import Game
    from games.visibility import counts_in_aggregates

    from .rating_services import game_is_rated
    from .services import game_scores_recompute

    game_scores_recompute(game_id=game_id)
    game = Game.objects.filter(pk=game_id).only("tournament_id", "status", "results_published").first()
    if game is None:  # deleted: whatever it fed must forget it
        request_ratings(None)
        return
    # Standings and ratings count only published games. A change to an unpublished one moves
    # neither, and asking for a recompute anyway would move their timestamps with hidden events
    # (docs/secrecy.md); its publication asks for both (request_publication_change).
    if game.tournament_id and game.results_published:
        request_standings(game.tournament_id)
    if counts_in_aggregates(game) or game_is_rated(game_id):
        request_ratings(game_id)


def _run_standings(tournament_id: int, **_) -> None:
    from tournaments.services.standings import standings_store

    standings_store(tournament_id=tournament_id)
    if not settings.CELERY_TASK_ALWAYS_EAGER:  # in-process runs render on the first visit instead
        from tournaments.stored_standings import warm

        try:  # readers render what is missing themselves: a failed warm-up fails nothing
            warm(tournament_id)
        except Exception:
            logger.exception("rendering the stored standings of tournament %s failed", tournament_id)


def _run_ratings(_target: int, *, from_game_id: int | None, job_id: int) -> None:
    from .rating_services import ratings_recompute

    def progress(done: int, total: int) -> None:
        cache.set(progress_key(job_id), (done, total), timeout=3600)

    start = None if from_game_id in (None, FROM_THE_START) else from_game_id
    ratings_recompute(from_game_id=start, progress=progress)


RUNNERS = {Kind.GAME_SCORES: _run_game_scores, Kind.STANDINGS: _run_standings, Kind.RATINGS: _run_ratings}


def job_progress(job: RecomputeJob) -> tuple[int, int] | None:
    return cache.get(progress_key(job.pk)) if job.status == Status.RUNNING else None


# --- the sweep (Celery beat, every minute) ----------------------------------------------------


def sweep(now=None) -> dict:
    """Resend lost work and mark dirty whatever is older than its inputs. Returns counts."""
    now = now or timezone.now()
    counts = {"resent": 0, "taken_over": 0, "stuck": 0, "retried": 0, "stale_scores": 0}
    # A lease that ran out: its worker died (or hangs). The job is pending again with a new token,
    # so the old run, should it wake, records nothing; it is sent below, in this same sweep.
    expired = RecomputeJob.objects.filter(status=Status.RUNNING, lease_expires_at__lt=now)
    counts["taken_over"] = expired.update(status=Status.PENDING, enqueued_at=None, lease_expires_at=None,
                                          run_token="")
    stuck = RecomputeJob.objects.filter(status=Status.RUNNING, lease_expires_at__isnull=True,
                                        started_at__lt=now - STUCK_AFTER)
    counts["stuck"] = stuck.update(status=Status.PENDING, enqueued_at=None, run_token="")
    retry = RecomputeJob.objects.filter(status=Status.FAILED, attempts__lt=MAX_ATTEMPTS)
    for job in retry:
        backoff = timedelta(seconds=min(600, 15 * 2 ** job.attempts))
        if job.finished_at is None or now - job.finished_at >= backoff:
            RecomputeJob.objects.filter(pk=job.pk, status=Status.FAILED).update(status=Status.PENDING, enqueued_at=None)
            counts["retried"] += 1
    lost = RecomputeJob.objects.filter(status=Status.PENDING).filter(
        Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=now - RESEND_AFTER)
    )
    for job in lost[:SWEEP_BATCH]:
        if send_job(job.kind, job.target_id):
            RecomputeJob.objects.filter(pk=job.pk).update(enqueued_at=now)
            counts["resent"] += 1
    for game_id in stale_score_games()[:SWEEP_BATCH]:
        request_game_scores(game_id)
        counts["stale_scores"] += 1
    return counts


def stale_score_games() -> list[int]:
    """Games whose stored scores do not come from their current protocol under the current scoring
    rules (scoring.engine.RULES_EDITION), with no job pending."""
    from games.models import Game

    scored = Game.Status.FINISHED, Game.Status.CONFIRMED
    pending = RecomputeJob.objects.filter(kind=Kind.GAME_SCORES).exclude(status=Status.DONE).values("target_id")
    outdated = SeatScore.objects.filter(
        ~Q(protocol_version=F("game__protocol_version")) | Q(rules_edition__lt=RULES_EDITION)
    ).values("game_id")
    missing = Game.objects.filter(status__in=scored).exclude(scores__isnull=False)
    leftover = SeatScore.objects.exclude(game__status__in=scored).values("game_id")
    return list(
        Game.objects.filter(Q(pk__in=outdated) | Q(pk__in=missing.values("pk")) | Q(pk__in=leftover))
        .exclude(pk__in=pending).order_by("pk").values_list("pk", flat=True).distinct()
    )
