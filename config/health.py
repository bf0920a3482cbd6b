"""/healthz: is every configured part of the site answering?

Each check returns (ok, detail). The database is always configured; Redis and the Celery worker
only when REDIS_URL is set (with no broker, tasks run in-process and there is no worker to ask).
"""

import time

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache


def check_database() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure to answer is "down", with its reason
        return False, f"{type(exc).__name__}: {exc}"
    return True, connection.vendor


def check_redis() -> tuple[bool, str]:
    import redis

    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
        client.ping()
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"
    return True, "pong"


def check_celery_worker() -> tuple[bool, str]:
    from config.celery import app

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


@never_cache
def healthz(request):
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
    return JsonResponse(body, status=200 if healthy else 503)
