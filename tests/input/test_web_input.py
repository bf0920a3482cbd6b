"""Issue 14, "Bad input", the web pages: each input that was a server error is a clear 4xx that changes nothing
(docs/input-validation.md). The fuzz suites (test_form_fuzz.py, tests/api/test_schemathesis.py)
pin the same without naming fields; these name the ones the stress found."""

from __future__ import annotations

import pytest
from django.test import Client
from freezegun import freeze_time

from core.limits import TEXT_MAX_LENGTH
from discipline.models import DisciplineAppeal, DisciplineCase, DisciplineNote
from games.models import Game, ProtocolVersion
from tests.secrecy.world import START, UNFROZEN, build

# --- the web pages -----------------------------------------------------------------------------------------


@pytest.fixture
def site(db):
    with freeze_time(START, ignore=UNFROZEN) as clock:
        yield build("a", clock)


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_nul_in_query_strings_and_paths_is_a_400_page(site):
    judge = _as(site.judge.user)
    for client, url in [(Client(), "/players/?q=%00"), (Client(), "/ratings/?club=%00"),
                        (Client(), "/t/%00/"), (judge, f"/judge/games/{site.secret.pk}/players/?q=a%00b"),
                        (Client(), "/tournaments/?x%00=1")]:
        response = client.get(url)
        assert response.status_code == 400, url
        assert "NUL" in response.content.decode(), url


def test_nul_in_form_fields_is_a_400_and_changes_nothing(site):
    case = DisciplineCase.objects.get(pk=site.extra["case"])
    organizer, judge = _as(site.organizer), _as(site.judge.user)
    notes, versions = DisciplineNote.objects.count(), ProtocolVersion.objects.count()
    appeal = DisciplineAppeal.objects.get(case=case).text  # the world's player appealed
    posts = [
        (organizer, f"/organize/discipline/{case.pk}/note/", {"text": "a\x00b"}),
        (organizer, f"/organize/discipline/{case.pk}/decide/", {"decision": "upheld", "reason": "\x00"}),
        (judge, f"/judge/games/{site.secret.pk}/deal/", {"player_1": "\x00", "version": "1"}),
        (judge, f"/judge/games/{site.secret.pk}/disqualify/", {"seat": "2", "reason": "x\x00"}),
        (judge, f"/judge/games/{site.secret.pk}/dd/", {"seat": "2", "reason": "\x00"}),
        (judge, f"/judge/games/{site.secret.pk}/bonus/", {"seat": "2", "points": "0.1", "reason": "\x00"}),
    ]
    for client, url, data in posts:
        response = client.post(url, data)
        assert response.status_code == 400, (url, response.status_code)
    player = case.game.seats.get(seat=case.seat).player.user
    response = _as(player).post(f"/discipline/{case.pk}/", {"text": "unfair\x00"})
    assert response.status_code == 400
    assert DisciplineNote.objects.count() == notes and ProtocolVersion.objects.count() == versions
    assert DisciplineAppeal.objects.get(case=case).text == appeal


def test_the_new_game_form_refuses_a_bad_evening(site):
    games = Game.objects.count()
    judge = _as(site.judge.user)
    for value in ["abc", "1e400", "NaN", "99999999999999999999999", "-1"]:
        response = judge.post("/judge/", {"club": site.club.pk, "evening": value})
        assert response.status_code == 200 and Game.objects.count() == games, value
        assert "errorlist" in response.content.decode()
    body = f"club={site.club.pk}&evening=%FF%FE&ruleset=%C3%28".encode()
    response = _as(site.judge.user).generic("POST", "/judge/", body,
                                            content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200 and Game.objects.count() == games


def test_long_texts_are_refused_with_a_message(site):
    case = DisciplineCase.objects.get(pk=site.extra["case"])
    organizer = _as(site.organizer)
    notes = DisciplineNote.objects.count()
    organizer.post(f"/organize/discipline/{case.pk}/note/", {"text": "x" * (TEXT_MAX_LENGTH + 1)})
    assert DisciplineNote.objects.count() == notes
    organizer.post(f"/organize/discipline/{case.pk}/note/", {"text": "x" * TEXT_MAX_LENGTH})
    assert DisciplineNote.objects.count() == notes + 1


@pytest.mark.parametrize("target", ["1e400", "NaN", "home", "//evil.example/", "https://evil.example/x"])
def test_a_link_buttons_next_that_is_not_a_path_goes_to_the_entry_page(site, target):
    """``next`` is where the organizer's link buttons return; a view name there was reverse()d (a 500)."""
    response = _as(site.organizer).post(f"/organize/games/{site.secret.pk}/link/revoke/", {"next": target})
    assert response.status_code == 302 and response["Location"] == f"/judge/games/{site.secret.pk}/"


def test_a_link_buttons_next_that_is_a_path_of_the_site_is_kept(site):
    response = _as(site.organizer).post(f"/organize/games/{site.secret.pk}/link/revoke/",
                                        {"next": "/organize/"})
    assert response.status_code == 302 and response["Location"] == "/organize/"
