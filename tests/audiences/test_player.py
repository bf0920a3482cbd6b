"""The player's and the guest's paths in Chromium, at a phone's size and a laptop's, in English and
in Russian: find a tournament, apply, see the status, withdraw (asked first), their applications
on their own page, the seating, the standings, their games and their rating history; a guest
applies, sees the status, finds it again by its link and withdraws.

The world is built through the services (the judge's and organizer's parts too); the browser does
only what the player does. Each distinct screen goes through ``page_check`` (the tour's picture,
axe-core) and must fit the screen's width. Controls are found by forms, ids and classes, not words:
the same steps read both languages; the words checked are each language's own.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.audiences.test_organizer import (
    assert_fits_the_screen,
    assert_keyboard_reaches_every_control,
)
from tests.browser_kit import follow, log_in, page_check
from tests.factories import PlayerFactory, UserPlayerFactory
from tests.pipeline.helpers import confirm, finished_game, tournament_with_staff
from tests.tournaments.factories import TournamentFactory, accepted_players
from tournaments.models import Application, StandingsSnapshot, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "player-pass-1"
# When the standings were brought up to date: 13:05 UTC is 16:05 in the club's Moscow.
COMPUTED_AT = dt.datetime(2026, 11, 22, 13, 5, tzinfo=dt.UTC)
WORDS = {
    "en": {"updated": "16:05 MSK", "civilian": "Civilian", "one_game": "1 game", "pending": "pending",
           "withdrawn": "withdrawn", "accepted": "accepted"},
    "ru": {"updated": "16:05 МСК", "civilian": "Мирный", "one_game": "1 игра", "pending": "на рассмотрении",
           "withdrawn": "отозвано", "accepted": "принято"},
}


class Season:
    """A club in Moscow: an autumn cup Pavel played (one confirmed, published game: seating,
    standings and a rating), and a winter cup open for applications."""

    def __init__(self):
        self.autumn, judge, organizer = tournament_with_staff()
        club = self.autumn.club
        self.pavel = UserPlayerFactory(nickname="Pavel", home_club=club)
        self.pavel.user.set_password(PASSWORD)
        self.pavel.user.save()
        players = [self.pavel, *(PlayerFactory(home_club=club) for _ in range(9))]
        self.game = confirm(finished_game(self.autumn, judge, players), judge, organizer)
        Tournament.objects.filter(pk=self.autumn.pk).update(
            name="Autumn Cup", status=Tournament.Status.RUNNING, publish_participants=True,
            publish_seating=True, publish_standings=True)
        StandingsSnapshot.objects.filter(tournament=self.autumn).update(computed_at=COMPUTED_AT)
        self.winter = winter_cup(club)
        accepted_players(self.winter, 3)


def winter_cup(club=None) -> Tournament:
    """Open for applications, with everything its page can show: the venue, a final, a deadline,
    a description with a long address (each once made a phone's page wider than its screen)."""
    extra = {"club": club} if club else {}
    return TournamentFactory(
        **extra, name="Winter Cup of the Red Square Mafia Club", slug="winter-cup", tables=2,
        venue="Tverskaya street 7, second floor, the hall on the left",
        final_size=10, final_coefficient="1.50", win_points=1,
        application_deadline=timezone.now() + dt.timedelta(days=5),
        description="Ten qualifying rounds, then the final. Rules: "
                    "https://example.org/rules/sport-mafia/2026/the-federations-tournament-rules.pdf")


def open_menu(page, size):
    if size == "phone":
        page.locator("label.nav-toggle-label").click()


# What sticks out of its card on the right (a form's field wider than the card holding it).
OUT_OF_CARD = """() => [...document.querySelectorAll('main .card *')]
  .filter(e => !e.closest('.table-scroll') && e.getBoundingClientRect().width > 0
          && e.getBoundingClientRect().right > e.closest('.card').getBoundingClientRect().right + 1)
  .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className + '[name=' + (e.name || '') + ']')"""


def checker(page, audience, size, language):
    """Each screen: the tour's picture, axe-core, no wider than the screen, nothing out of its card."""
    def check(step):
        page_check(page, f"{audience}-{size}-{language}-{step}")
        assert_fits_the_screen(page, step)
        assert not page.evaluate(OUT_OF_CARD), f"{step}: out of its card: {page.evaluate(OUT_OF_CARD)}"
    return check


def test_the_players_path(browser_context, live_server, size, language):
    base = live_server.url
    season = Season()
    words = WORDS[language]
    page = browser_context.new_page()
    check = checker(page, "player", size, language)

    log_in(page, base, season.pavel.user.username, PASSWORD)

    # Find a tournament: from the navigation bar, the list, then the winter cup.
    open_menu(page, size)
    page.locator("nav.nav a[href='/tournaments/']").click()
    check("1-tournaments")
    page.locator("a[href='/tournaments/winter-cup/']").click()
    check("2-tournament")
    assert_keyboard_reaches_every_control(page, "2-tournament")

    # Apply; the page answers with the status.
    page.fill("#apply textarea[name=message]", "I bring my own timer.")
    page.locator("#apply form button[type=submit]").click()
    page.wait_for_selector("#apply .t-app-pending")
    assert words["pending"] in page.locator("#apply").inner_text()
    application = Application.objects.get(tournament=season.winter, player=season.pavel)
    assert application.status == Application.Status.PENDING

    # Withdraw: the first tap only asks; the second withdraws.
    page.locator("#apply details.t-withdraw summary").click()
    confirm_button = page.locator("#apply details.t-withdraw button[type=submit]")
    assert confirm_button.is_visible()
    application.refresh_from_db()
    assert application.status == Application.Status.PENDING
    check("3-withdraw-asked")
    assert_keyboard_reaches_every_control(page, "3-withdraw-asked")
    confirm_button.click()
    page.wait_for_selector("#apply form[action$='/apply/']")
    application.refresh_from_db()
    assert application.status == Application.Status.WITHDRAWN

    # Apply again, then find both cups on his own page.
    page.locator("#apply form button[type=submit]").click()
    page.wait_for_selector("#apply .t-app-pending")
    page.goto(f"{base}{season.pavel.get_absolute_url()}")
    mine = page.locator("#applications")
    assert mine.locator(f"#my-application-{application.pk}.t-app-pending").count() == 1
    assert words["accepted"] in mine.inner_text() and "Autumn Cup" in mine.inner_text()
    check("4-my-page")
    assert_keyboard_reaches_every_control(page, "4-my-page")

    # Withdrawing from there asks on a page of its own; "keep" keeps it.
    mine.locator(f"#my-application-{application.pk} a.t-withdraw-link").click()
    check("5-withdraw-page")
    page.locator("main form a").click()
    application.refresh_from_db()
    assert application.status == Application.Status.PENDING

    # The autumn cup: his seat, the standings (in the club's time, Civilian capitalised), his games.
    page.goto(f"{base}/tournaments/{season.autumn.slug}/")
    check("6-autumn-cup")
    follow(page, page.locator(f".t-tabs a[href$='/{season.autumn.slug}/seating/']"))
    assert "Pavel" in page.locator("main").inner_text()
    check("6-seating")
    assert_keyboard_reaches_every_control(page, "6-seating")
    page.goto(f"{base}/tournaments/{season.autumn.slug}/standings/")
    freshness = page.locator(".standings-freshness").inner_text()
    assert words["updated"] in freshness and ".." not in freshness, freshness
    # every column at either size (a phone shows each player's row as labelled lines: core/tables.py)
    assert words["civilian"] in page.locator("table.t-standings thead").inner_text()
    if size == "phone":
        assert words["civilian"] in page.locator("table.t-standings td[data-label]").nth(4).get_attribute("data-label")
    check("7-standings")
    assert_keyboard_reaches_every_control(page, "7-standings")
    follow(page, page.locator(f"table.t-standings a[href$='/players/{season.pavel.pk}/']"))
    assert words["one_game"] in page.locator(".t-summary").inner_text()
    check("8-my-games")

    # The rating history: the chart's labels at a readable size, each date once.
    page.goto(f"{base}/ratings/players/{season.pavel.pk}/")
    ticks = page.locator(".rating-chart text.tick")
    assert ticks.count() >= 2
    assert min(ticks.evaluate_all("ts => ts.map(t => parseFloat(getComputedStyle(t).fontSize))")) >= 12
    dates = page.locator(".rating-chart text.date").all_inner_texts()
    assert dates and len(dates) == len(set(dates)), dates
    check("9-rating")
    assert_keyboard_reaches_every_control(page, "9-rating")


def test_the_guests_application(browser_context, chromium, live_server, size, language):
    base = live_server.url
    winter = winter_cup()
    words = WORDS[language]
    page = browser_context.new_page()
    check = checker(page, "guest", size, language)

    page.goto(f"{base}/tournaments/winter-cup/")
    check("1-tournament")
    page.fill("#apply input[name=guest_name]", "Walk-in Wanda")
    page.fill("#apply input[name=guest_contact]", "wanda@example.org")
    page.locator("#apply form button[type=submit]").click()

    # The answer is the application's own page, with its status and its address to keep.
    page.wait_for_selector("#application .t-app-pending")
    assert words["pending"] in page.locator("#application").inner_text()
    status_url = page.url
    application = Application.objects.get(tournament=winter)
    assert status_url.endswith(f"/tournaments/applications/{application.status_token}/")
    assert page.locator("#application textarea.t-link-field").input_value() == status_url
    check("2-status")
    assert_keyboard_reaches_every_control(page, "2-status")

    # The tournament's page, in the same browser, shows the status instead of an empty form.
    page.goto(f"{base}/tournaments/winter-cup/")
    assert page.locator("#apply .t-app-pending").count() == 1
    assert page.locator("#apply input[name=guest_name]").count() == 0

    # Later, in another browser: the link shows it; withdrawing asks first.
    other = chromium.new_context(viewport=page.viewport_size, locale=language,
                                 extra_http_headers={"Accept-Language": language})
    try:
        later = other.new_page()
        later.goto(status_url)
        assert later.locator("#application .t-app-pending").count() == 1
        later.locator("#application details.t-withdraw summary").click()
        later.locator("#application details.t-withdraw button[type=submit]").click()
        later.wait_for_selector("#application .t-app-withdrawn")
        assert words["withdrawn"] in later.locator("#application").inner_text()
    finally:
        other.close()
    application.refresh_from_db()
    assert application.status == Application.Status.WITHDRAWN
