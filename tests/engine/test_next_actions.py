"""`next_actions`: what the judge may record next — the entry page, its actions and the API read it."""

from games.engine import Phase
from games.engine.actions import earliest_phase_key, next_actions, opening_phase_key
from games.engine.scenario import Scenario


def actions(game: Scenario, phase: Phase | None = None):
    return next_actions(game.replay(), phase)


def test_a_fresh_table_may_still_change_its_deal_and_opens_where_the_ruleset_does():
    pro, fiim = Scenario.pro_mafia(), Scenario.fiim()
    assert actions(pro).deal_open and actions(fiim).deal_open
    assert opening_phase_key("pro-mafia-1.1") == Phase("day", 1).key  # Night 0 is the silent meet
    assert opening_phase_key("fiim-2025") == Phase("night", 0).key
    assert not actions(pro.day(1).nominate(1, 2)).deal_open


def test_a_day_nominates_until_its_first_vote():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominations((1, 2), (3, 4))
    before = actions(game)
    assert before.nominate and before.vote and before.vote_round == 1
    assert before.candidates == (2, 4) and before.vote_due == (2, 4) and not before.raise_decision
    after = actions(game.vote({2: [1, 3, 4, 5, 6], 4: [2, 7, 8, 9, 10]}))
    assert not after.nominate  # a tie: the day's nominations are closed
    assert after.vote and after.vote_round == 2 and after.candidates == (2, 4)


def test_an_unchanged_tie_after_the_revote_asks_for_the_raise_decision_only():
    game = Scenario.fiim(blacks=(8, 9, 10)).day(2).nominations((1, 2), (3, 8))
    game.vote({2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]}).revote({2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]})
    due = actions(game)
    assert due.raise_decision and not due.vote and due.candidates == (2, 8) and due.vote_due == (2, 8)
    assert due.majority == 6  # of ten players: a majority, half is not enough


def test_a_decided_day_offers_no_vote():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominate(1, 8).vote({8: []})
    due = actions(game)
    assert not due.vote and not due.raise_decision and not due.nominate and due.vote_due == ()


def test_a_day_the_judge_moved_on_to_starts_with_nominations():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominate(1, 8).vote({8: []})
    due = actions(game, Phase("day", 2))
    assert due.nominate and not due.in_recorded_phase and due.candidates == () and not due.vote


def test_the_night_offers_its_open_stages_in_order_and_no_checker_checks_their_own_seat():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(4)
    stages = actions(game).night_stages
    assert [choice.stage for choice in stages] == ["don_check", "sheriff_check"]  # the shot is done
    don, sheriff = stages
    assert don.checker == 8 and 8 not in don.targets and 4 not in don.targets
    assert sheriff.checker == 7 and 7 not in sheriff.targets


def test_a_checker_who_has_left_the_table_does_not_check():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(7)
    assert [choice.stage for choice in actions(game).night_stages] == ["don_check"]


def test_the_night_shot_is_the_dons_decision_in_fiim_2025_only():
    assert actions(Scenario.fiim().night(0)).shot_by_don
    assert not actions(Scenario.pro_mafia().night(1)).shot_by_don
    assert actions(Scenario.pro_mafia(blacks=(8, 9, 10)).night(1)).living_blacks == (8, 9, 10)


def test_wills_are_due_after_a_departure():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(4)
    (will,) = actions(game).wills
    assert will.seat == 4 and "first_color" in will.kinds


def test_the_judge_moves_one_phase_on_and_never_back_before_the_last_event():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominate(1, 8)
    due = actions(game)
    assert due.next_phase == Phase("night", 1) and due.previous_phase is None
    ahead = actions(game, Phase("night", 1))
    assert ahead.previous_phase == Phase("day", 1) and ahead.next_phase == Phase("day", 2)
    assert earliest_phase_key(game.replay()) == Phase("day", 1).key


def test_a_finished_game_offers_nothing_to_record():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(4).day(2).dd(8)
    due = actions(game)
    assert due.finished and not due.nominate and not due.vote and due.night_stages == () and due.wills == ()
