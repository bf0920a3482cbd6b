"""A club season's page and the leaderboards in Debian's Chromium, at a phone's size and a
laptop's, in English and Russian: the standings, a statistic picked in place (htmx) with the
address kept; each screen fits the width and passes axe-core (tests/browser_kit.page_check)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import LAPTOP, PHONE, page_check

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
WORDS = {"en": {"standings": "Standings", "filters": "Filters", "empty": "No player has enough published games here."},
         "ru": {"standings": "Таблица сезона", "filters": "Фильтры", "empty": "Здесь ни у кого нет столько опубликованных игр."}}


def first_cells(page, table: str) -> list[str]:
    return [text.strip() for text in page.locator(f"table.{table} tbody tr td:nth-child(2)").all_inner_texts()]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_season_page_and_its_leaderboard(chromium, live_server, october, size, language):
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(live_server.url + october.get_absolute_url())
        assert WORDS[language]["standings"] in page.locator("main, body").first.inner_text()
        assert first_cells(page, "season-standings") == ["Cid", "Bob", "Ann"]
        assert first_cells(page, "leaderboard") == ["Cid", "Bob", "Ann"]
        assert_fits_the_screen(page, "the season")
        page_check(page, f"season-{size}-{language}-1")

        page.select_option("form.filters select[name=statistic]", "wins")
        page.wait_for_function("document.querySelector('table.leaderboard tbody tr td:nth-child(4)')"
                               ".textContent.trim() === '2'")
        assert "statistic=wins" in page.url
        assert page.locator("table.leaderboard tbody tr td:first-child").all_inner_texts() == ["1", "2", "2"]
        assert_fits_the_screen(page, "the season, wins")
        page_check(page, f"season-{size}-{language}-2-wins")
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_leaderboards_page(chromium, live_server, october, size, language):
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("records:leaderboards"))
        # all time, points: the other club's game counts too (Cid's 5.00 there, Ann's 5.00 on 16 October)
        assert first_cells(page, "leaderboard")[:1] == ["Cid"]
        # a phone folds the filters, as on the record page: the table comes first
        fold = page.locator("details.filters-fold")
        assert fold.locator("summary").inner_text().strip() == WORDS[language]["filters"]
        if size == "phone":
            assert fold.evaluate("d => !d.open")
            fold.locator("summary").click()
        assert fold.evaluate("d => d.open")
        assert_fits_the_screen(page, "the leaderboards")
        page_check(page, f"leaderboards-{size}-{language}-1")

        page.select_option("select[name=statistic]", "win_rate")  # a rate asks for 10 games by default
        page.wait_for_function(f"document.body.innerText.includes({WORDS[language]['empty']!r})")
        page.fill("input[name=min_games]", "3")
        page.locator("form.filters button[type=submit]").click()
        page.wait_for_function("document.querySelectorAll('table.leaderboard tbody tr td:nth-child(5)').length > 0")
        assert "statistic=win_rate" in page.url and "min_games=3" in page.url
        assert_fits_the_screen(page, "the leaderboards, win rate")
        page_check(page, f"leaderboards-{size}-{language}-2-rate")
    finally:
        context.close()
