"""The record page in Debian's Chromium, at a phone's size and a laptop's, in English and Russian:
a player opens their record, picks a role, and the figures change in place (htmx) with the
address kept; the charts are drawn and readable; a figure's link lists its games; the
head-to-head page of two table mates. Each screen fits the width and passes axe-core
(tests/browser_kit.page_check)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine.examples import full_pro_mafia_game
from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import LAPTOP, PHONE, page_check
from tests.discipline.helpers import Cup, red_disqualification_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
WORDS = {"en": {"games": "Games", "none": "No published games for these filters.", "counted": "counted by «Wins»",
               "versus": "head-to-head", "together": "Games at the same table", "filters": "Filters",
               "one": "Filters · 1 applied"},
         "ru": {"games": "Игры", "none": "С этими фильтрами опубликованных игр нет.",
                "counted": "учтённые в показателе «Победы»", "versus": "очные встречи",
                "together": "Игр за одним столом", "filters": "Фильтры", "one": "Фильтры · 1 выбран"}}


@pytest.fixture
def record_url(run):
    """Seat 4 of two published Pro Mafia games: a civilian both times, red won both."""
    cup = Cup()
    for scenario in (full_pro_mafia_game(), red_disqualification_game()):
        run(cup.confirm, run(cup.play, scenario))
    return reverse("records:player", args=[cup.player(4).pk])


@pytest.fixture
def versus_url(run):
    """Seats 1 and 2 of the same two games: together, both red in the second; 2 the Don in the first."""
    cup = Cup()
    for scenario in (full_pro_mafia_game(), red_disqualification_game()):
        run(cup.confirm, run(cup.play, scenario))
    return reverse("records:versus", args=[cup.player(1).pk, cup.player(2).pk])


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
        # A phone folds the filters (issue 29: "better presented"): the figures come first, on the
        # first screen; a laptop shows the filters open beside them.
        fold = page.locator("details.filters-fold")
        assert fold.locator("summary").inner_text().strip() == WORDS[language]["filters"]
        if size == "phone":
            assert fold.evaluate("d => !d.open")
            assert games.bounding_box()["y"] < PHONE["viewport"]["height"], "the figures start below the first screen"
            fold.locator("summary").click()
        assert fold.evaluate("d => d.open")

        page.select_option("select[name=role]", "black")
        page.wait_for_function("document.querySelector('[data-figure=games]').textContent === '0'")
        # the summary counts the filters applied, redrawn with the results
        assert " ".join(fold.locator("summary").inner_text().split()) == WORDS[language]["one"]
        assert page.locator("[data-figure=win-rate]").inner_text() == "—"
        assert WORDS[language]["none"] in page.locator("table.record-games").inner_text()
        assert "role=black" in page.url  # the address keeps the filter: a reload or a link shows the same
        assert_fits_the_screen(page, "the record, black")
        page_check(page, f"record-{size}-{language}-2-black")

        page.select_option("select[name=role]", "civilian")
        page.wait_for_function("document.querySelector('[data-figure=games]').textContent === '2'")
        assert page.locator("[data-figure=wins]").inner_text() == "2"
        # the charts, drawn for the filters: a civilian's line, two bars, seat 4's cells with numbers
        assert page.locator("[data-chart=win-rate] circle").count() >= 1
        assert page.locator("[data-chart=points] rect.bar").count() == 2
        seat = page.locator("[data-chart=seats] g[data-seat='4']")
        assert seat.locator("[data-games]").text_content() == "2" and seat.locator("[data-rate]").text_content() == "100%"
        for chart in ("win-rate", "points", "seats"):
            box = page.locator(f"[data-chart={chart}] svg.rating-plot, [data-chart={chart}] svg.heat-plot").bounding_box()
            assert box["width"] >= 200, chart  # readable at 390 px: the plot keeps most of the width
        assert_fits_the_screen(page, "the record, civilian, charts")

        page.locator("[data-figure=wins]").click()  # a figure's link: the games it counts
        page.wait_for_url("**fact=wins**")
        assert WORDS[language]["counted"] in page.locator(".figure-games").inner_text()
        assert page.locator("table.record-games tbody tr").count() == 2
        assert_fits_the_screen(page, "the record, a figure's games")
        page_check(page, f"record-{size}-{language}-3-wins")
        page.locator("a.clear-figure").click()
        page.wait_for_function("!document.querySelector('.figure-games')")
        assert "fact=" not in page.url
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_head_to_head_page(chromium, live_server, versus_url, size, language):
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(live_server.url + versus_url)
        assert WORDS[language]["versus"] in page.locator("h1").inner_text()
        assert WORDS[language]["together"] in page.locator("table.versus-figures").inner_text()
        assert page.locator("[data-figure=together]").inner_text() == "2"
        assert page.locator("table.versus-games tbody tr").count() == 2
        assert_fits_the_screen(page, "the head-to-head")
        page_check(page, f"versus-{size}-{language}-1-all")
        page.locator("[data-figure=won_together]").click()
        page.wait_for_url("**show=won_together**")
        assert page.locator("table.versus-games tbody tr").count() == 1
        assert_fits_the_screen(page, "the head-to-head, won together")
        page_check(page, f"versus-{size}-{language}-2-won-together")
    finally:
        context.close()
