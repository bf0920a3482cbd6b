"""The judge's "My tables": the tables still to enter come in the order the judge will play them."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.tournaments.factories import TournamentFactory, judge_of, make_round

from .factories import GameFactory

pytestmark = pytest.mark.django_db


def open_tables_in_page_order(client) -> list[int]:
    html = client.get(reverse("entry:my_tables")).content.decode()
    section = html[html.index('id="tables-open"'):]
    section = section[:section.index("</section>")]
    return [int(pk) for pk in re.findall(r'data-game="(\d+)"', section)]


def test_the_table_in_play_comes_first_then_the_rounds_still_to_play_in_their_order(client):
    """Seating made every round's table at once; the judge's next table is round 1's, not round
    10's, which the page listed first."""
    tournament = TournamentFactory()
    judge = judge_of(tournament.club)
    rounds = [make_round(tournament, number) for number in (1, 2, 3)]
    to_play = [GameFactory(club=tournament.club, tournament=tournament, round=rnd, table_number=1, judge=judge)
               for rnd in rounds]
    playing = GameFactory(club=tournament.club, judge=judge, status=Game.Status.IN_PROGRESS)
    client.force_login(judge.user)
    assert open_tables_in_page_order(client) == [playing.pk, *(game.pk for game in to_play)]


def test_a_tables_card_names_its_event_on_a_line_of_its_own(client):
    tournament = TournamentFactory(name="Autumn Cup")
    judge = judge_of(tournament.club)
    GameFactory(club=tournament.club, tournament=tournament, round=make_round(tournament, 1), judge=judge)
    client.force_login(judge.user)
    html = client.get(reverse("entry:my_tables")).content.decode()
    assert '<span class="my-table-event">Autumn Cup</span>' in html
    assert "· Autumn Cup" not in html
