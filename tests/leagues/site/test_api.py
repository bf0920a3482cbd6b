"""Leagues and series in the API (docs/api.md, "Leagues, series and club seasons"): the series
page's figures from the same selectors, only tournaments whose final standings are published,
a bounded number of queries whatever the number of series and tournaments."""

from __future__ import annotations

from datetime import date

import pytest
from rest_framework.test import APIClient

from tests.foundation.test_raw_values import visible_text

from .kit import League, players, tournament
from .test_pages import series_url

pytestmark = pytest.mark.django_db


def get(url: str, status: int = 200) -> dict:
    response = APIClient().get(url)
    assert response.status_code == status, response.content
    return response.json()


def api_series(league) -> dict:
    return get(f"/api/v1/leagues/{league.league.slug}/series/{league.series.slug}/")


def test_the_leagues_list_and_a_league_with_its_series():
    league = League()
    body = get("/api/v1/leagues/")
    assert body["count"] == 1
    assert body["results"][0] | {"url": None} == {"slug": league.league.slug, "name": "Northern League",
                                                   "club": league.club.slug, "description": "", "series_count": 1,
                                                   "url": None}
    detail = get(f"/api/v1/leagues/{league.league.slug}/")
    assert detail["series_count"] == 1
    [series] = detail["series"]
    assert (series["slug"], series["name"], series["starts_on"], series["ends_on"], series["points_table"],
            series["tournament_count"]) == (league.series.slug, "Series 2026", "2026-01-01", "2026-12-31", "Main", 0)
    assert series["url"].endswith(f"/api/v1/leagues/{league.league.slug}/series/{league.series.slug}/")
    assert get(series["url"])["name"] == "Series 2026"


def test_the_series_standings_and_each_tournaments_contribution(league):
    body = api_series(league)
    rows = [(s["place"], s["player"]["nickname"], s["total"], s["wins"],
             [(r["tournament"], r["place"], r["points"]) for r in s["results"]]) for s in body["standings"]]
    assert rows == [
        (1, "Ann", 43, 1, [("spring-cup", 1, 25), ("summer-cup", 2, 18)]),
        (2, "Cid", 41.5, 1, [("spring-cup", 2, 16.5), ("summer-cup", 1, 25)]),
        (3, "Bob", 16.5, 0, [("spring-cup", 2, 16.5)]),
    ]


def test_the_api_says_what_the_series_page_shows(client, league):
    """Each standings line as the page writes it: place, player, total, then each counted
    tournament's points and place (blank where the player did not play)."""
    body = api_series(league)
    page = client.get(series_url(league)).content.decode()
    table = page[page.index("series-standings"):]
    text = visible_text(table[table.index("<tbody"):table.index("</tbody>")])
    counted = [t["slug"] for t in body["tournaments"] if t["counted"]]
    lines = []
    for standing in body["standings"]:
        by_tournament = {r["tournament"]: r for r in standing["results"]}
        cells = [f"{by_tournament[slug]['points']:g} (#{by_tournament[slug]['place']})"
                 for slug in counted if slug in by_tournament]
        lines.append(" ".join([str(standing["place"]), standing["player"]["nickname"], f"{standing['total']:g}", *cells]))
    assert text == " ".join(lines)
    assert lines[0] == "1 Ann 43 25 (#1) 18 (#2)"


def test_an_unpublished_tournament_is_listed_but_counts_for_nobody(league):
    body = api_series(league)
    tournaments = {t["name"]: t for t in body["tournaments"]}
    assert list(tournaments) == ["Spring Cup", "Summer Cup", "Autumn Cup"]
    assert tournaments["Autumn Cup"]["counted"] is False and tournaments["Autumn Cup"]["version"] is None
    assert tournaments["Spring Cup"]["counted"] is True and tournaments["Spring Cup"]["version"] == "2026-01-01"
    assert all(r["tournament"] != "autumn-cup" for s in body["standings"] for r in s["results"])
    assert [s["wins"] for s in body["standings"] if s["player"]["nickname"] == "Bob"] == [0]


def test_a_draft_tournament_is_not_listed(league):
    ann, = players("Dee")
    draft = tournament("Winter Cup", date(2026, 12, 1), [(ann, 1)])
    league.add(draft)
    draft.status = draft.Status.DRAFT
    draft.save(update_fields=["status"])
    assert "Winter Cup" not in [t["name"] for t in api_series(league)["tournaments"]]


def test_the_points_table_versions():
    league = League(points=[10_000, 7_333], scaling="category", multipliers={"major": 1_500})
    versions = api_series(league)["points_table"]["versions"]
    assert versions == [{"effective_from": "2026-01-01", "points": [10, 7.333], "scaling": "category",
                         "reference_size": None, "multipliers": {"major": 1.5}}]


def test_an_unknown_league_or_series_is_404(league):
    assert get("/api/v1/leagues/nowhere/", 404)["code"] == "not_found"
    assert get(f"/api/v1/leagues/{league.league.slug}/series/nowhere/", 404)["code"] == "not_found"
    assert get(f"/api/v1/leagues/nowhere/series/{league.series.slug}/", 404)["code"] == "not_found"


def test_the_queries_do_not_grow_with_the_series_and_tournaments(league, django_assert_max_num_queries):
    for number in range(5):
        league.add(tournament(f"Extra {number}", date(2026, 7, 1 + number), [(players(f"P{number}")[0], 1)]))
    with django_assert_max_num_queries(4):
        api_series(league)
    with django_assert_max_num_queries(3):
        get("/api/v1/leagues/")
    with django_assert_max_num_queries(2):
        get(f"/api/v1/leagues/{league.league.slug}/")
