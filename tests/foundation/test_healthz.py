import pytest
from django.db import connection

from config import health

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_answer():
    """Each test checks afresh: /healthz keeps its answer a few seconds (HEALTHZ_CACHE_SECONDS)."""
    health.forget()
    yield
    health.forget()


def test_tests_run_on_postgresql():
    assert connection.vendor == "postgresql"


def test_healthz_ok_when_every_configured_part_answers(client, monkeypatch):
    monkeypatch.setattr(health, "check_celery_worker", lambda: (True, "1 worker(s)"))
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"] == {"ok": True, "detail": "postgresql"}
    assert body["checks"]["redis"] == {"ok": True, "detail": "pong"}


def test_healthz_reports_a_real_worker_missing(client, settings):
    # Nothing consumes this broker database, so no worker can answer the ping: the last one,
    # never a test run's own (each xdist worker has its own, from TEST_REDIS_URL's upward).
    settings.REDIS_URL = "redis://127.0.0.1:6379/15"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["celery"]["ok"] is False


def test_healthz_503_when_redis_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["redis"]["ok"] is False
    assert body["checks"]["celery"] == {"ok": False, "detail": "broker unreachable"}
    assert body["checks"]["database"]["ok"] is True


def test_healthz_503_when_database_is_down(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise RuntimeError("database unreachable")

    monkeypatch.setattr(health.connection, "cursor", broken_cursor)
    monkeypatch.setattr(health, "check_celery_worker", lambda: (True, "1 worker(s)"))
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"]["ok"] is False


def test_healthz_without_redis_checks_only_the_database(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert set(response.json()["checks"]) == {"database"}


def test_the_deep_check_is_made_at_most_once_per_few_seconds(client, monkeypatch, settings):
    settings.HEALTHZ_CACHE_SECONDS = 60
    calls = []

    def counted_worker_ping():
        calls.append(1)
        return True, "1 worker(s)"

    monkeypatch.setattr(health, "check_celery_worker", counted_worker_ping)
    answers = [client.get("/healthz") for _ in range(10)]
    assert len(calls) == 1
    assert {a.status_code for a in answers} == {200}
    assert answers[-1].json()["checks"]["celery"] == {"ok": True, "detail": "1 worker(s)"}
    settings.HEALTHZ_CACHE_SECONDS = 0  # the answer has aged: the next poll checks again
    client.get("/healthz")
    assert len(calls) == 2


def test_a_poller_is_answered_at_once_while_another_request_checks(monkeypatch, settings):
    """A slow check (the worker's ping waits up to a second) holds one request, not every poller."""
    import threading
    import time

    settings.HEALTHZ_CACHE_SECONDS = 0
    monkeypatch.setattr(health, "check_celery_worker", lambda: (True, "1 worker(s)"))
    health.deep_check()  # an answer to fall back on
    release = threading.Event()

    def slow_ping():
        release.wait(5)
        return True, "1 worker(s)"

    monkeypatch.setattr(health, "check_celery_worker", slow_ping)
    checking = threading.Thread(target=health.deep_check)
    checking.start()
    try:
        time.sleep(0.2)  # the thread is inside its check now
        started = time.monotonic()
        answer = health.deep_check()
        assert time.monotonic() - started < 0.1
        assert answer.healthy
    finally:
        release.set()
        checking.join(10)


def test_liveness_answers_from_the_process_and_asks_nothing(client, monkeypatch, django_assert_num_queries):
    """What keeps the probe fast is that it asks nothing: no query, no deep check. Its speed is no
    timed assertion here (a loaded machine made one fail); the benchmarks poll it under load."""

    def forbidden():
        raise AssertionError("liveness must not run the deep checks")

    for name in ("check_database", "check_redis", "check_celery_worker"):
        monkeypatch.setattr(health, name, forbidden)
    with django_assert_num_queries(0):
        for _ in range(3):
            response = client.get("/healthz/live")
            assert response.status_code == 200 and response.json() == {"status": "ok"}
