"""Red Player Scoring: votes into black targets and the Red Vote Penalties."""

from .kit import Scenario, items, points, scored


def black_win_game() -> Scenario:
    """Blacks 8, 9, 10; seat 5 votes into black 9 on Day 1; black wins by parity on Night 2."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((5, 9), (2, 1)).vote({9: [5], 1: [1, 2, 3, 4, 6, 7, 8, 9, 10]})
    game.night(1).shot(2)
    game.day(2).nominations((3, 3)).vote({3: []})
    game.night(2).shot(4)
    return game


def test_eliminating_vote_into_black_gives_its_full_value():
    game = Scenario.pro_mafia().day(1).nominations((1, 9), (2, 3))
    game.vote({9: [1, 2, 4, 5, 6, 7], 3: [3, 8, 10]})  # 9 leaves 6:4
    result = scored(game)
    for seat in (1, 2, 4, 5, 6, 7):
        assert points(result, seat, "eliminating-vote") == 0.2
    assert points(result, 3, "eliminating-vote") == 0
    assert items(result, 1)[0].note == "day 1: eliminating vote into black seat 9"


def test_non_eliminating_vote_into_black_who_later_leaves_gives_half():
    game = Scenario.pro_mafia().day(1).nominations((1, 9), (2, 3))
    game.vote({9: [1, 2], 3: [3, 4, 5, 6, 7, 8, 9, 10]})  # red 3 leaves
    game.night(1).shot(4)
    game.day(2).nominations((1, 9), (2, 5))
    game.vote({9: [2, 5, 6, 7, 8], 5: [1, 9, 10]})  # 9 leaves; seat 1 votes elsewhere
    result = scored(game)
    assert points(result, 1, "non-eliminating-vote") == 0.1
    # seat 2 voted into 9 on both days: best-of keeps the eliminating vote only
    assert points(result, 2, "eliminating-vote") == 0.2
    assert points(result, 2, "non-eliminating-vote") == 0


def test_non_eliminating_vote_into_black_who_wins_at_the_table_gives_full_value():
    result = scored(black_win_game())
    assert result.winner == "black"
    assert points(result, 5, "non-eliminating-vote-black-wins") == 0.2


def test_non_eliminating_vote_keeps_its_meaning_when_the_round_turns_into_a_red_only_split():
    # Day 1: 9 (black), 1 and 2 (red); 1 and 2 tie, the revote is red-only; 9 later leaves.
    game = Scenario.pro_mafia().day(1).nominations((3, 9), (4, 1), (5, 2))
    game.vote({9: [3, 4], 1: [1, 5, 6, 7], 2: [2, 8, 9, 10]})
    game.revote({1: [1, 3, 4, 5, 6, 7], 2: [2, 8, 9, 10]})  # 1 leaves
    game.night(1).shot(5)
    game.day(2).nominations((6, 9), (9, 6)).vote({9: [2, 6, 7, 8, 10], 6: [3, 4, 9]})  # 9 leaves
    result = scored(game)
    assert points(result, 3, "non-eliminating-vote") == 0.1
    assert points(result, 4, "non-eliminating-vote") == 0.1


def test_red_vote_outside_critical_when_a_red_leaves_by_vote_costs_once_per_game():
    game = Scenario.pro_mafia().day(1).nominations((1, 2), (2, 9))
    game.vote({2: [1, 3, 4, 5, 6, 7], 9: [2, 8, 9, 10]})  # red 2 leaves at 10 (not critical)
    game.night(1).miss()
    game.day(2).nominations((1, 3), (3, 9))
    game.vote({3: [1, 4, 5, 6, 8], 9: [3, 7, 9, 10]})  # red 3 leaves at 9 (not critical)
    result = scored(game)
    assert points(result, 1, "red-vote-outside-critical") == -0.1  # twice, capped at once
    assert len(items(result, 1, "red-vote-outside-critical")) == 1
    assert points(result, 7, "red-vote-outside-critical") == -0.1  # Day 1 only
    assert points(result, 3, "red-vote-outside-critical") == -0.1  # Day 1 only (Day 2 into 9)


def test_red_vote_outside_critical_needs_a_red_leaving_by_vote():
    game = Scenario.pro_mafia().day(1).nominations((1, 2), (2, 9))
    game.vote({2: [1, 3, 4], 9: [2, 5, 6, 7, 8, 9, 10]})  # black 9 leaves
    assert points(game, 1, "red-vote-outside-critical") == 0


def test_red_vote_leaving_by_raise_is_not_leaving_by_vote():
    """Interpretation: a red raised out has not "left by vote"; the raise table scores the
    hands instead."""
    game = Scenario.pro_mafia().day(1).nominations((1, 1), (2, 2))
    game.vote({1: [1, 3, 5, 7, 9], 2: [2, 4, 6, 8, 10]})
    game.revote({1: [1, 3, 5, 7, 9], 2: [2, 4, 6, 8, 10]})
    game.raise_hands([3, 4, 5, 6, 8, 9])  # 1 and 2 leave together: 8 players, critical
    result = scored(game)
    assert points(result, 3, "red-vote-outside-critical") == 0
    assert points(result, 3, "raise-removes-margin") == -0.1
    assert points(result, 7, "raise-removes-margin") == 0  # no hand


def test_red_vote_in_critical_state_costs_0_2_per_round_without_a_cap():
    game = black_win_game()  # Day 2 at 8 players (5 red, 3 black) is critical
    result = scored(game)
    assert points(result, 5, "red-vote-in-critical-state") == -0.2
    assert points(result, 3, "red-vote-in-critical-state") == -0.2  # also into himself
    # two critical rounds → two penalties
    game = Scenario.pro_mafia().day(1).nominations((1, 1)).vote({1: []})  # 9 players
    game.night(1).shot(2)  # 8 players: 5 red, 3 black — critical
    game.day(2).nominations((3, 4), (4, 5))
    game.vote({4: [3, 6, 7, 8], 5: [4, 5, 9, 10]})
    game.revote({4: [3, 6, 8, 9], 5: [4, 5, 7, 10]})
    assert points(game, 3, "red-vote-in-critical-state") == -0.4


def nine_players() -> Scenario:
    """Night 1 kills red 1: Day 2 starts with 9 players (6 red, 3 black), Sheriff 7."""
    return Scenario.pro_mafia().night(1).shot(1).day(2)


def test_non_eliminating_vote_into_sheriff_at_9_costs_0_1():
    game = nine_players().nominations((2, 7), (7, 8))
    game.vote({7: [3, 4], 8: [2, 5, 6, 7, 8, 9, 10]})  # black 8 leaves
    result = scored(game)
    assert points(result, 3, "non-eliminating-vote-into-sheriff-at-9") == -0.1
    assert points(result, 3, "red-vote-outside-critical") == 0


def test_non_eliminating_vote_into_sheriff_at_9_when_a_red_leaves_and_the_margin_goes_costs_0_2():
    game = nine_players().nominations((2, 7), (7, 2))
    game.vote({7: [3, 4], 2: [2, 5, 6, 7, 8, 9, 10]})  # red 2 leaves: 8 players, critical
    result = scored(game)
    assert points(result, 3, "non-eliminating-vote-into-sheriff-at-9") == -0.2
    assert points(result, 3, "red-vote-outside-critical") == 0
    assert points(result, 5, "red-vote-outside-critical") == -0.1  # voted red 2 out


def test_eliminating_vote_into_sheriff_at_9_losing_the_margin_costs_0_3():
    game = nine_players().nominations((2, 7), (7, 8))
    game.vote({7: [2, 3, 4, 5, 8, 9], 8: [6, 7, 10]})  # the Sheriff leaves: critical
    result = scored(game)
    assert points(result, 2, "eliminating-vote-into-sheriff-at-9") == -0.3
    assert points(result, 6, "eliminating-vote-into-sheriff-at-9") == 0


def test_eliminating_vote_into_sheriff_at_9_keeping_the_margin_costs_0_2():
    game = Scenario.pro_mafia().day(1).nominations((1, 8)).vote({8: []})  # 9 players, 2 black
    game.night(1).miss()
    game.day(2).nominations((2, 7), (7, 9))
    game.vote({7: [2, 3, 4, 5, 9], 9: [1, 6, 7, 10]})  # Sheriff leaves: 8 (6 red, 2 black)
    result = scored(game)
    assert points(result, 2, "eliminating-vote-into-sheriff-at-9") == -0.2


def test_vote_into_sheriff_outside_the_9_player_circle_is_an_ordinary_red_vote():
    game = Scenario.pro_mafia().day(1).nominations((2, 7), (7, 8))
    game.vote({7: [1, 2, 3, 4, 5, 9], 8: [6, 7, 8, 10]})  # at 10: the Sheriff leaves
    result = scored(game)
    assert points(result, 2, "red-vote-outside-critical") == -0.1
    assert points(result, 2, "eliminating-vote-into-sheriff-at-9") == 0
