"""Sheriff Scoring."""

import pytest

from .kit import Scenario, items, points, scored


def test_sheriff_check_of_a_black_gives_75_percent():
    game = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(9)
    assert points(game, 7, "sheriff-check") == 0.15


def test_sheriff_check_of_a_black_who_later_leaves_gives_100_percent():
    game = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(9)
    game.day(2).nominations((2, 9), (7, 3)).vote({9: [2, 3, 4, 5, 6, 8, 10], 3: [7, 9]})
    result = scored(game)
    assert points(result, 7, "sheriff-check-black-leaves") == 0.2
    assert points(result, 7, "sheriff-check") == 0  # best-of: only the 100% is kept


def test_sheriff_red_check_gives_no_points():
    game = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(2)
    assert scored(game).player(7).items == ()


def test_red_checks_that_confirm_all_remaining_blacks_score_each_at_75_percent():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((1, 8)).vote({8: []})  # black 8 leaves
    game.night(1).shot(1).sheriff_check(2)
    game.day(2).nominations((2, 3)).vote({3: []})
    game.night(2).shot(4).sheriff_check(5)  # 2 and 5 red; left: 2, 5, 6, 7, 9, 10
    game.day(3).nominations((2, 6)).vote({6: []})  # now only 9 and 10 are unknown: both black
    result = scored(game)
    assert points(result, 7, "red-checks-confirm-blacks") == 0.3
    notes = [item.note for item in items(result, 7, "red-checks-confirm-blacks")]
    assert notes[0].startswith("day 3: the Sheriff's red checks leave only black seat(s) 9, 10")


def test_red_checks_confirm_nothing_while_a_red_is_unknown():
    game = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(2)
    assert points(game, 7, "red-checks-confirm-blacks") == 0


def test_red_checks_confirm_nothing_at_the_departure_that_ends_the_game():
    """Red 2 is checked and stays; the unchecked reds leave one by one. Only the shot that
    ends the game (2 reds, 2 blacks: parity) leaves the blacks as the only unknown seats."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1).sheriff_check(2)
    game.day(2).nominations((2, 3)).vote({3: []})
    game.night(2).shot(4)
    game.day(3).nominations((2, 5)).vote({5: []})  # 2, 6, 7, 9, 10: red 6 still unknown
    game.night(3).shot(6)  # 2, 7, 9, 10: black wins
    result = scored(game)
    assert result.winner == "black"
    assert points(result, 7, "red-checks-confirm-blacks") == 0


def test_red_check_of_a_player_who_left_confirms_nothing_about_who_remains():
    """Red 2, the only red check, is shot on Night 2; the Sheriff is left alone with black 9
    only by the departures, and that last departure ends the game."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1).sheriff_check(2)
    game.day(2).nominations((2, 10)).vote({10: []})
    game.night(2).shot(2)
    game.day(3).nominations((4, 3)).vote({3: []})
    game.night(3).shot(4)
    game.day(4).nominations((6, 5)).vote({5: []})
    game.night(4).shot(6)  # 7 and 9: black wins
    result = scored(game)
    assert result.winner == "black"
    assert points(result, 7, "red-checks-confirm-blacks") == 0


def test_red_checks_confirm_the_last_black_at_the_check_while_the_game_goes_on():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1).sheriff_check(2)
    game.day(2).nominations((2, 10)).vote({10: []})
    game.night(2).shot(3).sheriff_check(4)
    game.day(3).nominations((4, 5)).vote({5: []})
    game.night(3).shot(2).sheriff_check(6)  # red 2 is gone; reds 4 and 6 checked, 9 unknown
    result = scored(game)
    assert points(result, 7, "red-checks-confirm-blacks") == 0.15
    notes = [item.note for item in items(result, 7, "red-checks-confirm-blacks")]
    assert notes == ["night 3: the Sheriff's red checks leave only black seat(s) 9"]


def test_sheriff_naming_his_own_known_check_in_first_color_will_gets_no_color_points():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).miss().sheriff_check(9)
    game.day(2).nominations((1, 7)).vote({7: []})  # the Sheriff is the First Out
    game.will(7, first_color={9: "black", 1: "red", 10: "black"})
    result = scored(game)
    assert points(result, 7, "first-color-will") == 0.5  # 0 + 0.2 + 0.3
    own = [item for item in items(result, 7, "first-color-will") if "seat 9" in item.note]
    assert own[0].points == 0
    assert points(result, 7, "sheriff-check") == 0.15  # scored through the check only


def test_sheriff_with_a_black_check_may_cast_a_free_non_eliminating_vote_into_a_red():
    def game(check: int) -> Scenario:
        g = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(check)
        g.day(2).nominations((2, 3), (3, 4))
        return g.vote({3: [2, 4, 5, 6, 8, 9, 10], 4: [3, 7]})  # red 3 leaves (not critical)

    assert points(game(9), 7, "red-vote-outside-critical") == 0  # black check: free vote
    assert points(game(9), 2, "red-vote-outside-critical") == -0.1
    assert points(game(2), 7, "red-vote-outside-critical") == -0.1  # only a red check


def test_sheriff_free_vote_is_not_free_in_critical_state_or_when_eliminating():
    game = Scenario.pro_mafia(sheriff=7).day(1).nominations((1, 1)).vote({1: []})
    game.night(1).shot(2).sheriff_check(9)  # 8 players: critical
    game.day(2).nominations((3, 3), (4, 4)).vote({3: [3, 5, 6, 8, 9], 4: [4, 7, 10]})
    assert points(game, 7, "red-vote-in-critical-state") == -0.2
    game = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(9)  # 9 players
    game.day(2).nominations((2, 3), (3, 9)).vote({3: [2, 4, 5, 6, 7, 8], 9: [3, 9, 10]})
    assert points(game, 7, "red-vote-outside-critical") == -0.1  # he voted red 3 out


def six_player_split(check: int, blacks_left: int, revote: dict[int, list[int]]) -> Scenario:
    """Day 3 at 6 players with the Sheriff 7: a split between black 10 and red 4, then
    `revote`. The Sheriff checked `check` on Night 1. One black left (black 9 voted out on
    Day 2): 5 red and 1 black, a non-critical circle; two left (red 2 voted out instead):
    4 red and 2 black, a critical one."""
    second_out, other = (9, 2) if blacks_left == 1 else (2, 9)
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1).sheriff_check(check)
    game.day(2).nominations((5, second_out)).vote({second_out: []})
    game.night(2).shot(3)
    game.day(3).nominations((4, 10), (10, 4)).vote({10: [4, 5, 6], 4: [7, 10, other]})
    return game.revote(revote)


@pytest.mark.parametrize("blacks_left", [1, 2])
def test_sheriff_free_vote_holds_in_a_six_player_split_revote(blacks_left):
    """The six-player split row prices its red votes as a non-critical circle's (−0.1 instead of
    the critical −0.2): the Sheriff's free vote holds there, with one black left or two."""
    other = 2 if blacks_left == 1 else 9
    game = six_player_split(9, blacks_left, {10: [4, 5, 6, 10], 4: [7, other]})
    result = scored(game)
    assert points(result, 7, "six-player-split-red-vote") == 0  # black check: free vote
    assert points(result, other, "six-player-split-red-vote") == (-0.1 if other == 2 else 0)
    game = six_player_split(2, blacks_left, {10: [4, 5, 6, 10], 4: [7, other]})  # only a red check
    assert points(game, 7, "six-player-split-red-vote") == -0.1


def test_sheriff_free_vote_in_a_six_player_split_not_when_eliminating():
    game = six_player_split(9, 1, {10: [4, 2], 4: [5, 6, 7, 10]})  # he votes red 4 out
    assert points(game, 7, "six-player-split-red-vote") == -0.1


def test_sheriff_free_vote_not_in_the_critical_first_round_before_a_six_player_split():
    game = six_player_split(9, 2, {10: [4, 5, 6, 10], 4: [7, 9]})  # 4 red, 2 black: critical
    assert points(game, 7, "red-vote-in-critical-state") == -0.2  # round 1 is no split


def test_sheriff_free_vote_covers_a_non_eliminating_vote_into_himself_at_9_players():
    """The Sheriff-at-9 row prices votes into the Sheriff; his own vote for himself is a
    non-eliminating vote into a red on a non-critical circle like any other."""

    def game(check: int) -> Scenario:
        g = Scenario.pro_mafia(sheriff=7).night(1).shot(1).sheriff_check(check)
        g.day(2).nominations((2, 7), (7, 8))
        return g.vote({7: [3, 4, 7], 8: [2, 5, 6, 8, 9, 10]})  # black 8 leaves

    assert points(game(9), 7, "non-eliminating-vote-into-sheriff-at-9") == 0
    assert points(game(9), 3, "non-eliminating-vote-into-sheriff-at-9") == -0.1
    assert points(game(2), 7, "non-eliminating-vote-into-sheriff-at-9") == -0.1


def test_sheriff_passing_the_helm_to_a_black_gets_no_free_vote_in_the_virtual_rounds():
    """The virtual votes are the black recipient's, not votes the Sheriff casts."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(1).sheriff_check(9)
    game.day(2).nominations((2, 8)).vote({8: []})
    game.night(2).shot(7).will(7, pass_the_helm=10)  # 7 players: 5 red, 2 black
    game.day(3).nominations((3, 2), (2, 10)).vote({2: [3, 4, 5, 6], 10: [2, 9, 10]})  # red 2 out
    assert [i.points for i in items(game, 7, "pass-the-helm")] == [-0.1]
