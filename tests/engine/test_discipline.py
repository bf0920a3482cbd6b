"""Fouls, disqualification, DD and surrender."""

import pytest

from games.engine.scenario import Scenario

from .kit import refused

BOTH = pytest.mark.parametrize("make", [Scenario.pro_mafia, Scenario.fiim], ids=["pro-mafia", "fiim"])


@BOTH
def test_fouls_are_counted_per_seat(make):
    record = make().day(1).foul(3).foul(3).technical_foul(3).replay()
    assert [(f.seat, f.kind, f.number) for f in record.fouls] == [
        (3, "ordinary", 1),
        (3, "ordinary", 2),
        (3, "technical", 1),
    ]
    fouls = record.current.fouls[3]
    assert (fouls.ordinary, fouls.technical, fouls.shortened_speech) == (2, 1, False)


@BOTH
def test_three_ordinary_fouls_shorten_the_next_speech(make):
    assert make().day(1).foul(3, times=3).replay().current.fouls[3].shortened_speech


@BOTH
def test_fourth_ordinary_foul_disqualifies(make):
    record = make().day(1).foul(3, times=4).replay()
    assert 3 not in record.alive
    disqualification = record.disqualifications[0]
    assert (disqualification.seat, disqualification.cause, disqualification.index) == (
        3,
        "fourth_foul",
        3,
    )
    assert record.departures[0].how == "disqualified"
    assert record.first_out is None


@BOTH
def test_second_technical_foul_disqualifies(make):
    record = make().night(1).technical_foul(3).technical_foul(3).replay()
    assert record.disqualifications[0].cause == "second_technical"
    assert record.departures[0].phase.kind == "night"


@BOTH
def test_foul_by_a_departed_player(make):
    refused(make().day(1).foul(3, times=4).foul(3), "foul.departed")


@BOTH
def test_foul_kind_unknown(make):
    refused(make().day(1).foul(3, kind="yellow"), "foul.kind-unknown")


@BOTH
def test_foul_seat_out_of_range(make):
    refused(make().day(1).foul(12), "event.seat-out-of-range")


@BOTH
def test_manual_disqualification(make):
    record = make().day(1).disqualify(3, reason="insult").replay()
    assert record.disqualifications[0].reason == "insult"
    assert record.disqualifications[0].cause == "manual"


@BOTH
def test_disqualify_departed_player(make):
    refused(make().day(1).disqualify(3).disqualify(3), "disqualify.departed")


@BOTH
def test_disqualify_needs_a_reason(make):
    refused(make().day(1).event(type="disqualify", day=1, seat=3), "event.field-missing")


@BOTH
def test_dd_on_a_black_player_red_wins(make):
    record = make(blacks=(8, 9, 10)).day(1).dd(9).replay()
    assert (record.winner, record.end, record.finished, record.end_index) == ("red", "dd", True, 0)
    assert record.dd.seat == 9


@BOTH
def test_dd_on_a_red_player_black_wins(make):
    record = make(blacks=(8, 9, 10)).day(1).dd(2).replay()
    assert (record.winner, record.end) == ("black", "dd")


@BOTH
def test_dd_may_name_a_player_who_has_left(make):
    record = make(blacks=(8, 9, 10)).day(1).disqualify(9).dd(9).replay()
    assert record.winner == "red" and record.end == "dd"


@BOTH
def test_surrender_red_wins(make):
    record = make().night(1).surrender().replay()
    assert (record.winner, record.end, record.surrender_index) == ("red", "surrender", 0)


@BOTH
def test_disqualifications_can_end_the_game(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(8).disqualify(9).disqualify(10)
    record = game.replay()
    assert (record.winner, record.end, record.end_index) == ("red", "all_black_out", 2)
