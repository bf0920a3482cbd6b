"""The record page's charts (docs/records.md, "The charts"): drawn on the server from the
player's seats for the page's filters, with their numbers written as text.

The games of tests/records/site/test_figure_games.py (A: Pro Mafia, B: fiim-2025, C: the red
disqualification game), all played this month: seat 1 was a civilian in A and C (red won both)
and the Sheriff in B (black won); seat 5 was black in A (lost), a civilian in B (lost) and a
civilian in C (won).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import translation

from core.written import month
from core.written import points as written_points
from games.models import Game
from records import selectors
from records.models import SeatRecord

from .test_figure_games import games, get  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def chart(html: str, name: str) -> str:
    return re.search(rf'<figure class="record-chart" data-chart="{name}">(.*?)</figure>', html, re.S).group(1)


def seat_cells(html: str) -> dict[int, tuple[str, str]]:
    cells = re.findall(r'<g data-seat="(\d+)">.*?data-games>([^<]*)<.*?data-rate>([^<]*)<', chart(html, "seats"), re.S)
    return {int(seat): (played, rate) for seat, played, rate in cells}


def test_the_seat_heat_map_writes_each_seats_games_and_win_rate(client, games):  # noqa: F811
    cup, _g = games
    html = get(client, reverse("records:player", args=[cup.player(1).pk]))
    cells = seat_cells(html)
    assert len(cells) == 10
    assert cells[1] == ("3", "67%")  # seat 1 in all three games, two won
    assert all(cells[seat] == ("0", "—") for seat in range(2, 11))
    assert 'class="heat heat-4"' in chart(html, "seats")  # the busiest seat, the darkest


def test_the_charts_honour_the_filters(client, games):  # noqa: F811
    cup, _g = games
    url = reverse("records:player", args=[cup.player(1).pk])
    civilian = get(client, f"{url}?role=civilian")
    assert seat_cells(civilian)[1] == ("2", "100%")
    assert len(re.findall(r'<rect [^>]*class="bar', chart(civilian, "points"))) == 2
    lines = chart(civilian, "win-rate")
    assert "Civilian: 2 of 2" in lines and "Sheriff:" not in lines
    nothing = get(client, f"{url}?role=black")
    assert "No games with a winner for these filters." in chart(nothing, "win-rate")
    assert "No published games for these filters." in chart(nothing, "seats")


def test_the_win_rate_lines_by_month_and_role(client, games):  # noqa: F811
    cup, g = games
    # move A to September 2026: seat 5's mafia game there, its civilian games in this month
    Game.objects.filter(pk=g["A"].pk).update(played_at=datetime(2026, 9, 15, 18, tzinfo=ZoneInfo("UTC")))
    SeatRecord.objects.filter(game=g["A"]).update(played_at=datetime(2026, 9, 15, 18, tzinfo=ZoneInfo("UTC")))
    five = cup.player(5)
    rows = selectors.monthly_results(five)
    assert rows[0] == (date(2026, 9, 1), "mafia", 0, 1)
    assert [(role, wins, decided) for _month, role, wins, decided in rows[1:]] == [("civilian", 1, 2)]
    html = get(client, reverse("records:player", args=[five.pk]))
    lines = chart(html, "win-rate")
    with translation.override("en"):
        september = month(date(2026, 9, 1))
    assert "Civilian: 1 of 2" in lines and "Mafia: 0 of 1" in lines
    assert f"Mafia, {september}: 0 of 1 (0%)" in lines
    assert september == "Sep 2026"


def test_the_points_chart_has_the_last_games_oldest_first_and_their_mean(client, games):  # noqa: F811
    cup, g = games
    one = cup.player(1)
    points = [row.points_milli for row in SeatRecord.objects.filter(player=one).order_by("played_at", "game_id")]
    assert [milli for _at, milli in selectors.last_points(one, 30)] == points
    html = get(client, reverse("records:player", args=[one.pk]))
    with translation.override("en"):  # the page's own writer: 0.265 reads "0.26" (half to even)
        mean = written_points(round(sum(points) / len(points)) / 1000)
    assert f"Mean: {mean} a game" in chart(html, "points")
    assert "Points in the last 3 games" in chart(html, "points")
