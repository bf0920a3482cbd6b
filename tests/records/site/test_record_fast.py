"""The record page in front of Django (docs/records.md, "Speed"): an anonymous visitor's answer is
tagged and the same for all of them, so the fast path (records/fast.py, FastRecords) answers it from
Django's own answer under the store's generation; a change of the store reaches the next request,
what the store does not hold (the online games) within RECORD_REFRESH_SECONDS, and a signed-in
reader always gets their own page from Django."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from records.fast import RECORD_REFRESH_SECONDS, FastRecords
from records.generation import store_changed
from records.models import SeatRecord
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.wsgi_kit import call

from .fast_kit import TOKENS, a_new_generation, fast_app  # noqa: F401 (a_new_generation: a fixture)
from .store_rows import counted_game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    """Ann's one published game, won."""
    ann = PlayerFactory(nickname="Ann")
    seat(counted_game(ClubFactory(), datetime(2026, 10, 1, 19, tzinfo=UTC)), ann, 1, won=True, points=2000)
    return ann


@pytest.fixture
def fast(django_app, monkeypatch):
    return fast_app(FastRecords, django_app, monkeypatch)


def games(body: bytes) -> str:
    return re.search(rb'data-figure="games">([^<]*)<', body).group(1).decode()


def test_an_anonymous_visitors_page_is_tagged_and_a_signed_in_readers_is_not(client, ann):
    url = reverse("records:player", args=[ann.pk])
    first = client.get(url)
    tag = first["ETag"]
    assert first["Cache-Control"] == "no-cache" and "Cookie" in first["Vary"] and "HX-Request" in first["Vary"]
    assert client.get(url)["ETag"] == tag  # another rendering, another CSRF token: the same tag
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    assert client.get(url, {"role": "black"})["ETag"] != tag
    client.force_login(UserFactory())
    signed_in = client.get(url, headers={"If-None-Match": tag})
    assert signed_in.status_code == 200 and not signed_in.has_header("ETag")


def test_the_fast_path_answers_until_the_store_changes(ann, fast, django_app):
    path = reverse("records:player", args=[ann.pk])
    for query, htmx in (("", False), ("role=red", False), ("role=red", True)):
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        call(fast, path, query=query, **extra)  # Django is asked once, then the fast path answers
        calls = django_app.calls
        status, _headers, body = call(fast, path, query=query, **extra)
        assert status == "200 OK" and django_app.calls == calls and games(body) == "1"
        assert (b"<html" in body) != htmx
    seat(counted_game(ClubFactory(), datetime(2026, 10, 8, 19, tzinfo=UTC)), ann, 2, won=False, points=0)
    store_changed()  # what the pipeline's write of the store does on its commit
    calls = django_app.calls
    assert games(call(fast, path)[2]) == "2" and django_app.calls > calls  # at once: the generation alone


def test_within_a_generation_django_is_asked_again_after_the_refresh(ann, fast, django_app):
    path = reverse("records:player", args=[ann.pk])
    call(fast, path)
    calls = django_app.calls
    call(fast, path)
    assert django_app.calls == calls
    fast.clock[0] += RECORD_REFRESH_SECONDS
    call(fast, path)
    assert django_app.calls > calls


def test_the_fast_answer_is_djangos_with_the_visitors_own_token(ann, fast, django_app):
    path = reverse("records:player", args=[ann.pk])
    call(fast, path)
    status, headers, body = call(fast, path)
    d_status, d_headers, d_body = call(django_app, path)
    assert status == d_status == "200 OK" and dict(headers)["ETag"] == dict(d_headers)["ETag"]
    assert TOKENS.sub(rb"\1", body) == TOKENS.sub(rb"\1", d_body)
    assert call(fast, path, HTTP_IF_NONE_MATCH=dict(headers)["ETag"])[0].startswith("304")


def test_only_the_record_page_is_answered(ann, fast, django_app):
    for path in (reverse("records:games_csv", args=[ann.pk]), reverse("players:detail", args=[ann.pk])):
        call(fast, path)
        calls = django_app.calls
        call(fast, path)
        assert django_app.calls == calls + 1, path  # Django each time


def test_a_signed_in_reader_is_always_answered_by_django(client, ann, fast, django_app):
    path = reverse("records:player", args=[ann.pk])
    client.force_login(UserFactory())
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    for _ in range(2):
        calls = django_app.calls
        status, headers, body = call(fast, path, HTTP_COOKIE=cookie)
        assert status == "200 OK" and "ETag" not in dict(headers) and b"Log out" in body
        assert django_app.calls == calls + 1


def test_a_player_hidden_again_leaves_with_the_store(ann, fast, django_app):
    path = reverse("records:player", args=[ann.pk])
    call(fast, path)
    SeatRecord.objects.filter(player=ann).delete()
    store_changed()
    assert games(call(fast, path)[2]) == "0"
