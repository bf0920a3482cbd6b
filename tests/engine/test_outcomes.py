"""Derived state: who is alive, the First Out, critical state, the winner and the end."""

import pytest

from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.engine.scenario import Scenario

from .kit import refused

BOTH = pytest.mark.parametrize("make", [Scenario.pro_mafia, Scenario.fiim], ids=["pro-mafia", "fiim"])


@BOTH
def test_alive_before_and_after_every_event(make):
    record = make(blacks=(8, 9, 10)).day(1).foul(1).disqualify(2).night(1).shot(3).replay()
    everyone = frozenset(range(1, 11))
    assert record.alive_before(0) == everyone and record.alive_after(0) == everyone
    assert record.alive_after(1) == everyone - {2}
    assert record.alive_before(2) == everyone - {2} and record.alive_after(2) == everyone - {2, 3}
    assert record.alive_after(-1) == everyone
    with pytest.raises(IndexError):
        record.alive_after(3)


# --- the First Out -----------------------------------------------------------------------------


@BOTH
def test_first_out_is_the_first_departure_by_vote_raise_or_shot(make):
    record = make().day(2).nominate(1, 5).vote({5: []}).night(2).shot(6).replay()
    assert record.first_out == 5


@BOTH
def test_disqualified_player_is_not_the_first_out(make):
    record = make().day(1).disqualify(2).night(1).shot(6).replay()
    assert record.first_out == 6
    assert make().day(1).disqualify(2).replay().first_out is None


# --- critical state ------------------------------------------------------------------------------


@BOTH
def test_critical_when_reds_minus_blacks_is_two_or_less(make):
    # 7 reds, 3 blacks → 4; two reds leave → 5 − 3 = 2: critical
    game = make(blacks=(8, 9, 10)).day(1).disqualify(1).disqualify(2)
    record = game.replay()
    assert not record.critical_after(0)
    assert record.critical_after(1)
    assert record.margin_lost_index == 1
    assert record.departures[1].critical_after and not record.departures[0].critical_after
    assert record.current.critical


@BOTH
def test_margin_can_be_regained_and_first_loss_is_kept(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(1).disqualify(2).disqualify(8).disqualify(3)
    record = game.replay()
    assert [record.critical_after(i) for i in range(4)] == [False, True, False, True]
    assert record.margin_lost_index == 1
    assert record.margin_lost_indices == (1, 3)
    assert record.margin_regained_indices == (2,)


@BOTH
def test_raise_of_three_reds_at_nine_loses_the_margin_and_the_game(make):
    game = make(blacks=(8, 9, 10)).night(1).shot(5).day(2).nominations((1, 2), (3, 4), (6, 1))
    game.vote({2: [1, 2, 3], 4: [4, 6, 7], 1: [8, 9, 10]})
    game.revote({2: [1, 2, 3], 4: [4, 6, 7], 1: [8, 9, 10]})
    record = game.raise_hands([1, 2, 3, 4, 8]).replay()  # 5 of 9
    assert record.raises[0].passed
    assert record.margin_lost_index == record.raises[0].index
    assert (record.winner, record.end) == ("black", "parity")


# --- the winner ------------------------------------------------------------------------------------


@BOTH
def test_red_wins_when_no_black_is_left(make):
    game = make(blacks=(8, 9, 10)).day(2).disqualify(9).disqualify(10).nominate(1, 8).vote({8: []})
    record = game.replay()
    assert (record.winner, record.end, record.finished, record.end_index) == (
        "red",
        "all_black_out",
        True,
        3,
    )


@BOTH
def test_black_wins_at_parity_after_a_shot(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(1).disqualify(2).disqualify(3).night(1).shot(4)
    record = game.replay()
    assert (record.winner, record.end, record.end_index) == ("black", "parity", 3)


@BOTH
def test_black_wins_when_a_raise_brings_parity(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(1).disqualify(2).nominations((3, 4), (5, 6))
    game.vote({4: [3, 4, 5, 6], 6: [7, 8, 9, 10]}).revote({4: [3, 4, 5, 6], 6: [7, 8, 9, 10]})
    record = game.raise_hands([4, 6, 8, 9, 10]).replay()
    assert (record.winner, record.end) == ("black", "parity")


@BOTH
def test_black_wins_when_a_disqualification_brings_parity(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(1).disqualify(2).disqualify(3).foul(4, times=4)
    record = game.replay()
    assert (record.winner, record.end, record.end_index) == ("black", "parity", 6)


@BOTH
def test_unfinished_game_has_no_winner(make):
    record = make().day(1).foul(1).replay()
    assert (record.winner, record.end, record.finished, record.end_index) == (
        None,
        None,
        False,
        None,
    )


@BOTH
def test_no_event_after_the_end(make):
    game = make(blacks=(8, 9, 10)).day(1).dd(8).foul(1)
    refused(game, "event.after-end")


def test_fiim_bonus_is_allowed_after_the_end():
    record = (
        Scenario.fiim(blacks=(8, 9, 10)).day(1).dd(8).bonus(1, 0.3, "good play").bonus(8, -0.2).replay()
    )
    assert [(b.seat, b.points) for b in record.bonuses] == [(1, 0.3), (8, -0.2)]


def test_pro_mafia_has_no_judge_bonuses():
    refused(Scenario.pro_mafia().bonus(1, 0.3), "bonus.not-in-ruleset")


def test_fiim_bonus_points_must_be_a_number():
    refused(Scenario.fiim().bonus(1, "0.3"), "event.field-type")
    refused(Scenario.fiim().bonus(1, float("nan")), "event.field-type")


def test_sheriff_kill_responsible_after_a_first_night_sheriff_kill():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(7)
    game.day(1 + 1).dd(9).sheriff_kill_responsible(9)  # allowed after the end
    assert game.replay().sheriff_kill_responsible == (9,)


def test_sheriff_kill_responsible_must_be_black():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(1).shot(7).sheriff_kill_responsible(1)
    refused(game, "sheriff-kill-responsible.not-black")


def test_sheriff_kill_responsible_needs_a_first_night_sheriff_kill():
    game = Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).night(2).shot(7).sheriff_kill_responsible(8)
    refused(game, "sheriff-kill-responsible.no-first-night-kill")
    game = Scenario.fiim(blacks=(8, 9, 10), sheriff=7).night(0).shot(7).sheriff_kill_responsible(8)
    assert game.replay().sheriff_kill_responsible == (8,)


# --- complete games ------------------------------------------------------------------------------


def test_full_pro_mafia_game_result():
    record = full_pro_mafia_game().replay()
    assert len(record.events) == 60
    result = record.to_result()
    assert result == {
        "valid": True,
        "finished": True,
        "winner": "red",
        "end": "all_black_out",
        "first_out": 4,
        "departures": [
            {"seat": 4, "how": "shot", "night": 1, "alive_after": 9},
            {"seat": 5, "how": "vote", "day": 2, "alive_after": 8},
            {"seat": 7, "how": "shot", "night": 2, "alive_after": 7},
            {"seat": 2, "how": "vote", "day": 3, "alive_after": 6},
            {"seat": 10, "how": "shot", "night": 3, "alive_after": 5},
            {"seat": 9, "how": "vote", "day": 4, "alive_after": 4},
        ],
    }
    assert [v.outcome for v in record.votes] == [
        "revote",
        "raise",
        "eliminated",
        "revote",
        "eliminated",
        "eliminated",
    ]
    assert not record.raises[0].passed
    assert record.margin_lost_index is None


def test_full_fiim_game_result():
    record = full_fiim_game().replay()
    assert (record.winner, record.end, record.first_out) == ("black", "parity", 5)
    assert (
        record.margin_lost_index == record.departures[1].event_index
    )  # the Sheriff shot on Night 1
    assert len(record.bonuses) == 2
