"""The audience's live view of a running table (issue 28, "The audience"): "seats and nicknames,
who is speaking and the time left, fouls, the voting list, the votes as they are recorded, who has
left and how. Never a role, a check or a night result before the game's results are published
(the site's one secrecy rule); it updates within 2 s of the judge's save without a reload, and a
tournament page shows all its live tables."
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.engine.examples import full_pro_mafia_game
from games.services import game_confirm, game_host_tap, game_submit, protocol_replace
from tests.browser_kit import PHONE, snapshot
from tests.pipeline.helpers import finished_game, tournament_with_staff
from tests.wsgi_kit import call

pytestmark = pytest.mark.django_db

ROLE_WORDS = (">Sheriff<", ">Don<", ">Mafia<", "Civilian")


@pytest.fixture
def table():
    """A tournament's table entered to the end, then cut back to a prefix of its events."""
    tournament, judge, organizer = tournament_with_staff()
    tournament.status = tournament.Status.RUNNING
    tournament.publish_seating = True
    tournament.save(update_fields=["status", "publish_seating"])
    game = finished_game(tournament, judge)
    return tournament, game, judge, organizer


def _cut(game, judge, events: list[dict]):
    return protocol_replace(game=game, document={**game.protocol, "events": events},
                            expected_version=game.protocol_version, actor=judge.user)


def _index(events: list[dict], kind: str, occurrence: int = 1) -> int:
    seen = 0
    for index, event in enumerate(events):
        if event["type"] == kind:
            seen += 1
            if seen == occurrence:
                return index
    raise AssertionError(kind)


def test_the_hall_sees_the_voting_list_the_votes_and_who_left_never_a_role(table):
    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    game = _cut(game, judge, events[:_index(events, "vote", 2)])  # Day 1: the list, one vote round
    html = Client().get(f"/games/{game.pk}/live/").content.decode()
    assert "Day 1" in html and "Voting list" in html and html.count("live-seat nominated") == 3
    assert "4 votes" in html and "→ a tie" in html
    for word in ROLE_WORDS:
        assert word not in html
    # after Night 1: seat 4 was shot — who left and how is public; the shot's numbers are not
    game = _cut(game, judge, events[:_index(events, "will", 1)])
    html = Client().get(f"/games/{game.pk}/live/table/").content.decode()
    assert "shot · Night 1" in html
    assert "shows" not in html and "checks" not in html


def test_a_check_recorded_at_night_changes_not_one_byte_of_the_view(table):
    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    shot = _index(events, "shot")
    game = _cut(game, judge, events[:shot + 1])
    client = Client()
    before = client.get(f"/games/{game.pk}/live/table/")
    assert before.status_code == 200 and before["ETag"]
    assert events[shot + 1]["type"] == "don_check" and events[shot + 2]["type"] == "sheriff_check"
    game = _cut(game, judge, events[:shot + 3])
    after = client.get(f"/games/{game.pk}/live/table/", headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 304 and after["ETag"] == before["ETag"] and after.content == b""
    # a public event moves it
    game = _cut(game, judge, events[:shot + 4])
    moved = client.get(f"/games/{game.pk}/live/table/", headers={"If-None-Match": before["ETag"]})
    assert moved.status_code == 200 and moved["ETag"] != before["ETag"]


def test_the_hall_sees_who_is_speaking_and_a_tap_in_host_mode_reaches_it(table):
    """"who is speaking and the time left": host mode's speaker and clock, public; a tap moves the
    fragment at the next poll (the per-version cache's key holds the host state's digest)."""
    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    game = _cut(game, judge, events[:_index(events, "nominate")])  # Day 1, nothing said yet
    client, url = Client(), f"/games/{game.pk}/live/table/"
    before = client.get(url)
    assert "live-speech" not in before.content.decode() and int(before["X-Server-Time"]) > 0
    game_host_tap(game=game, op="speaker", seat=3, actor=judge.user)
    tapped = client.get(url, headers={"If-None-Match": before["ETag"]})
    html = tapped.content.decode()
    assert tapped.status_code == 200 and '<b class="live-speaker">3</b>' in html
    assert game.seats.get(seat=3).player.nickname in html and 'class="live-seat speaking" data-seat="3"' in html
    assert '<b class="live-time">60</b>' in html and "data-ends" not in html  # not started yet
    game_host_tap(game=game, op="start", actor=judge.user)
    running = client.get(url, headers={"If-None-Match": tapped["ETag"]})
    assert running.status_code == 200 and 'data-ends="' in running.content.decode()
    # while the clock runs the bytes stay put (the browser counts down): 304, with the server's time
    again = client.get(url, headers={"If-None-Match": running["ETag"]})
    assert again.status_code == 304 and int(again["X-Server-Time"]) >= int(running["X-Server-Time"])
    game_host_tap(game=game, op="pause", actor=judge.user)
    paused = client.get(url, headers={"If-None-Match": running["ETag"]}).content.decode()
    assert "data-ends" not in paused and "(paused)" in paused


def test_a_night_timer_in_host_mode_changes_not_one_byte_of_the_view(table):
    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    game = _cut(game, judge, events[:_index(events, "shot") + 1])  # Night 1
    client, url = Client(), f"/games/{game.pk}/live/table/"
    before = client.get(url)
    for kind in ("mafia_meet", "speech"):
        game_host_tap(game=game, op="timer", kind=kind, actor=judge.user)
        game_host_tap(game=game, op="start", actor=judge.user)
        after = client.get(url, headers={"If-None-Match": before["ETag"]})
        assert after.status_code == 304, kind


def test_roles_join_the_view_once_the_results_are_published(table, django_capture_on_commit_callbacks):
    tournament, game, judge, organizer = table
    tournament.publish_results = True
    tournament.save(update_fields=["publish_results"])
    with django_capture_on_commit_callbacks(execute=True):
        game = game_submit(game=game, expected_version=game.protocol_version, actor=judge.user)
        game = game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)
    html = Client().get(f"/games/{game.pk}/live/table/").content.decode()
    assert 'data-final="1"' in html and ">Sheriff<" in html and "the city wins" in html


def test_a_tournament_shows_every_table_being_played_and_hides_them_with_its_seating(table):
    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    game = _cut(game, judge, events[:5])
    page = Client().get(f"/tournaments/{tournament.slug}/live/").content.decode()
    assert f'data-live-url="/games/{game.pk}/live/table/"' in page
    tournament.publish_seating = False
    tournament.save(update_fields=["publish_seating"])
    assert Client().get(f"/tournaments/{tournament.slug}/live/").status_code == 403
    assert Client().get(f"/games/{game.pk}/live/").status_code == 404
    assert Client().get(f"/games/{game.pk}/live/table/").status_code == 404


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_spectator_s_view_follows_the_judge_without_a_reload(table, chromium, live_server):
    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    first_nomination = _index(events, "nominate")
    game = _cut(game, judge, events[:first_nomination])
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/live/")
    assert page.locator(".live-list").count() == 0
    _cut(game, judge, events[:first_nomination + 1])  # the judge saves a nomination
    page.locator(".live-list").wait_for(timeout=2500)  # within 2 s of the save, plus a margin for the page
    assert "Voting list" in page.locator(".live-list").inner_text()
    # host mode: the judge names the speaker and starts the clock; the hall sees both, counting down
    game_host_tap(game=game, op="speaker", seat=2, actor=judge.user)
    game_host_tap(game=game, op="start", actor=judge.user)
    page.locator(".live-speaker", has_text="2").wait_for(timeout=2500)
    page.locator(".live-clock[data-ends]").wait_for()
    first = int(page.locator(".live-time").inner_text())
    page.wait_for_timeout(2200)
    assert 0 < int(page.locator(".live-time").inner_text()) < first <= 60
    snapshot(page, "live-phone")
    context.close()


@pytest.fixture
def polls(django_app):
    """config/wsgi.py's live-poll fast path in front of Django (counting what reaches Django)."""
    from games.live_poll import LivePolls

    return LivePolls(django_app)


def test_a_poll_of_a_table_everyone_may_watch_is_answered_before_django_runs(
        table, polls, django_app, django_assert_num_queries):
    """1,000 spectators poll every 1.5 s (issue 28's numbers): once Django has answered for the
    table's generation, every poll — with the current tag (304) or without it (200, the same
    bytes and headers) — is answered in front of Django: no middleware, no session, no query."""
    tournament, game, judge, _ = table
    game = _cut(game, judge, full_pro_mafia_game().build()["events"][:5])
    url = f"/games/{game.pk}/live/table/"
    status, first_headers, first_body = call(polls, url)
    first = dict(first_headers)
    assert status == "200 OK" and django_app.calls == 1
    with django_assert_num_queries(0):
        again = call(polls, url, HTTP_IF_NONE_MATCH=first["ETag"])
        newcomer = call(polls, url)
        made_up = call(polls, url, HTTP_IF_NONE_MATCH='"not-a-tag"')
    assert django_app.calls == 1
    assert again[0] == "304 Not Modified" and dict(again[1])["ETag"] == first["ETag"] and again[2] == b""
    assert abs(int(dict(again[1])["X-Server-Time"]) - int(first["X-Server-Time"])) < 60_000  # live.js's clock
    assert "Content-Type" not in dict(again[1])
    for status, headers, body in (newcomer, made_up):
        assert status == "200 OK" and body == first_body
        assert sorted(name for name, _ in headers) == sorted(name for name, _ in first_headers)
        assert {**dict(headers), "X-Server-Time": ""} == {**first, "X-Server-Time": ""}


def test_the_fast_path_answers_each_language_with_its_own_bytes(table, polls, django_app):
    tournament, game, judge, _ = table
    game = _cut(game, judge, full_pro_mafia_game().build()["events"][:5])
    url = f"/games/{game.pk}/live/table/"
    english = call(polls, url)
    russian = call(polls, url, HTTP_ACCEPT_LANGUAGE="ru")  # nothing kept in Russian yet: Django
    assert django_app.calls == 2
    assert dict(russian[1])["Content-Language"] == "ru" and dict(russian[1])["ETag"] != dict(english[1])["ETag"]
    assert "День 1" in russian[2].decode()
    by_cookie = call(polls, url, HTTP_COOKIE="django_language=ru")
    assert by_cookie[2] == russian[2] and dict(by_cookie[1])["Content-Language"] == "ru"
    assert call(polls, url)[2] == english[2]
    assert django_app.calls == 2


def test_a_host_django_refuses_is_refused_by_django(table, polls, django_app):
    tournament, game, judge, _ = table
    url = f"/games/{game.pk}/live/table/"
    call(polls, url)
    assert call(polls, url, HTTP_HOST="evil.example")[0].startswith("400 ")
    assert django_app.calls == 2


def test_a_table_only_its_organizers_may_watch_keeps_no_bytes_for_anyone(
        table, polls, django_app, django_assert_num_queries):
    """A tournament's table before its seating is published: its organizers watch it, nobody else;
    in front of Django only a poll that holds the organizer's current tag is answered (304)."""
    from games import live_poll

    tournament, game, judge, organizer = table
    tournament.publish_seating = False
    tournament.save(update_fields=["publish_seating"])
    game = _cut(game, judge, full_pro_mafia_game().build()["events"][:5])
    url = f"/games/{game.pk}/live/table/"
    watcher = Client()
    watcher.force_login(organizer)
    session = f"sessionid={watcher.cookies['sessionid'].value}"
    status, headers, _body = call(polls, url, HTTP_COOKIE=session)
    assert status == "200 OK" and live_poll.public_answer(game.pk, "en") is None
    with django_assert_num_queries(0):
        again = call(polls, url, HTTP_COOKIE=session, HTTP_IF_NONE_MATCH=dict(headers)["ETag"])
    assert again[0] == "304 Not Modified" and django_app.calls == 1
    assert call(polls, url)[0].startswith("404 ")
    assert call(polls, url, HTTP_IF_NONE_MATCH='"not-a-tag"')[0].startswith("404 ")


def test_each_change_the_hall_may_see_sends_the_poll_back_to_the_view(table):
    from games import live_poll
    from games.services import game_host_tap

    tournament, game, judge, _ = table
    events = full_pro_mafia_game().build()["events"]
    game = _cut(game, judge, events[:5])
    url = f"/games/{game.pk}/live/table/"

    def kept_tag():
        tag = Client().get(url)["ETag"]
        assert live_poll.public_answer(game.pk, "en")[0] == tag
        return tag

    tag = kept_tag()
    game = _cut(game, judge, events[:6])  # a protocol version
    assert live_poll.public_answer(game.pk, "en") is None
    assert Client().get(url, headers={"If-None-Match": tag})["ETag"] != tag
    kept_tag()
    game_host_tap(game=game, op="next", actor=judge.user)  # host mode: the speaker moves
    assert live_poll.public_answer(game.pk, "en") is None
    tag = kept_tag()
    tournament.publish_seating = False  # who may watch
    tournament.save(update_fields=["publish_seating"])
    assert live_poll.public_answer(game.pk, "en") is None
    assert Client().get(url, headers={"If-None-Match": tag}).status_code == 404
    assert Client().get(url).status_code == 404
