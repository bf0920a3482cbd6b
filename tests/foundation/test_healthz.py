import pytest
from django.db import connection

from config import health

pytestmark = pytest.mark.django_db


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
    # Nothing consumes this broker database, so no worker can answer the ping.
    settings.REDIS_URL = "redis://127.0.0.1:6379/9"
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
