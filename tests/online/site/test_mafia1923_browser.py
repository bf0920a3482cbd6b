"""Mafia 1923 in a real browser (issue 18, "Done when"): a moderator reviews a window's draft,
records an override with its reason and publishes it; the players read the announcement and
their private messages. At a phone's width and a laptop's."""

from __future__ import annotations

import pytest

from online import clock
from online.mafia1923_models import Override
from tests.browser_kit import LAPTOP, PHONE, log_in, page_check
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
    mod.get_by_role("button", name="Record the override").click()
    assert "a reminder" in mod.locator("#draft").inner_text()
    assert Override.objects.filter(game=event.game, reason="a reminder").exists()
    mod.get_by_role("button", name="Publish the draft").click()
    mod.wait_for_load_state()
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
