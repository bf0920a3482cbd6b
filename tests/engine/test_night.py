"""Night procedure: the shot (shown numbers / the Don's decision), the checks, the order."""

import pytest

from games.engine.scenario import Scenario

from .kit import refused

BOTH = pytest.mark.parametrize("make", [Scenario.pro_mafia, Scenario.fiim], ids=["pro-mafia", "fiim"])


def pro(**kwargs):
    return Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7, **kwargs)


def fiim(**kwargs):
    return Scenario.fiim(blacks=(8, 9, 10), sheriff=7, **kwargs)


# --- Pro Mafia: one shared number kills ------------------------------------------------------


def test_pro_mafia_shared_valid_number_kills():
    record = pro().night(1).shot(4).replay()
    shot = record.nights[0]
    assert shot.shots == {8: 4, 9: 4, 10: 4}
    assert shot.killed == 4 and shot.target == 4 and not shot.miss and not shot.self_shot
    assert record.departures[0].how == "shot" and record.departures[0].phase.number == 1
    assert record.first_out == 4


def test_pro_mafia_different_numbers_are_a_miss():
    record = pro().night(1).shots({8: 4, 9: 4, 10: 5}, responsible=[10]).replay()
    shot = record.nights[0]
    assert shot.miss and shot.killed is None and shot.responsible == (10,)
    assert record.departures == ()


def test_pro_mafia_a_null_is_a_miss():
    record = pro().night(1).shots({8: 4, 9: 4, 10: None}).replay()
    assert record.nights[0].miss


def test_pro_mafia_all_null_is_a_miss():
    assert pro().night(1).miss().replay().nights[0].miss


def test_pro_mafia_shared_number_of_a_departed_seat_is_a_miss():
    record = pro().day(1).disqualify(4).night(1).shot(4).replay()
    assert record.nights[0].miss and record.nights[0].killed is None


def test_pro_mafia_self_shot_kills_the_black():
    record = pro().night(1).shot(9).replay()
    shot = record.nights[0]
    assert shot.killed == 9 and shot.self_shot


def test_pro_mafia_red_seat_in_the_shot_is_refused():
    refused(pro().night(1).shots({8: 4, 9: 4, 10: 4, 1: 4}), "shot.shooter-not-black")


def test_pro_mafia_shot_keys_must_include_every_living_black():
    refused(pro().night(1).shots({8: 4, 9: 4}), "shot.shooter-missing")


def test_pro_mafia_departed_black_does_not_shoot():
    game = pro().day(1).disqualify(9).night(1).shots({8: 4, 9: 4, 10: 4})
    refused(game, "shot.shooter-departed")


def test_pro_mafia_only_living_blacks_shoot_after_a_departure():
    record = pro().day(1).disqualify(9).night(1).shot(4).replay()
    assert record.nights[0].shots == {8: 4, 10: 4}


def test_pro_mafia_shown_number_out_of_range():
    refused(pro().night(1).shots({8: 11, 9: 11, 10: 11}), "event.seat-out-of-range")


def test_pro_mafia_responsible_only_for_misses():
    game = pro().night(1).shots({8: 4, 9: 4, 10: 4}, responsible=[8])
    refused(game, "shot.responsible-without-miss")


def test_pro_mafia_responsible_must_be_a_black_at_the_table():
    refused(
        pro().night(1).shots({8: 4, 9: 4, 10: 5}, responsible=[1]), "shot.responsible-not-shooter"
    )


def test_pro_mafia_night_zero_has_no_events():
    refused(pro().night(0).sheriff_check(8), "phase.night-zero-empty")


def test_pro_mafia_shot_needs_shots():
    refused(pro().night(1).event(type="shot", night=1, target=4), "event.field-missing")


# --- fiim-2025: the Don decides ----------------------------------------------------------------


def test_fiim_the_dons_decision_kills():
    record = fiim().night(0).shot(4).replay()
    shot = record.nights[0]
    assert shot.target == 4 and shot.killed == 4 and shot.shots == {}
    assert record.departures[0].phase.number == 0


def test_fiim_null_decision_is_no_kill():
    record = fiim().night(1).shot(None).replay()
    assert record.nights[0].miss and record.nights[0].killed is None


def test_fiim_decision_at_a_departed_seat_is_refused():
    refused(fiim().day(1).disqualify(4).night(1).shot(4), "shot.target-departed")


def test_fiim_without_the_don_the_remaining_mafia_decide():
    game = fiim().day(1).nominations((1, 8), (2, 3)).vote({8: [1, 2, 3, 4, 5, 6]})
    record = game.night(1).shot(4).replay()  # the Don (8) has left; the kill is recorded
    assert record.nights[0].killed == 4


def test_fiim_shot_needs_a_target_key():
    refused(fiim().night(1).event(type="shot", night=1), "event.field-missing")


# --- checks ----------------------------------------------------------------------------------


@BOTH
def test_sheriff_check_results(make):
    record = make(blacks=(8, 9, 10), sheriff=7).night(1).sheriff_check(8).replay()
    check = record.checks[0]
    assert (check.by, check.checker, check.target, check.result) == ("sheriff", 7, 8, "black")
    record = make(blacks=(8, 9, 10), sheriff=7).night(1).sheriff_check(1).replay()
    assert record.checks[0].result == "red"


@BOTH
def test_don_check_results(make):
    record = make(blacks=(8, 9, 10), sheriff=7).night(1).don_check(7).replay()
    check = record.checks[0]
    assert (check.by, check.checker, check.target, check.result) == ("don", 8, 7, "sheriff")
    record = make(blacks=(8, 9, 10), sheriff=7).night(1).don_check(1).replay()
    assert record.checks[0].result == "not_sheriff"


@BOTH
def test_departed_sheriff_does_not_check(make):
    refused(
        make(sheriff=7).day(1).disqualify(7).night(1).sheriff_check(8), "check.checker-departed"
    )


@BOTH
def test_departed_don_does_not_check(make):
    refused(
        make(blacks=(8, 9, 10)).day(1).disqualify(8).night(1).don_check(1), "check.checker-departed"
    )


@BOTH
def test_departed_player_is_not_checked(make):
    refused(make().day(1).disqualify(3).night(1).sheriff_check(3), "check.target-departed")
    refused(make().day(1).disqualify(3).night(1).don_check(3), "check.target-departed")


@BOTH
def test_checking_oneself_is_refused(make):
    refused(make(sheriff=7).night(1).sheriff_check(7), "check.self")


def test_pro_mafia_sheriff_killed_by_this_nights_shot_does_not_check():
    refused(pro().night(1).shot(7).sheriff_check(8), "check.checker-shot-tonight")


def test_pro_mafia_don_killed_by_this_nights_shot_does_not_check():
    refused(pro().night(1).shot(8).don_check(7), "check.checker-shot-tonight")


def test_fiim_sheriff_checks_before_the_shot_that_kills_them():
    record = fiim().night(1).sheriff_check(8).shot(7).replay()
    assert record.checks[0].checker == 7 and record.nights[0].killed == 7


# --- the night order -------------------------------------------------------------------------


def test_pro_mafia_night_order_shot_don_sheriff():
    record = pro().night(1).shot(4).don_check(7).sheriff_check(8).replay()
    assert record.current.night_stages_done == ("shot", "don_check", "sheriff_check")


def test_pro_mafia_don_check_before_the_shot_is_out_of_order():
    refused(pro().night(1).don_check(7).shot(4), "night.order")


def test_pro_mafia_sheriff_check_before_the_don_check_is_out_of_order():
    refused(pro().night(1).sheriff_check(8).don_check(7), "night.order")


def test_fiim_night_order_sheriff_shot_don():
    record = fiim().night(1).sheriff_check(8).shot(4).don_check(7).replay()
    assert record.current.night_stages_done == ("sheriff_check", "shot", "don_check")


def test_fiim_shot_before_the_sheriff_check_is_out_of_order():
    refused(fiim().night(1).shot(4).sheriff_check(8), "night.order")


def test_fiim_don_check_before_the_shot_is_out_of_order():
    refused(fiim().night(1).don_check(7).shot(4), "night.order")


@BOTH
def test_a_stage_happens_once_a_night(make):
    refused(make().night(1).sheriff_check(8).sheriff_check(9), "night.stage-repeated")


@BOTH
def test_stages_may_be_skipped(make):
    record = make().night(1).don_check(1).replay()
    assert record.current.night_stages_done == ("don_check",)


@BOTH
def test_each_night_starts_a_fresh_order(make):
    game = make().night(1).don_check(1).day(2).night(2).sheriff_check(8)
    assert len(game.replay().checks) == 2


@BOTH
def test_shot_in_a_day_is_a_night_event_in_a_day(make):
    refused(make().day(1).event(type="shot", day=1, target=3, shots={}), "phase.wrong-kind")
