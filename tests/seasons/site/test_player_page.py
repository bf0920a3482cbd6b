"""The player's page lists their places in their clubs' seasons (docs/seasons.md, "The player's
page"): the season page's place (none below the minimum), linked; seasons they did not play in
are left out."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from clubs.models import Player
from seasons.models import ClubSeason
from seasons.selectors import PLAYER_SEASONS, player_season_places
from tests.factories import PlayerFactory
from tests.foundation.test_raw_values import visible_text

pytestmark = pytest.mark.django_db


def section(client, player, language="en", name="player-seasons") -> str:
    """The player's page's section ``name`` ("" when the page has none)."""
    html = client.get(reverse("players:detail", args=[player.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    start = html.find(f'<section class="{name}">')
    return "" if start < 0 else html[start:html.index("</section>", start)]


def test_the_players_season_places_linked_to_the_seasons(client, october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="rating")
    ClubSeason.objects.create(club=october.club, name="December", starts_on=date(2026, 12, 1),
                              ends_on=date(2026, 12, 31))  # nobody played in it
    bob = Player.objects.get(nickname="Bob")
    html = section(client, bob)
    assert october.get_absolute_url() in html and october.club.get_absolute_url() in html
    assert "December" not in html
    # the season page: 1 Cid +20, 2 Bob +12, 3 Ann +5; Bob played 3 games
    assert visible_text(html).endswith(f"October Thu 1 Oct 2026 – Thu 15 Oct 2026 {october.club.name} 2 3")
    assert "Сезоны клубов" in section(client, bob, "ru")


def test_below_the_minimum_no_place_and_no_season_without_a_game(client, october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="mean", min_games=3)
    ann = Player.objects.get(nickname="Ann")
    text = visible_text(section(client, ann))
    assert text.endswith(f"{october.club.name} — 2")
    assert "Fewer than 3 games: no place." in section(client, ann)
    assert section(client, PlayerFactory()) == ""


def test_the_latest_twenty_seasons_at_one_query_each(october, django_assert_max_num_queries):
    """Reading (docs/seasons.md): the page looks at the 20 latest seasons of the player's clubs,
    one query for them and one for each season's standings (two with the rating change)."""
    for number in range(24):
        ClubSeason.objects.create(club=october.club, name=f"October {number}", starts_on=date(2026, 10, 1),
                                  ends_on=date(2026, 10, 15))
    bob = Player.objects.get(nickname="Bob")
    with django_assert_max_num_queries(1 + PLAYER_SEASONS):
        places = player_season_places(bob)
    assert len(places) == PLAYER_SEASONS
    assert {line.place for _season, line in places} == {2}  # the points: Cid 2.0, Bob 1.7, Ann 1.4
