"""The fast path in front of Django (tournaments/standings/fast.py): for an anonymous GET of the
standings page or API it answers what Django answers, byte for byte but the visitor's own CSRF
token; everything else reaches Django; a closed switch or a draft stops it within its bound."""

import re
from decimal import Decimal

import pytest
from django.middleware.csrf import _unmask_cipher_token

from tests.wsgi_kit import call, environ
from tournaments.models import Tournament
from tournaments.standings import fast as fast_standings
from tournaments.standings import stored as stored_standings
from tournaments.standings.store import standings_store

from .factories import TournamentFactory, accepted_players, make_round, scored_game

pytestmark = pytest.mark.django_db

SECRET = "a" * 16 + "B" * 16


@pytest.fixture
def fast(django_app, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(fast_standings.time, "monotonic", lambda: clock[0])
    app = fast_standings.FastStandings(django_app)
    app.clock = clock
    return app


@pytest.fixture
def cup():
    tournament = TournamentFactory(tables=1, publish_standings=True, status=Tournament.Status.RUNNING)
    players = accepted_players(tournament, 10)
    scored_game(tournament, make_round(tournament, 1), 1,
                [(p, "civilian", i < 7, Decimal(i) / 10, []) for i, p in enumerate(players)])
    standings_store(tournament_id=tournament.pk)
    stored_standings.clear_local()
    tournament.players = players
    return tournament


def page(tournament):
    return f"/tournaments/{tournament.slug}/standings/"


def api(tournament):
    return f"/api/v1/tournaments/{tournament.slug}/standings/"


TOKENS = re.compile(rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")([^"]+)')


def tokens(body):
    return {match.group(2).decode() for match in TOKENS.finditer(body)}


def comparable(headers):
    """The headers with the one part that differs per visitor blanked: the CSRF cookie's value
    and its expiry time (seconds from now)."""
    out = []
    for name, value in headers:
        if name == "Set-Cookie":
            value = re.sub(r"csrftoken=\w+", "csrftoken=", value)
            value = re.sub(r"expires=[^;]+", "expires=", value)
        out.append((name, value))
    return out


def fast_hit(fast, django_app, path, **kwargs):
    """The fast path's answer, asserting it did not reach Django (once warm)."""
    call(fast, path, **kwargs)  # warm: Django is asked once for this key
    before = django_app.calls
    answer = call(fast, path, **kwargs)
    assert django_app.calls == before, "the fast path let this request through to Django"
    return answer


def test_the_anonymous_page_is_django_s_page_with_the_visitor_s_own_token(cup, fast, django_app):
    status, headers, body = fast_hit(fast, django_app, page(cup))
    d_status, d_headers, d_body = call(django_app, page(cup))
    assert status == d_status == "200 OK"
    assert comparable(headers) == comparable(d_headers)
    assert TOKENS.sub(rb"\1", body) == TOKENS.sub(rb"\1", d_body)
    assert cup.players[9].nickname.encode() in body
    secret = re.search(r"csrftoken=(\w+)", dict(headers)["Set-Cookie"]).group(1)
    (token,) = tokens(body)
    assert _unmask_cipher_token(token) == secret
    _status, again, again_body = call(fast, page(cup))
    assert tokens(again_body) != {token} and dict(again)["Set-Cookie"] != dict(headers)["Set-Cookie"]


def test_a_visitor_with_a_csrf_cookie_keeps_it(cup, fast, django_app):
    cookie = f"csrftoken={SECRET}; _ga=GA1.1.5"
    status, headers, body = fast_hit(fast, django_app, page(cup), HTTP_COOKIE=cookie)
    d_status, d_headers, d_body = call(django_app, page(cup), HTTP_COOKIE=cookie)
    assert status == d_status == "200 OK" and comparable(headers) == comparable(d_headers)
    assert f"csrftoken={SECRET};" in dict(headers)["Set-Cookie"]  # renewed, as Django does
    assert TOKENS.sub(rb"\1", body) == TOKENS.sub(rb"\1", d_body)
    assert {_unmask_cipher_token(token) for token in tokens(body)} == {SECRET}


def test_the_api_is_django_s_answer_byte_for_byte(cup, fast, django_app):
    answer = fast_hit(fast, django_app, api(cup))
    assert answer == call(django_app, api(cup))
    assert answer[0] == "200 OK" and cup.players[9].nickname.encode() in answer[2]
    assert fast_hit(fast, django_app, api(cup), HTTP_ACCEPT="application/json") == answer


@pytest.mark.parametrize("headers", [{"HTTP_ACCEPT_LANGUAGE": "ru"}, {"HTTP_COOKIE": "django_language=ru"},
                                     {"HTTP_ACCEPT_LANGUAGE": "ru;q=0.5, en;q=0.9"}])
def test_the_language_is_chosen_as_django_chooses_it(cup, fast, django_app, headers):
    status, got, body = fast_hit(fast, django_app, page(cup), **headers)
    _status, expected, d_body = call(django_app, page(cup), **headers)
    assert comparable(got) == comparable(expected)
    assert TOKENS.sub(rb"\1", body) == TOKENS.sub(rb"\1", d_body)
    assert fast_hit(fast, django_app, api(cup), **headers) == call(django_app, api(cup), **headers)


@pytest.mark.parametrize("path", [page, api])
def test_if_none_match_answers_304_as_django_does(cup, fast, django_app, path):
    _status, headers, _body = call(django_app, path(cup))
    tag = dict(headers)["ETag"]
    answer = fast_hit(fast, django_app, path(cup), HTTP_IF_NONE_MATCH=tag)
    assert answer[0].startswith("304") and answer == call(django_app, path(cup), HTTP_IF_NONE_MATCH=tag)


@pytest.mark.parametrize("kwargs", [
    {"HTTP_COOKIE": "sessionid=abc"},
    {"HTTP_COOKIE": "messages=abc"},
    {"HTTP_COOKIE": "csrftoken=" + "x" * 64},  # masked: Django replaces it
    {"HTTP_COOKIE": "csrftoken=short"},
    {"query": "sort=name"},
    {"HTTP_HX_REQUEST": "true"},
    {"HTTP_AUTHORIZATION": "Token abc"},
    {"method": "HEAD"},
    {"method": "POST"},
    {"HTTP_HOST": "evil.example"},
], ids=lambda kwargs: repr(kwargs)[:40])
@pytest.mark.parametrize("path", [page, api])
def test_everything_else_reaches_django(cup, fast, path, kwargs):
    assert fast.answer(environ(path(cup), **kwargs)) is None


def test_other_urls_and_an_unacceptable_api_request_reach_django(cup, fast):
    for path in (f"/tournaments/{cup.slug}/", f"/tournaments/{cup.slug}/standings/print/",
                 f"/tournaments/{cup.slug}/standings", f"/api/v1/tournaments/{cup.slug}/"):
        assert fast.answer(environ(path)) is None
    assert fast.answer(environ(api(cup), HTTP_ACCEPT="text/csv")) is None
    assert fast.answer(environ(page(cup))) is not None


@pytest.mark.parametrize("path", [page, api])
def test_closing_the_standings_stops_the_fast_path_within_its_bound(cup, fast, django_app, path):
    assert fast_hit(fast, django_app, path(cup))[0] == "200 OK"
    Tournament.objects.filter(pk=cup.pk).update(publish_standings=False)
    fast.clock[0] += fast_standings.REFRESH_SECONDS
    status, _headers, body = call(fast, path(cup))
    assert status.startswith("403") and cup.players[9].nickname.encode() not in body
    assert fast.answer(environ(path(cup))) is None  # kept as "not servable": Django answers each time
    Tournament.objects.filter(pk=cup.pk).update(publish_standings=True, status=Tournament.Status.DRAFT)
    fast.clock[0] += fast_standings.REFRESH_SECONDS
    assert call(fast, path(cup))[0].startswith("404")


def test_new_standings_are_served_within_the_bound(cup, fast, django_app):
    before = fast_hit(fast, django_app, api(cup))
    Tournament.objects.filter(pk=cup.pk).update(win_points=Decimal("2"))
    standings_store(tournament_id=cup.pk)
    fast.clock[0] += fast_standings.REFRESH_SECONDS
    after = call(fast, api(cup))
    assert after == call(django_app, api(cup)) and dict(after[1])["ETag"] != dict(before[1])["ETag"]


def test_a_missing_tournament_reaches_django(fast):
    status, _headers, _body = call(fast, "/tournaments/no-such-cup/standings/")
    assert status.startswith("404")
    assert fast.answer(environ("/tournaments/no-such-cup/standings/")) is None



def test_new_standings_reach_the_fast_path_s_readers_at_once(cup, fast, django_app, django_capture_on_commit_callbacks):
    """Within a quarter of a second of the last answer (the clock stands still), stored standings
    start a new generation once committed: the next reader gets Django's new answer (issue 31)."""
    import json

    answer = fast_hit(fast, django_app, api(cup))
    assert json.loads(answer[2])["games"] == 1
    scored_game(cup, make_round(cup, 2), 1, [(p, "civilian", i < 3, Decimal(i) / 10, []) for i, p in enumerate(cup.players)])
    with django_capture_on_commit_callbacks(execute=True):
        standings_store(tournament_id=cup.pk)
    before = django_app.calls
    status, _headers, body = call(fast, api(cup))
    assert status == "200 OK" and json.loads(body)["games"] == 2
    assert django_app.calls > before
