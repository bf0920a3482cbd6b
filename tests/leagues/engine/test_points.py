"""The points-table rules of docs/leagues.md, each pinned by hand-counted numbers (thousandths)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from leagues.engine import (
    CATEGORY,
    SIZE,
    Finisher,
    TableVersion,
    finishers,
    place_points,
    round_milli,
    tournament_points,
    version_for,
)

TABLE = TableVersion(date(2026, 1, 1), (25_000, 18_000, 15_000, 12_000, 10_000))


def ranked(*places):
    return [Finisher(player_id=i, place=place) for i, place in enumerate(places, start=1)]


def test_points_by_place_and_zero_beyond_the_table():
    points = tournament_points(TABLE, ranked(1, 2, 3, 4, 5, 6, 7))
    assert points == {1: 25_000, 2: 18_000, 3: 15_000, 4: 12_000, 5: 10_000, 6: 0, 7: 0}


def test_tied_players_share_the_average_of_the_places_they_cover():
    # two players share place 3: (15 + 12) / 2 = 13.5 each; the next is 5th
    points = tournament_points(TABLE, ranked(1, 2, 3, 3, 5))
    assert points == {1: 25_000, 2: 18_000, 3: 13_500, 4: 13_500, 5: 10_000}


def test_a_tie_running_past_the_table_averages_in_zeros():
    # three share place 4: (12 + 10 + 0) / 3 = 7.333…, rounded to 7.333
    assert place_points(TABLE, 4, 3) == Fraction(22_000, 3)
    points = tournament_points(TABLE, ranked(1, 2, 3, 4, 4, 4))
    assert points[4] == points[5] == points[6] == 7_333


def test_rounding_to_thousandths_is_halves_up_once_per_result():
    assert round_milli(Fraction(1, 2)) == 1
    assert round_milli(Fraction(3, 2)) == 2
    assert round_milli(Fraction(2_999, 2)) == 1_500
    assert round_milli(Fraction(22_000, 3)) == 7_333
    assert round_milli(Fraction(44_000, 3)) == 14_667


def test_scaling_by_size_multiplies_by_players_over_the_reference():
    table = TableVersion(date(2026, 1, 1), (30_000, 20_000, 10_000), scaling=SIZE, reference_size=4)
    # 3 finishers, reference 4: × 3/4
    assert tournament_points(table, ranked(1, 2, 3)) == {1: 22_500, 2: 15_000, 3: 7_500}
    # 6 finishers: × 6/4; places 4-6 beyond the table still 0
    points = tournament_points(table, ranked(1, 2, 3, 4, 5, 6))
    assert (points[1], points[3], points[6]) == (45_000, 15_000, 0)


def test_scaling_by_size_is_exact_then_rounded():
    table = TableVersion(date(2026, 1, 1), (10_000, 1_000), scaling=SIZE, reference_size=3)
    # 2 finishers: 10 × 2/3 = 6.666… → 6.667; 1 × 2/3 = 0.666… → 0.667
    assert tournament_points(table, ranked(1, 2)) == {1: 6_667, 2: 667}


def test_scaling_by_category_uses_the_multiplier_and_1_for_a_category_not_listed():
    table = TableVersion(date(2026, 1, 1), (20_000, 10_000), scaling=CATEGORY,
                         multipliers={"major": 1_500, "club": 500})
    assert tournament_points(table, ranked(1, 2), category="major") == {1: 30_000, 2: 15_000}
    assert tournament_points(table, ranked(1, 2), category="club") == {1: 10_000, 2: 5_000}
    assert tournament_points(table, ranked(1, 2), category="tournament") == {1: 20_000, 2: 10_000}


def test_no_scaling_ignores_size_and_category():
    assert tournament_points(TABLE, ranked(1), category="major") == {1: 25_000}


def test_the_version_in_force_is_the_latest_starting_on_or_before_the_day():
    first = TableVersion(date(2026, 1, 1), (10_000,), key="a")
    second = TableVersion(date(2026, 6, 1), (20_000,), key="b")
    versions = [second, first]
    assert version_for(versions, date(2025, 12, 31)) is None
    assert version_for(versions, date(2026, 1, 1)).key == "a"
    assert version_for(versions, date(2026, 5, 31)).key == "a"
    assert version_for(versions, date(2026, 6, 1)).key == "b"
    assert version_for(versions, date(2027, 1, 1)).key == "b"
    assert version_for([], date(2026, 1, 1)) is None


@pytest.mark.parametrize("bad", [
    {"points": (-1,)},
    {"points": (1,), "scaling": SIZE},
    {"points": (1,), "scaling": SIZE, "reference_size": 0},
    {"points": (1,), "scaling": "stars"},
    {"points": (1,), "scaling": CATEGORY, "multipliers": {"major": -1}},
])
def test_a_version_refuses_what_it_cannot_compute(bad):
    with pytest.raises(ValueError):
        TableVersion(date(2026, 1, 1), **bad)


def test_places_are_numbered_again_among_the_players_who_count_and_ties_kept():
    # the tournament's standings, in order, of the players who played (a participant without a
    # game, placed 5th there, is left out by the caller): 1, 2, 3=, 3=, 6 → 1, 2, 3, 3, 5
    placed = finishers([(11, 1), (12, 2), (13, 3), (14, 3), (15, 6)])
    assert [(f.player_id, f.place) for f in placed] == [(11, 1), (12, 2), (13, 3), (14, 3), (15, 5)]
    assert finishers([]) == []
