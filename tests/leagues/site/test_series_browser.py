"""The series page in Debian's Chromium, at a phone's size and a laptop's, in English and Russian:
the standings with each tournament's contribution fit the width (on a phone each row is a block
with its tournaments' points labelled) and pass axe-core (tests/browser_kit.page_check)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import LAPTOP, PHONE, page_check

from .kit import League, players, tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
WORDS = {"en": {"standings": "Standings", "table": "Points table", "waiting": "final standings not published yet"},
         "ru": {"standings": "Турнирная таблица", "table": "Таблица очков",
                "waiting": "итоговая таблица ещё не опубликована"}}
TOTALS = {"en": ["43", "41.5", "16.5"], "ru": ["43", "41,5", "16,5"]}


@pytest.fixture
def series_url():
    league = League()
    ann, bob, cid = players("Anastasia Long-Nickname", "Bob", "Cid")
    league.add(tournament("Spring Cup of the Northern Federation", date(2026, 3, 1), [(ann, 1), (bob, 2), (cid, 2)]))
    league.add(tournament("Summer Cup of the Northern Federation", date(2026, 6, 1), [(cid, 1), (ann, 2)]))
    league.add(tournament("Autumn Cup", date(2026, 9, 1), [(bob, 1)], published=False))
    return league.series.get_absolute_url()


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_series_page_reads_at_every_size(chromium, live_server, series_url, size, language):
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(live_server.url + series_url)
        rows = page.locator("table.series-standings tbody tr")
        assert rows.count() == 3
        assert page.locator("table.series-standings [data-total]").all_inner_texts() == TOTALS[language]
        first = rows.first
        assert first.locator("a").get_attribute("href").endswith("/record/")
        # each tournament's contribution, with its place: Ann's 25 at the Spring Cup, 18 at the Summer Cup
        cells = first.locator("td").all_inner_texts()
        assert any(text.startswith("25") for text in cells) and any(text.startswith("18") for text in cells)
        body = page.locator("main").inner_text()
        assert WORDS[language]["standings"] in body and WORDS[language]["table"] in body
        assert WORDS[language]["waiting"] in body
        if size == "phone":  # a block per player: the tournament's name labels its points
            label = first.locator("td").nth(3).evaluate("e => getComputedStyle(e, '::before').content")
            assert "Spring Cup" in label
        assert_fits_the_screen(page, "the series")
        page_check(page, f"series-{size}-{language}")
    finally:
        context.close()
