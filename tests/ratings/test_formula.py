"""The rules themselves: expected result, K by tier, table points, shares, worked examples."""

import math

import pytest

from ratings.engine import (
    RatingConfig,
    RatingError,
    RatingState,
    apply_game,
    display_rating,
    expected_red_win,
    table_points,
)
from tests.ratings.kit import table


@pytest.mark.parametrize(
    ("avg_black", "avg_red", "expected"),
    [
        (1500, 1500, 0.5),
        # 1 / (1 + 10^(100/400)) = 1 / (1 + 1.778279…) = 0.359935…
        (1600, 1500, 0.35993500019711494),
        # 1 / (1 + 10^(-400/400)) = 1 / 1.1 = 10/11
        (1500, 1900, 10 / 11),
        # 1 / (1 + 10^(-50/400)) = 1 / (1 + 0.749894…) = 0.571463…
        (1500, 1550, 0.5714631174083814),
    ],
)
def test_expected_result_matches_hand_computed_values(avg_black, avg_red, expected):
    assert expected_red_win(avg_black, avg_red) == pytest.approx(expected, abs=1e-12)


def test_expected_result_is_symmetric():
    assert expected_red_win(1480, 1620) + expected_red_win(1620, 1480) == pytest.approx(1.0)


def test_expected_result_uses_the_named_arguments_the_right_way_round():
    assert expected_red_win(avg_black=1400, avg_red=1600) > 0.5


@pytest.mark.parametrize(("tier", "k"), [("club", 20.0), ("tournament", 30.0), ("major", 40.0)])
def test_k_by_tier(tier, k):
    assert RatingConfig().k(tier) == k


def test_unknown_tier_is_refused():
    with pytest.raises(RatingError, match="unknown tier 'friendly'"):
        RatingConfig().k("friendly")


@pytest.mark.parametrize(("tier", "k"), [("club", 20.0), ("tournament", 30.0), ("major", 40.0)])
def test_first_game_between_equal_teams_moves_each_seat_k_over_two_on_average(tier, k):
    changes = apply_game(RatingState(), table(1, winner="red", tier=tier), RatingConfig())
    red = [c.delta for c in changes if c.track == "red"]
    black = [c.delta for c in changes if c.track == "black"]
    # 5 · K · (1 − 0.5) points: each of 7 reds gets a seventh, each of 3 blacks loses a third.
    assert red == pytest.approx([5 / 7 * k / 2] * 7)
    assert black == pytest.approx([-5 / 3 * k / 2] * 3)
    assert sum(abs(c.delta) for c in changes) / 10 == pytest.approx(k / 2)


def test_black_win_between_equal_teams():
    changes = apply_game(RatingState(), table(1, winner="black"), RatingConfig())
    assert [round(c.delta, 4) for c in changes] == [-7.1429] * 7 + [16.6667] * 3


def test_worked_example_from_the_docs():
    """docs/ratings.md, "Worked example": reds average 1550 on the red track, blacks 1500."""
    state = RatingState.from_dict(
        {
            "version": 1,
            "baseline": 1500.0,
            "last_order_key": None,
            "players": [[p, 1550.0, 1500.0, 50, 20] for p in range(1, 8)]
            + [[p, 1500.0, 1500.0, 50, 20] for p in (8, 9, 10)],
        }
    )
    red_win = apply_game(state.copy(), table(1, winner="red"), RatingConfig())
    assert red_win[0].expected == pytest.approx(0.5715, abs=1e-4)
    assert red_win[0].delta == pytest.approx(6.12, abs=0.005)
    assert red_win[9].delta == pytest.approx(-14.28, abs=0.005)
    black_win = apply_game(state.copy(), table(1, winner="black"), RatingConfig())
    assert black_win[0].delta == pytest.approx(-8.16, abs=0.005)
    assert black_win[9].delta == pytest.approx(19.05, abs=0.005)


def test_table_points_are_five_k_times_the_surprise():
    assert table_points(20.0, 1.0, 0.6) == pytest.approx(40.0)
    assert table_points(20.0, 0.0, 0.6) == pytest.approx(-60.0)


def test_no_floor_a_rating_can_fall_below_the_baseline():
    state = RatingState()
    for key in range(1, 4):
        apply_game(state, table(key, winner="red"), RatingConfig())
    assert state.get(8).black < 1500 and state.get(8).overall < 1500


@pytest.mark.parametrize(
    ("value", "shown"), [(1500.5, 1501), (1500.4999, 1500), (1499.5, 1500), (-0.5, 0)]
)
def test_rounding_only_for_display(value, shown):
    assert display_rating(value) == shown


def test_ratings_are_kept_unrounded():
    state = RatingState()
    apply_game(state, table(1, winner="red"), RatingConfig())
    assert state.get(1).red == pytest.approx(1500 + 50 / 7)
    assert not math.isclose(state.get(1).red, round(state.get(1).red))


def test_bad_config_is_refused():
    with pytest.raises(RatingError, match="K for club games must be positive"):
        RatingConfig(k_club=0)
    with pytest.raises(RatingError, match="provisional_weight"):
        RatingConfig(provisional_weight=0.5)
    assert RatingConfig.from_dict(RatingConfig().to_dict()) == RatingConfig()
