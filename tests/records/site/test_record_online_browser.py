"""The record page's online games and CSV link in Debian's Chromium, at a phone's size and a
laptop's, in English and Russian: the section fits the width, passes axe-core
(tests/browser_kit.page_check), and its pager keeps the filters of the seated games."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import LAPTOP, PHONE, page_check
from tests.factories import UserPlayerFactory

from .test_record_online import ended_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
WORDS = {"en": ("Online games", "Mafia Goon", "These games as CSV"),
         "ru": ("Онлайн-игры", "Игра на форуме", "Эти игры в CSV")}


@pytest.fixture
def record_url():
    """A player with 27 online games over whose review is published: two pages."""
    player = UserPlayerFactory(nickname="Online Player")
    for minutes in range(27):
        ended_game(player.user, 2, role="mafia_goon" if minutes % 2 else "townie", winners=[2] if minutes % 3 else [7],
                   minutes=minutes, ruleset="mafia1923" if minutes == 26 else "forum")
    return reverse("records:player", args=[player.pk])


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_online_games_fit_and_page(chromium, live_server, record_url, size, language):
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}{record_url}?role=red")
        section = page.locator("#online-games")
        assert page.locator("table.record-online-games tbody tr").count() == 25
        text = page.locator("main, body").first.inner_text()
        assert all(word in text for word in WORDS[language]), text[:300]
        assert_fits_the_screen(page, "the record's online games")
        page_check(page, f"record-online-{size}-{language}-1")
        section.locator("nav.pager a").last.click()
        page.wait_for_url("**online_page=2**")
        assert "role=red" in page.url
        assert page.locator("table.record-online-games tbody tr").count() == 2
        assert_fits_the_screen(page, "the record's online games, page 2")
    finally:
        context.close()
