"""Day procedure: nominations, voting rounds, splits, revotes and the raise decision."""

import pytest

from games.engine.scenario import Scenario

from .kit import refused

BOTH = pytest.mark.parametrize("make", [Scenario.pro_mafia, Scenario.fiim], ids=["pro-mafia", "fiim"])


def day_one_two_nominations(make=Scenario.pro_mafia):
    return make(blacks=(8, 9, 10), sheriff=7).day(1).nominate(1, 8).nominate(2, 3)


# --- nominations -------------------------------------------------------------------------


@BOTH
def test_nominations_are_recorded_in_list_order(make):
    record = day_one_two_nominations(make).replay()
    assert [(n.by, n.target, n.day) for n in record.nominations] == [(1, 8, 1), (2, 3, 1)]
    assert record.current.nominations == (8, 3)
    assert record.current.nominators == (1, 2)


@BOTH
def test_nominate_already_nominated(make):
    refused(day_one_two_nominations(make).nominate(4, 8), "nominate.already-nominated")


@BOTH
def test_departed_player_does_not_nominate(make):
    game = make().day(1).disqualify(1).nominate(1, 2)
    refused(game, "nominate.by-departed")


@BOTH
def test_departed_player_is_not_nominated(make):
    game = make().day(1).disqualify(2).nominate(1, 2)
    refused(game, "nominate.target-departed")


def test_fiim_second_nomination_by_the_same_player_in_a_day():
    game = Scenario.fiim().day(1).nominate(1, 2).nominate(1, 3)
    refused(game, "nominate.second-by-player")


def test_fiim_one_nomination_per_day_resets_next_day():
    game = (
        Scenario.fiim()
        .day(1)
        .nominate(1, 2)
        .nominate(3, 4)
        .vote({2: [1, 2, 3, 4, 5, 6]}, candidates=[2, 4])
    )
    game.day(2).nominate(1, 3).nominate(5, 4)
    assert len(game.replay().nominations) == 4


def test_pro_mafia_accepts_a_second_nomination_by_the_same_player():
    record = Scenario.pro_mafia().day(1).nominate(1, 2).nominate(1, 3).replay()
    assert record.current.nominations == (2, 3)


@BOTH
def test_nominate_after_the_voting_began(make):
    game = day_one_two_nominations(make).vote({8: [1, 2, 3, 4, 5, 6], 3: []}).nominate(4, 5)
    refused(game, "nominate.after-voting")


@BOTH
def test_nominate_at_night_is_a_day_event_in_a_night(make):
    refused(make().night(1).nominate(1, 2), "phase.wrong-kind")


@BOTH
def test_nominate_seat_out_of_range(make):
    refused(make().day(1).nominate(1, 11), "event.seat-out-of-range")
    refused(make().day(1).nominate(0, 2), "event.seat-out-of-range")


@BOTH
def test_nominate_missing_and_ill_typed_fields(make):
    refused(make().day(1).event(type="nominate", day=1, by=1), "event.field-missing")
    refused(make().day(1).event(type="nominate", day=1, by="1", target=2), "event.field-type")
    refused(make().day(1).event(type="nominate", day=1, by=True, target=2), "event.field-type")


# --- vote outcomes -----------------------------------------------------------------------


@BOTH
def test_vote_single_leader_leaves(make):
    game = day_one_two_nominations(make).vote({8: [1, 2, 3, 4, 5, 6], 3: [7, 8, 9, 10]})
    record = game.replay()
    vote = record.votes[0]
    assert vote.outcome == "eliminated" and vote.eliminated == 8
    assert vote.counts == {8: 6, 3: 4}
    assert vote.leaders == (8,)
    assert record.departures[0].seat == 8 and record.departures[0].how == "vote"
    assert record.departures[0].alive_after == 9
    assert 8 not in record.alive


@BOTH
def test_vote_missing_vote_counts_against_the_last_candidate(make):
    game = day_one_two_nominations(make).vote({8: [1, 2, 3, 4]})  # six voters missing
    vote = game.replay().votes[0]
    assert vote.counts == {8: 4, 3: 6}
    assert vote.defaulted == frozenset({5, 6, 7, 8, 9, 10})
    assert vote.ballots[9] == 3
    assert vote.eliminated == 3
    assert vote.alive_before == frozenset(range(1, 11))


def test_pro_mafia_single_candidate_is_voted_out_by_everyone():
    record = Scenario.pro_mafia().day(1).nominate(1, 2).vote({2: []}).replay()
    vote = record.votes[0]
    assert vote.eliminated == 2
    assert vote.counts == {2: 10}
    assert set(vote.ballots) == set(range(1, 11))  # the candidate's own vote too
    assert record.first_out == 2


def test_fiim_single_candidate_after_day_one_is_voted_out_by_everyone():
    game = Scenario.fiim().day(2).nominate(1, 2).vote({2: []})
    vote = game.replay().votes[0]
    assert vote.eliminated == 2 and vote.counts == {2: 10}


def test_fiim_vote_on_day_one_with_a_single_nomination():
    game = Scenario.fiim().day(1).nominate(1, 2).vote({2: []})
    refused(game, "vote.single-nomination-day-one")


@BOTH
def test_vote_tie_becomes_a_split_with_a_revote_among_the_tied(make):
    game = make().day(1).nominations((1, 2), (3, 4), (5, 6))
    game.vote({2: [1, 2, 3, 4], 4: [5, 6, 7, 8], 6: [9, 10]})
    record = game.replay()
    assert record.votes[0].outcome == "revote"
    assert record.votes[0].leaders == (2, 4)
    assert record.current.voting == ("revote", (2, 4))
    assert record.current.next_vote_round == 2
    assert record.departures == ()


@BOTH
def test_revote_that_narrows_the_tie_starts_another_revote(make):
    game = make().day(1).nominations((1, 2), (3, 4), (5, 6), (7, 8))
    game.vote({2: [1, 2, 3], 4: [4, 5, 6], 6: [7, 8, 9], 8: [10]})  # 2, 4, 6 tie on 3
    game.revote({2: [1, 2, 3, 4], 4: [5, 6, 7, 8], 6: [9, 10]})  # narrowed to 2 and 4
    record = game.replay()
    assert [v.outcome for v in record.votes] == ["revote", "revote"]
    assert record.current.voting == ("revote", (2, 4))
    game.revote({2: [1, 2, 3, 4, 5], 4: [6, 7, 8, 9, 10]})  # unchanged now
    record = game.replay()
    assert record.votes[-1].outcome == "raise"
    assert record.votes[-1].round == 3
    assert record.current.voting == ("raise", (2, 4))


@BOTH
def test_revote_with_a_single_leader_eliminates(make):
    game = make().day(1).nominations((1, 2), (3, 4))
    game.vote({2: [1, 2, 3, 4, 5], 4: [6, 7, 8, 9, 10]})
    game.revote({2: [1, 2, 3, 4, 5, 6], 4: [7, 8, 9, 10]})
    vote = game.replay().votes[-1]
    assert vote.round == 2 and vote.outcome == "eliminated" and vote.eliminated == 2


def split_then_same_tie(make=Scenario.pro_mafia):
    game = make(blacks=(8, 9, 10)).day(1).nominations((1, 2), (3, 8))
    game.vote({2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]})
    game.revote({2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]})
    return game


@BOTH
def test_raise_passes_with_more_than_half_of_the_living(make):
    record = split_then_same_tie(make).raise_hands([1, 2, 3, 4, 5, 6]).replay()
    decision = record.raises[0]
    assert decision.passed and decision.candidates == (2, 8)
    assert decision.hands == frozenset({1, 2, 3, 4, 5, 6})
    assert [(d.seat, d.how, d.alive_after) for d in record.departures] == [
        (2, "raise", 8),
        (8, "raise", 8),
    ]


@BOTH
def test_raise_fails_with_exactly_half(make):
    record = split_then_same_tie(make).raise_hands([1, 2, 3, 4, 5]).replay()
    assert not record.raises[0].passed
    assert record.departures == ()
    assert record.current.voting is None and record.current.next_vote_round == 0


@BOTH
def test_raise_that_no_revote_with_an_unchanged_tie_led_to(make):
    game = make().day(1).nominations((1, 2), (3, 4))
    game.vote({2: [1, 2, 3, 4, 5], 4: [6, 7, 8, 9, 10]})  # a first split: a revote is due
    refused(game.raise_hands([1, 2, 3, 4, 5, 6]), "raise.without-unchanged-tie")


@BOTH
def test_raise_without_any_vote(make):
    game = (
        make().day(1).nominations((1, 2), (3, 4)).raise_hands([1, 2, 3, 4, 5, 6], candidates=[2, 4])
    )
    refused(game, "raise.without-unchanged-tie")


@BOTH
def test_raise_candidates_must_be_the_tied_set(make):
    game = split_then_same_tie(make).raise_hands([1, 2, 3, 4, 5, 6], candidates=[2, 3])
    refused(game, "raise.candidates-not-tied")


@BOTH
def test_raise_hand_by_a_departed_player(make):
    game = split_then_same_tie(make).disqualify(5).raise_hands([1, 2, 3, 4, 5, 6])
    refused(game, "raise.hand-departed")


@BOTH
def test_raise_majority_counts_the_living_players(make):
    # 9 at the table after a disqualification: 5 hands are more than half
    game = make(blacks=(8, 9, 10)).day(1).disqualify(4).nominations((1, 2), (3, 8), (5, 6))
    game.vote({2: [1, 2, 3], 8: [5, 7, 8], 6: [6, 9, 10]})
    game.revote({2: [1, 2, 3], 8: [5, 7, 8], 6: [6, 9, 10]})
    record = game.raise_hands([1, 2, 3, 5, 6]).replay()
    assert record.raises[0].passed
    assert record.raises[0].alive_before == frozenset({1, 2, 3, 5, 6, 7, 8, 9, 10})
    assert [d.seat for d in record.departures if d.how == "raise"] == [2, 8, 6]


# --- vote refusals -----------------------------------------------------------------------


@BOTH
def test_vote_candidates_not_the_days_nominations(make):
    game = day_one_two_nominations(make).vote({8: [1, 2], 4: [3]}, candidates=[8, 4])
    refused(game, "vote.candidates-not-nominated")


@BOTH
def test_vote_candidates_missing_a_nomination(make):
    game = day_one_two_nominations(make).vote({8: [1, 2, 3]}, candidates=[8])
    refused(game, "vote.candidates-not-nominated")


@BOTH
def test_vote_candidates_out_of_list_order(make):
    game = day_one_two_nominations(make).vote({3: [1, 2], 8: [3]}, candidates=[3, 8])
    refused(game, "vote.candidates-order")


@BOTH
def test_vote_without_nominations(make):
    game = make().day(1).vote({2: [1]}, candidates=[2])
    refused(game, "vote.candidates-not-nominated")


@BOTH
def test_revote_candidates_must_be_the_tied_set(make):
    game = make().day(1).nominations((1, 2), (3, 4), (5, 6))
    game.vote({2: [1, 2, 3, 4], 4: [5, 6, 7, 8], 6: [9, 10]})
    game.revote({2: [1], 4: [2], 6: [3]})
    refused(game, "vote.candidates-not-tied")


@BOTH
def test_vote_round_out_of_sequence(make):
    refused(day_one_two_nominations(make).vote({8: [1]}, round=2), "vote.round-out-of-sequence")
    game = make().day(1).nominations((1, 2), (3, 4))
    game.vote({2: [1, 2, 3, 4, 5], 4: [6, 7, 8, 9, 10]})
    game.revote({2: [1, 2, 3, 4, 5, 6], 4: [7]}, round=3)
    refused(game, "vote.round-out-of-sequence")


@BOTH
def test_vote_after_an_unchanged_tie_needs_the_raise_decision(make):
    game = split_then_same_tie(make).revote({2: [1], 8: [2]})
    refused(game, "vote.raise-pending")


@BOTH
def test_vote_after_the_day_was_decided(make):
    game = (
        day_one_two_nominations(make).vote({8: [1, 2, 3, 4, 5, 6]}).revote({8: [1]}, candidates=[3])
    )
    refused(game, "vote.day-decided")


@BOTH
def test_departed_player_does_not_vote(make):
    game = day_one_two_nominations(make).disqualify(5).vote({8: [1, 2, 3, 4, 5]})
    refused(game, "vote.voter-departed")


@BOTH
def test_vote_for_a_seat_that_is_not_a_candidate(make):
    game = day_one_two_nominations(make).vote(candidates=[8, 3], votes={1: 4})
    refused(game, "vote.not-a-candidate")


@BOTH
def test_vote_candidate_who_has_left(make):
    game = make().day(2).nominate(1, 8).nominate(2, 3)
    game.disqualify(3).vote({8: [1], 3: [2]}, candidates=[8, 3])
    refused(game, "vote.candidate-departed")


@BOTH
def test_nominee_who_left_before_the_vote_is_off_the_list(make):
    game = make().day(2).nominate(1, 8).nominate(2, 3)
    record = game.disqualify(3).vote({8: []}).replay()
    assert record.votes[0].candidates == (8,)
    assert record.votes[0].eliminated == 8


@BOTH
def test_vote_voter_seat_out_of_range(make):
    game = day_one_two_nominations(make).vote(candidates=[8, 3], votes={11: 8})
    refused(game, "event.seat-out-of-range")


@BOTH
def test_vote_ill_typed_fields(make):
    base = day_one_two_nominations(make)
    refused(
        base.event(type="vote", day=1, round=1, candidates=[8, 3], votes=[]), "event.field-type"
    )
    base = day_one_two_nominations(make)
    refused(
        base.event(type="vote", day=1, round="1", candidates=[8, 3], votes={}), "event.field-type"
    )
    base = day_one_two_nominations(make)
    refused(base.event(type="vote", day=1, round=1, candidates=[8, 3]), "event.field-missing")
    base = day_one_two_nominations(make)
    refused(
        base.event(type="vote", day=1, round=1, candidates=[8, "3"], votes={}), "event.field-type"
    )
    base = day_one_two_nominations(make)
    refused(
        base.event(type="vote", day=1, round=1, candidates=[8, 3], votes={"1": "8"}),
        "vote.not-a-candidate",
    )


@BOTH
def test_vote_duplicate_candidate(make):
    game = day_one_two_nominations(make).vote(candidates=[8, 8], votes={})
    refused(game, "vote.duplicate-seat")


def test_vote_accepts_int_voter_keys_from_python_dicts():
    game = day_one_two_nominations().event(
        type="vote", day=1, round=1, candidates=[8, 3], votes={1: 8, 2: 8}
    )
    assert game.replay().votes[0].ballots[1] == 8


def test_vote_read_in_bulk_keeps_each_ballot_fault():
    """The ballots are checked at once (`_Day.on_vote`); each fault is still refused."""
    def vote(votes):
        return day_one_two_nominations().event(type="vote", day=1, round=1, candidates=[8, 3], votes=votes)

    refused(vote({"5": 8, 5: 3}), "vote.duplicate-seat")  # one voter spelled twice
    refused(vote({"1": 8.0}), "vote.not-a-candidate")  # equal to a candidate, not a seat number
    refused(vote({"1": True}), "vote.not-a-candidate")
    refused(vote({"1": 8, "2": 4}), "vote.not-a-candidate")


def test_vote_record_is_the_same_whatever_the_voter_keys_spelling():
    def vote(votes):
        game = day_one_two_nominations().event(type="vote", day=1, round=1, candidates=[8, 3], votes=votes)
        return game.replay().votes[0]

    by_name = vote({"4": 3, "1": 8, "2": 3})
    assert vote({4: 3, 1: 8, 2: 3}) == vote({"4": 3, 1: 8, "2": 3}) == by_name
    assert by_name.ballots == {1: 8, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3, 9: 3, 10: 3}
    assert list(by_name.ballots) == list(range(1, 11))
    assert by_name.defaulted == frozenset({3, 5, 6, 7, 8, 9, 10})
    assert by_name.counts == {8: 1, 3: 9}


@BOTH
def test_day_may_end_without_the_pending_revote(make):
    game = make().day(2).nominations((1, 2), (3, 4))
    game.vote({2: [1, 2, 3, 4, 5], 4: [6, 7, 8, 9, 10]})  # a split; the revote is not recorded
    record = game.night(2).shot(5).replay()
    assert record.departures[0].seat == 5
    assert record.current.voting is None
