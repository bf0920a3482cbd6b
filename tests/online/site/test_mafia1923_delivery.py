"""A published window's e-mails and webhook post go out once per recipient, however often their
task runs for that window (a Celery retry, a re-queued message, a moderator's re-trigger):
docs/mafia1923-site.md, "Delivery", and docs/online-site.md, "Notifications"."""

from __future__ import annotations

import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.core.mail.backends.base import BaseEmailBackend
from django.db import connection

from online.core import delivery
from online.mafia1923 import services
from online.mafia1923.tasks import mail_window, webhook_window
from online.models import Delivery
from tests.online.factories import a_game
from tests.online.site.mafia1923_kit import Event

pytestmark = pytest.mark.django_db


def _published(prefix: str, django_capture_on_commit_callbacks, **kwargs) -> tuple[Event, str]:
    event = Event(prefix=prefix, **kwargs)
    event.act(event.mafia()[0], "kill", players=[s.number for s in event.state.slots if s.side != "mafia"][:2])
    phase = event.end_window()
    with django_capture_on_commit_callbacks(execute=True):
        event.publish()
    return event, phase


def test_a_windows_mail_task_run_twice_sends_each_recipient_one_e_mail(mailoutbox,
                                                                        django_capture_on_commit_callbacks):
    event, phase = _published("mt", django_capture_on_commit_callbacks, spectators=1)
    first = Counter(address for message in mailoutbox for address in message.to)
    assert first and set(first.values()) == {1}, "the publication's own run: one e-mail each"
    assert mail_window(event.game.pk, phase) == 0, "the second run of the same window sends nothing"
    assert mail_window.delay(event.game.pk, phase).get() == 0, "nor does a re-queued message"
    counts = Counter(address for message in mailoutbox for address in message.to)
    assert counts == first


class RefusingBackend(BaseEmailBackend):
    """A mail server that refuses every message."""

    def send_messages(self, email_messages):
        return 0


def test_an_e_mail_the_server_refused_is_sent_by_the_next_run(mailoutbox, settings,
                                                              django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingBackend"
    event, phase = _published("mr", django_capture_on_commit_callbacks)
    assert not mailoutbox and not Delivery.objects.filter(game=event.game).exists(), "refused: not claimed"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    sent = mail_window(event.game.pk, phase)
    assert sent == len(mailoutbox) > 0
    assert mail_window(event.game.pk, phase) == 0


@pytest.mark.django_db(transaction=True)
def test_two_runs_at_the_same_moment_claim_each_recipient_once():
    """The claim is the database's unique constraint: of two runs racing for the same window,
    each recipient goes to exactly one of them."""
    event = Event(prefix="cc")
    items = [(event.game.pk, "m1923-mail:N1", user.pk) for user in event.users.values()]
    start, claimed = threading.Barrier(2), []

    def run():
        start.wait()
        try:
            claimed.append(delivery.claim(items))
        finally:
            connection.close()

    runs = [threading.Thread(target=run) for _ in range(2)]
    for thread in runs:
        thread.start()
    for thread in runs:
        thread.join()
    first, second = claimed
    assert not first & second and first | second == set(items)


class _Hook(BaseHTTPRequestHandler):
    received: list = []
    status = 204

    def do_POST(self):  # noqa: N802 (the standard library's name)
        _Hook.received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(_Hook.status)
        self.end_headers()

    def log_message(self, *args):
        return None


@pytest.fixture
def hook():
    server = HTTPServer(("127.0.0.1", 0), _Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Hook.received, _Hook.status = [], 204
    yield f"http://127.0.0.1:{server.server_port}/hook"
    server.shutdown()


def test_a_windows_webhook_task_run_twice_posts_once(hook, django_capture_on_commit_callbacks):
    event = Event(prefix="wt")
    services.webhook_set(game=event.game, url=hook, actor=event.moderator)
    phase = event.end_window()
    with django_capture_on_commit_callbacks(execute=True):
        event.publish()
    assert len(_Hook.received) == 1
    assert webhook_window(event.game.pk, phase) is False, "already posted: not again"
    assert len(_Hook.received) == 1


def test_a_refused_webhook_post_is_not_recorded_so_a_later_run_posts_it(hook, django_capture_on_commit_callbacks):
    event = Event(prefix="wr")
    services.webhook_set(game=event.game, url=hook, actor=event.moderator)
    phase = event.end_window()
    _Hook.status = 503  # the chat server answers, and refuses: nothing was posted
    with django_capture_on_commit_callbacks(execute=True):
        event.publish()
    _Hook.status = 204
    assert webhook_window(event.game.pk, phase) is True
    assert webhook_window(event.game.pk, phase) is False
    assert len(_Hook.received) == 2, "the refused post, then the one that went through; no third"


class _Died(Exception):
    pass


def test_a_run_that_dies_mid_send_loses_at_most_the_rest_of_its_chunk_and_doubles_nothing():
    """At most once (online/core/delivery.py): the claims of a run that died stay, so nothing it may
    have sent goes out again; the loss is bounded by the chunk it had claimed."""
    game = a_game("mafia_goon", "townie", "townie")[0]
    recipients = list(range(1, 2 * delivery.CHUNK + 21))
    sent = []

    def dies_at_60(recipient):
        if recipient == 61:
            raise _Died
        sent.append(recipient)
        return True

    with pytest.raises(_Died):
        delivery.send_once(recipients, lambda r: (game.pk, "test", r), dies_at_60)
    assert sent == list(range(1, 61))
    again = delivery.send_once(recipients, lambda r: (game.pk, "test", r), lambda r: sent.append(r) or True)
    assert again == 20 and sent[60:] == list(range(2 * delivery.CHUNK + 1, 2 * delivery.CHUNK + 21)), \
        "the dead run's chunk (51–100) is not sent again; the unclaimed rest is"
    assert len(sent) == len(set(sent)), "no recipient twice"
