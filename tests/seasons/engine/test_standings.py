"""A season's standings by each measure, ties and the minimum of games (seasons/engine;
docs/seasons.md, readings S1–S6). Pure: no Django."""

from fractions import Fraction

import pytest

from seasons.engine import MEAN, POINTS, RATING, Entry, season_table


def entry(player_id, nickname, games, points_milli, rating_change=0.0, wins=0):
    return Entry(player_id, nickname, games, wins, points_milli, rating_change)


def places(table):
    return [(standing.place, standing.entry.nickname) for standing in table]


ANN = entry(1, "Ann", 4, 5_200, 12.4)
BOB = entry(2, "bob", 2, 2_600, 30.0)
CID = entry(3, "Cid", 4, 2_600, -7.5)
DAN = entry(4, "Dan", 1, 3_000, 12.6)
EVE = entry(5, "Eve", 3, 2_600, 11.5)


def test_points_summed_ties_share_a_place_more_games_first_then_the_nickname():
    table = season_table([BOB, CID, ANN, DAN, EVE], POINTS)
    # Bob, Cid and Eve all have 2.6 points: they share 3rd, listed by games (Cid 4, Eve 3, Bob 2)
    assert places(table) == [(1, "Ann"), (2, "Dan"), (3, "Cid"), (3, "Eve"), (3, "bob")]
    assert [standing.key for standing in table] == [5_200, 3_000, 2_600, 2_600, 2_600]


def test_points_per_game_is_an_exact_fraction_and_below_the_minimum_is_unplaced():
    table = season_table([BOB, CID, ANN, DAN, EVE], MEAN, min_games=2)
    # Ann 5.2/4 = 1.3 and Bob 2.6/2 = 1.3 tie; Eve 2.6/3; Cid 2.6/4; Dan (1 game) is below the minimum
    assert places(table) == [(1, "Ann"), (1, "bob"), (3, "Eve"), (4, "Cid"), (None, "Dan")]
    assert table.placed[0].key == Fraction(1300) and table.placed[2].key == Fraction(2_600, 3)
    assert [standing.entry.nickname for standing in table.below_minimum] == ["Dan"]


def test_rating_change_is_compared_as_shown_halves_up():
    table = season_table([BOB, CID, ANN, DAN, EVE], RATING)
    # 30 → 30; 12.6 → 13; 12.4 → 12; 11.5 → 12 (halves up); -7.5 → -7
    assert [(standing.place, standing.entry.nickname, standing.key) for standing in table] == [
        (1, "bob", 30), (2, "Dan", 13), (3, "Ann", 12), (3, "Eve", 12), (5, "Cid", -7)]


def test_the_minimum_applies_to_every_measure_and_zero_places_everyone():
    assert [s.place for s in season_table([ANN, DAN], POINTS, min_games=0)] == [1, 2]
    assert places(season_table([ANN, DAN], POINTS, min_games=2)) == [(1, "Ann"), (None, "Dan")]
    assert places(season_table([DAN], RATING, min_games=5)) == [(None, "Dan")]


def test_an_empty_season_and_bad_arguments():
    table = season_table([], MEAN, min_games=3)
    assert table.placed == () and table.below_minimum == ()
    with pytest.raises(ValueError):
        season_table([ANN], "median")
    with pytest.raises(ValueError):
        season_table([ANN], POINTS, min_games=-1)
