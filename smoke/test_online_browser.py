"""The whole online forum game in a real browser on the embedded default that `make run` serves
(SQLite, no Redis, no beat: deadlines pass through the in-process sweep), at 390 px and 1024 px:
the same path as the full suite's (tests/online/browser_game.py)."""

from __future__ import annotations

import pytest

from online import clock
from online.models import Game
from tests.factories import UserFactory
from tests.online.browser_game import PASSWORD, play_a_whole_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site_clock(settings):
    assert settings.ONLINE_SWEEP_IN_PROCESS, "the embedded default sweeps deadlines in-process"
    settings.ONLINE_SWEEP_SECONDS = 0
    clock.reset()
    yield clock
    clock.reset()


def make_user(username, **fields):
    user = UserFactory(username=username, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user


def test_a_whole_forum_game_in_a_browser_on_the_embedded_default(chromium, live_server, site_clock):
    game = play_a_whole_game(chromium, live_server.url, make_user)
    assert game.status == Game.Status.FINISHED and game.review_published_at is not None
