"""A whole online forum game in a real browser on the full suite's PostgreSQL: a moderator and
five players (and a replacement), from the setup form and sign-ups to the published post-game
review (tests/online/browser_game.py), with deadlines driven by the site's controllable clock
(online/core/clock.py) and resolved by the in-process sweep."""

from __future__ import annotations

import pytest

from online.models import Game
from tests.online.browser_game import play_a_whole_game, site_clock  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_forum_game_from_the_setup_form_to_the_published_review(chromium, live_server, site_clock):  # noqa: F811
    game = play_a_whole_game(chromium, live_server.url)
    assert game.status == Game.Status.FINISHED and game.review_note == "Thank you all!"
