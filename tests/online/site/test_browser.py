"""A whole online forum game in a real browser on the full suite's PostgreSQL: a moderator and
five players (and a replacement), from the setup form and sign-ups to the published post-game
review (tests/online/browser_game.py), with deadlines driven by the site's controllable clock
(online/clock.py) and resolved by the in-process sweep."""

from __future__ import annotations

import pytest

from online import clock
from online.models import Game
from tests.factories import UserFactory
from tests.online.browser_game import PASSWORD, play_a_whole_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site_clock(settings):
    settings.ONLINE_SWEEP_IN_PROCESS = True
    settings.ONLINE_SWEEP_SECONDS = 0  # every request sweeps: the clock jumps, the page shows it
    clock.reset()
    yield clock
    clock.reset()


def make_user(username, **fields):
    user = UserFactory(username=username, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user


def test_a_whole_forum_game_from_the_setup_form_to_the_published_review(chromium, live_server, site_clock):
    game = play_a_whole_game(chromium, live_server.url, make_user)
    assert game.status == Game.Status.FINISHED and game.review_note == "Thank you all!"
