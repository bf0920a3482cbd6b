"""First Color Will, Early Night-Shot Will Bonus, Last Will Ordered, Pass the Helm."""

from .kit import Scenario, items, points, scored


def test_first_color_will_correct_red_correct_black_and_wrong_color():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.will(1, first_color={2: "red", 9: "black", 3: "black"})
    result = scored(game)
    assert [item.points for item in items(result, 1, "first-color-will")] == [0.2, -0.1, 0.3]
    assert points(result, 1, "first-color-will") == 0.4


def test_first_color_will_three_correct_blacks_give_0_9_and_1_0_with_the_night_shot_bonus():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1)
    game.will(1, first_color={8: "black", 9: "black", 10: "black"})
    result = scored(game)
    assert points(result, 1, "first-color-will") == 0.9
    assert result.player(1).total == 1.0


def test_black_players_do_not_score_their_own_wills():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8)).vote({8: []})
    game.will(8, first_color={9: "black", 1: "red"})
    assert points(game, 8, "first-color-will") == 0


def test_early_night_shot_will_bonus_needs_a_night_shot_a_target_and_more_than_3_players():
    shot = Scenario.pro_mafia().night(1).shot(1).will(1, first_color={2: "red"})
    assert points(shot, 1, "early-night-shot-will") == 0.1
    skipped = Scenario.pro_mafia().night(1).shot(1).will(1)
    assert points(skipped, 1, "early-night-shot-will") == 0
    empty = Scenario.pro_mafia().night(1).shot(1).will(1, first_color={})
    assert points(empty, 1, "early-night-shot-will") == 0
    day_vote = (
        Scenario.pro_mafia().day(1).nominations((2, 1)).vote({1: []}).will(1, first_color={2: "red"})
    )
    assert points(day_vote, 1, "early-night-shot-will") == 0



def five_departures_by_day_3() -> Scenario:
    """Seats 8, 1, 9, 2 and 3 gone by the end of Day 3 (voted out by day, shot by night): five
    players left, 4, 5, 6, 7 and the black 10."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10))
    game.day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1)
    game.day(2).nominations((2, 9)).vote({9: []})
    game.night(2).shot(2)
    return game.day(3).nominations((3, 3)).vote({3: []})

def test_early_night_shot_will_bonus_with_4_players_left():
    game = five_departures_by_day_3()
    game.night(3).shot(4).will(4, ordered=[10])  # 4 players left (5, 6, 7, 10): bonus
    assert points(game, 4, "early-night-shot-will") == 0.1


def test_early_night_shot_will_bonus_exactly_three_left():
    game = five_departures_by_day_3()
    game.night(3).miss()
    game.day(4).nominations((4, 4)).vote({4: []})  # 4 players: 5, 6, 7, 10
    game.night(4).shot(5).will(5, ordered=[10])  # 3 left after the shot: no bonus
    result = scored(game)
    assert points(result, 5, "early-night-shot-will") == 0
    assert points(result, 5, "last-will-ordered") == 0.2


def test_last_will_ordered_black_target_gives_full_value():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.night(1).shot(2).will(2, ordered=[9, 10])
    assert points(game, 2, "last-will-ordered") == 0.4


def test_last_will_ordered_red_target_outside_critical_costs_0_1_and_during_critical_0_2():
    # outside: 8 players after the shot (6 red, 2 black)
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 8)).vote({8: []})
    game.night(1).shot(2).will(2, ordered=[3])
    assert [i.points for i in items(game, 2, "last-will-red-target")] == [-0.1]
    # during: 8 players after the shot (5 red, 3 black)
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.night(1).shot(2).will(2, ordered=[3, 9])
    result = scored(game)
    assert [i.points for i in items(result, 2, "last-will-red-target")] == [-0.2]
    assert "during critical state" in items(result, 2, "last-will-red-target")[0].note


def test_last_will_red_target_critical_state_is_the_virtual_table_at_that_virtual_vote():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1)  # First Out: 1
    game.day(2).nominations((3, 8)).vote({8: []})  # 8 players: 6 red, 2 black
    game.night(2).shot(2).will(2, ordered=[3, 4, 9])  # 7 left: 5 red, 2 black — not critical
    # virtual: 3 out at 7 (not critical) → 6 players (4 red, 2 black): 4 out is critical
    result = scored(game)
    assert [i.points for i in items(result, 2, "last-will-red-target")] == [-0.1, -0.2]
    assert points(result, 2, "last-will-ordered") == 0.2


def test_last_will_ordered_simulation_stops_when_the_virtual_game_ends():
    game2 = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1)  # 9: 6 red 3 black
    game2.day(2).nominations((2, 2)).vote({2: []})  # 8 players: 5 red, 3 black
    game2.night(2).shot(3).will(3, ordered=[4, 9, 10])  # 7: 4 red, 3 black
    # virtual: 4 out → 6 players, 3 red 3 black: the virtual game is over; 9 and 10 unscored
    result = scored(game2)
    assert points(result, 3, "last-will-red-target") == -0.2
    assert points(result, 3, "last-will-ordered") == 0


def test_last_will_red_targets_not_penalised_when_all_living_blacks_are_named():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1)
    game.day(2).nominations((3, 8)).vote({8: []})  # 8: 6 red, 2 black
    game.night(2).shot(2).will(2, ordered=[3, 9, 10])  # all living blacks named
    result = scored(game)
    assert points(result, 2, "last-will-red-target") == 0
    assert points(result, 2, "last-will-ordered") == 0.4


def test_last_will_guaranteed_split_path_at_6_names_all_blacks_regardless_of_order():
    # 6 alive after the departure with one black: [red, black] names every black
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1)
    game.day(2).nominations((2, 9)).vote({9: []})  # 7: 6 red, 1 black
    game.night(2).shot(2).will(2, ordered=[3, 10])  # 6 alive after
    result = scored(game)
    assert points(result, 2, "last-will-red-target") == 0
    assert points(result, 2, "last-will-ordered") == 0.2


def test_pass_the_helm_to_a_red_copies_the_recipients_later_trajectory():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 9), (3, 1))
    game.vote({9: [1, 2, 3], 1: [4, 5, 6, 7, 8, 9, 10]})
    # 1 leaves (first out) and passes the helm to 2, who voted into 9 before the helm
    game.will(1, pass_the_helm=2)
    game.night(1).miss()
    game.day(2).nominations((2, 10)).vote({10: []})  # 2 eliminates 10 after the helm
    result = scored(game)
    copied = items(result, 1, "pass-the-helm")
    assert [item.points for item in copied] == [0.2]
    assert "black seat 10" in copied[0].note
    assert "black seat 9" not in copied[0].note  # before the helm: not copied


def test_pass_the_helm_copy_is_inside_the_leavers_best_of():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 9), (3, 1))
    game.vote({9: [1, 2, 3], 1: [4, 5, 6, 7, 8, 9, 10]})  # 1 voted 9, then left
    game.will(1, pass_the_helm=2)
    game.night(1).miss()
    game.day(2).nominations((2, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 1, "pass-the-helm") == 0.2
    assert points(result, 1, "non-eliminating-vote") == 0  # 50% replaced by the copied 100%


def test_pass_the_helm_does_not_copy_disqualification_or_dd():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.will(1, pass_the_helm=2)
    game.night(1).miss()
    game.day(2).nominations((2, 9)).vote({9: []})
    game.disqualify(2)
    result = scored(game)
    assert points(result, 1, "pass-the-helm") == 0.2  # the vote is copied, not the −0.5
    assert result.player(2).total == -0.5


def test_pass_the_helm_to_a_black_critical_rounds_cost_0_2_each():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.will(1, pass_the_helm=9)
    game.night(1).shot(2)  # 8 players: critical
    game.day(2).nominations((3, 3), (4, 8)).vote({3: [3, 4, 5], 8: [6, 7, 8, 9, 10]})
    result = scored(game)
    assert [i.points for i in items(result, 1, "pass-the-helm")] == [-0.2]


def test_pass_the_helm_to_a_black_non_critical_costs_0_1_only_when_a_red_leaves_and_once():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1).will(1, pass_the_helm=9)
    game.day(2).nominations((2, 8), (3, 2)).vote(
        {8: [2, 3, 4, 5, 6, 7], 2: [8, 9, 10]}
    )  # black out
    game.night(2).miss()  # 8 players: 6 red, 2 black
    game.day(3).nominations((3, 2), (2, 10)).vote({2: [3, 4, 5, 6, 7], 10: [2, 9, 10]})  # red 2 out
    game.night(3).miss()  # 7 players: 5 red, 2 black
    game.day(4).nominations((4, 3), (3, 10)).vote({3: [4, 5, 6, 7], 10: [3, 9, 10]})  # red 3 out
    result = scored(game)
    assert [i.points for i in items(result, 1, "pass-the-helm")] == [-0.1]


def test_pass_the_helm_to_a_black_no_red_candidate_no_penalty():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(1).will(1, pass_the_helm=9)
    game.day(2).nominations((2, 8), (3, 10)).vote({8: [2, 3, 4, 5, 6, 7], 10: [8, 9, 10]})
    assert points(game, 1, "pass-the-helm") == 0


def test_pass_the_helm_to_a_black_sheriff_at_9_uses_the_sheriff_row():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(1).will(1, pass_the_helm=9)
    game.day(2).nominations((2, 7), (3, 8)).vote(
        {7: [2, 3, 4, 5, 6, 9], 8: [7, 8, 10]}
    )  # Sheriff out
    result = scored(game)
    passed = items(result, 1, "pass-the-helm")
    assert [i.points for i in passed] == [-0.3]
    assert "eliminating-vote-into-sheriff-at-9" in passed[0].note


def test_pass_the_helm_to_a_black_six_player_split_uses_the_six_player_row():
    game = six_player_split_game(helm=True)
    result = scored(game)
    notes = [i.note for i in items(result, 1, "pass-the-helm")]
    assert any("six-player-split-red-vote" in note for note in notes)
    split = [i.points for i in items(result, 1, "pass-the-helm") if "six-player" in i.note]
    assert split == [-0.1]


def six_player_split_game(helm: bool = False) -> Scenario:
    """6 players (4 red incl. the Sheriff 7, 2 black: 9, 10) on Day 3; 9 and red 5 split."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(1)
    if helm:
        game.will(1, pass_the_helm=10)
    game.day(2).nominations((2, 8), (8, 2)).vote({8: [2, 3, 4, 5, 6, 7], 2: [8, 9, 10]})  # 8 out
    game.night(2).shot(2)  # 7 players: 5 red, 2 black
    game.day(3).nominations((3, 3)).vote({3: []})  # 6 players: 4 red, 2 black — critical
    game.night(3).miss()
    game.day(4).nominations((4, 9), (9, 5))
    game.vote({9: [4, 6, 7], 5: [5, 9, 10]})
    game.revote({9: [4, 7, 10], 5: [5, 6, 9]})  # the two-player split
    game.raise_hands([])
    return game


def test_pass_the_helm_chains_through_a_recipient_who_passes_it_on():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((2, 1)).vote({1: []})
    game.will(1, pass_the_helm=2)
    game.night(1).shot(2).will(2, pass_the_helm=3)
    game.day(2).nominations((3, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 2, "pass-the-helm") == 0.2
    assert points(result, 1, "pass-the-helm") == 0.2
    assert (
        "helm passed to seat 2 — helm passed to seat 3" in items(result, 1, "pass-the-helm")[0].note
    )


def test_pass_the_helm_to_a_black_shares_the_leavers_once_per_game_cap():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 2), (2, 8))
    game.vote({2: [1, 3, 4, 5, 6, 7], 8: [2, 8, 9, 10]})  # red 2 out; seat 1 voted into him
    game.night(1).shot(1).will(1, pass_the_helm=9)  # 8 players: 5 red, 3 black — critical
    game.day(2).nominations((3, 8), (8, 3)).vote({8: [3, 4, 5, 6, 7], 3: [8, 9, 10]})  # 8 out
    game.night(2).miss()  # 7 players: 5 red, 2 black — not critical
    game.day(3).nominations((3, 4), (4, 10)).vote({4: [3, 5, 6, 7], 10: [4, 9, 10]})  # red 4 out
    result = scored(game)
    assert points(result, 1, "red-vote-outside-critical") == -0.1
    passed = items(result, 1, "pass-the-helm")
    assert [item.points for item in passed] == [-0.2]  # day 2 is critical (8 players)
    assert "red-vote-in-critical-state" in passed[0].note  # day 3's −0.1: the cap is shared
