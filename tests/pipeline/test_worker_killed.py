"""A real worker process killed mid-job (``kill -9`` by pid): its job is taken over (issue 14).

Two `celery worker` processes run against this test's PostgreSQL database and Redis database,
on 127.0.0.1 only, with a 2-second lease. The first takes a standings recompute and is held at
the job's advisory lock (this test holds it from a connection of its own); while held, its
heartbeat keeps the lease alive and the sweep leaves the job alone. Killed, it renews nothing: the
lease runs out, the sweep gives the job back to the queue, and the second worker does it.
Everything is bounded by timeouts; the workers are killed in any case.
"""

import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import psycopg
import pytest
import redis
from django.conf import settings as django_settings
from django.db import connection
from django.utils import timezone

from config.celery import app
from core import outbox as pipeline
from core.models import RecomputeJob
from tournaments.models import StandingsSnapshot

from .helpers import confirm, finished_game, tournament_with_staff, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
LEASE = 2  # seconds, for this test (production: settings.PIPELINE_LEASE_SECONDS, 45)


def database_url() -> str:
    db = connection.settings_dict
    return (f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
            f"/{db['NAME']}")


def start_worker(name: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "test-only-secret-key-not-for-production",
        "DEBUG": "0",
        "DATABASE_URL": database_url(),
        "REDIS_URL": django_settings.REDIS_URL,
        "PIPELINE_LEASE_SECONDS": str(LEASE),
        "CONN_MAX_AGE": "0",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--concurrency=1",
         "--without-heartbeat", "--without-mingle", "--without-gossip", "--loglevel=WARNING",
         "-n", f"{name}@127.0.0.1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def advisory_key(name: str) -> int:
    return zlib.crc32(name.encode()) - 2**31  # as core.locking.named_lock computes it


@pytest.fixture
def broker(settings):
    redis.Redis.from_url(django_settings.REDIS_URL).flushdb()
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    try:
        yield
    finally:
        app.conf.task_always_eager = True


def test_a_worker_killed_mid_job_has_its_job_taken_over_after_its_lease(broker, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # the game is built and confirmed with in-process runs
    app.conf.task_always_eager = True
    tournament, judge, organizer = tournament_with_staff()
    confirm(finished_game(tournament, judge), judge, organizer)
    before = StandingsSnapshot.objects.get(tournament=tournament).computed_at
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False

    db = connection.settings_dict
    holder = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"],
                             password=db["PASSWORD"] or None, dbname=db["NAME"], autocommit=True)
    holder.execute("SELECT pg_advisory_lock(%s)", [advisory_key(f"recompute:standings:{tournament.pk}")])
    first = start_worker("doomed")
    second = None
    try:
        RecomputeJob.objects.filter(kind="standings", target_id=tournament.pk).update(
            status="pending", requested_at=timezone.now(), enqueued_at=None)
        assert pipeline.send_job("standings", tournament.pk)
        job = lambda: RecomputeJob.objects.get(kind="standings", target_id=tournament.pk)  # noqa: E731
        assert wait_for(lambda: job().status == "running", 60), "the worker never took the job"
        taken = job()
        assert taken.lease_expires_at is not None

        # Alive and held: the heartbeat renews the lease, and the sweep leaves the job alone.
        time.sleep(LEASE * 1.5)
        assert pipeline.sweep()["taken_over"] == 0
        assert job().status == "running" and job().run_token == taken.run_token

        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=10)
        killed_at = time.monotonic()
        holder.close()  # the lock is free again; the dead worker's transaction is rolled back

        assert wait_for(lambda: job().lease_expires_at < timezone.now(), LEASE * 3), "the lease never ran out"
        counts = pipeline.sweep()  # the minute's sweep
        assert counts["taken_over"] == 1 and counts["resent"] >= 1
        assert job().status == "pending" and job().run_token == ""

        second = start_worker("heir")
        assert wait_for(lambda: job().status == "done", 60), f"not redone: {job()}"
        assert StandingsSnapshot.objects.get(tournament=tournament).computed_at > before
        assert time.monotonic() - killed_at < 120  # the bound: taken over within 2 minutes
    finally:
        if not holder.closed:
            holder.close()
        stop(first)
        if second is not None:
            stop(second)
