"""Mafia 1923 in a real browser (issue 18, "Done when"): a moderator reviews a window's draft,
records an override with its reason and publishes it; the players read the announcement and
their private messages. At a phone's width and a laptop's."""

from __future__ import annotations

import pytest

from online.core import clock
from online.mafia1923.models import Override
from tests.browser_kit import LAPTOP, PHONE, follow, log_in, page_check
from tests.online.site.mafia1923_kit import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "secret-pass-123"


@pytest.fixture
def site_clock(settings):
    settings.ONLINE_SWEEP_IN_PROCESS = False  # the moderator publishes, not the clock
    clock.reset()
    yield clock
    clock.reset()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_moderator_publishes_a_windows_draft(chromium, live_server, site_clock, size):
    event = Event(prefix=f"br{size[0]}")
    detective = event.slots_with("detective")[0]
    mafia = event.mafia()
    event.act(detective, "inquire", player=mafia[0])
    victims = [s.number for s in event.state.slots if s.side != "mafia" and s.number != detective][:2]
    event.act(mafia[0], "kill", players=victims)
    event.end_window()
    names = {s.number: s.name for s in event.state.slots}
    viewport = PHONE if size == "phone" else LAPTOP

    mod = chromium.new_context(**viewport).new_page()
    log_in(mod, live_server.url, event.moderator.username, PASSWORD)
    mod.goto(f"{live_server.url}/organize/online/1923/{event.game.slug}/")
    draft = mod.locator("#draft")
    assert "The draft of Night 1" in draft.inner_text()
    assert f"{names[victims[0]]} was killed." in draft.locator(".draft-public").inner_text()
    assert "Detective:" in draft.locator(".draft-private").inner_text()
    page_check(mod, f"m1923-draft-{size}")
    mod.select_option("select[name=kind]", "public-note")
    mod.fill("input[name=text]", "Day 1 opens at nine.")
    mod.fill("input[name=reason]", "a reminder")
    follow(mod, mod.get_by_role("button", name="Record the override"))
    assert "a reminder" in mod.locator("#draft").inner_text()
    assert Override.objects.filter(game=event.game, reason="a reminder").exists()
    follow(mod, mod.get_by_role("button", name="Publish the draft"))
    assert mod.locator("#draft").count() == 0
    event.game.refresh_from_db()
    assert event.game.phase == "D1"

    player = chromium.new_context(**viewport).new_page()
    log_in(player, live_server.url, event.users[detective].username, PASSWORD)
    player.goto(f"{live_server.url}/online/1923/{event.game.slug}/")
    text = player.locator("main").inner_text() if player.locator("main").count() else player.inner_text("body")
    assert f"{names[victims[0]]} was killed." in text and "Day 1 opens at nine." in text
    assert "Detective:" in text, "the Detective's private message arrived"
    page_check(player, f"m1923-event-{size}")
    player.goto(f"{live_server.url}/online/1923/{event.game.slug}/board/")
    assert names[victims[0]] in player.inner_text("body")
    page_check(player, f"m1923-board-{size}")


@pytest.mark.parametrize("script", ["htmx", "no-script"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_rosters_row_actions_are_one_small_menu_that_the_keyboard_works(chromium, live_server, site_clock, size,
                                                                            script):
    """docs/mafia1923-site.md, "The pages": each roster row's exile and improper vote sit in one
    small menu (a <details>): a row is one line high at a laptop's width, the menu opens and sends
    from the keyboard, with htmx (the roster alone is redrawn, the focus comes back to the row's
    menu) and without a script (the page is sent and reloaded)."""
    event = Event(prefix=f"ra{size[0]}{script[0]}")
    names = {s.number: s.name for s in event.state.slots}
    viewport = PHONE if size == "phone" else LAPTOP
    page = chromium.new_context(**viewport, java_script_enabled=script == "htmx").new_page()
    log_in(page, live_server.url, event.moderator.username, PASSWORD)
    page.goto(f"{live_server.url}/organize/online/1923/{event.game.slug}/")
    roster = page.locator("#roster")
    if size == "laptop":
        row = roster.locator("tbody tr").first.bounding_box()
        assert row["height"] < 60, "a row with its actions closed is one line"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["viewport"]["width"]
    if script == "htmx":
        page_check(page, f"m1923-roster-{size}")  # axe-core needs a script

    page.locator("#roster-actions-3").focus()
    page.keyboard.press("Enter")
    assert roster.locator("details.row-actions").nth(2).evaluate("d => d.open"), "Enter opens the row's menu"
    page.keyboard.press("Tab")  # to the first action's field: Exile
    page.keyboard.type("voted twice")
    page.keyboard.press("Enter")  # Enter in the field sends its form
    page.wait_for_function("() => document.querySelector('#audit').innerText.includes('voted twice')")
    assert "Done." in page.locator("#messages").inner_text()
    assert "exiled" in roster.locator("tbody tr").nth(2).inner_text()
    assert roster.locator("#roster-actions-3").count() == 0, "an exiled player has no actions left"
    if script == "htmx":  # the row's menu is gone with the exile: the focus is on the roster
        page.wait_for_function("() => document.activeElement.id === 'roster'")

    page.locator("#roster-actions-4").focus()
    page.keyboard.press("Space")
    form = roster.locator("details.row-actions[open] form").nth(1)
    form.locator("input[name=note]").fill("a second vote")
    form.locator("input[name=note]").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the focused "Improper vote" button
    page.wait_for_function("() => document.querySelector('#audit').innerText.includes('a second vote')")
    assert "1 strike" in roster.locator("tbody tr").nth(3).inner_text()
    if script == "htmx":  # the focus is back on the row's menu
        page.wait_for_function("() => document.activeElement.id === 'roster-actions-4'")
    assert names[4] in roster.inner_text()
