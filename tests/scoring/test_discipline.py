"""Technical Penalties, Removed Black Players, DD, and Mafia Surrender."""

from .kit import Scenario, items, points, scored


def test_technical_disqualification_costs_0_5_and_removes_the_players_other_awards():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 9)).vote({9: []})
    game.technical_foul(1).technical_foul(1)  # the second technical foul disqualifies
    result = scored(game)
    assert [(item.points, item.rule) for item in result.player(1).items] == [
        (-0.5, "technical-disqualification")
    ]
    assert points(result, 2, "eliminating-vote") == 0.2


def test_fourth_foul_removal_costs_the_technical_disqualification_penalty():
    """Interpretation: every disqualification — manual, fourth ordinary foul, second
    technical foul — is the seed's "technical disqualification" (−0.5)."""
    game = Scenario.pro_mafia().day(1).foul(3, times=4)
    result = scored(game)
    assert result.player(3).total == -0.5
    assert "fourth ordinary foul" in items(result, 3)[0].note
    manual = scored(Scenario.pro_mafia().day(1).disqualify(3, "insulted a player"))
    assert manual.player(3).total == -0.5


def test_removed_black_gives_living_reds_its_full_value_inside_the_best_of():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 9), (2, 1))
    game.vote({9: [1, 2], 1: [3, 4, 5, 6, 7, 8, 9, 10]})  # red 1 leaves; 1 and 2 voted into 9
    game.night(1).miss()
    game.day(2).disqualify(9, "insulted a player")
    result = scored(game)
    assert points(result, 3, "removed-black") == 0.2
    assert points(result, 2, "removed-black") == 0.2
    assert points(result, 2, "non-eliminating-vote") == 0  # not added on top
    assert points(result, 1, "non-eliminating-vote") == 0.1  # left earlier: the vote counts
    assert points(result, 1, "removed-black") == 0
    assert result.player(9).total == -0.5


def test_red_removal_creates_no_penalty_for_other_reds():
    game = Scenario.pro_mafia().day(1).disqualify(1)
    result = scored(game)
    assert all(result.player(seat).items == () for seat in range(2, 11))


def test_dd_by_a_red_player_black_wins_and_the_offender_gets_only_minus_1():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 9), (2, 1))
    game.vote({9: [1, 2, 3], 1: [4, 5, 6, 7, 8, 9, 10]})
    game.night(1).miss()
    game.day(2).dd(2, "phone at the table")
    result = scored(game)
    assert result.winner == "black"
    assert [(item.points, item.rule) for item in result.player(2).items] == [
        (-1.0, "declared-defeat")
    ]
    assert points(result, 3, "non-eliminating-vote-black-wins") == 0.2  # rest scored + winner
    assert points(result, 9, "black-wins-at-table") == 0.2


def test_dd_by_a_black_player_red_wins_and_the_living_reds_receive_his_value():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1).day(2).dd(9)
    result = scored(game)
    assert result.winner == "red"
    assert result.player(9).total == -1.0
    assert points(result, 2, "removed-black") == 0.2
    assert points(result, 1, "removed-black") == 0
    assert points(result, 8, "black-wins-at-table") == 0


def test_dd_can_name_a_player_who_already_left_and_is_not_copied_through_pass_the_helm():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.will(1, pass_the_helm=2)
    game.night(1).miss()
    game.day(2).nominations((2, 9)).vote({9: []})
    game.night(2).miss()
    game.day(3).dd(2)
    result = scored(game)
    assert result.player(2).total == -1.0
    assert points(result, 1, "pass-the-helm") == 0.2  # the vote, not the DD


def test_mafia_surrender_gives_reds_at_the_table_each_surrendered_blacks_value():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (2, 1))
    game.vote({8: [1, 2, 3, 4, 5, 6], 1: [7, 8, 9, 10]})  # 8 leaves
    game.night(1).shot(1)
    game.day(2).nominations((3, 9), (9, 3)).vote({9: [3], 3: [2, 4, 5, 6, 7, 9, 10]})  # red 3 out
    game.night(2).miss().day(3).surrender()
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 2, "surrender") == 0.4  # 9 and 10
    assert points(result, 3, "non-eliminating-vote") == 0.1  # left before: 50% for 9
    assert points(result, 3, "surrender") == 0
    assert points(result, 9, "black-early-leave") == 0


def test_dd_supersedes_a_disqualification_of_the_same_player():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).disqualify(3).dd(3)
    result = scored(game)
    assert [(item.points, item.rule) for item in result.player(3).items] == [
        (-1.0, "declared-defeat")
    ]


def test_removed_black_by_fourth_foul_gives_living_reds_its_value():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).foul(9, times=4)
    result = scored(game)
    assert points(result, 1, "removed-black") == 0.2
    assert result.player(9).total == -0.5
