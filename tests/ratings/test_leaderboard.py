"""The leaderboard and the synthetic games other benchmarks build on."""

import pytest

from benchmarks.ratings_synthetic import synthetic_games
from ratings.engine import RatingConfig, RatingError, RatingState, apply_game, leaderboard
from tests.ratings.kit import table


@pytest.fixture
def state():
    state = RatingState()
    apply_game(state, table(1, winner="red"), RatingConfig())
    apply_game(state, table(2, winner="black", red=(1, 2, 3, 4, 5, 6, 11)), RatingConfig())
    return state


def test_overall_leaderboard_best_first_with_min_games(state):
    board = leaderboard(state, "overall", min_games=2)
    assert [entry.player_id for entry in board] == [8, 9, 10, 1, 2, 3, 4, 5, 6]
    assert [entry.rank for entry in board] == list(range(1, 10))
    assert board[0].rating == pytest.approx(state.get(8).overall)
    assert all(entry.games == 2 for entry in board)


def test_track_leaderboard_counts_games_on_that_track(state):
    red = leaderboard(state, "red")
    assert 8 not in {entry.player_id for entry in red}  # never played red
    assert red[0].player_id == 7 and red[0].games == 1
    assert [entry.player_id for entry in leaderboard(state, "black", limit=2)] == [8, 9]


def test_ties_go_to_more_games_then_the_smaller_id(state):
    black = leaderboard(state, "black")
    assert [entry.player_id for entry in black] == [8, 9, 10]


def test_unknown_track_is_refused(state):
    with pytest.raises(RatingError, match="unknown track 'mafia'"):
        leaderboard(state, "mafia")


def test_synthetic_games_are_deterministic_and_ordered():
    first = list(synthetic_games(300, seed=3, players=100))
    assert first == list(synthetic_games(300, seed=3, players=100))
    assert first != list(synthetic_games(300, seed=4, players=100))
    keys = [game.order_key for game in first]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert {game.tier for game in first} == {"club", "tournament", "major"}
