"""Club seasons in the API (docs/api.md, "Leagues, series and club seasons"): the season page's
standings and leaderboard from the same selectors and the same form; a bad filter is a 400 naming
it; an unpublished game counts for nothing; a bounded number of queries.

The figures are the October fixture's, counted by hand (conftest.py): Ann 2 games, 1 win, 1.4
points, +5; Bob 3, 1, 1.7, +12; Cid 2, 2, 2.0, +20 (Cid's +100 in a hidden game does not count)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from seasons.models import ClubSeason
from tests.foundation.test_raw_values import visible_text

pytestmark = pytest.mark.django_db


def get(url: str, status: int = 200) -> dict:
    response = APIClient().get(url)
    assert response.status_code == status, response.content
    return response.json()


def detail(season, query: str = "", status: int = 200) -> dict:
    return get(f"/api/v1/clubs/{season.club.slug}/seasons/{season.pk}/?{query}", status)


def lines(body) -> list[tuple]:
    return [(s["place"], s["player"]["nickname"], s["games"], s["wins"], s["points"], s["mean"], s["rating_change"])
            for s in body["standings"]]


def test_a_clubs_seasons_latest_first(october):
    later = ClubSeason.objects.create(club=october.club, name="November", starts_on=date(2026, 11, 1),
                                      ends_on=date(2026, 11, 30), measure="mean", min_games=3)
    body = get(f"/api/v1/clubs/{october.club.slug}/seasons/")
    assert body["count"] == 2
    first = body["results"][0]
    assert first | {"url": None} == {"id": later.pk, "name": "November", "club": october.club.slug,
                                     "starts_on": "2026-11-01", "ends_on": "2026-11-30", "measure": "mean",
                                     "min_games": 3, "url": None}
    assert first["url"].endswith(f"/api/v1/clubs/{october.club.slug}/seasons/{later.pk}/")
    assert body["results"][1]["name"] == "October"


def test_the_standings_by_rating_change_without_the_hidden_game(october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="rating")
    body = detail(october)
    assert body["season"]["measure"] == "rating"
    assert lines(body) == [(1, "Cid", 2, 2, 2.0, 1.0, 20), (2, "Bob", 3, 1, 1.7, 0.57, 12),
                           (3, "Ann", 2, 1, 1.4, 0.7, 5)]


def test_the_api_says_what_the_season_page_shows(client, october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="mean", min_games=3)
    body = detail(october)
    assert lines(body) == [(1, "Bob", 3, 1, 1.7, 0.57, None), (None, "Cid", 2, 2, 2.0, 1.0, None),
                           (None, "Ann", 2, 1, 1.4, 0.7, None)]
    page = visible_text(client.get(reverse("seasons:detail", args=[october.club.slug, october.pk])).content.decode())
    written = " ".join(f"{s['place'] or '—'} {s['player']['nickname']} {s['games']} {s['wins']} {s['points']:.2f} "
                       f"{s['mean']:.2f}" for s in body["standings"])
    assert written in page
    board = " ".join(f"{r['place']} {r['player']['nickname']} {r['games']} {r['value']:.2f}"
                     for r in body["leaderboard"]["rows"])
    assert board == "1 Cid 2 2.00 2 Bob 3 1.70 3 Ann 2 1.40" and board in page


def test_the_leaderboard_reads_the_pages_filters(october):
    board = detail(october, "statistic=win_rate&min_games=3")["leaderboard"]
    assert (board["statistic"], board["label"], board["min_games"]) == ("win_rate", "Win rate", 3)
    [row] = board["rows"]
    # the page's "1 Bob 3 33% 6–79%"
    assert (row["place"], row["player"]["nickname"], row["games"], row["wins"], row["decided"]) == (1, "Bob", 3, 1, 3)
    assert row["value"] == pytest.approx(1 / 3)
    assert round(100 * row["win_rate_interval"]["low"]) == 6 and round(100 * row["win_rate_interval"]["high"]) == 79
    wins = detail(october, "statistic=wins")["leaderboard"]
    assert [(r["place"], r["player"]["nickname"], r["value"], r["win_rate_interval"]) for r in wins["rows"]] == [
        (1, "Cid", 2, None), (2, "Bob", 1, None), (2, "Ann", 1, None)]
    assert wins["min_games"] is None


@pytest.mark.parametrize(("query", "field", "message"), [
    ("statistic=luck", "statistic", "Select a valid choice. luck is not one of the available choices."),
    ("min_games=-4", "min_games", "Ensure this value is greater than or equal to 0."),
    ("min_games=ten", "min_games", "Enter a whole number."),
    ("min_games=10001", "min_games", "Ensure this value is less than or equal to 10000."),
])
def test_a_bad_filter_is_a_400_naming_it(october, query, field, message):
    body = detail(october, query, status=400)
    assert body["code"] == "invalid"
    assert body["detail"] == f"{field}: {message}"
    assert body["field_errors"] == {field: [message]}


def test_an_unknown_season_or_club_is_404(october):
    assert get(f"/api/v1/clubs/{october.club.slug}/seasons/{october.pk + 100}/", 404)["code"] == "not_found"
    assert get(f"/api/v1/clubs/no-such-club/seasons/{october.pk}/", 404)["code"] == "not_found"
    assert get("/api/v1/clubs/no-such-club/seasons/", 404)["code"] == "not_found"


def test_the_queries_are_bounded(october, django_assert_max_num_queries):
    ClubSeason.objects.filter(pk=october.pk).update(measure="rating")
    for number in range(5):
        ClubSeason.objects.create(club=october.club, name=f"Extra {number}", starts_on=date(2026, 1, 1 + number),
                                  ends_on=date(2026, 2, 1))
    # the season, its standings, the rating changes, the leaderboard (kept in the cache after)
    with django_assert_max_num_queries(4):
        detail(october)
    with django_assert_max_num_queries(3):
        get(f"/api/v1/clubs/{october.club.slug}/seasons/")
