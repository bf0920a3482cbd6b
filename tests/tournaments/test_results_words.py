"""The results and the standings in words and numbers a person reads. Issue 27: "Results list
unplayed games as 'setup'; standings totals show '1' among '1.70 … 0.90'."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import PlayerFactory
from tests.tournaments.factories import TournamentFactory, make_round, scored_game
from tournaments.models import Tournament
from tournaments.standings.store import standings_store

pytestmark = pytest.mark.django_db


def words(client, url, language="en") -> str:
    html = client.get(url, headers={"accept-language": language}).content.decode()
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture
def cup():
    cup = TournamentFactory(status=Tournament.Status.RUNNING, publish_results=True, publish_standings=True)
    players = [PlayerFactory(nickname=f"P{n}") for n in range(10)]
    scored_game(cup, make_round(cup, 1), 1, [(p, "civilian", True, 1 if n == 0 else 1.7, []) for n, p in enumerate(players)])
    Game.objects.create(club=cup.club, tournament=cup, round=make_round(cup, 2), table_number=1)  # not played yet
    standings_store(tournament_id=cup.pk)
    return cup


@pytest.mark.parametrize(("language", "state"), [("en", "not played yet"), ("ru", "ещё не сыграна")])
def test_the_results_say_a_game_not_played_yet_in_words(client, cup, language, state):
    text = words(client, reverse("tournaments:results", kwargs={"slug": cup.slug}), language)
    assert re.search(rf"(Round|Тур) 2 (Table|Стол) 1 : {state}", text), text
    assert "setup" not in text


@pytest.mark.parametrize(("language", "one", "other"), [("en", "1.00", "1.70"), ("ru", "1,00", "1,70")])
def test_standings_points_always_have_two_decimals(client, cup, language, one, other):
    html = client.get(reverse("tournaments:standings", kwargs={"slug": cup.slug}),
                      headers={"accept-language": language}).content.decode()
    totals = re.findall(r"<strong>([^<]+)</strong>", html)
    assert one in totals and other in totals
    assert "1" not in totals
