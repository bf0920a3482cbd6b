"""Offline entry (issue 28): "events entered while offline are kept on the device (IndexedDB) in
order, each with an idempotency key, shown as '3 waiting to be sent', and sent in order when the
connection returns. A conflict (another device changed the game) is shown with both versions;
nothing typed is ever lost and nothing is applied twice. Tested in a real browser with the network
cut mid-game." The server's half: a request's key is applied once (games/views.py, ``entry_action``)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.utils.html import escapejs

from games.models import ProtocolVersion
from tests.games.factories import dealt_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def table():
    game = dealt_game()
    return game, Client(), f"/t/{game.judge_token}/"


def _events(game):
    game.refresh_from_db()
    return [(event["type"], event.get("by"), event.get("target"), event.get("seat"))
            for event in game.protocol["events"]]


def test_a_request_sent_twice_with_its_key_is_recorded_once(table):
    game, judge, base = table
    fields = {"version": 1, "by": 3, "target": 7, "request_key": "a1b2c3d4-key-one"}
    first = judge.post(f"{base}nominate/", fields, headers=HTMX)
    assert first["X-Request-Version"] == "2" and "X-Entry-Refused" not in first
    again = judge.post(f"{base}nominate/", fields, headers=HTMX)  # the answer was lost on the way back
    assert again.status_code == 200 and "X-Entry-Refused" not in again
    assert again["X-Request-Version"] == "2" and again["X-Protocol-Version"] == "2"
    assert _events(game) == [("nominate", 3, 7, None)]
    assert ProtocolVersion.objects.get(game=game, version=2).request_key == "a1b2c3d4-key-one"


def test_the_queue_s_chain_goes_on_from_the_version_a_key_made(table):
    """The offline queue sends each entry on the version the one before it made: an entry already
    recorded (its answer lost) answers with its own version, and the next goes on from there."""
    game, judge, base = table
    judge.post(f"{base}foul/", {"version": 1, "seat": 5, "request_key": "first-entry-key"}, headers=HTMX)
    judge.post(f"{base}foul/", {"version": 2, "seat": 6, "request_key": "second-entry-key"}, headers=HTMX)
    replayed = judge.post(f"{base}foul/", {"version": 1, "seat": 5, "request_key": "first-entry-key"}, headers=HTMX)
    assert replayed["X-Request-Version"] == "2" and replayed["X-Protocol-Version"] == "3"
    assert _events(game) == [("foul", None, None, 5), ("foul", None, None, 6)]


def test_a_refused_request_keeps_no_key_and_may_come_again(table):
    game, judge, base = table
    refused = judge.post(f"{base}nominate/", {"version": 1, "by": 3, "target": 12, "request_key": "refused-once-key"},
                         headers=HTMX)
    assert refused["X-Entry-Refused"] and "X-Request-Version" not in refused
    assert not ProtocolVersion.objects.filter(game=game).exclude(request_key="").exists()
    mended = judge.post(f"{base}nominate/", {"version": 1, "by": 3, "target": 4, "request_key": "refused-once-key"},
                        headers=HTMX)
    assert "X-Entry-Refused" not in mended and _events(game) == [("nominate", 3, 4, None)]


def test_a_stale_version_with_a_new_key_is_a_conflict_not_a_replay(table):
    game, judge, base = table
    judge.post(f"{base}foul/", {"version": 1, "seat": 2, "request_key": "other-device-key"}, headers=HTMX)
    stale = judge.post(f"{base}foul/", {"version": 1, "seat": 9, "request_key": "this-device-key"}, headers=HTMX)
    assert stale["X-Entry-Refused"] == "conflict" and _events(game) == [("foul", None, None, 2)]


@pytest.mark.parametrize("key", ["short", "x" * 65, "spaces are bad", "ключ-по-русски", "semi;colon-key"])
def test_a_key_the_page_does_not_make_is_refused_and_saves_nothing(table, key):
    game, judge, base = table
    response = judge.post(f"{base}foul/", {"version": 1, "seat": 2, "request_key": key}, headers=HTMX)
    assert response["X-Entry-Refused"] == "form"
    assert "This entry came with a key the page does not make" in response.content.decode()
    assert _events(game) == []


def test_without_a_key_the_page_works_as_before(table):
    game, judge, base = table
    response = judge.post(f"{base}foul/", {"version": 1, "seat": 2}, headers=HTMX)
    assert "X-Entry-Refused" not in response and response["X-Request-Version"] == "2"
    assert _events(game) == [("foul", None, None, 2)]


def test_the_service_worker_is_served_from_the_root_for_the_judges_pages():
    response = Client().get("/entry-sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/" and response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert f'url.pathname.indexOf("{escapejs(settings.STATIC_URL)}") === 0' in body  # the site's static files
    assert r"/^\/judge\/games\/\d+\/$/.test(url.pathname)" in body  # the judge's table by login
    assert r"/^\/t\/[^/]+\/$/.test(url.pathname)" in body  # and by the private link


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_game_entered_with_the_network_cut_and_restored(chromium, live_server, language):
    """The network goes mid-game: the entries wait on the phone (a reload without a connection keeps
    them), then go out in order when it returns; each is recorded once."""
    from tests.browser_kit import PHONE, Table, snapshot

    game = dealt_game()
    context = chromium.new_context(**PHONE, locale=language, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    url = f"{live_server.url}/t/{game.judge_token}/"
    page.goto(url)
    table = Table(page)
    # the service worker takes the page and keeps it (and its files) for a reload without a connection
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("caches.match(location.pathname).then(Boolean)", polling=200)
    table.nominate(3, 7)  # online: version 2

    context.set_offline(True)
    page.locator(".seats button[value='5']").click()  # a foul on seat 5
    page.locator("#entry-queue .queue-list li").first.wait_for()
    table.tap("form.nominate", "by", 4)
    table.tap("form.nominate", "target", 8)
    table.press("form.nominate")
    page.wait_for_function("document.querySelectorAll('#entry-queue .queue-list li').length === 2")
    assert page.locator("#entry-queue").is_visible()
    assert page.locator("#entry-queue").get_attribute("data-state") == "offline"
    assert page.locator("#entry-queue .queue-count").inner_text().endswith("2")
    snapshot(page, f"offline-queue-{language}-phone")
    # the host's clock still starts and pauses on the phone (the judge's aid, not the protocol)
    page.locator(".host-start").click()
    page.wait_for_selector('#host[data-running="1"] button[name=op][value=pause]')
    page.locator("button[name=op][value=pause]").click()
    page.wait_for_selector('#host[data-running=""] button[name=op][value=start]')
    game.refresh_from_db()
    assert game.protocol_version == 2  # nothing reached the server

    page.reload()  # no connection: the kept page, and the entries still waiting
    page.wait_for_function("document.querySelectorAll('#entry-queue .queue-list li').length === 2")

    context.set_offline(False)
    page.wait_for_selector('#entry[data-version="4"]')
    page.wait_for_selector("#entry-queue", state="hidden")
    game.refresh_from_db()
    assert [(event["type"], event.get("by"), event.get("target"), event.get("seat"))
            for event in game.protocol["events"]] == [
        ("nominate", 3, 7, None), ("foul", None, None, 5), ("nominate", 4, 8, None)]
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_conflict_shows_both_versions_and_the_judge_sends_on_top(chromium, live_server):
    from tests.browser_kit import PHONE, snapshot

    game = dealt_game()
    context = chromium.new_context(**PHONE, locale="en")
    page = context.new_page()
    base = f"/t/{game.judge_token}/"
    page.goto(live_server.url + base)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.locator(".seats button[value='5']").click()
    page.locator("#entry-queue .queue-list li").first.wait_for()
    # meanwhile the second device records a foul on seat 2
    Client().post(f"{base}foul/", {"version": 1, "seat": 2}, headers=HTMX)
    context.set_offline(False)
    page.wait_for_selector('#entry-queue[data-state="conflict"]')
    assert page.locator("#entry .entry-error.conflict").is_visible()  # the table as it is now
    assert page.locator("#entry-queue .queue-list li").count() == 1  # ours, waiting
    assert page.locator('#entry .seat[data-seat="2"] .fouls').get_attribute("data-fouls") == "1"
    snapshot(page, "offline-conflict-en-phone")
    page.locator(".queue-send-on-top").click()
    page.wait_for_selector('#entry[data-version="3"]')
    page.wait_for_selector("#entry-queue", state="hidden")
    game.refresh_from_db()
    assert [(event["type"], event.get("seat")) for event in game.protocol["events"]] == [("foul", 2), ("foul", 5)]
    context.close()
