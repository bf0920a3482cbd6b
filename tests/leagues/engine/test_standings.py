"""The series standings' rules of docs/leagues.md: sums and the tie-breaks."""

from __future__ import annotations

from leagues.engine import Result, series_standings


def r(player, name, tournament, place, points):
    return Result(player_id=player, name=name, tournament_id=tournament, place=place, points=points)


def test_the_total_is_the_sum_of_the_tournament_points_with_each_contribution():
    standings = series_standings([r(1, "Ann", 10, 1, 25_000), r(1, "Ann", 11, 3, 13_500), r(2, "Bob", 10, 2, 18_000)])
    ann, bob = standings
    assert (ann.name, ann.place, ann.total, bob.place, bob.total) == ("Ann", 1, 38_500, 2, 18_000)
    assert ann.results[11].points == 13_500 and ann.results[11].place == 3
    assert 11 not in bob.results


def test_level_totals_go_to_more_tournament_wins():
    standings = series_standings([
        r(1, "Ann", 10, 2, 20_000), r(1, "Ann", 11, 2, 20_000),  # 40, no win
        r(2, "Bob", 10, 1, 30_000), r(2, "Bob", 11, 5, 10_000),  # 40, one win
    ])
    assert [(s.name, s.place, s.wins) for s in standings] == [("Bob", 1, 1), ("Ann", 2, 0)]


def test_a_shared_first_place_counts_as_a_win():
    standings = series_standings([r(1, "Ann", 10, 1, 21_500), r(2, "Bob", 10, 1, 21_500)])
    assert [s.wins for s in standings] == [1, 1]


def test_then_the_best_single_result():
    standings = series_standings([
        r(1, "Ann", 10, 2, 20_000), r(1, "Ann", 11, 2, 20_000),  # 40, best 20
        r(2, "Bob", 10, 3, 25_000), r(2, "Bob", 11, 4, 15_000),  # 40, best 25 (scaled tournament)
    ])
    assert [(s.name, s.place, s.best) for s in standings] == [("Bob", 1, 25_000), ("Ann", 2, 20_000)]


def test_level_on_every_key_share_a_place_listed_by_name():
    standings = series_standings([
        r(3, "carol", 10, 2, 10_000), r(1, "Bob", 11, 2, 10_000), r(2, "alice", 12, 1, 30_000),
        r(4, "Dan", 10, 9, 0),
    ])
    assert [(s.name, s.place) for s in standings] == [("alice", 1), ("Bob", 2), ("carol", 2), ("Dan", 4)]


def test_no_results_no_standings():
    assert series_standings([]) == []
