"""The whole online forum game in a real browser on the embedded default that `make run` serves
(SQLite, no Redis, no beat: deadlines pass through the in-process sweep), at 390 px and 1024 px:
the same path as the full suite's (tests/online/browser_game.py)."""

from __future__ import annotations

import pytest
from django.conf import settings

from online.models import Game
from tests.online.browser_game import play_a_whole_game, site_clock  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_forum_game_in_a_browser_on_the_embedded_default(chromium, live_server, site_clock):  # noqa: F811
    assert settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"), "make run's database"
    game = play_a_whole_game(chromium, live_server.url)
    assert game.status == Game.Status.FINISHED and game.review_published_at is not None
