"""Issue 25, a hidden result stays hidden: "The winner together with the public departures tells
who was black, so it is part of the result. One rule: a game's winner, like its roles and points,
is shown where and when that game's results are published (the tournament's switch and the game's
own), on every page, export, feed and API, the same for all of them."

The world (tests/secrecy/world.py): the tournament's "game results are public" switch is on; its
table 2 is confirmed and published (the city wins); table 1, the secret game, is a Mafia win —
submitted and unconfirmed in ``build``, confirmed and hidden again by the organizer in ``confirm``.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game

from .world import confirm, publish

pytestmark = pytest.mark.django_db

MAFIA_WINS = "the Mafia wins"
CITY_WINS = "the city wins"


def _pages(world) -> list[str]:
    slug = world.tournament.slug
    return [f"/tournaments/{slug}/games/{world.secret.pk}/", f"/tournaments/{slug}/results/",
            f"/games/{world.secret.pk}/", f"/tournaments/evenings/{world.evening.pk}/"]


def _seen(client: Client, url: str) -> str:
    answer = client.get(url, follow=True)  # /games/<id>/ of a tournament's game: its page there
    assert answer.status_code == 200, (url, answer.status_code)
    return answer.content.decode()


def test_a_submitted_unconfirmed_game_shows_no_winner_while_the_tournament_s_results_are_public(world):
    """Issue 25: "A submitted but unconfirmed tournament game shows 'the Mafia wins (awaiting
    confirmation)' once the tournament's results switch is on.\""""
    assert world.secret.status == Game.Status.FINISHED and world.tournament.publish_results
    anonymous = Client()
    for url in _pages(world):
        body = _seen(anonymous, url)
        assert MAFIA_WINS not in body and "awaiting confirmation" not in body, url
    # table 2 is confirmed and published: its result is there, so the results page is not simply empty
    assert CITY_WINS in _seen(anonymous, f"/tournaments/{world.tournament.slug}/results/")


def test_a_game_whose_results_the_organizer_hid_shows_no_winner_on_any_page(world):
    """Issue 25: "`/tournaments/<slug>/games/<id>/` and `/tournaments/<slug>/results/` show 'the
    Mafia wins' for a game whose results the organizer hid.\""""
    world = confirm(world)
    assert world.secret.status == Game.Status.CONFIRMED and not world.secret.results_published
    anonymous, outsider = Client(), Client()
    outsider.force_login(world.outsider)
    for client in (anonymous, outsider):
        for url in _pages(world):
            assert MAFIA_WINS not in _seen(client, url), url
        api = client.get(f"/api/v1/games/{world.secret.pk}/").json()
        assert api["winner"] is None


def test_those_entitled_see_the_winner_before_publication_and_everyone_after(world):
    world = confirm(world)
    organizer = Client()
    organizer.force_login(world.organizer)
    assert MAFIA_WINS in _seen(organizer, f"/tournaments/{world.tournament.slug}/games/{world.secret.pk}/")
    assert MAFIA_WINS in _seen(organizer, f"/tournaments/{world.tournament.slug}/results/")
    case_page = _seen(organizer, f"/organize/discipline/{world.extra['case']}/")
    assert MAFIA_WINS in case_page
    world = publish(world)
    anonymous = Client()
    assert MAFIA_WINS in _seen(anonymous, f"/tournaments/{world.tournament.slug}/games/{world.secret.pk}/")
    assert MAFIA_WINS in _seen(anonymous, f"/tournaments/{world.tournament.slug}/results/")
    assert MAFIA_WINS in _seen(anonymous, f"/games/{world.secret.pk}/")
