"""Core Principles and Black Target Value."""

from decimal import Decimal

from .kit import Scenario, items, points, scored


def test_black_target_value_is_0_2():
    game = Scenario.pro_mafia().day(1).nominations((1, 9)).vote({9: []})
    assert points(game, 1, "eliminating-vote") == 0.2


def test_black_target_value_rises_to_0_3_after_a_self_shot_leaving_two_allies():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(8)  # the blacks shoot black 8
    game.day(2).nominations((1, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 1, "eliminating-vote") == 0.3


def test_black_target_value_rises_to_0_4_after_a_self_shot_leaving_one_ally():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(9)  # 9 and 10 shoot 9: one ally (10) is left
    game.day(2).nominations((1, 10)).vote({10: []})
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 1, "eliminating-vote") == 0.6  # 0.2 for 8, 0.4 for 10


def test_self_shooter_with_allies_left_is_redistributed_not_a_leave_for_red_awards():
    """Interpretation: the self-shooter's value moves to his allies, so a vote into him earns
    nothing when he self-shoots (a Sheriff check keeps its 75%)."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).day(1).nominations((1, 8), (2, 2))
    game.vote({8: [1, 3], 2: [2, 4, 5, 6, 7, 8, 9, 10]})  # red 2 leaves; 1 voted into 8
    game.night(1).shot(8)  # 8 shoots himself: 9 and 10 are worth 0.3
    result = scored(game)
    assert points(result, 1, "non-eliminating-vote") == 0


def test_scores_for_different_black_targets_add_up():
    game = Scenario.pro_mafia().day(1).nominations((1, 9)).vote({9: []})
    game.night(1).miss().day(2).nominations((1, 10)).vote({10: []})
    result = scored(game)
    assert points(result, 1, "eliminating-vote") == 0.4
    assert [item.points for item in items(result, 1, "eliminating-vote")] == [0.2, 0.2]


def test_best_of_per_black_a_vote_and_a_later_last_will_naming_the_same_black_give_100_percent_once():
    """The seed's example: a non-eliminating vote into black #9, then #9 in a Last Will
    Ordered, then #9 leaves: 100% of #9's value, not 50% + 100%."""
    game = Scenario.pro_mafia().day(1).nominations((1, 9), (2, 3))
    game.vote({9: [1, 2], 3: [3, 4, 5, 6, 7, 8, 9, 10]})  # red 3 leaves; seat 1 voted into 9
    game.night(1).shot(1).will(1, ordered=[9])
    game.day(2).nominations((2, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 1, "last-will-ordered") == 0.2
    assert points(result, 1, "non-eliminating-vote") == 0
    black_nine = [item for item in items(result, 1) if "black seat 9" in item.note]
    assert len(black_nine) == 1


def test_totals_are_exact_sums_without_float_noise():
    # 0.15 (75% of 0.2) + 0.1 + 0.05 … never 0.30000000000000004
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(8)  # values 0.3
    game.sheriff_check(9)
    game.day(2).nominations((7, 10), (1, 9)).vote({10: [1, 2, 3, 4, 5, 6, 7], 9: [9]})
    result = scored(game)
    sheriff = result.player(7)
    assert points(result, 7, "sheriff-check") == 0.225  # 75% of 0.3
    assert sheriff.total == round(sum(item.milli for item in sheriff.items) / 1000, 3)
    assert repr(sheriff.total) == "0.525"
    assert sheriff.total_decimal == Decimal("0.525")
    assert sheriff.team == "red" and sheriff.won is False
