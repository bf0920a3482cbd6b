"""The organizers' season forms in Debian's Chromium, at a phone's size and a laptop's, in English
and Russian (docs/seasons.md, "Organizers"): a season created, then edited; a last day before the
first is refused with the message and changes nothing. Every screen fits the width and passes
axe-core (tests/browser_kit.page_check)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from seasons.models import ClubSeason
from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import LAPTOP, PHONE, follow, log_in, page_check
from tests.factories import ClubFactory, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
PASSWORD = "secret-pass-123"  # tests/factories.py
WORDS = {"en": {"new": "New season", "refused": "The season ends before it starts.", "saved": "Saved."},
         "ru": {"new": "Новый сезон", "refused": "Сезон заканчивается раньше, чем начинается.",
                "saved": "Сохранено."}}


def fill(page, *, name=None, starts_on=None, ends_on=None, measure=None, min_games=None):
    for field, value in (("name", name), ("starts_on", starts_on), ("ends_on", ends_on), ("min_games", min_games)):
        if value is not None:
            page.fill(f"form.stacked input[name={field}]", value)
    if measure is not None:
        page.select_option("form.stacked select[name=measure]", measure)


def submit(page):
    follow(page, page.locator("form.stacked button[type=submit]"))


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_an_organizer_creates_and_edits_a_season(chromium, live_server, size, language):
    club = ClubFactory(name="The Northern Federation's Evening Mafia Club", timezone="Europe/Moscow")
    organizer = MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER).player.user
    context = chromium.new_context(**SIZES[size], locale=language, extra_http_headers={"Accept-Language": language})
    words = WORDS[language]
    try:
        page = context.new_page()
        log_in(page, live_server.url, organizer.username, PASSWORD)
        page.goto(live_server.url + reverse("seasons:create", args=[club.slug]))
        assert words["new"] in page.locator("h1").inner_text()
        assert_fits_the_screen(page, "the new season's form")
        page_check(page, f"season-form-{size}-{language}-1-new")

        # a last day before the first: refused, said, nothing made
        fill(page, name="Winter of the long evenings", starts_on="2026-12-01", ends_on="2026-11-30",
             measure="mean", min_games="5")
        submit(page)
        assert words["refused"] in page.locator("main").inner_text()
        assert not ClubSeason.objects.exists()
        assert_fits_the_screen(page, "the refused dates")
        page_check(page, f"season-form-{size}-{language}-2-refused")

        fill(page, ends_on="2027-02-28")
        submit(page)
        season = ClubSeason.objects.get()
        assert (season.name, str(season.starts_on), str(season.ends_on), season.measure, season.min_games) == (
            "Winter of the long evenings", "2026-12-01", "2027-02-28", "mean", 5)
        assert page.url.endswith(season.get_absolute_url())
        assert page.locator("h1").inner_text() == "Winter of the long evenings"

        page.goto(live_server.url + reverse("seasons:edit", args=[club.slug, season.pk]))
        fill(page, ends_on="2026-11-01")
        submit(page)
        assert words["refused"] in page.locator("main").inner_text()
        season.refresh_from_db()
        assert str(season.ends_on) == "2027-02-28"
        assert_fits_the_screen(page, "the refused edit")

        fill(page, name="Winter", ends_on="2027-03-31", measure="rating")
        submit(page)
        assert words["saved"] in page.locator("main, body").first.inner_text()
        season.refresh_from_db()
        assert (season.name, str(season.ends_on), season.measure) == ("Winter", "2027-03-31", "rating")

        page.goto(live_server.url + reverse("seasons:edit", args=[club.slug, season.pk]))  # with its history
        assert_fits_the_screen(page, "the edit form with its history")
        page_check(page, f"season-form-{size}-{language}-3-edit")
    finally:
        context.close()
