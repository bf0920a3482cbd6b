"""`GameRecord.current`: what the judge's entry page needs after the last event."""

from games.engine import Phase
from games.engine.scenario import Scenario


def test_fresh_table_is_night_zero_with_everyone():
    state = Scenario.pro_mafia().replay().current
    assert state.phase == Phase("night", 0)
    assert state.alive == frozenset(range(1, 11))
    assert state.voting is None and not state.finished
    assert set(state.fouls) == set(range(1, 11))


def test_day_shows_the_voting_list_and_next_round():
    state = Scenario.pro_mafia().day(1).nominate(1, 2).nominate(3, 4).replay().current
    assert state.phase == Phase("day", 1)
    assert state.nominations == (2, 4) and state.next_vote_round == 1
    assert state.night_stages_done == ()


def test_night_shows_the_stages_done():
    state = Scenario.pro_mafia().night(1).shot(3).replay().current
    assert state.night_stages == ("shot", "don_check", "sheriff_check")
    assert state.night_stages_done == ("shot",)
    assert state.nominations == () and state.next_vote_round == 0


def test_waiting_for_the_raise_decision():
    game = Scenario.fiim(blacks=(8, 9, 10)).day(2).nominations((1, 2), (3, 8))
    game.vote({2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]}).revote(
        {2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]}
    )
    assert game.replay().current.voting == ("raise", (2, 8))


def test_finished_table_has_no_pending_wills():
    state = Scenario.pro_mafia(blacks=(8, 9, 10)).night(1).shot(4).day(2).dd(8).replay().current
    assert state.finished and state.winner == "red" and state.end == "dd"
    assert state.pending_wills == ()
