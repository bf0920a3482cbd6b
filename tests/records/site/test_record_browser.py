"""The record page in Debian's Chromium, at a phone's size and a laptop's, in English and Russian:
a player opens their record, picks a role, and the figures change in place (htmx) with the
address kept; each screen fits the width and passes axe-core (tests/browser_kit.page_check)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine.examples import full_pro_mafia_game
from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import LAPTOP, PHONE, page_check
from tests.discipline.helpers import Cup, red_disqualification_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
WORDS = {"en": {"games": "Games", "none": "No published games for these filters."},
         "ru": {"games": "Игры", "none": "С этими фильтрами опубликованных игр нет."}}


@pytest.fixture
def record_url(run):
    """Seat 4 of two published Pro Mafia games: a civilian both times, red won both."""
    cup = Cup()
    for scenario in (full_pro_mafia_game(), red_disqualification_game()):
        run(cup.confirm, run(cup.play, scenario))
    return reverse("records:player", args=[cup.player(4).pk])


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_role_filter_changes_the_figures(chromium, live_server, record_url, size, language):
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(live_server.url + record_url)
        games = page.locator("[data-figure=games]")
        assert games.inner_text() == "2"
        assert page.locator("table.record-games tbody tr").count() == 2
        assert WORDS[language]["games"] in page.locator("main, body").first.inner_text()
        assert_fits_the_screen(page, "the record")
        page_check(page, f"record-{size}-{language}-1-all")

        page.select_option("select[name=role]", "black")
        page.wait_for_function("document.querySelector('[data-figure=games]').textContent === '0'")
        assert page.locator("[data-figure=win-rate]").inner_text() == "—"
        assert WORDS[language]["none"] in page.locator("table.record-games").inner_text()
        assert "role=black" in page.url  # the address keeps the filter: a reload or a link shows the same
        assert_fits_the_screen(page, "the record, black")
        page_check(page, f"record-{size}-{language}-2-black")

        page.select_option("select[name=role]", "civilian")
        page.wait_for_function("document.querySelector('[data-figure=games]').textContent === '2'")
        assert page.locator("[data-figure=wins]").inner_text() == "2"
    finally:
        context.close()
