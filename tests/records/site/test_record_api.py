"""A player's record in the API and as CSV (docs/api.md, "A player's record"; docs/records.md,
"The API and the CSV export"): the same figures as the record page, from the same form.

The numbers are the record page's hand-counted ones (tests/records/site/test_record_page.py): seat 4
of the full Pro Mafia game is a civilian shot on Night 1 whose First Color Will guessed two blacks,
in a game red won: 1.00 point (0.80 from three items of the First Color Will, 0.10 for a vote into
a black, 0.10 for the early-night shot's will). Seat 5 is the mafia voted out on Day 2.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from records.models import SeatRecord
from tests.factories import PlayerFactory

from .test_record_page import figures, page

pytestmark = pytest.mark.django_db


def totals(player, query: str = "", status: int = 200) -> dict:
    response = APIClient().get(f"/api/v1/players/{player.pk}/record/?{query}")
    assert response.status_code == status, response.content
    return response.json()


def games(player, query: str = "", status: int = 200) -> dict:
    response = APIClient().get(f"/api/v1/players/{player.pk}/record/games/?{query}")
    assert response.status_code == status, response.content
    return response.json()


def test_the_totals_of_one_hand_counted_game(season):
    cup, _october, _later, _hidden = season
    body = totals(cup.player(4), "until=2026-10-31")
    assert body["player"] == {"id": cup.player(4).pk, "nickname": cup.player(4).nickname}
    assert body["filters"]["until"] == "2026-10-31" and body["filters"]["role"] is None
    figures = body["totals"]
    assert {name: figures[name] for name in ("games", "wins", "losses", "undecided", "decided", "points",
                                             "mean_points", "win_rate")} == {
        "games": 1, "wins": 1, "losses": 0, "undecided": 0, "decided": 1, "points": 1, "mean_points": 1.0,
        "win_rate": 1.0}
    # Wilson's 95% interval of 1 win in 1: 0.2065–1 (the page shows "21–100%")
    assert figures["win_rate_interval"]["low"] == pytest.approx(0.2065, abs=1e-4)
    assert figures["win_rate_interval"]["high"] == 1.0
    assert (figures["shot_first_night"], figures["first_night_wills"], figures["guessed_three"],
            figures["guessed_two"], figures["first_night_blacks_guessed"]) == (1, 1, 0, 1, 2)
    assert figures["rule_points"] == [
        {"rule": "first-color-will", "name": "First Color will", "items": 3, "points": 0.8},
        {"rule": "early-night-shot-will", "name": "Will after an early night shot", "items": 1, "points": 0.1},
        {"rule": "non-eliminating-vote", "name": "Vote into a black", "items": 1, "points": 0.1},
    ]


def test_the_counts_by_role_of_the_voted_out_mafia(season):
    cup, *_games = season
    figures = totals(cup.player(5), "until=2026-10-31")["totals"]
    # the page's line "Civilian 1 1 3 11 Sheriff 0 1 0 2 Red 1 2 3 13 Mafia 0 0 0 0 Don 0 0 0 0 Black 0 0 0 0"
    assert figures["nominated"] == {"civilian": 1, "sheriff": 0, "mafia": 0, "don": 0, "red": 1, "black": 0}
    assert figures["nominated_by"] == {"civilian": 1, "sheriff": 1, "mafia": 0, "don": 0, "red": 2, "black": 0}
    assert figures["voted"] == {"civilian": 3, "sheriff": 0, "mafia": 0, "don": 0, "red": 3, "black": 0}
    assert figures["voted_by"] == {"civilian": 11, "sheriff": 2, "mafia": 0, "don": 0, "red": 13, "black": 0}
    assert figures["checked_by_sheriff"] == 1 and figures["left_by_vote"] == 1


@pytest.mark.parametrize("query", ["", "role=red", "role=black", "role=civilian", "until=2026-10-31",
                                   "since=2026-10-02", "seat=4", "ruleset=pro-mafia-1.1"])
def test_the_api_and_the_page_give_the_same_figures(client, season, query):
    cup, *_games = season
    body = totals(cup.player(4), query)["totals"]
    shown = figures(page(client, cup.player(4), query))
    assert shown["games"] == str(body["games"]) and shown["wins"] == str(body["wins"])
    if body["decided"]:
        low, high = body["win_rate_interval"]["low"], body["win_rate_interval"]["high"]
        assert shown["win-rate"] == f"{round(100 * body['win_rate'])}%"
        assert shown["interval"] == f"{round(100 * low)}–{round(100 * high)}%"
    else:
        assert body["win_rate"] is None and body["win_rate_interval"] is None and shown["win-rate"] == "—"
    assert shown["points"] == f"{body['points']:.2f}"


def test_the_games_list_newest_first_with_the_published_games_only(season):
    cup, october, later, hidden = season
    body = games(cup.player(4))
    assert body["count"] == 2
    assert [row["game"] for row in body["results"]] == [later.pk, october.pk]
    first = body["results"][1]
    assert first == {
        "game": october.pk, "url": f"http://testserver/games/{october.pk}/", "played_at": "2026-10-01T19:00:00Z",
        "date": "2026-10-01", "event": cup.tournament.name, "club": cup.club.slug, "tournament": cup.tournament.slug,
        "evening": None, "ruleset": "pro-mafia-1.1", "seat": 4, "role": "civilian", "team": "red", "result": "won",
        "won": True, "points": 1.0,
    }
    assert hidden.pk not in [row["game"] for row in body["results"]]
    assert games(cup.player(4), "role=black")["count"] == 0
    paged = games(cup.player(4), "limit=1&offset=1")
    assert paged["count"] == 2 and [row["game"] for row in paged["results"]] == [october.pk]


def test_the_date_is_the_clubs_day(season):
    cup, october, *_games = season
    SeatRecord.objects.filter(game=october).update(played_at=datetime(2026, 10, 1, 22, 30, tzinfo=ZoneInfo("UTC")))
    row = games(cup.player(4), "until=2026-10-31")["results"][0]
    assert row["played_at"] == "2026-10-01T22:30:00Z" and row["date"] == "2026-10-02"  # Moscow, UTC+3


@pytest.mark.parametrize(("query", "field"), [
    ("since=yesterday", "since"), ("club=999999", "club"), ("seat=11", "seat"), ("role=werewolf", "role"),
    ("since=2026-12-01&until=2026-11-01", "until"), ("ruleset=chess", "ruleset"), ("tournament=abc", "tournament"),
    ("with_player=999999", "with_player"), ("with_team=both", "with_team"), ("club=99999999999999999999", "club"),
])
def test_a_bad_filter_is_a_400_naming_it(season, query, field):
    cup, *_games = season
    for read in (totals, games):
        body = read(cup.player(4), query, status=400)
        assert body["code"] == "invalid" and body["detail"].startswith(f"{field}: ")
        assert list(body["field_errors"]) == [field]


def test_the_page_and_the_api_refuse_the_same_values(client, season):
    """One form: what the page reports as not applied, the API refuses (and the reverse)."""
    cup, *_games = season
    other = cup.player(6).pk
    for query in (f"with_player={other}&with_team=same", "with_team=same", "seat=10", "since=2026-10-01"):
        assert "These filters were not applied:" not in page(client, cup.player(4), query)
        assert totals(cup.player(4), query)["filters"]["with_team"] == ("same" if "with_player" in query else None)
    html = page(client, cup.player(4), f"with_player={cup.player(4).pk}")  # oneself: not a table mate
    assert "These filters were not applied:" in html
    totals(cup.player(4), f"with_player={cup.player(4).pk}", status=400)


def test_the_far_ends_of_the_calendar_are_no_server_error(season):
    cup, *_games = season
    assert totals(cup.player(4), "since=0001-01-01&until=9999-12-31")["totals"]["games"] == 2
    assert games(cup.player(4), "until=9999-12-31")["count"] == 2


def test_an_unknown_or_pending_player_is_404(season):
    cup, *_games = season
    pending = PlayerFactory(is_pending=True)
    for path in (f"/api/v1/players/{pending.pk}/record/", f"/api/v1/players/{pending.pk}/record/games/",
                 "/api/v1/players/999999/record/"):
        response = APIClient().get(path)
        assert response.status_code == 404 and response.json()["code"] == "not_found"


# --- CSV ---------------------------------------------------------------------------------------


def csv_rows(client, player, query: str = "", **headers) -> list[list[str]]:
    response = client.get(f"{reverse('records:games_csv', args=[player.pk])}?{query}", **headers)
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="player-{player.pk}-games.csv"'
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_csv_of_the_games_in_the_clubs_time_zone(client, season):
    cup, october, later, _hidden = season
    SeatRecord.objects.filter(game=october).update(played_at=datetime(2026, 10, 1, 22, 30, tzinfo=ZoneInfo("UTC")))
    rows = csv_rows(client, cup.player(4))
    assert rows[0] == ["Date", "Time", "Event", "Club", "Seat", "Role", "Result", "Points", "Game"]
    assert rows[2] == ["2026-10-02", "01:30", cup.tournament.name, cup.club.name, "4", "Civilian", "won", "1.0",
                       f"http://testserver/games/{october.pk}/"]
    assert [row[-1] for row in rows[1:]] == [f"http://testserver/games/{game.pk}/" for game in (later, october)]


def test_the_csv_follows_the_filters_and_the_page_links_to_it(client, season):
    cup, october, _later, _hidden = season
    assert len(csv_rows(client, cup.player(4), "until=2026-10-31")) == 2
    assert len(csv_rows(client, cup.player(4), "role=black")) == 1  # the header alone
    assert len(csv_rows(client, cup.player(4), "seat=77")) == 3  # a bad filter is left out, as on the page
    html = page(client, cup.player(4), "role=civilian")
    assert f'href="{reverse("records:games_csv", args=[cup.player(4).pk])}?role=civilian"' in html


def test_the_csv_in_russian(client, season):
    cup, *_games = season
    rows = csv_rows(client, cup.player(4), "until=2026-10-31", HTTP_ACCEPT_LANGUAGE="ru")
    assert rows[0][:3] == ["Дата", "Время", "Турнир или вечер"]
    assert rows[1][5:7] == ["Мирный житель", "победа"]
