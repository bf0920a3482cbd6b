"""/healthz: is every configured part of the site answering? /healthz/live: is this process?

Each check returns (ok, detail). The database is always configured; Redis and the Celery worker
only when REDIS_URL is set (with no broker, tasks run in-process and there is no worker to ask).

The deep check costs up to a second (the worker's ping), so a process makes it at most once per
``settings.HEALTHZ_CACHE_SECONDS`` (5): pollers within that time get the latest answer, and while
one request refreshes it the others are answered with the previous one instead of queueing behind
it (issue 14: twelve pollers held the workers). The JSON is the check's, unchanged.
Liveness (/healthz/live) touches nothing: a load balancer may poll it as often as it likes.
"""

import threading
import time
from dataclasses import dataclass

import redis
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app


def check_database() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure to answer is "down", with its reason
        return False, f"{type(exc).__name__}: {exc}"
    return True, connection.vendor


def check_redis() -> tuple[bool, str]:
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
        client.ping()
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"
    return True, "pong"


def check_celery_worker() -> tuple[bool, str]:
    try:
        replies = app.control.ping(timeout=1.0)
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"
    if not replies:
        return False, "no worker answered"
    return True, f"{len(replies)} worker(s)"


def configured_checks() -> dict:
    checks = {"database": check_database}
    if settings.REDIS_URL:
        checks["redis"] = check_redis
        checks["celery"] = check_celery_worker
    return checks


def _run_checks() -> tuple[dict, bool]:
    started = time.monotonic()
    results = {}
    for name, check in configured_checks().items():
        if name == "celery" and not results["redis"]["ok"]:
            # No broker, so no worker can answer: say so rather than wait for a timeout.
            results[name] = {"ok": False, "detail": "broker unreachable"}
            continue
        ok, detail = check()
        results[name] = {"ok": ok, "detail": detail}
    healthy = all(r["ok"] for r in results.values())
    body = {
        "status": "ok" if healthy else "unavailable",
        "checks": results,
        "celery_mode": "eager" if settings.CELERY_TASK_ALWAYS_EAGER else "worker",
        "elapsed_ms": round((time.monotonic() - started) * 1000, 1),
    }
    return body, healthy


@dataclass(frozen=True)
class _Answer:
    configuration: tuple
    at: float  # time.monotonic() of the check
    body: dict
    healthy: bool


_latest: _Answer | None = None
_refreshing = threading.Lock()


def forget() -> None:
    """Drop the kept answer: the next /healthz checks afresh (tests)."""
    global _latest
    _latest = None


def _configuration() -> tuple:
    return settings.REDIS_URL, settings.CELERY_TASK_ALWAYS_EAGER, settings.DATABASES["default"].get("NAME")


def deep_check() -> _Answer:
    """The latest answer if it is fresh; else one caller checks while the others get the last one."""
    global _latest
    configuration, latest = _configuration(), _latest
    usable = latest is not None and latest.configuration == configuration
    if usable and time.monotonic() - latest.at < settings.HEALTHZ_CACHE_SECONDS:
        return latest
    if not _refreshing.acquire(blocking=not usable):
        return latest  # another request is checking right now: the previous answer stands
    try:
        if _latest is not latest and _latest is not None and _latest.configuration == configuration:
            return _latest  # checked while this request waited for the lock
        body, healthy = _run_checks()
        _latest = _Answer(configuration, time.monotonic(), body, healthy)
        return _latest
    finally:
        _refreshing.release()


@never_cache
def healthz(request):
    answer = deep_check()
    return JsonResponse(answer.body, status=200 if answer.healthy else 503)


@never_cache
def healthz_live(request):
    """Liveness: this process answers requests. Asks no database, no Redis, no worker."""
    return JsonResponse({"status": "ok"})
