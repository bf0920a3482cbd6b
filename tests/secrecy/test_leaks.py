"""One test per leak found in issue 13 (docs/secrecy.md): each fails when its leak is put back.

The every-URL walk (test_every_url.py) catches these and whatever comes later; these name the
five doors that were open, in the world of tests/secrecy/world.py (variant "a").
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.template.defaultfilters import floatformat
from django.test import Client

from games.models import Game
from ratings.models import PlayerRating, RatingEntry

from .world import confirm, publish

pytestmark = pytest.mark.django_db


def _seated(game: Game, seat: int):
    return game.seats.get(seat=seat).player


def _outsider(world) -> Client:
    client = Client()
    client.force_login(world.outsider)
    return client


def test_ratings_and_their_red_black_counts_wait_for_publication(world, django_capture_on_commit_callbacks):
    """Leak 1: the leaderboard and rating history moved as soon as a game was confirmed; the
    red/black track counts told every player's team."""
    don = _seated(world.secret, 1)  # plays only the secret games: the Don at table 1, red in the evening
    with django_capture_on_commit_callbacks(execute=True):
        confirm(world)
    assert not RatingEntry.objects.filter(game__in=world.secret_games).exists()
    assert not PlayerRating.objects.filter(player=don).exists()
    client = _outsider(world)
    assert don.nickname not in client.get("/ratings/", {"track": "black"}).content.decode()
    history = client.get(f"/api/v1/players/{don.pk}/rating-history/").json()
    assert history["rating"] is None and history["history"] == []
    assert don.pk not in {row["player"]["id"] for row in client.get("/api/v1/ratings/").json()["results"]}

    with django_capture_on_commit_callbacks(execute=True):
        publish(world)
    rating = PlayerRating.objects.get(player=don)
    assert (rating.red_games, rating.black_games) == (1, 1)
    assert client.get(f"/api/v1/players/{don.pk}/rating-history/").json()["rating"]["black_games"] == 1


def test_standings_and_per_seat_points_wait_for_publication(world, django_capture_on_commit_callbacks):
    """Leak 2: the standings' points by role (page, print, CSV, API) and the per-seat points of
    the tournament's game and player pages showed confirmed, unpublished games."""
    don = _seated(world.secret, 1)
    with django_capture_on_commit_callbacks(execute=True):
        confirm(world)  # the tournament's switch is on; the organizer hid this game's results
    client = _outsider(world)
    slug = world.tournament.slug
    rows = client.get(f"/api/v1/tournaments/{slug}/standings/").json()["rows"]
    mine = next(row for row in rows if row["player_id"] == don.pk)
    assert mine["games"] == 0 and mine["by_role"] == {}
    exported = csv.reader(io.StringIO(client.get(f"/tournaments/{slug}/standings.csv").content.decode("utf-8-sig")))
    line = next(line for line in exported if line[1] == don.nickname)
    assert [Decimal(value) for value in line[2:]] == [0] * 9  # total, wins, games, extra, penalty, 4 roles
    game_page = client.get(f"/tournaments/{slug}/games/{world.secret.pk}/").content.decode()
    assert ">Points</th>" not in game_page and ">Role</th>" not in game_page
    score = floatformat(world.secret.scores.get(seat=1).total, "-2")
    games = client.get(f"/tournaments/{slug}/players/{don.pk}/").content.decode().split("<tbody>")[1]
    assert f">{score}</td>" not in games and '<span class="muted">—</span>' in games

    with django_capture_on_commit_callbacks(execute=True):
        publish(world)
    rows = client.get(f"/api/v1/tournaments/{slug}/standings/").json()["rows"]
    mine = next(row for row in rows if row["player_id"] == don.pk)
    assert mine["games"] == 1 and set(mine["by_role"]) == {"don"}
    assert ">Points</th>" in client.get(f"/tournaments/{slug}/games/{world.secret.pk}/").content.decode()
    games = client.get(f"/tournaments/{slug}/players/{don.pk}/").content.decode().split("<tbody>")[1]
    assert f">{score}</td>" in games


def test_the_tournaments_protocol_page_shows_no_shot_or_check_before_publication(world):
    """Leak 3: the public protocol page ignored the rule."""
    url = f"/tournaments/{world.tournament.slug}/games/{world.secret.pk}/protocol/"
    for client in (Client(), _outsider(world)):
        response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 403
        assert "sheriff_check" not in html and "don_check" not in html and "&#x27;shots&#x27;" not in html
        assert f"Version {world.secret.protocol_version}" not in html
    confirm(world)
    publish(world)
    html = Client().get(url).content.decode()
    assert "sheriff_check" in html and "don_check" in html


def test_the_api_protocol_version_is_shown_only_under_the_rule(world):
    """Leak 4: the protocol version grows with every night check, so it told whether the Sheriff
    or the Don acted."""
    for client in (Client(), _outsider(world)):
        detail = client.get(f"/api/v1/games/{world.secret.pk}/").json()
        assert detail["protocol_version"] is None
        listed = client.get("/api/v1/games/", {"evening": world.evening.pk}).json()["results"]
        assert [game["protocol_version"] for game in listed] == [None]
    judge = Client()
    judge.force_login(world.judge.user)
    assert judge.get(f"/api/v1/games/{world.secret.pk}/").json()["protocol_version"] == world.secret.protocol_version
    listed = judge.get("/api/v1/games/", {"evening": world.evening.pk}).json()["results"]
    assert [game["protocol_version"] for game in listed] == [world.evening_game.protocol_version]


def test_a_guest_awaiting_a_decision_is_on_no_public_page(world):
    """Leak 5: /players/<id>/ (and the rating pages) served a guest whose application was not
    accepted."""
    guest = world.guest
    assert guest.is_pending
    for client in (Client(), _outsider(world)):
        for url in (f"/players/{guest.pk}/", f"/ratings/players/{guest.pk}/",
                    f"/tournaments/{world.tournament.slug}/players/{guest.pk}/",
                    f"/api/v1/players/{guest.pk}/", f"/api/v1/players/{guest.pk}/rating-history/"):
            assert client.get(url).status_code == 404, url
        assert guest.nickname not in client.get("/players/", {"q": "Guest"}).content.decode()
        assert client.get("/api/v1/players/", {"q": "Guest"}).json()["results"] == []
