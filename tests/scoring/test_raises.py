"""Raises And Splits: the red and black raise tables."""

from .kit import Scenario, items, points, scored
from .test_wills import six_player_split_game


def nine_players() -> Scenario:
    """Night 1 kills red 1: Day 2 with 9 players (6 red, 3 black: 8, 9, 10)."""
    return Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(1).day(2)


def four_players() -> Scenario:
    """Day 4 with 4 players: reds 5, 6, 7 and the last black 10."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1)
    game.day(2).nominations((2, 9)).vote({9: []})
    game.night(2).shot(2)
    game.day(3).nominations((3, 3)).vote({3: []})
    game.night(3).shot(4)
    return game.day(4)


def test_raising_one_black_with_two_reds_at_9_nets_0():
    """The seed's example: +0.1 for the black (capped) and −0.1 for the lost margin."""
    game = nine_players().nominations((2, 2), (3, 3), (4, 9))
    split = {2: [2, 4, 5], 3: [3, 6, 7], 9: [8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([2, 3, 4, 5, 6])  # 5 of 9: passes; 6 players left (4 red, 2 black)
    result = scored(game)
    assert points(result, 4, "raise-hand-black") == 0.1
    assert points(result, 4, "raise-removes-margin") == -0.1
    assert result.player(4).total == 0
    assert "capped at 0.1" in items(result, 4, "raise-hand-black")[0].note
    # each black still at the table: +0.2 for the lost margin
    assert points(result, 8, "margin-lost-at-table") == 0.2
    assert points(result, 10, "margin-lost-at-table") == 0.2
    assert points(result, 9, "margin-lost-at-table") == 0


def test_raise_hand_that_lifts_black_targets_gives_their_full_value():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (2, 9))
    split = {8: [1, 2, 3, 4, 5], 9: [6, 7, 8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([1, 2, 3, 4, 5, 6])  # 6 of 10 passes: 8 players, 7 red 1 black
    result = scored(game)
    assert points(result, 1, "raise-hand-black") == 0.4
    assert points(result, 7, "raise-hand-black") == 0
    assert points(result, 7, "non-eliminating-vote") == 0.1  # voted 9, who left by raise


def test_raise_hand_that_removes_the_margin_and_causes_red_loss_costs_0_3():
    game = nine_players().nominations((2, 2), (3, 3), (4, 4))
    split = {2: [2, 5, 8], 3: [3, 6, 9], 4: [4, 7, 10]}
    game.vote(split).revote(split)
    game.raise_hands([5, 6, 8, 9, 10])  # 6 players: 3 red, 3 black — black wins
    result = scored(game)
    assert result.winner == "black"
    assert points(result, 5, "raise-removes-margin-and-causes-red-loss") == -0.3
    assert points(result, 7, "raise-removes-margin-and-causes-red-loss") == 0
    # black: +0.2 raise win and +0.2 lost margin = +0.4 (and +0.2 for winning at the table)
    assert (
        points(result, 8, "raise-causes-black-win") + points(result, 8, "margin-lost-at-table")
        == 0.4
    )


def test_raise_hand_that_causes_red_loss_costs_0_2():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 1)).vote({1: []})
    game.night(1).shot(2)  # 8 players (5 red, 3 black): the margin is already gone
    game.day(2).nominations((3, 3), (4, 4))
    split = {3: [3, 5, 8, 9], 4: [4, 6, 7, 10]}
    game.vote(split).revote(split)
    game.raise_hands([5, 6, 8, 9, 10])  # 6 players: 3 red, 3 black
    result = scored(game)
    assert points(result, 5, "raise-causes-red-loss") == -0.2
    assert points(result, 5, "raise-removes-margin") == 0
    assert points(result, 9, "raise-causes-black-win") == 0.2


def test_red_without_the_decisive_hand_to_raise_the_last_black_at_4_loses_0_2():
    game = four_players().nominations((5, 10), (10, 5))
    split = {10: [6, 7], 5: [5, 10]}
    game.vote(split).revote(split)
    game.raise_hands([6, 7])  # 2 of 4: fails by one hand
    result = scored(game)
    assert points(result, 5, "raise-last-black-at-4-missed") == -0.2
    assert points(result, 6, "raise-last-black-at-4-missed") == 0


def test_red_without_the_decisive_hand_to_raise_two_blacks_at_10_loses_0_1():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (2, 9))
    split = {8: [1, 2, 3, 4, 5], 9: [6, 7, 8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([1, 2, 3, 4, 5])  # 5 of 10: fails by one hand
    result = scored(game)
    assert points(result, 6, "raise-two-blacks-at-10-missed") == -0.1
    assert points(result, 1, "raise-two-blacks-at-10-missed") == 0
    # failing by two hands: nobody's hand was decisive
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (2, 9))
    game.vote(split).revote(split).raise_hands([1, 2, 3, 4])
    assert points(game, 6, "raise-two-blacks-at-10-missed") == 0


def test_red_without_the_decisive_hand_to_raise_blacks_at_9_in_a_split_loses_0_1():
    game = nine_players().nominations((2, 8), (3, 9), (4, 2))
    split = {8: [2, 3, 4], 9: [5, 6, 7], 2: [8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([2, 3, 4, 5])  # 4 of 9: fails by one hand
    result = scored(game)
    assert points(result, 6, "raise-blacks-at-9-missed") == -0.1
    assert points(result, 2, "raise-blacks-at-9-missed") == 0


def test_failed_three_way_raise_at_9_followed_by_a_shot_into_critical_state():
    game = nine_players().nominations((2, 8), (3, 9), (4, 2))
    split = {8: [2, 3, 4], 9: [5, 6, 7], 2: [8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([2, 3, 4, 5])
    game.night(2).shot(6)  # 8 players: 5 red, 3 black — critical
    result = scored(game)
    assert points(result, 7, "failed-three-way-raise-at-9") == -0.1
    # the exception: a red who raised a hand for a set with a black in it
    assert points(result, 2, "failed-three-way-raise-at-9") == 0
    assert points(result, 6, "failed-three-way-raise-at-9") == 0  # shot: not at the table


def test_failed_three_way_raise_at_9_without_a_black_in_the_set_excuses_nobody():
    game = nine_players().nominations((2, 2), (3, 3), (4, 4))
    split = {2: [2, 5, 8], 3: [3, 6, 9], 4: [4, 7, 10]}
    game.vote(split).revote(split)
    game.raise_hands([2, 3, 4])
    game.night(2).shot(5)
    result = scored(game)
    assert points(result, 2, "failed-three-way-raise-at-9") == -0.1
    assert points(result, 7, "failed-three-way-raise-at-9") == -0.1


def test_red_vote_into_red_in_a_two_player_split_at_6_costs_0_1_instead_of_0_2():
    result = scored(six_player_split_game())
    assert points(result, 6, "six-player-split-red-vote") == -0.1  # the revote
    assert points(result, 6, "red-vote-in-critical-state") == 0
    assert points(result, 5, "red-vote-in-critical-state") == -0.2  # round 1 is not a split
    assert points(result, 5, "six-player-split-red-vote") == -0.1


def test_black_decisive_hand_for_a_clearly_losing_raise_costs_0_2():
    game = four_players().nominations((5, 10), (10, 5))
    split = {10: [6, 7], 5: [5, 10]}
    game.vote(split).revote(split)
    game.raise_hands([6, 7, 10])  # 3 of 4, exactly the majority: the last black is raised
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 10, "black-decisive-hand-losing-raise") == -0.2
    assert points(result, 6, "raise-hand-black") == 0.2


def test_red_without_the_decisive_hand_to_raise_three_blacks_at_9_loses_0_1():
    game = nine_players().nominations((2, 8), (3, 9), (4, 10))
    split = {8: [2, 3, 4], 9: [5, 6, 7], 10: [8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([2, 3, 4, 5])  # 4 of 9
    result = scored(game)
    assert points(result, 6, "raise-blacks-at-9-missed") == -0.1
    assert points(result, 8, "raise-blacks-at-9-missed") == 0  # black: no red penalty


def test_black_decisive_hand_for_raising_two_blacks_at_10_costs_0_2_when_red_wins():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 9), (2, 8))
    split = {9: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]}
    game.vote(split).revote(split)
    game.raise_hands([1, 2, 3, 4, 5, 10])  # 6 of 10, no spare hand; black 10 among them
    game.night(1).miss()
    game.day(2).nominations((1, 10)).vote({10: []})
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 10, "black-decisive-hand-losing-raise") == -0.2
    assert points(result, 9, "black-early-leave") == -0.1  # raised out at 10
    assert points(result, 1, "raise-hand-black") == 0.4
