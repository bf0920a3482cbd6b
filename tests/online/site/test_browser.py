"""A whole online forum game in a real browser: a moderator and four players, from sign-ups to the
post-game review, with deadlines driven by the site's controllable clock (online/clock.py) and
resolved by the in-process sweep of the embedded default."""

from __future__ import annotations

from datetime import timedelta

import pytest

from online import clock
from online.models import Game
from online.play import state_of
from tests.browser_kit import LAPTOP, PHONE, log_in, page_check
from tests.factories import UserFactory
from tests.online.factories import a_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "secret-pass-123"


@pytest.fixture
def site_clock(settings):
    settings.ONLINE_SWEEP_IN_PROCESS = True
    settings.ONLINE_SWEEP_SECONDS = 0  # every request sweeps: the clock jumps, the page shows it
    clock.reset()
    yield clock
    clock.reset()


def past(deadline):
    clock.advance(deadline - clock.now() + timedelta(minutes=1))


def test_a_whole_forum_game_from_sign_ups_to_the_review(chromium, live_server, site_clock):
    setup = a_setup("mafia_goon", "townie", "townie", "townie")
    moderator = UserFactory(username="moderator", is_staff=True)
    names = ["Anna", "Boris", "Vera", "Gleb"]
    players = [UserFactory(username=name.lower()) for name in names]

    office = chromium.new_context(**LAPTOP)
    mod = office.new_page()
    log_in(mod, live_server.url, moderator.username, PASSWORD)
    mod.goto(f"{live_server.url}/organize/online/")
    mod.fill("input[name=title]", "Browser game")
    mod.select_option("select[name=setup]", str(setup.pk))
    mod.get_by_role("button", name="Create the game").click()
    game = Game.objects.get(title="Browser game")

    pages = {}
    for user, name in zip(players, names, strict=True):
        page = chromium.new_context(**PHONE).new_page()
        log_in(page, live_server.url, user.username, PASSWORD)
        page.goto(f"{live_server.url}{game.get_absolute_url()}")
        page.fill("input[name=name]", name)
        page.get_by_role("button", name="Sign up").click()
        pages[name] = page
    assert game.signups.count() == 4

    console = f"{live_server.url}/organize/online/{game.slug}/"
    mod.goto(console)
    mod.get_by_role("button", name="Randomise the roles").click()
    mod.get_by_role("button", name="Send the role messages").click()
    mod.get_by_role("button", name="Start the game").click()
    game.refresh_from_db()
    assert game.phase == "N0"
    state = state_of(game)
    goon = next(names[slot.number - 1] for slot in state.slots if slot.role == "mafia_goon")
    town = [name for name in names if name != goon]

    for name, page in pages.items():
        page.reload()
        assert ("Mafia Goon" if name == goon else "Townie") in page.locator("#my-role").inner_text()
    page_check(pages[goon], "online-night-0")
    mod.goto(console)
    page_check(mod, "online-console")

    past(game.deadline)  # Night 0 ends: Day 1
    watcher = pages[town[2]]
    watcher.reload()
    assert "Day 1" in watcher.locator(".phase").inner_text()
    # Day 1: the goon and a townie vote for town[0] with the control, a townie by a tag in a post
    for name in (goon, town[1]):
        page = pages[name]
        page.reload()
        page.select_option(".vote-control select[name=target]", label=town[0])
        page.locator(".vote-control").get_by_role("button", name="Vote", exact=True).click()
    # the watcher's count updates without a reload (htmx polling)
    watcher.locator("#vote-count").get_by_text("L-1").wait_for(timeout=15000)
    pages[town[2]].fill("#post-body", f"Sorry.\nVOTE: {town[0]}")
    pages[town[2]].get_by_role("button", name="Post", exact=True).click()
    game.refresh_from_db()
    assert game.phase == "N1", "the hammer lynches at once"
    page_check(watcher, "online-day-1-lynch")

    night = pages[goon]
    night.reload()
    night.select_option("select[data-ability=kill]", label=town[1])
    night.locator(".night-action").get_by_role("button", name="Send").click()
    assert "last one you send counts" in night.content()
    past(Game.objects.get(pk=game.pk).deadline)
    night.reload()
    assert "The game is over." in night.content()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    review = pages[town[0]]
    review.goto(f"{live_server.url}/online/{game.slug}/review/")
    text = review.content()
    assert "Mafia Goon" in text and goon in text and "Team kill" in text
    page_check(review, "online-review")
    for page in [*pages.values(), mod]:
        page.context.close()  # no page keeps polling the live server once the test is over
