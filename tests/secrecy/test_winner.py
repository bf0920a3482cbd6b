"""Issue 25, "A hidden result stays hidden" (docs/secrecy.md, "The winner"):

> The winner together with the public departures tells who was black, so it is part of the
> result. One rule: a game's winner, like its roles and points, is shown where and when that
> game's results are published (the tournament's switch and the game's own), on every page,
> export, feed and API, the same for all of them.

In the world of tests/secrecy/world.py (variant "a"), the secret game is table 1 of a tournament
whose "game results are public" switch is on; the Mafia wins it by parity. Table 2 is published.
"""

from __future__ import annotations

import pytest
from django.test import Client

from .world import confirm, publish

pytestmark = pytest.mark.django_db

WINNER_WORDS = ("the Mafia wins", "the city wins", "Black wins", "Red wins", "the Mafia (black) won",
                "the city (red) won", "awaiting confirmation")


def _outsider(world) -> Client:
    client = Client()
    client.force_login(world.outsider)
    return client


def _organizer(world) -> Client:
    client = Client()
    client.force_login(world.organizer)
    return client


def _table_1(results_html: str) -> str:
    """The results page's line for table 1 (the secret game)."""
    return results_html.split(">Table 1</a>:", 1)[1].split("</li>", 1)[0]


def _pages(client: Client, world) -> dict[str, str]:
    slug = world.tournament.slug
    return {
        "game": client.get(f"/tournaments/{slug}/games/{world.secret.pk}/").content.decode(),
        "results": _table_1(client.get(f"/tournaments/{slug}/results/").content.decode()),
        "site game": client.get(f"/games/{world.secret.pk}/").content.decode(),
    }


def _shows_a_winner(html: str) -> bool:
    return any(words in html for words in WINNER_WORDS)


def test_a_game_whose_results_the_organizer_hid_shows_no_winner(world):
    """"/tournaments/<slug>/games/<id>/ and /tournaments/<slug>/results/ show "the Mafia wins"
    for a game whose results the organizer hid, while /games/<id>/ shows no winner for the same
    game.\""""
    confirm(world)  # confirmed; the switch published it, the organizer hid it again
    assert not world.secret.results_published
    for client in (Client(), _outsider(world)):
        for name, html in _pages(client, world).items():
            assert not _shows_a_winner(html), name
        detail = client.get(f"/api/v1/games/{world.secret.pk}/").json()
        assert (detail["winner"], detail["end"]) == (None, None)
    # Those entitled see it in every state; everyone once it is published.
    assert "the Mafia wins" in _pages(_organizer(world), world)["game"]
    publish(world)
    pages = _pages(Client(), world)
    assert "the Mafia wins" in pages["game"] and "the Mafia wins" in pages["results"]
    assert Client().get(f"/api/v1/games/{world.secret.pk}/").json()["winner"] == "black"


def test_a_submitted_unconfirmed_game_shows_no_winner_when_the_tournaments_results_are_public(world):
    """"A submitted but unconfirmed tournament game shows "the Mafia wins (awaiting confirmation)"
    once the tournament's results switch is on.\""""
    assert world.tournament.publish_results and world.secret.status == "finished"
    for client in (Client(), _outsider(world)):
        for name, html in _pages(client, world).items():
            assert not _shows_a_winner(html), name
    judge = Client()
    judge.force_login(world.judge.user)
    assert "the Mafia wins" in _pages(judge, world)["results"]


def test_the_discipline_case_names_the_winner_only_to_those_entitled(world):
    """The case's reviewers include the tournament's chief judge, who may not enter the game (here
    the judge of table 2): the case page names the winner under the same rule."""
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=world.tournament.pk).update(chief_judge=world.other_judge)
    confirm(world)
    url = f"/organize/discipline/{world.extra['case']}/"
    chief = Client()
    chief.force_login(world.other_judge.user)
    response = chief.get(url)
    assert response.status_code == 200 and not _shows_a_winner(response.content.decode())
    assert "the Mafia (black) won" in _organizer(world).get(url).content.decode()
    publish(world)
    assert "the Mafia (black) won" in chief.get(url).content.decode()
