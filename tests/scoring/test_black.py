"""Black And Don Scoring."""

from .kit import Scenario, items, points, scored
from .test_red_votes import black_win_game


def vote_out_9_and_10_on_days_2_and_3(game: Scenario) -> Scenario:
    """Quiet Nights 1 and 2; the table votes out seat 9 on Day 2 and seat 10 on Day 3."""
    game.night(1).miss()
    game.day(2).nominations((1, 9)).vote({9: []})
    game.night(2).miss()
    return game.day(3).nominations((1, 10)).vote({10: []})


def test_black_survives_at_the_table_and_wins():
    result = scored(black_win_game())
    for seat in (8, 9, 10):
        assert points(result, seat, "black-wins-at-table") == 0.2


def test_black_early_leave_at_10_players_costs_the_leaver_0_1():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 9, "black-early-leave") == -0.1
    assert points(result, 8, "black-early-leave") == 0


def test_black_early_leave_not_for_late_departures():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 1)).vote({1: []})
    game.night(1).shot(2).day(2).nominations((3, 9)).vote({9: []})  # 9 leaves at 8 players
    assert points(game, 9, "black-early-leave") == 0


def test_sheriff_leaving_at_9_gives_each_black_0_2_and_the_lost_margin_another_0_2():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(1)
    game.day(2).nominations((2, 7)).vote({7: []})  # 8 players: 5 red, 3 black — critical
    result = scored(game)
    for seat in (8, 9, 10):
        assert points(result, seat, "sheriff-leaves-at-9") == 0.2
        assert points(result, seat, "margin-lost-at-table") == 0.2


def test_sheriff_shot_at_9_gives_each_black_0_2():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(7)  # 8 players: 6 red, 2 black — the margin stays
    result = scored(game)
    assert points(result, 9, "sheriff-leaves-at-9") == 0.2
    assert points(result, 9, "margin-lost-at-table") == 0
    assert points(result, 8, "sheriff-leaves-at-9") == 0  # already gone


def test_margin_lost_while_the_black_remains_at_the_table():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 1)).vote({1: []})
    game.night(1).shot(2)  # 8 players: 5 red, 3 black — critical
    result = scored(game)
    assert [item.note for item in items(result, 9, "margin-lost-at-table")] == [
        "night 1: the city lost its margin for error while this black stayed at the table"
    ]


def test_first_night_sheriff_kill_goes_to_the_assigned_black_only():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(7).sheriff_kill_responsible(9)
    result = scored(game)
    assert points(result, 9, "first-night-sheriff-kill") == 0.2
    assert points(result, 8, "first-night-sheriff-kill") == 0  # the Don gets nothing by default


def test_black_vote_into_black_then_stays_and_black_wins_costs_0_1():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (8, 1))
    game.vote({8: [1, 2, 3, 4, 5, 6, 7, 9], 1: [8, 10]})  # 9 helps; not decisive
    game.night(1).shot(1)
    game.day(2).nominations((2, 2)).vote({2: []})
    game.night(2).shot(3)
    game.day(3).nominations((4, 4)).vote({4: []})
    game.night(3).shot(5)  # 4 players: 6, 7, 9, 10 — black wins
    result = scored(game)
    assert result.winner == "black"
    assert points(result, 9, "black-vote-into-black") == -0.1


def test_black_decisive_vote_into_black_then_leaves_and_black_wins_costs_0_2():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (8, 1))
    game.vote({8: [2, 3, 4, 5, 9, 6], 1: [1, 7, 8, 10]})  # 6:4 — moving 9's vote: 5:5, a tie
    game3 = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (8, 1), (2, 3))
    game3.vote({8: [2, 4, 9, 6], 1: [1, 7, 8], 3: [3, 5, 10]})  # 8: 4, 1: 3 → moving 9: 1 leads
    game3.night(1).shot(1)  # 8 players: 6 red, 2 black
    game3.day(2).nominations((2, 2)).vote({2: []})  # 7: 5 red, 2 black
    game3.night(2).shot(3)  # 6: 4 red, 2 black
    game3.day(3).nominations((4, 9)).vote({9: []})  # 9 leaves: 5 players, 4 red, 1 black
    game3.night(3).shot(4)  # 4: 3 red, 1 black
    game3.day(4).nominations((5, 5)).vote({5: []})  # 3: 2 red, 1 black
    game3.night(4).shot(6)  # 2: 1 red, 1 black — black wins
    result = scored(game3)
    assert result.winner == "black"
    assert points(result, 9, "black-vote-into-black") == -0.2
    assert points(game, 9, "black-vote-into-black") == 0  # not decisive and no win yet


def test_black_decisive_vote_into_black_and_black_loses_costs_0_3():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (8, 1), (2, 3))
    game.vote({8: [2, 4, 9, 6], 1: [1, 7, 8], 3: [3, 5, 10]})
    vote_out_9_and_10_on_days_2_and_3(game)
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 9, "black-vote-into-black") == -0.3


def test_black_vote_with_a_clear_majority_against_an_exposed_ally_is_not_decisive():
    """The seed's example: the table votes an exposed black out by a clear majority; a black
    who votes with the table is not penalised when moving his vote could not have removed
    the red candidate instead."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8), (8, 1))
    game.vote({8: [1, 2, 3, 4, 5, 6, 7, 9], 1: [8, 10]})  # 8:2 — 9 votes with the table
    vote_out_9_and_10_on_days_2_and_3(game)
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 9, "black-vote-into-black") == 0


def test_black_vote_into_black_without_a_red_alternative_is_not_penalised():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8)).vote({8: []})
    vote_out_9_and_10_on_days_2_and_3(game)
    assert points(game, 9, "black-vote-into-black") == 0


def test_one_miss_and_the_responsible_black_later_leaves_costs_0_1():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shots({8: 1, 9: 2, 10: 1}, responsible=[9])
    game.day(2).nominations((1, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 9, "miss") == -0.1
    assert points(result, 8, "miss") == 0


def test_a_miss_without_a_later_leave_costs_nothing():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shots({8: 1, 9: 2, 10: 1}, responsible=[9])
    assert points(game, 9, "miss") == 0


def test_two_misses_and_the_responsible_black_later_leaves_costs_0_2_once():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shots({8: 1, 9: 2, 10: 1}, responsible=[9])
    game.night(2).shots({8: 3, 9: 4, 10: 3}, responsible=[9])
    game.day(3).nominations((1, 9)).vote({9: []})
    result = scored(game)
    assert points(result, 9, "miss") == -0.2
    assert len(items(result, 9, "miss")) == 1


def test_critical_miss_where_the_correct_shot_would_have_won_and_blacks_lose_costs_0_5():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 1)).vote({1: []})
    game.night(1).shot(2)
    game.day(2).nominations((3, 3)).vote({3: []})  # 7 players: 4 red, 3 black
    game.night(2).shots({8: 4, 9: 5, 10: 4}, responsible=[9])  # a shot would have made 3:3
    game.day(3).nominations((4, 8)).vote({8: []})
    game.night(3).miss()
    game.day(4).nominations((4, 9)).vote({9: []})
    game.night(4).miss()
    game.day(5).nominations((4, 10)).vote({10: []})
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 9, "critical-miss") == -0.5
    assert points(result, 9, "miss") == -0.1  # independent: he also left later
    assert points(result, 8, "critical-miss") == 0


def self_shot_at_5(sheriff_votes_alone: bool) -> Scenario:
    """Black 8 self-shoots on Night 1; Day 4 at 5 players (reds 5, 6, 7; blacks 9, 10)."""
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(8)
    game.day(2).nominations((1, 1)).vote({1: []})
    game.night(2).shot(2)
    game.day(3).nominations((3, 3)).vote({3: []})
    game.night(3).shot(4)  # 5 players: 5, 6, 7, 9, 10
    game.day(4).nominations((7, 10), (10, 5))
    if sheriff_votes_alone:
        return game.vote({10: [7], 5: [5, 6, 9, 10]})
    return game.vote({10: [7, 6], 5: [5, 9, 10]})


def test_threat_after_self_shot_the_sheriff_alone_at_5_is_no_threat():
    result = scored(self_shot_at_5(sheriff_votes_alone=True))
    assert result.winner == "black"
    assert points(result, 8, "self-shot-ally-not-threatened") == 0.6  # allies 9 and 10


def test_threat_after_self_shot_the_sheriff_and_one_red_at_5_are_a_threat():
    result = scored(self_shot_at_5(sheriff_votes_alone=False))
    assert points(result, 8, "self-shot-ally-threatened") == 0.1  # ally 10
    assert points(result, 8, "self-shot-ally-not-threatened") == 0.3  # ally 9


def test_self_shot_ally_who_left_costs_the_shooter_0_1_and_a_last_will_is_a_threat():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(8)
    game.day(2).nominations((1, 9), (9, 2)).vote({9: [1, 3, 4, 5, 6, 7], 2: [2, 9, 10]})
    game.night(2).shot(1).will(1, ordered=[10])
    result = scored(game)
    assert points(result, 8, "self-shot-ally-left") == -0.1  # ally 9
    assert points(result, 8, "self-shot-ally-threatened") == 0.1  # ally 10, named in a will
    assert points(result, 8, "black-early-leave") == 0


def test_last_black_self_shot_gives_reds_at_the_table_its_value_and_the_shooter_nothing():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8)).vote({8: []})
    game.night(1).shot(1)
    game.day(2).nominations((2, 9)).vote({9: []})
    game.night(2).shot(10)  # the last black shoots himself: red wins
    result = scored(game)
    assert result.winner == "red"
    assert points(result, 3, "last-black-self-shot") == 0.2
    assert points(result, 1, "last-black-self-shot") == 0  # not at the table
    assert result.player(10).items == ()


def test_least_suspicious_black_single():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
    game.day(1).nominations((5, 9), (2, 1)).vote({9: [5], 1: [1, 2, 3, 4, 6, 7, 8, 9, 10]})
    game.will(1, first_color={9: "black"})
    game.night(1).shot(2).will(2, ordered=[10])
    game.day(2).nominations((3, 3)).vote({3: []})
    game.night(2).shot(4)
    result = scored(game)
    assert points(result, 8, "least-suspicious-black") == 0.2
    assert points(result, 9, "least-suspicious-black") == 0


def test_least_suspicious_black_tied_get_0_1_each_and_a_self_shooter_is_eligible():
    result = scored(self_shot_at_5(sheriff_votes_alone=True))
    for seat in (8, 9, 10):
        assert points(result, seat, "least-suspicious-black") == 0.1


def test_least_suspicious_black_only_when_black_wins():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 8)).vote({8: []})
    vote_out_9_and_10_on_days_2_and_3(game)
    result = scored(game)
    assert all(points(result, seat, "least-suspicious-black") == 0 for seat in (8, 9, 10))
