"""A whole game hosted from a phone (issue 28, "Done when": "a whole game hosted at 390 px in English
and Russian with the timers (a fake clock)"). Each day the judge calls the speakers in the day's
order with "Next speaker", runs each speech's clock to its warning and its end, and enters what
happens at the table as it happens; the night's shot and checks as before. The orders are
docs/rules.md's reading ("Host mode's speaking order"): Day 1 from seat 1, each later day from the
seat after the previous day's opener that is still at the table."""

from __future__ import annotations

import pytest

from tests.browser_kit import PHONE, ROLES, Table, host_clock_tap, snapshot
from tests.games.factories import dealt_game

SPEECH_MS = 60_000


def _host_the_speeches(page, order: list[int], during=None) -> None:
    """Call each speaker in turn and run their minute; ``during[seat]``: what is entered in that speech."""
    panel = page.locator("#host")
    for index, seat in enumerate(order):
        page.locator(".host-next-button").click()
        page.locator(f".host-seat:text-is('{seat}')").wait_for()
        host_clock_tap(page, ".host-start")
        page.locator(".host-pause").wait_for()
        if during and seat in during:
            during[seat]()
        if index == 0:  # the first speech of the day: the warning, then the end, on the fake clock
            page.clock.run_for(SPEECH_MS - 9_000)
            assert "warn" in panel.get_attribute("class")
        page.clock.run_for(SPEECH_MS + 1_000)  # past the end by more than the clock's 200 ms tick
        assert "over" in panel.get_attribute("class")
        assert page.locator(".host-time").inner_text() == "0"
    page.locator(".host-next-button").click()  # after the last speaker: the speeches are over
    page.locator(".host-done").wait_for()
    assert page.locator(".host-seat").count() == 0 and page.locator(".host-next-button").count() == 0


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_whole_game_hosted_from_a_phone_with_the_clock(chromium, live_server, language):
    game = dealt_game(roles=ROLES)
    context = chromium.new_context(**PHONE, locale=language, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    table = Table(page)

    # Day 1: everyone speaks; seat 1 nominates seat 5 in their speech, seat 3 gets a foul in theirs.
    _host_the_speeches(page, list(range(1, 11)), during={
        1: lambda: table.nominate(1, 5),
        3: lambda: table.saved(lambda: page.locator(".seat[data-seat='3'] .foul-button").click()),
    })
    snapshot(page, f"host-whole-game-day1-{language}-phone")
    table.vote()
    table.no_will()
    table.next_phase("Night 1")
    # the night: no speakers; the Mafia's minute (seed 001: "the Mafia's 60 s meeting") from the timers
    assert page.locator(".host-next-button").count() == 0 and page.locator(".host-seat").count() == 0
    page.locator("#host .host-more summary").click()
    page.locator(".host-timers button[value='mafia_meet']").click()
    page.locator(".host-timers button[value='mafia_meet'].current").wait_for(state="attached")
    assert page.locator(".host-time").inner_text() == "60"
    host_clock_tap(page, ".host-start")
    page.locator(".host-pause").wait_for()
    page.clock.run_for(61_000)
    assert "over" in page.locator("#host").get_attribute("class")
    table.shot({2: 4, 9: 4})
    table.check("don_check", 7)
    table.check("sheriff_check", 2)
    table.no_will()
    table.next_phase("Day 2")

    # Day 2 opens with seat 2 (after Day 1's opener); seats 4 and 5 have left.
    _host_the_speeches(page, [2, 3, 6, 7, 8, 9, 10, 1], during={
        7: lambda: table.nominate(7, 2),
        1: lambda: table.nominate(1, 9),
    })
    for voter in (1, 3, 6, 7, 8):
        table.tap("form.vote", "against_2", voter)
    table.saved(lambda: table.press("form.vote"))
    table.no_will()
    table.next_phase("Night 2")
    table.shot({9: 3})
    table.check("sheriff_check", 9)
    table.no_will()
    table.next_phase("Day 3")

    # Day 3 would open with seat 3, who has left: seat 6 opens.
    _host_the_speeches(page, [6, 7, 8, 9, 10, 1], during={7: lambda: table.nominate(7, 9)})
    table.vote()
    assert page.locator(".winner.winner-red").count() == 1
    assert page.locator("#host").count() == 0  # the game is over: no clock
    snapshot(page, f"host-whole-game-end-{language}-phone")
    game.refresh_from_db()
    assert game.winner == "red" and len(game.protocol["events"]) > 10
    context.close()
