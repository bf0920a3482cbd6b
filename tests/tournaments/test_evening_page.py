"""A club evening's public page says who plays and lists its games. Issue 27: "A running club
evening (/tournaments/evenings/<id>/) with three games played says '0 of 10 taken · Playing: No
one yet' and lists no games." The players a judge seats without an application play too; a game's
result shows under the secrecy rule (games.visibility), and its page is linked once it opens."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.models import Game, GameSeat
from tests.factories import PlayerFactory
from tests.tournaments.factories import ApplicationFactory, EveningFactory, organizer_of
from tournaments.models import Application, Evening

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def game(evening, number, status, players, *, winner="", published=False):
    played = Game.objects.create(club=evening.club, evening=evening, number=number, table_number=1, status=status,
                                 winner=winner, results_published=published)
    for seat, player in enumerate(players, start=1):
        GameSeat.objects.create(game=played, seat=seat, player=player, role="civilian")
    return played


@pytest.fixture
def evening():
    evening = EveningFactory(status=Evening.Status.RUNNING, tables=1)
    walk_ins = [PlayerFactory(nickname=f"Walkin{n}") for n in range(12)]
    applied = PlayerFactory(nickname="Applied")
    ApplicationFactory(tournament=None, evening=evening, player=applied, status=Application.Status.ACCEPTED)
    evening.first = game(evening, 1, Game.Status.CONFIRMED, walk_ins[:10], winner="red", published=True)
    evening.second = game(evening, 2, Game.Status.FINISHED, walk_ins[2:12], winner="black", published=False)
    evening.third = game(evening, 3, Game.Status.IN_PROGRESS, walk_ins[:10])
    return evening


def test_a_running_evening_says_who_plays_and_lists_its_games(client, evening):
    page = client.get(evening.get_absolute_url())
    assert page.status_code == 200
    words = text(page)
    html = page.content.decode()
    assert "No one yet" not in words and "0 of 10 taken" not in words
    for nickname in ["Applied", *[f"Walkin{n}" for n in range(12)]]:
        assert nickname in words, nickname
    assert "Games 3" in words
    # each game, in order; a finished game's page is linked, the one in play is not (nobody else's business)
    assert words.index("Game 1, table 1") < words.index("Game 2, table 1") < words.index("Game 3, table 1")
    assert evening.first.get_absolute_url() in html and evening.second.get_absolute_url() in html
    assert f'href="{evening.third.get_absolute_url()}"' not in html
    # issue 28: "A public live view of each running table" — the game in play is watched live
    assert f'href="/games/{evening.third.pk}/live/">Watch live</a>' in html
    assert "in progress" in words
    # the published game's result, not the unpublished one's (games.visibility)
    assert "the city wins" in words and "the Mafia wins" not in words


def test_the_clubs_organizer_sees_every_result_and_the_game_in_play(client, evening):
    client.force_login(organizer_of(evening.club))
    page = client.get(evening.get_absolute_url())
    words, html = text(page), page.content.decode()
    assert "the city wins" in words and "the Mafia wins" in words
    assert evening.third.get_absolute_url() in html


def test_an_evening_open_for_applications_counts_its_seats(client):
    evening = EveningFactory(status=Evening.Status.OPEN, tables=1)
    words = text(client.get(evening.get_absolute_url()))
    assert "0 of 10 taken" in words and "No games yet." in words and "No one yet." in words
