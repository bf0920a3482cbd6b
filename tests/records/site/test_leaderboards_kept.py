"""The leaderboards kept rendered and their fast path (docs/records.md, "Leaderboards", Speed): a
change of the store gives a new table at once, in the page and in front of Django; a bad query is
kept as itself, never as a good one; each language its own; an anonymous visitor gets the body all
anonymous visitors get, a signed-in one the page rendered for them."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.urls import reverse

from records.fast import REFRESH_SECONDS, FastLeaderboards
from records.generation import GENERATION_KEY, store_changed
from records.models import SeatRecord
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.foundation.test_raw_values import visible_text
from tests.wsgi_kit import call

from .fast_kit import TOKENS, a_new_generation, fast_app  # noqa: F401 (a_new_generation: a fixture)
from .store_rows import counted_game, rescored, seat

pytestmark = pytest.mark.django_db

PATH = "/players/leaderboards/"


@pytest.fixture
def store():
    """Ann leads the points (2.0 over 1.0 of Bob) in two games of one club."""
    club = ClubFactory()
    ann, bob = PlayerFactory(nickname="Ann"), PlayerFactory(nickname="Bob")
    game = counted_game(club, datetime(2026, 10, 1, 19, tzinfo=UTC))
    seat(game, ann, 1, won=True, points=2000)
    seat(game, bob, 2, won=True, points=1000)
    return {"club": club, "ann": ann, "bob": bob, "game": game}


@pytest.fixture
def fast(django_app, monkeypatch):
    return fast_app(FastLeaderboards, django_app, monkeypatch)


def first_player(body) -> str:
    text = visible_text(body.decode() if isinstance(body, bytes) else body)
    return re.search(r"Place Player Games Points 1 (\w+)", text).group(1)


def overtake(store) -> None:
    """Bob's points grow past Ann's, as a rescore would write them, and the store's write tells it."""
    rescored(SeatRecord.objects.filter(player=store["bob"]), points_milli=3000)
    store_changed()


def test_a_change_of_the_store_gives_a_new_table_in_the_page(client, store):
    url = reverse("records:leaderboards")
    assert first_player(client.get(url).content) == "Ann"
    rescored(SeatRecord.objects.filter(player=store["bob"]), points_milli=3000)
    assert first_player(client.get(url).content) == "Ann"  # kept: a row changed behind the store's writes
    store_changed()  # what a publish, a hide or a rescore does on its commit
    assert first_player(client.get(url).content) == "Bob"
    assert first_player(client.get(url, headers={"HX-Request": "true"}).content) == "Bob"


def test_the_fast_path_answers_a_new_generation_at_once(store, fast, django_app):
    for query in ("", "statistic=points&min_games=1"):
        call(fast, PATH, query=query)  # Django is asked once, then the fast path answers
        calls = django_app.calls
        status, _headers, body = call(fast, PATH, query=query)
        assert status == "200 OK" and django_app.calls == calls and first_player(body) == "Ann"
    overtake(store)
    calls = django_app.calls
    _status, _headers, body = call(fast, PATH)
    assert django_app.calls > calls and first_player(body) == "Bob"  # no time passed: the generation alone
    status, _headers, body = call(fast, PATH, query="statistic=points&min_games=1")
    assert first_player(body) == "Bob"


def test_within_a_generation_the_fast_path_asks_django_again_after_its_refresh(store, fast, django_app):
    call(fast, PATH)
    calls = django_app.calls
    call(fast, PATH)
    assert django_app.calls == calls
    fast.clock[0] += REFRESH_SECONDS
    call(fast, PATH)
    assert django_app.calls > calls


def test_without_a_known_generation_django_answers(store, fast, django_app):
    call(fast, PATH)
    cache.delete(GENERATION_KEY)  # the cache lost it (a restart): nothing kept can be trusted
    calls = django_app.calls
    call(fast, PATH)
    assert django_app.calls > calls


def test_the_fast_path_is_django_s_answer_with_the_visitor_s_own_token(store, fast, django_app):
    call(fast, PATH, query="statistic=wins")
    status, headers, body = call(fast, PATH, query="statistic=wins")
    d_status, d_headers, d_body = call(django_app, PATH, query="statistic=wins")
    assert status == d_status == "200 OK"
    assert dict(headers)["ETag"] == dict(d_headers)["ETag"]
    assert TOKENS.sub(rb"\1", body) == TOKENS.sub(rb"\1", d_body)
    answer = call(fast, PATH, query="statistic=wins", HTTP_IF_NONE_MATCH=dict(headers)["ETag"])
    assert answer[0].startswith("304")


def test_a_bad_query_is_never_kept_as_a_good_one(store, fast, django_app):
    for app in (django_app, fast, fast):  # Django (the kept part), then the fast path's own memory
        for query, reported in (("min_games=1", False), ("min_games=-3", True), ("min_games=1", False),
                                ("min_games=1&since=2026-13-01", True)):
            body = call(app, PATH, query=query)[2].decode()
            assert ("These filters were not applied" in body) == reported, (app, query)
            assert first_player(body) == "Ann"


def test_each_language_its_own_body(client, store, fast, django_app):
    english = client.get(PATH, headers={"Accept-Language": "en"}).content.decode()
    russian = client.get(PATH, headers={"Accept-Language": "ru"}).content.decode()
    assert "Leaderboards" in english and "Leaderboards" not in russian
    for language in ("ru", "en", "ru"):
        call(fast, PATH, HTTP_ACCEPT_LANGUAGE=language)
        body = call(fast, PATH, HTTP_ACCEPT_LANGUAGE=language)[2].decode()
        assert ("<h1>Leaderboards</h1>" in body) == (language == "en")


def test_a_signed_in_reader_gets_their_own_page_and_no_tag(client, store, fast, django_app):
    """The page's navigation is the reader's own (base.html): only a visitor about whom nothing is
    known gets the shared body and its tag, from Django as from the fast path."""
    _status, headers, anonymous = call(django_app, PATH)
    tag = dict(headers)["ETag"]
    assert b"Log out" not in anonymous
    client.force_login(UserFactory())
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    for app in (django_app, fast, fast):
        calls = django_app.calls
        status, headers, body = call(app, PATH, HTTP_COOKIE=cookie, HTTP_IF_NONE_MATCH=tag)
        assert status == "200 OK" and "ETag" not in dict(headers) and b"Log out" in body
        assert first_player(body) == "Ann" and django_app.calls == calls + 1  # always Django
