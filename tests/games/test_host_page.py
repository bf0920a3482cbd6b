"""Host mode on the entry page (issue 28): "The speaking order of each day from the ruleset …, the
current speaker large on screen, the next one named. The judge taps 'next'"; "A timer … with start,
pause, resume and reset"; "nothing is written to the protocol that the judge did not confirm, and a
reload or a second device resumes at the same speaker with the same time left"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import services
from tests.games.factories import dealt_game

pytestmark = pytest.mark.django_db

JSON = {"Accept": "application/json"}


@pytest.fixture
def table():
    game = dealt_game()
    judge = Client()
    judge.force_login(game.judge.user)
    return game, judge


def _tap(client: Client, url: str, **fields):
    return client.post(url, fields, headers=JSON)


def test_the_judge_walks_the_day_s_order_and_a_second_device_sees_the_same(table):
    game, judge = table
    url = f"/judge/games/{game.pk}/host/"
    state = judge.get(url).json()
    assert [entry["seat"] for entry in state["order"]] == list(range(1, 11))
    assert state["speaker"] is None and state["next"] == 1 and state["kind"] == "speech" and state["left"] == 60
    state = _tap(judge, url, op="next").json()
    assert state["speaker"] == 1 and state["next"] == 2
    assert state["speaker_name"] == game.seats.get(seat=1).player.nickname
    state = _tap(judge, url, op="start").json()
    assert state["running"] and 0 < state["left"] <= 60
    version = game.protocol_version
    game.refresh_from_db()
    assert game.protocol_version == version  # the clock is the judge's aid, not the protocol
    # the private link on another device: the same speaker, the clock running
    other = Client().get(f"/t/{game.judge_token}/host/").json()
    assert other["speaker"] == 1 and other["running"]
    paused = _tap(judge, url, op="pause").json()
    assert not paused["running"]
    assert judge.get(url).json()["left"] == paused["left"]
    assert _tap(judge, url, op="timer", kind="farewell").json()["kind_label"] == "Farewell speech"
    page = judge.get(f"/judge/games/{game.pk}/").content.decode()
    assert 'id="host"' in page and "Next speaker" in page


def test_after_a_tap_the_page_asks_for_the_panel_alone(table):
    """static/js/host.js draws only the panel again after a tap (a tap changes nothing else):
    htmx's request for the target #host is answered with the panel, not the whole table."""
    game, judge = table
    _tap(judge, f"/judge/games/{game.pk}/host/", op="next")
    panel = judge.get(f"/judge/games/{game.pk}/", headers={"HX-Request": "true", "HX-Target": "host"})
    html = panel.content.decode()
    assert html.lstrip().startswith("<section") and 'id="host"' in html and 'id="entry"' not in html
    assert 'class="host-seat">1<' in html
    table_html = judge.get(f"/judge/games/{game.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert 'id="entry"' in table_html and 'id="host"' in table_html


def test_a_tap_that_cannot_apply_is_refused_and_changes_nothing(table):
    game, judge = table
    url = f"/judge/games/{game.pk}/host/"
    _tap(judge, url, op="next")
    before = judge.get(url).json()
    for fields in ({"op": "dance"}, {"op": "speaker", "seat": "11"}, {"op": "speaker", "seat": "x"},
                   {"op": "timer", "kind": "lunch"}):
        answer = _tap(judge, url, **fields)
        assert answer.status_code == 400 and answer.json()["error"], fields
    assert _tap(judge, url, op="speaker", seat="1\x00").status_code == 400  # the site's NUL guard
    assert judge.get(url).json() == before


def test_only_the_table_s_judge_and_organizers_host_it(table):
    game, _ = table
    assert Client().post(f"/judge/games/{game.pk}/host/", {"op": "next"}).status_code == 403
    stranger = Client()
    stranger.force_login(dealt_game().judge.user)
    assert stranger.post(f"/judge/games/{game.pk}/host/", {"op": "next"}, headers=JSON).status_code == 404
    assert Client().get("/t/not-the-link/host/").status_code == 404


def _form(html: str, css_class: str) -> dict:
    """The hidden fields of the page's form with this class (what a tap posts besides its button)."""
    form = re.search(rf'<form[^>]*class="{css_class}"[^>]*>(.*?)</form>', html, re.S)
    assert form, css_class
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(1)))


def _targets(html: str) -> list[int]:
    """The seats the panel's "nominates →" row offers."""
    row = html.split('class="host-nominate"')[1].split("</form>")[0]
    return [int(seat) for seat in re.findall(r'name="target" value="(\d+)"', row)]


def test_in_the_speech_a_nomination_and_a_foul_are_one_tap_each_with_the_speaker_preset(table):
    """Issue 28: "Nominations and fouls are entered during the speech they happen in, with the
    speaker … preset, in one tap each" — through the entry's own actions, refusals included."""
    game, judge = table
    base = f"/judge/games/{game.pk}/"
    assert 'class="host-nominate"' not in judge.get(base).content.decode()  # nobody speaks yet
    _tap(judge, base + "host/", op="speaker", seat="3")
    page = judge.get(base).content.decode()
    fields = _form(page, "host-nominate")
    assert fields["by"] == "3" and fields["version"] == str(game.protocol_version)
    assert _targets(page) == list(range(1, 11))
    # with htmx (the panel's tile): the table comes back with the nomination named
    answer = judge.post(base + "nominate/", {**fields, "target": "6"}, headers={"HX-Request": "true"})
    game.refresh_from_db()
    assert game.protocol["events"][-1] == {"type": "nominate", "day": 1, "by": 3, "target": 6}
    html = answer.content.decode()
    assert "3 nominated 6" in html and 'class="host-nominate"' not in html and 'data-seat="6"' in html
    # without JavaScript (a plain form): post/redirect/get
    fields = _form(html, "host-foul")
    assert fields["seat"] == "3"
    assert judge.post(base + "foul/", fields).status_code == 302
    game.refresh_from_db()
    assert game.protocol["events"][-1] == {"type": "foul", "day": 1, "seat": 3, "kind": "ordinary"}
    page = judge.get(base).content.decode()
    assert 'data-fouls="1"' in page
    # the next speaker's tiles leave out seat 6 (on the list); the full form's refusal still stands
    _tap(judge, base + "host/", op="next")
    page = judge.get(base).content.decode()
    fields = _form(page, "host-nominate")
    assert fields["by"] == "4" and _targets(page) == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    version = game.protocol_version
    refused = judge.post(base + "nominate/", {**fields, "target": "6"}, headers={"HX-Request": "true"})
    assert refused["X-Entry-Refused"] and "already on the voting list" in refused.content.decode()
    game.refresh_from_db()
    assert game.protocol_version == version


def test_the_panel_offers_no_nomination_once_the_day_s_voting_has_begun(table):
    game, judge = table
    base = f"/judge/games/{game.pk}/"
    for by, target in ((1, 2), (3, 5)):
        game = services.protocol_append_event(game=game, event={"type": "nominate", "day": 1, "by": by, "target": target},
                                              expected_version=game.protocol_version, actor=game.judge.user)
    game = services.protocol_append_event(
        game=game, event={"type": "vote", "day": 1, "round": 1, "candidates": [2, 5], "votes": {"1": 2, "3": 2}},
        expected_version=game.protocol_version, actor=game.judge.user)
    _tap(judge, base + "host/", op="speaker", seat="4")
    page = judge.get(base).content.decode()
    assert 'class="host-nominate' not in page
    assert _form(page, "host-foul")["seat"] == "4"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_judge_hosts_the_day_from_a_phone_with_the_clock(chromium, live_server, language):
    from tests.browser_kit import PHONE, host_clock_tap, snapshot

    game = dealt_game()
    context = chromium.new_context(**PHONE, locale=language, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    page.locator(".host-next-button").click()
    page.locator(".host-seat", has_text="1").wait_for()
    host_clock_tap(page, ".host-start")
    page.locator(".host-pause").wait_for()
    page.clock.run_for(51_000)  # 9 s left: the clock warns
    assert "warn" in page.locator("#host").get_attribute("class")
    page.clock.run_for(10_000)  # time is up
    assert "over" in page.locator("#host").get_attribute("class")
    assert page.locator(".host-time").inner_text() == "0"
    snapshot(page, f"host-{language}-phone")
    page.reload()  # the server kept the speaker and the running clock
    assert page.locator(".host-seat").inner_text() == "1" and page.locator(".host-pause").count() == 1
    page.locator(".host-next-button").click()
    page.locator(".host-seat", has_text="2").wait_for()
    # in seat 2's speech: one tap nominates seat 5, one tap gives seat 2 a foul
    snapshot(page, f"host-nominate-{language}-phone")
    page.locator(".host-nominate button[value='5']").click()
    page.locator(".host-nominated").wait_for()
    assert page.locator(".seat.nominated[data-seat='5']").count() == 1
    page.locator(".host-foul button").click()
    page.locator(".host-fouls[data-fouls='1']").wait_for()
    snapshot(page, f"host-speech-{language}-phone")
    box = page.locator("#host").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["viewport"]["width"]  # nothing clipped at 390 px
    assert game.__class__.objects.get(pk=game.pk).protocol["events"] == [
        {"type": "nominate", "day": 1, "by": 2, "target": 5}, {"type": "foul", "day": 1, "seat": 2, "kind": "ordinary"}]
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_slow_answer_to_a_clock_tap_leaves_the_clock_the_judge_started(chromium, live_server):
    """The page runs the clock from the tap; the server's answer, however late, is the same clock
    when the time between the tap and the answer explains the difference (static/js/host.js,
    ``agree``). A late answer used to be compared with the clock *now*: the panel was drawn again
    from the server in the middle of the judge's next tap, and that tap was lost."""
    from tests.browser_kit import PHONE

    game = dealt_game()
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    page.locator(".host-next-button").click()
    page.locator(".host-seat", has_text="1").wait_for()
    held, redraws = [], []
    page.on("request", lambda request: redraws.append(request.url) if request.method == "GET" else None)
    page.route("**/host/", lambda route: route.continue_() if held else held.append(route))
    with page.expect_request(lambda request: request.url.endswith("/host/") and request.method == "POST"):
        page.locator(".host-start").click()
    while not held:
        page.wait_for_timeout(10)
    page.clock.run_for(61_000)  # the whole minute runs out before the server's answer arrives
    assert "over" in page.locator("#host").get_attribute("class")
    with page.expect_response(lambda answer: answer.url.endswith("/host/")):
        held[0].continue_()
    page.locator("#host:not([data-awaiting])").wait_for(state="attached")
    page.wait_for_timeout(300)
    assert redraws == [] and "over" in page.locator("#host").get_attribute("class")
    assert page.locator(".host-time").inner_text() == "0" and page.locator(".host-pause").count() == 1
    context.close()
