"""The record page (docs/records.md, "The record page"): a player's figures and games from the
published games, for the filters of a GET form; a bad filter is reported and filters nothing.

The numbers asserted are hand-counted from the games' protocols (tests/records/site/test_store.py
reads the same seats): seat 4 of the full Pro Mafia game is a civilian shot on Night 1 whose First
Color Will guessed two blacks, in a game red won: 1.00 point (0.10 for a vote into a black, 0.80
from three items of the First Color Will, 0.10 for the early-night shot's will).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from records.models import SeatRecord
from tests.foundation.test_raw_values import visible_text

from .kit import publish

pytestmark = pytest.mark.django_db
OCTOBER_FIRST = datetime(2026, 10, 1, 19, 0, tzinfo=ZoneInfo("UTC"))


def page(client, player, query="", **headers):
    response = client.get(f"{reverse('records:player', args=[player.pk])}?{query}", **headers)
    assert response.status_code == 200
    return response.content.decode()


def figure(html: str, name: str) -> str:
    found = re.search(rf'data-figure="{name}">([^<]*)<', html)
    return found.group(1) if found else ""


def figures(html: str) -> dict[str, str]:
    return {name: figure(html, name) for name in ("games", "wins", "win-rate", "interval", "points", "mean")}


def test_the_figures_of_one_hand_counted_game(client, season):
    cup, october, _later, _hidden = season
    html = page(client, cup.player(4), "until=2026-10-31")
    # One game, won: Wilson's 95% interval of 1 win in 1 is 20.65%–100%.
    assert figures(html) == {"games": "1", "wins": "1", "win-rate": "100%", "interval": "21–100%",
                             "points": "1.00", "mean": "1.00"}
    text = visible_text(html)
    for line in ("Shot on the first night 1", "First-night wills 1", "Guessed three blacks 0",
                 "Guessed two blacks 1", "First Color will 3 0.80", "Vote into a black 1 0.10",
                 "Will after an early night shot 1 0.10"):
        assert line in text, line
    assert reverse("games:detail", args=[october.pk]) in html
    # Seat 5 (mafia, voted out on Day 2): 11 ballots from civilians and 2 from the Sheriff; the
    # Sheriff checked it once.
    text = visible_text(page(client, cup.player(5), "until=2026-10-31"))
    # The colour's line is the sum of its roles' lines; the mafia never nominated nor voted it.
    assert ("Civilian 1 1 3 11 Sheriff 0 1 0 2 Red 1 2 3 13 Mafia 0 0 0 0 Don 0 0 0 0 Black 0 0 0 0"
            in text)
    assert "Checked by the Sheriff 1" in text


def test_a_role_filter_and_the_games_it_keeps(client, season):
    cup, october, later, hidden = season
    player = cup.player(4)
    everything = page(client, player)
    assert figure(everything, "games") == "2"
    assert figure(page(client, player, "role=red"), "games") == "2"
    black = page(client, player, "role=black")
    assert figures(black) == {"games": "0", "wins": "0", "win-rate": "—", "interval": "—", "points": "0.00",
                              "mean": "—"}
    assert "No published games for these filters." in black
    # The games list: newest first, each linking to its game; the hidden game nowhere.
    links = re.findall(r'href="/games/(\d+)/"', everything)
    assert links == [str(later.pk), str(october.pk)]
    assert f'href="/games/{hidden.pk}/"' not in everything


def test_an_unpublished_game_counts_nowhere(client, season, run):
    cup, october, later, _hidden = season
    run(publish, cup, later, False)
    html = page(client, cup.player(4))
    assert figure(html, "games") == "1"
    assert f'href="/games/{later.pk}/"' not in html


@pytest.mark.parametrize("bad", ["since=yesterday", "club=999999", "seat=11", "role=werewolf",
                                 "since=2026-12-01&until=2026-11-01", "ruleset=chess", "page=zz"])
def test_a_bad_filter_is_reported_and_filters_nothing(client, season, bad):
    cup, *_games = season
    html = page(client, cup.player(4), bad)
    if bad != "page=zz":
        assert "These filters were not applied:" in html
    assert figures(html) == figures(page(client, cup.player(4)))


def test_a_bad_filter_leaves_the_good_ones_applied(client, season):
    cup, *_games = season
    html = page(client, cup.player(4), "seat=77&until=2026-10-31")
    assert "These filters were not applied:" in html and figure(html, "games") == "1"


def test_htmx_asks_for_the_results_alone(client, season):
    cup, *_games = season
    html = page(client, cup.player(4), "role=black", HTTP_HX_REQUEST="true")
    assert figure(html, "games") == "0" and "<form" not in html and "<html" not in html


def test_the_filters_summary_counts_the_filters_applied_and_htmx_redraws_it(client, season):
    cup, *_games = season
    html = page(client, cup.player(4), "role=black&until=2026-10-31&seat=77")
    # the seat is refused (reported, not applied): two apply
    assert re.search(r'<summary>Filters<span id="filters-applied"> · 2 applied</span></summary>', html)
    assert "hx-swap-oob" not in html
    html = page(client, cup.player(4), "role=black", HTTP_HX_REQUEST="true")
    assert '<span id="filters-applied" hx-swap-oob="true"> · 1 applied</span>' in html
    html = page(client, cup.player(4), "", HTTP_HX_REQUEST="true")
    assert '<span id="filters-applied" hx-swap-oob="true"></span>' in html


def test_the_games_are_paginated_by_25(client, season):
    cup, october, _later, _hidden = season
    row = SeatRecord.objects.get(game=october, seat=4)
    SeatRecord.objects.bulk_create([  # more seats of the October game, a day earlier each
        SeatRecord(**{**{f.attname: getattr(row, f.attname) for f in SeatRecord._meta.concrete_fields},
                      "id": None, "seat": 10 + n, "played_at": row.played_at - timedelta(days=n)})
        for n in range(1, 25)])
    first = page(client, cup.player(4))
    assert figure(first, "games") == "26"
    assert len(re.findall(r'href="/games/\d+/"', first)) == 25 and "page 1 of 2" in first
    second = page(client, cup.player(4), "page=2")
    assert len(re.findall(r'href="/games/\d+/"', second)) == 1
    kept = page(client, cup.player(4), "role=civilian&page=2")
    assert "role=civilian&amp;page=1" in kept


def test_the_player_page_links_to_the_record(client, season):
    cup, *_games = season
    html = client.get(reverse("players:detail", args=[cup.player(4).pk])).content.decode()
    assert f'href="{reverse("records:player", args=[cup.player(4).pk])}"' in html


def test_the_page_in_russian(client, season):
    cup, *_games = season
    html = page(client, cup.player(4), "until=2026-10-31", HTTP_ACCEPT_LANGUAGE="ru")
    text = visible_text(html)
    for word in ("Игры 1", "Победы 1", "Доля побед 100%", "Мирный житель победа 1,00", "Первая ночь",
                 "Угадал двух чёрных 1", "Завещание «Лучший ход» 3 0,80", "Выставления и голосования"):
        assert word in text, word
    assert figure(html, "points") == "1,00"


def test_the_page_reads_in_a_fixed_number_of_queries(client, season, django_assert_max_num_queries):
    cup, *_games = season
    with django_assert_max_num_queries(13):  # a fixed number, whatever the games: the online list's two and the charts' three included
        page(client, cup.player(4), "role=civilian")


def test_a_second_reader_reads_the_record_kept_and_a_change_of_the_store_renders_it_again(
        client, season, run, django_assert_max_num_queries):
    """docs/records.md, "Speed": the form and the results are kept rendered for the store's
    generation, the filters and the language; a game hidden again changes the store and the page."""
    cup, october, later, _hidden = season
    htmx = {"HTTP_HX_REQUEST": "true"}
    first = page(client, cup.player(4), "role=civilian", **htmx)
    with django_assert_max_num_queries(1):  # the player; the results are read from the cache
        assert page(client, cup.player(4), "role=civilian", **htmx) == first
    assert figure(page(client, cup.player(4)), "games") == "2"
    run(publish, cup, later, False)
    assert figure(page(client, cup.player(4)), "games") == "1"
