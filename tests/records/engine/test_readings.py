"""The readings docs/records.md makes where the rules and the issue are silent, one short game each.

ByRole counts are written (civilian, sheriff, mafia, don), vocabulary.ROLES's order. Every game
here deals blacks 8 (the Don), 9, 10 and the Sheriff 7.
"""

from __future__ import annotations

import pytest

from games.engine.examples import full_fiim_game, full_pro_mafia_game
from records.engine import seat_facts
from scoring.engine import score

from .kit import Scenario, facts_of, per_seat

SEATS = range(1, 11)


def game() -> Scenario:
    return Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)


def test_guessed_three_is_a_will_naming_three_blacks_and_not_also_guessed_two():
    facts = facts_of(
        game().day(1).night(1).shot(1).will(1, first_color={8: "black", 9: "black", 10: "black"})
    )
    assert (facts[0].first_night_will, facts[0].first_night_blacks_guessed) == (True, 3)
    assert (facts[0].guessed_three, facts[0].guessed_two) == (True, False)


def test_the_fiim_first_shot_is_night_0_and_its_will_counts_the_same():
    facts = facts_of(
        Scenario.fiim(blacks=(8, 9, 10), sheriff=7)
        .night(0).shot(1).will(1, first_color={8: "black", 9: "black", 2: "black"})
    )
    # 8 and 9 are black, 2 is not: two guessed.
    assert (facts[0].shot_first_night, facts[0].first_night_blacks_guessed, facts[0].guessed_two) == (True, 2, True)


def test_a_first_night_victim_after_a_day_1_departure_guesses_with_its_last_will_ordered():
    # Day 1 votes 3 out (the First Out), so 1, shot on Night 1, leaves a Last Will Ordered:
    # its targets 9 and 10 are black, 4 is not.
    facts = facts_of(
        game().day(1).nominate(2, 3).vote({3: []})
        .night(1).shot(1).will(1, ordered=[9, 10, 4])
    )
    assert (facts[0].shot_first_night, facts[0].first_night_will, facts[0].first_night_blacks_guessed) == (True, True, 2)


def test_a_will_that_declares_only_reds_names_seats_and_guesses_no_black():
    facts = facts_of(game().day(1).night(1).shot(1).will(1, first_color={2: "red", 8: "red"}))
    assert (facts[0].first_night_will, facts[0].first_night_blacks_guessed) == (True, 0)


@pytest.mark.parametrize("will", [{"pass_the_helm": 2}, {}], ids=["pass-the-helm", "skipped"])
def test_a_pass_of_the_helm_or_a_skipped_will_is_no_first_night_will(will):
    facts = facts_of(game().day(1).night(1).shot(1).will(1, **will))
    assert (facts[0].shot_first_night, facts[0].first_night_will, facts[0].first_night_blacks_guessed) == (True, False, 0)


def test_a_black_shot_on_the_first_night_guesses_nothing():
    # The blacks all show 9: a self-shot. 9 knows its team, so its will is no guess.
    facts = facts_of(game().day(1).night(1).shot(9).will(9, first_color={8: "black", 10: "black"}))
    assert (facts[8].shot_first_night, facts[8].first_night_will, facts[8].first_night_blacks_guessed) == (True, False, 0)


def test_every_ballot_of_a_single_candidate_round_counts_the_candidates_own_too():
    # Day 1's only nominee 3 is voted on alone: every living seat's ballot goes to 3, 3's own
    # included, though nobody's vote was written (the rules fill them in).
    facts = facts_of(game().day(1).nominate(2, 3).vote({3: []}))
    assert per_seat(facts, "voted") == {seat: (1, 0, 0, 0) for seat in SEATS}
    assert per_seat(facts, "voted_by")[3] == (6, 1, 2, 1)


def test_a_missing_ballot_counts_against_the_last_candidate():
    # 4 votes for nobody: the rules count it against 5, the last of the list (the entry page
    # writes the last candidate's voters this way).
    facts = facts_of(
        game().day(1).nominations((1, 8), (2, 5)).vote({8: [1, 2, 3, 5, 6, 7], 5: [8, 9, 10]})
    )
    assert per_seat(facts, "voted")[4] == (1, 0, 0, 0)
    assert per_seat(facts, "voted_by")[5] == (1, 0, 2, 1)


def test_a_revote_counts_again_and_the_raise_hands_are_no_votes():
    # 8 and 4 tie 5–5 twice; six hands raise both out. Each voter has two ballots, none for
    # the raise; 8 (the Don) and 4 leave by the raise.
    facts = facts_of(
        game().day(1).nominations((1, 8), (2, 4))
        .vote({8: [1, 2, 3, 5, 6], 4: [4, 7, 8, 9, 10]})
        .revote({8: [1, 2, 3, 5, 6], 4: [4, 7, 8, 9, 10]})
        .raise_hands([1, 2, 3, 5, 6, 7])
    )
    assert per_seat(facts, "voted") == {
        1: (0, 0, 0, 2), 2: (0, 0, 0, 2), 3: (0, 0, 0, 2), 4: (2, 0, 0, 0), 5: (0, 0, 0, 2),
        6: (0, 0, 0, 2), 7: (2, 0, 0, 0), 8: (2, 0, 0, 0), 9: (2, 0, 0, 0), 10: (2, 0, 0, 0),
    }
    assert per_seat(facts, "voted_by")[4] == (2, 2, 4, 2)
    assert per_seat(facts, "left") == {seat: "raise" if seat in (4, 8) else None for seat in SEATS}


def test_a_fourth_foul_and_a_declared_defeat():
    # 2's fourth ordinary foul disqualifies it; 9's DD ends the game: its team (black) loses.
    facts = facts_of(game().day(1).night(1).shot(1).day(2).foul(2, times=4).dd(9))
    assert (facts[1].fouls_ordinary, facts[1].disqualified, facts[1].left) == (4, True, "disqualified")
    assert per_seat(facts, "declared_defeat") == {seat: seat == 9 for seat in SEATS}
    assert per_seat(facts, "won") == {seat: seat not in (8, 9, 10) for seat in SEATS}


def test_a_game_without_a_winner_is_neither_won_nor_lost():
    facts = facts_of(game().day(1).night(1).shot(1))
    assert per_seat(facts, "won") == dict.fromkeys(SEATS)


def test_the_score_must_be_the_games():
    pro_mafia, fiim = full_pro_mafia_game().replay(), full_fiim_game().replay()
    with pytest.raises(ValueError, match="not this game's"):
        seat_facts(pro_mafia, score(fiim))
    other_deal = game().day(1).nominate(1, 2).replay()  # Pro Mafia too, blacks 8 9 10
    with pytest.raises(ValueError, match="not this game's"):
        seat_facts(pro_mafia, score(other_deal))


def test_a_nomination_of_oneself_counts_given_and_received_by_ones_own_role():
    facts = facts_of(game().day(1).nominate(3, 3))
    assert (facts[2].nominated.counts, facts[2].nominated_by.counts) == ((1, 0, 0, 0), (1, 0, 0, 0))


def test_after_a_first_night_miss_nobody_was_shot_on_the_first_night():
    # Night 1 misses; Night 2 kills 1 (the First Out), whose will names two blacks:
    # no first-night facts.
    facts = facts_of(
        game().day(1).night(1).miss().day(2).night(2).shot(1)
        .will(1, first_color={8: "black", 9: "black"})
    )
    assert per_seat(facts, "shot_first_night") == dict.fromkeys(SEATS, False)
    assert (facts[0].left, facts[0].first_night_will, facts[0].first_night_blacks_guessed) == ("shot", False, 0)
