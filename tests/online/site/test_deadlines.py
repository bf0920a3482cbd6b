"""Deadlines resolve on their own: the task scheduled for each deadline, the beat sweep (with a
real worker, restarted), the in-process sweep of the embedded default, and the "processing"
state between a deadline and its resolution."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.conf import settings as django_settings
from django.urls import reverse

from config.celery import app
from core.errors import ApplicationError
from online import tasks
from online.core import clock, deadlines
from online.forum import services
from online.models import Game
from tests.online.factories import a_game

FIVE = ("mafia_goon", "townie", "townie", "cop", "doctor")


@pytest.fixture(autouse=True)
def real_clock():
    clock.reset()
    yield
    clock.reset()


def to(moment):
    """Move the site's clock to ``moment``."""
    clock.advance(moment - clock.now())


def phase_of(game) -> str:
    return Game.objects.values_list("phase", flat=True).get(pk=game.pk)


def wait_for(condition, timeout=30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.django_db
def test_each_new_phase_schedules_a_task_for_its_deadline(settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(tasks.resolve_deadline, "apply_async", lambda args, eta: sent.append((args, eta)))
    with django_capture_on_commit_callbacks(execute=True):
        game, _users, _ = a_game(*FIVE, now=clock.now())
    assert sent == [((game.pk, "N0"), game.deadline)]


@pytest.mark.django_db
def test_a_broker_outage_loses_no_deadline(settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.CELERY_TASK_ALWAYS_EAGER = False

    def broker_down(*args, **kwargs):
        raise ConnectionRefusedError("Error 111 connecting to the broker")

    monkeypatch.setattr(tasks.resolve_deadline, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        game, _users, _ = a_game(*FIVE, now=clock.now())
    to(game.deadline)
    assert tasks.sweep_deadlines() == 1  # the beat's minute comes round
    assert phase_of(game) == "D1"


@pytest.mark.django_db
def test_between_the_deadline_and_its_resolution_the_game_takes_no_posts(client):
    game, users, _ = a_game(*FIVE, now=clock.now(), day_start=True)
    to(game.deadline + timedelta(seconds=30))
    client.force_login(users[0])
    assert "being updated" in client.get(game.get_absolute_url()).content.decode()
    with pytest.raises(ApplicationError, match="being updated"):
        services.post_create(game=game, user=users[0], body="Still here")
    deadlines.sweep_due()
    services.post_create(game=game, user=users[0], body="Good night")  # resolved: posts are taken again
    assert phase_of(game) == "N1"


@pytest.mark.django_db
def test_the_embedded_default_sweeps_in_process_from_requests(client, settings):
    settings.ONLINE_SWEEP_IN_PROCESS = True
    settings.ONLINE_SWEEP_SECONDS = 30
    game, _users, _ = a_game(*FIVE, now=clock.now())
    deadlines._last_sweep = 0.0
    to(game.deadline)
    client.get(reverse("online:list"))
    assert phase_of(game) == "D1"
    to(Game.objects.get(pk=game.pk).deadline)
    client.get(reverse("online:list"))
    assert phase_of(game) == "D1", "at most once every ONLINE_SWEEP_SECONDS"
    deadlines._last_sweep = 0.0
    client.get(reverse("online:list"))
    assert phase_of(game) == "N1"


@pytest.fixture
def broker(settings):
    redis.Redis.from_url(django_settings.REDIS_URL).flushdb()
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = True


def worker():
    return start_worker(app, pool="solo", concurrency=1, perform_ping_check=False, loglevel="WARNING",
                        shutdown_timeout=30)


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_resolves_deadlines_also_after_a_restart(broker):
    game, _users, _ = a_game(*FIVE, now=clock.now())
    with worker():
        to(game.deadline)
        tasks.sweep_deadlines.delay()
        assert wait_for(lambda: phase_of(game) == "D1")
    # The worker is down when Day 1's deadline passes; its task waits in the broker.
    to(Game.objects.get(pk=game.pk).deadline)
    tasks.resolve_deadline.delay(game.pk, "D1")
    tasks.resolve_deadline.delay(game.pk, "D1")  # sent twice: harmless
    with worker():
        assert wait_for(lambda: phase_of(game) == "N1")
        time.sleep(0.5)
    assert Game.objects.get(pk=game.pk).events.filter(type="phase_ended").count() == 2
