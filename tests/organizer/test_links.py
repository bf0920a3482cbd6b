"""The judge's private link where organizers hand it out on the day: the tournament's seating page
(the current round's tables) and the queue's tables in play, with the whole address readable."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game
from tests.games.test_link_pages import Club, assert_link_panel, tokens_in
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club()


def test_the_seating_page_shows_the_current_rounds_links_only(client, club):
    client.force_login(club.organizer)
    url = reverse("organize:seating", kwargs={"slug": club.tournament.slug})
    html = client.get(url).content.decode()
    first, second = club.tables[:2], club.tables[2:]
    for game in first:
        assert_link_panel(html, game)
    assert tokens_in(html, second) == [] and "js/judge_link.js" in html
    # Round 1 is over: round 2 is the one being played.
    Game.objects.filter(pk__in=[game.pk for game in first]).update(status=Game.Status.CONFIRMED)
    html = client.get(url).content.decode()
    assert tokens_in(html, first) == [] and set(tokens_in(html, second)) == {game.pk for game in second}


def test_the_seating_page_does_not_grow_queries_with_the_links(client, club):
    client.force_login(club.organizer)
    url = reverse("organize:seating", kwargs={"slug": club.tournament.slug})
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    rnd = Round.objects.get(tournament=club.tournament, number=1)
    for table in (3, 4, 5):
        Game.objects.create(club=club.club, tournament=club.tournament, round=rnd, table_number=table)
    with CaptureQueriesContext(connection) as more:
        html = client.get(url).content.decode()
    assert html.count("data-judge-link=") == 5
    assert len(more.captured_queries) == len(few.captured_queries)


def test_the_queue_shows_the_links_of_the_tables_in_play(client, club):
    client.force_login(club.organizer)
    html = client.get(reverse("organize:dashboard")).content.decode()
    tables = html[html.index('id="tables"'):]
    for game in (*club.tables[:2], club.standalone):
        assert_link_panel(tables, game)
    assert tokens_in(tables, [*club.tables[2:], club.evening_game]) == []  # a later round; next week's evening


def test_the_whole_address_is_in_a_field_that_wraps(client, club):
    client.force_login(club.organizer)
    html = client.get(reverse("organize:tournament", kwargs={"slug": club.tournament.slug})).content.decode()
    game = club.tables[0]
    field = html[html.index(f'id="judge-link-{game.pk}"') - 200:]
    field = field[field.index("<textarea"):field.index("</textarea>")]
    assert "readonly" in field and "data-link-url" in field and field.endswith(f"/t/{game.judge_token}/")
