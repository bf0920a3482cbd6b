"""The record page's filter "at the same table as player X", on either, the same or the other team
(docs/records.md, "The record page", P6–P8).

Hand-counted from the games' deals (tests/records/site/test_record_page.py builds the same
season): in the full Pro Mafia game of 1 October the blacks are seats 2, 5 and 9 and red wins; in
the red disqualification game the blacks are seats 8, 9 and 10 and red wins; the DD game was
hidden again. So seat 5 lost as the Mafia beside seat 4 (a civilian, the other team) in October
and won as a civilian beside seat 4 (the same team) later.
"""

from __future__ import annotations

import re

import pytest

from tests.discipline.helpers import dd_game
from tests.factories import UserPlayerFactory
from tournaments.models import Application

from .kit import publish
from .test_record_page import figure, page

pytestmark = pytest.mark.django_db


def counted(html: str) -> tuple[str, str]:
    return figure(html, "games"), figure(html, "wins")


def game_links(html: str) -> list[str]:
    return re.findall(r'href="/games/(\d+)/"', html)


def test_with_a_player_on_either_the_same_or_the_other_team(client, season):
    cup, october, later, _hidden = season
    five, four = cup.player(5), cup.player(4)
    assert counted(page(client, five)) == ("2", "1")
    anyone = page(client, five, f"with_player={four.pk}")
    assert counted(anyone) == ("2", "1") and "These filters were not applied:" not in anyone
    same = page(client, five, f"with_player={four.pk}&with_team=same")
    assert counted(same) == ("1", "1") and game_links(same) == [str(later.pk)]
    other = page(client, five, f"with_player={four.pk}&with_team=other")
    assert counted(other) == ("1", "0") and game_links(other) == [str(october.pk)]
    # Seat 9 was black in both games: beside seat 5 on the same team in October (lost), on the
    # other later (won as red); with a role filter too, both filters apply.
    nine = cup.player(9).pk
    assert counted(page(client, five, f"with_player={nine}&with_team=same")) == ("1", "0")
    assert counted(page(client, five, f"with_player={nine}&with_team=other")) == ("1", "1")
    assert counted(page(client, five, f"with_player={nine}&with_team=other&role=black")) == ("0", "0")


def test_the_filter_adds_no_query(client, season, django_assert_max_num_queries):
    cup, *_games = season  # the same bound as test_record_page's: the filter is a subquery
    with django_assert_max_num_queries(13):  # a fixed number, whatever the games: the online list's two and the charts' three included
        page(client, cup.player(5), f"role=civilian&with_player={cup.player(4).pk}&with_team=same")


def test_a_team_without_a_player_narrows_nothing(client, season):
    cup, *_games = season
    html = page(client, cup.player(5), "with_team=same")
    assert counted(html) == ("2", "1") and "These filters were not applied:" not in html


@pytest.mark.parametrize("bad", ["999999", "zz", "{me}", "{stranger}"])
def test_a_bad_table_mate_is_reported_and_filters_nothing(client, season, bad):
    cup, *_games = season
    stranger = UserPlayerFactory()  # never at a table with seat 5
    chosen = bad.format(me=cup.player(5).pk, stranger=stranger.pk)
    html = page(client, cup.player(5), f"with_player={chosen}&with_team=other")
    assert "These filters were not applied:" in html and "At the same table as:" in html
    assert counted(html) == ("2", "1")  # with no player, the team narrows nothing either


def test_a_bad_team_is_reported_and_the_player_still_applies(client, season):
    cup, october, later, _hidden = season
    html = page(client, cup.player(5), f"with_player={cup.player(9).pk}&with_team=both&role=black")
    assert "These filters were not applied:" in html and "Their team:" in html
    assert "At the same table as:" not in html
    assert counted(html) == ("1", "0") and game_links(html) == [str(october.pk)]


def choices(html: str) -> list[tuple[str, str]]:
    select = re.search(r'<select name="with_player"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="(\d*)"[^>]*>([^<]*)</option>', select)


def test_the_choices_are_the_published_table_mates_most_games_first(client, season, run):
    cup, *_games = season
    # A newcomer in seat 10 of a third published game, and another in seat 10 of a game hidden
    # again and of a game entered and never submitted: the first is offered last (one game with
    # seat 4), the second never.
    newcomer, secret = UserPlayerFactory(nickname="Aardvark"), UserPlayerFactory(nickname="Secret")
    for player in (newcomer, secret):
        Application.objects.create(tournament=cup.tournament, player=player, status=Application.Status.ACCEPTED)
    old_ten = cup.player(10)
    cup.players[9] = newcomer
    run(cup.confirm, run(cup.play, dd_game()))
    cup.players[9] = secret
    run(publish, cup, run(cup.confirm, run(cup.play, dd_game())), False)
    run(cup.play, dd_game())
    html = page(client, cup.player(4))
    # Seats 1–9 but 4 sat with seat 4 in three published games, the old seat 10 in two, the
    # newcomer in one; the same number of games goes by nickname.
    others = sorted((cup.player(seat) for seat in (1, 2, 3, 5, 6, 7, 8, 9)), key=lambda p: p.nickname)
    assert choices(html) == [("", "Anyone"), *((str(p.pk), f"{p.nickname} (3)") for p in others),
                             (str(old_ten.pk), f"{old_ten.nickname} (2)"), (str(newcomer.pk), "Aardvark (1)")]
    assert "Secret" not in html
    assert choices(page(client, secret)) == [("", "Anyone")]
    # The secret player is no valid choice either.
    assert "At the same table as:" in page(client, cup.player(4), f"with_player={secret.pk}")


def test_the_filter_in_russian(client, season):
    cup, *_games = season
    html = page(client, cup.player(5), f"with_player={cup.player(4).pk}&with_team=other", HTTP_ACCEPT_LANGUAGE="ru")
    for words in ("За одним столом с", "С кем угодно", "Команда того игрока", "Любая команда", "Та же команда",
                  "Другая команда"):
        assert words in html, words
    assert counted(html) == ("1", "0")
