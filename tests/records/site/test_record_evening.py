"""The record page's evening filter (docs/records.md, "The record page"): the club evenings of the
player's own published games, latest first; the figures and the games of one evening.

The store copies a game's evening onto its rows (tests/records/site/test_store.py); here two of the
three games of tests/records/site/test_figure_games.py are put in two evenings on the rows.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from records import selectors
from records.models import SeatRecord
from tests.tournaments.factories import EveningFactory

from .test_figure_games import games, get, ids, links, listed  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def evenings(games):  # noqa: F811
    cup, g = games
    friday, saturday = EveningFactory(club=cup.club), EveningFactory(club=cup.club)
    SeatRecord.objects.filter(game=g["A"]).update(evening=friday)
    SeatRecord.objects.filter(game=g["C"]).update(evening=saturday)
    return cup, g, friday, saturday


def test_the_evening_filter_keeps_that_evenings_games(client, evenings):
    cup, g, friday, saturday = evenings
    one = cup.player(1)
    url = reverse("records:player", args=[one.pk])
    html = get(client, f"{url}?evening={friday.pk}")
    assert "These filters were not applied:" not in html
    assert links(html)["games"][1] == "1" and listed(html) == ids(g, "A")
    assert links(html)["fouls-ordinary"][1] == "3"  # A's three ordinary fouls of seat 1
    # a figure's link keeps the evening
    assert f"evening={friday.pk}" in links(html)["wins"][0]
    assert listed(get(client, links(html)["wins"][0])) == ids(g, "A")
    assert listed(get(client, f"{url}?evening={saturday.pk}")) == ids(g, "C")


def test_the_choices_are_the_players_evenings_and_a_strangers_is_refused(client, evenings):
    cup, _g, friday, saturday = evenings
    one = cup.player(1)
    assert set(selectors.player_evenings(one)) == {friday, saturday}
    other = EveningFactory(club=cup.club)  # no game of the player
    html = get(client, f"{reverse('records:player', args=[one.pk])}?evening={other.pk}")
    assert "These filters were not applied:" in html and "Club evening:" in html
    assert links(html)["games"][1] == "3"


def test_an_evenings_game_names_the_evening_once_beside_its_day(client, evenings):
    """The games list has a date column: the event column names the evening alone, linked to it
    (an evening's full name, "Club evening (2026-05-01)", said the day twice)."""
    cup, g, friday, _saturday = evenings
    SeatRecord.objects.filter(game=g["A"]).update(tournament=None)
    html = get(client, reverse("records:player", args=[cup.player(1).pk]))
    games_list = html[html.index("record-games"):]  # (the evening filter's options keep the day)
    assert f'<a href="{friday.get_absolute_url()}">{friday.title}</a>' in games_list
    assert str(friday) not in games_list and str(friday) != friday.title
