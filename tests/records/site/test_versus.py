"""The head-to-head page (docs/records.md, "Head-to-head"): two players side by side in the
published games they shared, each figure linking to its games.

The games of tests/records/site/test_figure_games.py, seen from seats 1 and 2 (hand-counted):
A (full Pro Mafia): 1 a civilian, 2 the Don, red won: opposite teams, 1 won; 1 nominated 2 on
Days 2 and 3, 2 nominated 1 on Day 3; 1's ballots against 2: Day 3's vote and revote; 2's against
1: Day 2 and Day 3's first round; the Don (2) checked 1 on Night 2.
B (full fiim-2025): 1 the Sheriff, 2 a civilian, black won: lost together; nothing between them.
C (red disqualification): both red, red won: won together; both voted 8 only.
The DD game, both at its table too, was hidden again: it is nowhere.
"""

from __future__ import annotations

import re

import pytest
from django.db.models import F
from django.urls import reverse

from games.engine import replay
from games.models import Game
from records import selectors
from records.models import SeatRecord
from tests.factories import UserPlayerFactory
from tests.foundation.test_raw_values import visible_text

from .test_figure_games import amounts, games, get, ids, listed  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def versus(first, second, query: str = "") -> str:
    return f"{reverse('records:versus', args=[first.pk, second.pk])}?{query}"


def shown(html: str) -> dict[str, str]:
    return dict((name, value) for name, value in re.findall(r'data-figure="([^"]*)">([^<]*)<', html))


def test_the_figures_of_two_players_hand_counted(client, games):  # noqa: F811
    cup, g = games
    html = get(client, versus(cup.player(1), cup.player(2)))
    assert shown(html) == {
        "together": "3", "same_team": "2", "won_together": "1", "lost_together": "1", "other_team": "1",
        "first_won": "1", "second_won": "0", "first_nominated": "2", "second_nominated": "1",
        "first_voted": "2", "second_voted": "2", "first_checked": "0", "second_checked": "1",
    }
    assert listed(html) == ids(g, "C", "B", "A")
    # each one's points: the sums of their seats in the three games
    text = visible_text(html)
    for seat in (1, 2):
        milli = sum(SeatRecord.objects.filter(player=cup.player(seat)).values_list("points_milli", flat=True))
        assert f"{milli / 1000:.2f}" in text
    # the other way round, the sides swap
    other = shown(get(client, versus(cup.player(2), cup.player(1))))
    assert (other["first_won"], other["second_won"], other["first_checked"], other["second_nominated"]) == (
        "0", "1", "1", "2")


@pytest.mark.parametrize(("figure", "games_listed", "counted"), [
    ("same_team", "CB", None), ("won_together", "C", None), ("lost_together", "B", None), ("other_team", "A", None),
    ("first_won", "A", None), ("second_won", "", None), ("first_nominated", "A", [2]), ("second_nominated", "A", [1]),
    ("first_voted", "A", [2]), ("second_voted", "A", [2]), ("first_checked", "", []), ("second_checked", "A", [1]),
])
def test_each_figure_links_to_its_games(client, games, figure, games_listed, counted):  # noqa: F811
    cup, g = games
    page = get(client, versus(cup.player(1), cup.player(2)))
    href = re.search(rf'<a href="([^"]*)" data-figure="{figure}">', page).group(1)
    assert href == f"?show={figure}#games"
    html = get(client, versus(cup.player(1), cup.player(2), f"show={figure}"))
    assert listed(html) == ids(g, *games_listed)
    assert "counted by «" in html and 'class="clear-figure"' in html
    if counted is not None:
        assert amounts(html) == counted and f"In all: {sum(counted)}." in html
    else:
        assert amounts(html) == [] and str(len(games_listed)) == shown(page)[figure]


def test_an_unknown_figure_lists_every_game(client, games):  # noqa: F811
    cup, g = games
    html = get(client, versus(cup.player(1), cup.player(2), "show=everything"))
    assert "There is no such figure" in html and listed(html) == ids(g, "C", "B", "A")


def test_players_who_never_met_and_the_wrong_addresses(client, games):  # noqa: F811
    cup, _g = games
    stranger = UserPlayerFactory()
    html = get(client, versus(cup.player(1), stranger))
    assert "No published games together." in html and shown(html)["together"] == "0"
    assert client.get(versus(cup.player(1), cup.player(1))).status_code == 404
    assert client.get(reverse("records:versus", args=[cup.player(1).pk, 999999])).status_code == 404


def test_the_record_page_links_to_the_head_to_head(client, games):  # noqa: F811
    cup, _g = games
    html = get(client, f"{reverse('records:player', args=[cup.player(1).pk])}?with_player={cup.player(2).pk}")
    assert f'href="{reverse("records:versus", args=[cup.player(1).pk, cup.player(2).pk])}"' in html
    assert "Head-to-head with" in html


def test_the_page_in_russian(client, games):  # noqa: F811
    cup, _g = games
    response = client.get(versus(cup.player(1), cup.player(2)), HTTP_ACCEPT_LANGUAGE="ru")
    text = visible_text(response.content.decode())
    for words in ("очные встречи", "Игр за одним столом 3", "В одной команде 2", "Выставил другого 2 1"):
        assert words in text, words


def test_each_games_acts_are_replayed_once_per_protocol_version(client, games, monkeypatch):  # noqa: F811
    """docs/records.md H4: a page reads each shared game's acts kept under its protocol's version;
    a game replayed for one page is not replayed for the next, and a new version is read anew."""
    cup, g = games
    replayed = []
    monkeypatch.setattr(selectors, "replay", lambda protocol: replayed.append(protocol) or replay(protocol))
    first = shown(get(client, versus(cup.player(1), cup.player(2))))
    assert len(replayed) == 3
    assert shown(get(client, versus(cup.player(2), cup.player(1)))) == {  # the same games, seen from 2
        **first, "first_won": "0", "second_won": "1", "first_nominated": "1", "second_nominated": "2",
        "first_checked": "1", "second_checked": "0"}
    assert len(replayed) == 3
    Game.objects.filter(pk=g["A"].pk).update(protocol_version=F("protocol_version") + 1)
    assert shown(get(client, versus(cup.player(1), cup.player(2)))) == first
    assert len(replayed) == 4
