"""The player's page lists their places in series (docs/leagues.md, "The player's page"): the
series page's place and total, linked; a tournament whose final standings are not published
gives no line."""

from __future__ import annotations

from datetime import date

import pytest

from leagues import services
from leagues.selectors import player_series_places
from tests.foundation.test_raw_values import visible_text
from tests.seasons.site.test_player_page import section as player_page_section

from .kit import League, players, tournament

pytestmark = pytest.mark.django_db


def section(client, player, language="en") -> str:
    return player_page_section(client, player, language, "player-series")


def test_the_players_series_places_linked_to_the_series(client):
    league = League()
    ann, bob, cid = players("Ann", "Bob", "Cid")
    league.add(tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2), (cid, 2)]))
    league.add(tournament("Summer Cup", date(2026, 6, 1), [(cid, 1), (ann, 2)]))
    html = section(client, cid)
    assert league.series.get_absolute_url() in html and league.league.get_absolute_url() in html
    # the series page's line for Cid: place 2, 16.5 + 25 = 41.5
    assert visible_text(html).endswith("Series 2026 Northern League Thu 1 Jan 2026 – Thu 31 Dec 2026 2 41.5")
    assert "Серии" in section(client, cid, "ru") and "41,5" in section(client, cid, "ru")


def test_no_section_without_a_counted_result(client):
    league = League()
    ann, bob = players("Ann", "Bob")
    league.add(tournament("Autumn Cup", date(2026, 9, 1), [(bob, 1)], published=False))
    assert section(client, bob) == "" and section(client, ann) == ""


def test_one_query_for_the_series_and_one_per_series(django_assert_max_num_queries):
    league = League()
    autumn = services.series_create(league=league.league, actor=league.organizer, name="Autumn 2026",
                                    starts_on=date(2026, 9, 1), ends_on=date(2026, 12, 31), points_table=league.table)
    ann, bob = players("Ann", "Bob")
    league.add(tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2)]))
    services.series_tournament_add(series=autumn, actor=league.organizer,
                                   tournament=tournament("Autumn Cup", date(2026, 10, 1), [(bob, 1), (ann, 2)]))
    with django_assert_max_num_queries(3):
        places = player_series_places(bob)
    # the latest season first: Bob won the Autumn Cup (25), was second in spring (18)
    assert [(series.name, line.place, line.total) for series, line in places] == [
        ("Autumn 2026", 1, 25_000), ("Series 2026", 2, 18_000)]
