"""The recompute outbox: derived data (scores, standings, ratings) always caught up (docs/pipeline.md).

A change marks its derived data dirty with ``request(kind, target_id)`` inside its own
transaction: a ``RecomputeJob`` row, committed together with the change, and after the commit a
Celery message. A job runs from the source of truth (the stored protocols), so running it twice is
harmless; requests that arrive while a job is queued or running coalesce into one more run. The
beat ``sweep`` resends what a lost message or a broker outage left behind.

This module knows no app: each app that owns a kind of derived data registers its runner in its
``AppConfig.ready()`` (``register``), and what the sweep checks besides the jobs
(``register_sweeper``). ``games`` marks a game's scores dirty and never imports ``scoring``;
``scoring`` recomputes them and says so (``scoring.signals.game_scores_stored``), and the apps
above it ask for their own recomputes (docs/architecture.md).

Without a broker (the embedded default) Celery runs each task eagerly, in-process, after commit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connection, connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from .locking import for_update
from .models import RecomputeJob

logger = logging.getLogger(__name__)
Kind = RecomputeJob.Kind
Status = RecomputeJob.Status

FROM_THE_START = 0  # RecomputeJob.from_game_id for ratings: rebuild all (None: nothing pending)
RESEND_AFTER = timedelta(seconds=60)  # a queued message older than this is presumed lost
STUCK_AFTER = timedelta(minutes=15)  # a running job with no lease (the embedded mode) older than this is freed
MAX_ATTEMPTS = 5
SWEEP_BATCH = 500
RETRY_BACKOFF_SECONDS = (2, 5, 15, 60, 180)
# The order in which a worker takes its messages (Redis: 0 first, then 3, 6, 9): the public
# standings ahead of everything else (issue 31), a game's scores next (they ask for standings), the
# ratings, the players' records and the renderings of stored pages after them.
FIRST, SOON, LATER = 0, 3, 6
PRIORITY = {Kind.STANDINGS: FIRST, Kind.GAME_SCORES: SOON}


# --- the registry (filled by the apps' AppConfig.ready()) --------------------------------------

# kind → run(target_id, *, from_game_id, job_id): brings one target up to date from its inputs.
RUNNERS: dict[str, Callable[..., None]] = {}
# kind → earlier(a, b): of two pending 'from' points (ratings: game ids), the one to start from.
EARLIER: dict[str, Callable[[int, int], int]] = {}
# name → find(limit): marks dirty what is older than its inputs; returns how many it marked.
SWEEPERS: dict[str, Callable[[int], int]] = {}
# kind → carry(target_id): a request changed none of the target's inputs but their version (a
# Confirm); if the stored output can follow in a statement or two, in the request's transaction,
# carry does so and returns True, and the job's run then only announces it (``carried``).
CARRIERS: dict[str, Callable[[int], bool]] = {}


def register(kind: str, run: Callable[..., None], *, earlier: Callable[[int, int], int] | None = None,
             carry: Callable[[int], bool] | None = None) -> None:
    """The app owning ``kind`` says how to recompute one of its targets (in ``AppConfig.ready()``)."""
    RUNNERS[kind] = run
    if earlier is not None:
        EARLIER[kind] = earlier
    if carry is not None:
        CARRIERS[kind] = carry


def register_sweeper(name: str, find: Callable[[int], int]) -> None:
    """Something the minute's sweep checks besides the jobs, e.g. scores of an older protocol."""
    SWEEPERS[name] = find


# --- requests (inside the caller's transaction) ------------------------------------------------


def request_game_scores(game_id: int, *, at_once: bool = False, same_inputs: bool = False) -> None:
    """A game's protocol changed in a way its scores may show (the scoring app recomputes them).

    ``at_once`` (a Confirm): the job is run by the requesting process, on a thread of its own, right
    after the commit (``run_at_once``), so that ten tables confirmed together are not ten jobs queued behind each
    other in the worker; a run already under way covers it with its follow-up as usual.
    ``same_inputs`` (a Confirm: the same document, seats and decisions in a new version): when the
    stored scores were up to date, they are carried over to the new version (``CARRIERS``)."""
    _request(Kind.GAME_SCORES, game_id, at_once=at_once, same_inputs=same_inputs)


def request_standings(tournament_id: int) -> None:
    _request(Kind.STANDINGS, tournament_id)


def request_ratings(from_game_id: int | None) -> None:
    """Ratings must be recomputed from this game's place in the order (None: from the start)."""
    _request(Kind.RATINGS, 0, from_game_id=FROM_THE_START if from_game_id is None else from_game_id)


def request_player_records(game_id: int) -> None:
    """A game's rows in the players' records must follow it: stored while it counts, else gone."""
    _request(Kind.PLAYER_RECORDS, game_id)


def request_simulation(run_id: int) -> None:
    """A simulation run was asked for (the auto-judged table's games are played by a worker)."""
    _request(Kind.SIMULATION, run_id)


def _earlier_game(kind: str, a: int | None, b: int) -> int:
    """Of two pending 'from' points, the one that comes first (the kind's own order)."""
    if a is None:
        return b
    if FROM_THE_START in (a, b):
        return FROM_THE_START
    return EARLIER[kind](a, b)


def _request(kind: str, target_id: int, *, from_game_id: int | None = None, at_once: bool = False,
             same_inputs: bool = False) -> None:
    """Mark the job dirty in the caller's transaction; send it after the commit unless a queued
    message (younger than RESEND_AFTER) or the follow-up of a running job already covers it.
    ``at_once``: run it in this process after the commit instead of sending it (``run_at_once``).
    ``same_inputs``: the request changed no input of the target; if its job was done (the stored
    output is current), the kind's ``CARRIERS`` may carry the output over, and the run announces it."""
    now = timezone.now()
    # No savepoint: a failed request fails the caller's transaction anyway, and the two statements
    # of one were a third of a request's round trips to the database (issue 31).
    with transaction.atomic(savepoint=False):
        job, created = for_update(RecomputeJob.objects).get_or_create(
            kind=kind, target_id=target_id,
            defaults={"requested_at": now, "status": Status.PENDING, "from_game_id": from_game_id},
        )
        # The time of the request is read under the job's row lock, later than the 'requested_at'
        # a run took as what it covers: read before the lock (ten Confirms queued on it at once),
        # it could be older than that, and the run's end would see no need for a follow-up run.
        now = max(timezone.now(), job.requested_at + timedelta(microseconds=1)) if not created else now
        send = created
        up_to_date = not created and job.status == Status.DONE
        if not created:
            in_flight = job.status == Status.RUNNING or (
                job.status == Status.PENDING and job.enqueued_at is not None
                and now - job.enqueued_at < RESEND_AFTER
            )
            job.requested_at = now
            if kind == Kind.RATINGS:
                # The ratings' 'from' point is the earlier of the two in the rating order.
                job.from_game_id = _earlier_game(kind, job.from_game_id, from_game_id)
            if job.status != Status.RUNNING:
                job.status = Status.PENDING
                job.attempts = 0
            send = not in_flight  # else the queued run, or the follow-up of the running one, covers it
            if at_once and job.status != Status.RUNNING:
                send = True  # a queued message may wait behind other jobs: this process runs it now
        if at_once and send:
            job.enqueued_at = None  # no message: if this process dies before its run, the sweep sends one
            job.save()
            carried_at = job.requested_at if (same_inputs and up_to_date and kind in CARRIERS
                                              and CARRIERS[kind](target_id)) else None
            transaction.on_commit(lambda: run_at_once(kind, target_id, carried_at=carried_at))
            return
        if send:
            job.enqueued_at = now
        job.save()
        if send:
            transaction.on_commit(lambda: send_job(kind, target_id))


AT_ONCE_THREADS = 2  # per process: a round's Confirms share them (and the cores) with the requests
_at_once_pool: tuple[int, AtOnceThreads] | None = None
_at_once_lock = threading.Lock()


def run_at_once(kind: str, target_id: int, *, carried_at=None) -> None:
    """Run a job in this process right after the commit of the request that asked for it (a
    Confirm's scores: issue 31), on a thread of the process's own, so the person's answer does not
    wait for it (issue 14's Confirm target); in the embedded mode, here and now, as every task.
    ``carried_at``: the request carried the output over (``run_job``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        _run_here(kind, target_id, carried_at)
    else:
        _pool().submit(kind, target_id, carried_at)


class AtOnceThreads:
    """A process's threads for ``run_at_once``."""

    def __init__(self):
        self.executor = ThreadPoolExecutor(AT_ONCE_THREADS, thread_name_prefix="recompute-at-once")
        self.lock = threading.Lock()
        self.waiting = 0  # runs submitted and not yet started

    def submit(self, kind: str, target_id: int, carried_at=None) -> None:
        with self.lock:
            self.waiting += 1
        self.executor.submit(self._run, kind, target_id, carried_at)

    def _run(self, kind: str, target_id: int, carried_at) -> None:
        with self.lock:
            self.waiting -= 1
        try:
            _run_here(kind, target_id, carried_at)
        finally:
            # This thread's own connection: kept for the next run while one waits (a round's
            # Confirms: a new connection is a backend forked by PostgreSQL, more than a carried-over
            # run costs) as long as the settings keep any (CONN_MAX_AGE); closed once none waits.
            if self.waiting:
                close_old_connections()
            else:
                connections.close_all()


def _pool() -> AtOnceThreads:
    """This process's threads for ``run_at_once`` (made on first use: a forked process has its own)."""
    global _at_once_pool
    with _at_once_lock:
        if _at_once_pool is None or _at_once_pool[0] != os.getpid():
            _at_once_pool = (os.getpid(), AtOnceThreads())
        return _at_once_pool[1]


def _run_here(kind: str, target_id: int, carried_at=None) -> str:
    """``run_job``, so a run under way elsewhere is left to it; a failed run is sent to the worker,
    which retries it with backoff (a broker outage leaves it to the sweep)."""
    try:
        status = run_job(kind, target_id, carried_at=carried_at)
    except Exception:  # the database itself failed: the job's row is dirty, and the sweep sends it
        logger.exception("recompute %s:%s at once failed; sent to the worker", kind, target_id)
        status = Status.FAILED
    if status == Status.FAILED and not settings.CELERY_TASK_ALWAYS_EAGER:
        send_job(kind, target_id)
    return status


def send_job(kind: str, target_id: int, *, countdown: float | None = None) -> bool:
    """Send the Celery message for a job; a broker outage is logged, and the sweep repairs it.
    Inside ``one_run_per_job`` (the embedded mode), the job waits in this thread's queue instead."""
    queue = getattr(_in_process, "queue", None)
    if queue is not None:
        queue.setdefault((kind, target_id), None)  # a job already waiting covers the request
        return True
    try:
        run_recompute_job.apply_async((kind, target_id), countdown=countdown, retry=False,
                                      priority=PRIORITY.get(kind, LATER))
    except Exception as error:  # kombu/redis connection errors: the dirty row outlives them
        if settings.CELERY_TASK_ALWAYS_EAGER:
            raise
        logger.warning("could not send %s:%s to the broker (%s); the sweep will resend it", kind, target_id, error)
        RecomputeJob.objects.filter(kind=kind, target_id=target_id).update(enqueued_at=None)
        return False
    return True


_in_process = threading.local()


@contextlib.contextmanager
def one_run_per_job():
    """In the embedded mode (Celery eager: a job sent runs at once, in-process), the jobs sent inside
    the block wait in this thread's queue, and the block's end runs each once, in the order they
    were first sent, as a worker takes its queue: the requests made for a job while it waits are
    one run (``_request``), and a request after its run queues one more. A bulk load (``seed_demo``)
    asks for the same job many times after its commit: each of the demo cup's twelve games, scored,
    asks for the cup's standings and for the ratings from its place, and run at once each request
    was one more run (the standings 13 times, the ratings 14). With a broker, messages are sent as
    usual. A job that fails raises at once (eager), and what is still queued is left to the sweep:
    its row stays pending."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or getattr(_in_process, "queue", None) is not None:
        yield  # a worker's queue does this already; an outer block drains this one's jobs
        return
    queue: dict[tuple[str, int], None] = {}
    _in_process.queue = queue
    try:
        yield
    finally:
        _in_process.queue = None
    while queue:
        kind, target_id = next(iter(queue))
        del queue[(kind, target_id)]
        _in_process.queue = queue  # what the run sends waits behind what is queued
        try:
            run_recompute_job.apply_async((kind, target_id), retry=False, priority=PRIORITY.get(kind, LATER))
        finally:
            _in_process.queue = None


def send_task(task, args: tuple, *, priority: int = LATER) -> bool:
    """Send a task that nothing depends on (a warm-up): a broker outage is logged, and the send
    is dropped; in the embedded mode the task runs now, in-process."""
    try:
        task.apply_async(args, retry=False, priority=priority)
    except Exception as error:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            raise
        logger.warning("could not send %s%s to the broker (%s)", task.name, args, error)
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


def run_job(kind: str, target_id: int, *, carried_at=None) -> str:
    """Bring one target up to date. Returns the job's status after the run.

    A job running under another worker's live lease is left to it (its run covers what was asked
    until it started; a request since then gets a follow-up run). A job whose lease ran out is
    taken over: a fresh token, and the old run — if it was not dead after all — finds its token
    gone and records nothing. ``carried_at``: the request of that time carried the output over
    (``CARRIERS``); while it is still the job's last request, the runner is told (``carried``) and
    only announces the output. Any later request makes it a full run.
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
        carried = carried_at is not None and covering == carried_at
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
            RUNNERS[kind](target_id, from_game_id=from_game_id, job_id=job.pk, **({"carried": True} if carried else {}))
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
                job.from_game_id = _earlier_game(kind, job.from_game_id,
                                                 from_game_id if from_game_id is not None else 0)
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


def run_to_come(kind: str, target_id: int) -> bool:
    """A run of the job is queued or under way: what the last run stored is about to be replaced
    (and that run's own follow-ups, a rendering, will come with it)."""
    return RecomputeJob.objects.filter(kind=kind, target_id=target_id,
                                       status__in=(Status.PENDING, Status.RUNNING)).exists()


def job_progress(job: RecomputeJob) -> tuple[int, int] | None:
    return cache.get(progress_key(job.pk)) if job.status == Status.RUNNING else None


# --- the sweep (Celery beat, every minute) ----------------------------------------------------


def sweep(now=None) -> dict:
    """Resend lost work and mark dirty whatever is older than its inputs. Returns counts."""
    now = now or timezone.now()
    counts = {"resent": 0, "taken_over": 0, "stuck": 0, "retried": 0}
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
    for name, find in SWEEPERS.items():
        counts[name] = find(SWEEP_BATCH)
    return counts


# --- the Celery tasks -------------------------------------------------------------------------


@shared_task(bind=True, acks_late=True, max_retries=len(RETRY_BACKOFF_SECONDS))
def run_recompute_job(self, kind: str, target_id: int) -> str:
    """Bring one target of the pipeline up to date; retry with backoff when it fails."""
    status = run_job(kind, target_id)
    if status == "failed" and not settings.CELERY_TASK_ALWAYS_EAGER and self.request.retries < self.max_retries:
        raise self.retry(countdown=RETRY_BACKOFF_SECONDS[self.request.retries])
    return status


@shared_task
def sweep_pipeline() -> dict:
    """Every minute (Celery beat): resend lost work, recompute what is older than its inputs."""
    return sweep()
