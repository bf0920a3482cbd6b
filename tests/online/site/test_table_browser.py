"""A person plays a whole game at an auto-judged table in a real browser, bots in the other
seats: the speech box with its word count, the vote windows, the night controls; laptop and
phone widths (docs/auto-judged-table.md)."""

from __future__ import annotations

import pytest

from online.core import clock
from online.engine.judged_table import replay
from online.models import JudgedTable
from tests.browser_kit import LAPTOP, PHONE, page_check

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def answered(page, click) -> None:
    """Clicks one of the table's answers and waits until the table the server answered with is in
    the page. Its response arrives before htmx swaps it in: read at once, the old table (the speech
    box just sent) was still there, and on a busy machine the next step typed into it as it went."""
    page.evaluate("document.getElementById('table').dataset.answered = 'yes'")
    with page.expect_response(lambda r: "/answer/" in r.url):
        click()
    page.wait_for_selector("#table:not([data-answered])", state="attached")


def play_as_a_person(page, base_url: str, seat: str) -> dict:
    """From the online games' list to the end of a game; what the person did, counted."""
    page.goto(f"{base_url}/online/")
    page.get_by_role("link", name="Sit down at an auto-judged table").click()
    page_check(page, "table-home")
    page.select_option("select[name=seat]", seat)
    page.locator("#sit-down").click()
    page.wait_for_selector("#table")
    done = {"speech": 0, "vote": 0, "night": 0, "hand": 0}
    first_speech = True
    for _ in range(400):
        table = page.locator("#table")
        if "Game over" in table.locator("header").inner_text():
            break
        if page.locator("#speech").count():
            if first_speech:
                page_check(page, "table-speech")
            text = "I nominate number 2. PASS" if first_speech else "PASS"
            page.fill("#speech", text)
            assert page.locator("#word-count").inner_text() == str(len(text.split()))
            first_speech = False
            answered(page, page.locator("#speak").click)
            done["speech"] += 1
        elif page.locator(".vote-window").count():
            if not done["vote"]:
                page_check(page, "table-vote")
            try:
                page.locator(".vote-window.open").first.click(timeout=4000)
                done["vote"] += 1
            except Exception:  # the window passed while the page refreshed: the default counts
                pass
            page.wait_for_timeout(300)
        elif page.locator("button[name=up]").count():
            answered(page, page.locator("button[name=up][value='0']").click)
            done["hand"] += 1
        elif page.locator(".table-answer button[name=target]").count():
            if not done["night"]:
                page_check(page, "table-night")
            answered(page, page.locator(".table-answer button[name=target]").first.click)
            done["night"] += 1
        else:
            page.wait_for_timeout(300)
            page.reload()
    return done


def test_a_person_plays_a_whole_game_with_bots_at_the_other_seats(chromium, live_server):
    clock.reset()
    context = chromium.new_context(**LAPTOP)
    page = context.new_page()
    done = play_as_a_person(page, live_server.url, "1")
    page_check(page, "table-over")
    table = JudgedTable.objects.get()
    state = replay(table.log)
    assert state.winner in ("red", "black") and table.winner == state.winner
    assert done["speech"] >= 1
    spoken = [e for e in table.log if e["type"] == "speech" and e["seat"] == 1]
    assert spoken and spoken[0]["text"] in ("I nominate number 2. PASS", "PASS")
    # Once over, the page shows the whole game: every seat's role and points, and the files.
    rows = page.locator(".table-review tbody tr")
    assert rows.count() == 10
    for seat in range(1, 11):
        assert rows.nth(seat - 1).locator(f"td.role-{state.roles[seat]}").count() == 1
    with page.expect_download() as download:
        page.get_by_role("link", name="The protocol (mafia-protocol/1, JSON)").click()
    assert download.value.suggested_filename == f"table-{table.token}.protocol.json"
    context.close()


def test_the_table_fits_a_phone(chromium, live_server):
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/online/table/")
    page.locator("#sit-down").click()
    page.wait_for_selector("#table")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1
    page_check(page, "table-phone")
    context.close()


def test_a_russian_visitor_sits_at_a_russian_table_and_speaks_russian(chromium, live_server):
    """The language choice defaults to the visitor's; the judge speaks it, the page's own texts
    are the site's (docs/auto-judged-table.md, "A person at the table")."""
    context = chromium.new_context(**LAPTOP, locale="ru-RU", extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.goto(f"{live_server.url}/online/table/")
    assert page.locator(".sit-down select[name=language]").input_value() == "ru"
    page.select_option("select[name=seat]", "1")
    page.locator("#sit-down").click()
    page.wait_for_selector("#table")
    for _ in range(40):  # night choices until the person's first speech
        if page.locator("#speech").count():
            break
        if page.locator(".table-answer button[name=target]").count():
            page.locator(".table-answer button[name=target]").first.click()
        page.wait_for_timeout(200)
        page.reload()
    log_text = page.locator(".table-log").inner_text()
    assert "Судья: Наступает ночь." in log_text and "Judge:" not in log_text
    assert page.locator("#speech").count()  # Night 0 never ends a game: seat 1 speaks on Day 1
    assert "закончите словами ПАС / СПАСИБО" in page.locator(".word-count").inner_text()
    page.fill("#speech", "Я выставляю номер 2. ПАС")
    assert page.locator("#word-count").inner_text() == "5"
    page_check(page, "table-russian")
    with page.expect_response(lambda r: "/answer/" in r.url):
        page.locator("#speak").click()
    spoken = [e for e in JudgedTable.objects.get().log if e["type"] == "speech" and e["seat"] == 1]
    assert spoken[0]["text"] == "Я выставляю номер 2. ПАС"
    context.close()
