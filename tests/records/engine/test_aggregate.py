"""Totals over many seats' facts: the sums, the exact undo, and the win rate's interval."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import replay
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.engine.simulate import random_game
from records.engine import SUM_NAMES, RulePoints, Totals, seat_facts, win_rate_interval
from scoring.engine import score

from .kit import Scenario, facts_of


def test_the_totals_of_one_seat_over_two_games():
    # Seat 4: Pro Mafia (a civilian, shot on Night 1, guessed 2, red won, 1.0 points) and
    # fiim-2025 (a civilian, voted out on Day 3, black won, 0 points).
    pro_mafia, fiim = facts_of(full_pro_mafia_game())[3], facts_of(full_fiim_game())[3]
    totals = Totals().add(pro_mafia).add(fiim)
    assert (totals.games, totals.wins, totals.losses, totals.undecided, totals.decided) == (2, 1, 1, 0, 2)
    assert (totals.points_milli, totals.points, totals.mean_points) == (1000, 1, 0.5)
    assert totals.rule_points == (
        RulePoints("early-night-shot-will", 1, 100), RulePoints("first-color-will", 3, 800),
        RulePoints("loss", 1, 0), RulePoints("non-eliminating-vote", 1, 100),
    )
    assert (totals.left_by_shot, totals.left_by_vote, totals.left_by_raise, totals.left_by_disqualification,
            totals.stayed) == (1, 1, 0, 0, 0)
    assert (totals.shot_first_night, totals.first_night_wills, totals.first_night_blacks_guessed,
            totals.guessed_two, totals.guessed_three) == (1, 1, 2, 1, 0)
    # Fouls: 1 ordinary (Pro Mafia) + 3 (fiim-2025); no technical.
    assert (totals.fouls_ordinary, totals.fouls_technical, totals.disqualified, totals.declared_defeats) == (4, 0, 0, 0)
    # Votes: mafia 2 (Pro Mafia) + civilian 1, mafia 2 (fiim-2025); received: fiim's 3 civ, 2 mafia, 1 Don.
    assert (totals.voted.counts, totals.voted_by.counts) == ((1, 0, 4, 0), (3, 0, 2, 1))
    assert (totals.nominated_by.counts, totals.checked_by_don, totals.checked_by_sheriff) == ((0, 0, 0, 2), 0, 0)


def test_a_whole_tables_totals_balance():
    # Every nomination and ballot is given by one seat and received by another.
    for game in (full_pro_mafia_game(), full_fiim_game()):
        record = game.replay()
        totals = Totals.of_all(seat_facts(record, score(record)))
        assert totals.nominated.total == totals.nominated_by.total == len(record.nominations)
        ballots = sum(len(vote.ballots) for vote in record.votes)
        assert totals.voted.total == totals.voted_by.total == ballots
        assert totals.checked_by_don + totals.checked_by_sheriff == len(record.checks)


def test_a_rule_that_sums_to_zero_stays_while_it_has_items():
    # fiim-2025's loss is an item of 0 points: it is kept, so the rule's count says how often.
    totals = Totals.of_all(facts_of(full_fiim_game()))
    assert RulePoints("loss", 7, 0) in totals.rule_points


def test_removing_what_was_not_added_is_refused():
    facts = facts_of(full_pro_mafia_game())
    with pytest.raises(ValueError, match="not added"):
        Totals().add(facts[0]).remove(facts[1])


def test_no_games_no_mean():
    assert Totals().mean_points is None


@settings(max_examples=60, deadline=None)
@given(
    seeds=st.lists(st.integers(min_value=0, max_value=2**32 - 1), min_size=1, max_size=6, unique=True),
    order=st.randoms(use_true_random=False),
)
def test_adding_games_then_removing_some_equals_adding_only_the_rest(seeds, order):
    """The pipeline's promise (issue 29, "How it runs"): incremental == rebuilt."""
    games = []
    for seed in seeds:
        record = replay(random_game(seed, fouls_per_phase=1))
        games.append(seat_facts(record, score(record)))
    removed = [game for game in games if order.random() < 0.5]
    kept = [game for game in games if not any(game is other for other in removed)]
    everything = [facts for game in games for facts in game]
    shuffled = everything[:]
    order.shuffle(shuffled)
    incremental = Totals.of_all(shuffled)
    for game in removed:
        for facts in game:
            incremental = incremental.remove(facts)
    rebuilt = Totals.of_all([facts for game in kept for facts in game])
    assert incremental == rebuilt
    assert Totals.of_all(everything) == Totals.of_all(shuffled)  # the order of adding is no matter


def test_the_undo_over_many_seeded_games():
    """The same promise over a hundred games, one seat's facts at a time (a player's view)."""
    rng = random.Random(29)
    seats = []
    for seed in range(100):
        record = replay(random_game(seed, city_skill=0.5, fouls_per_phase=2))
        seats.append(seat_facts(record, score(record))[seed % 10])
    removed = set(rng.sample(range(len(seats)), 37))
    totals = Totals.of_all(seats)
    for position in sorted(removed, reverse=True):
        totals = totals.remove(seats[position])
    assert totals == Totals.of_all([facts for position, facts in enumerate(seats) if position not in removed])
    assert totals.games == 63


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Wilson's interval at z = 1.96, by hand: centre (p + z²/2n)/(1 + z²/n),
        # half-width z/(1 + z²/n)·√(p(1−p)/n + z²/4n²).
        (0, 10, 0.0, 0.2775),  # centre 0.1388, half 0.1388
        (5, 10, 0.2366, 0.7634),  # centre 0.5, half 0.2634
        (10, 10, 0.7225, 1.0),
        (3, 3, 0.4385, 1.0),  # centre 0.7193, half 0.2808; the normal approximation says [1, 1]
        (70, 100, 0.6041, 0.7811),  # centre 0.6926, half 0.0885
    ],
)
def test_the_win_rates_wilson_interval(wins, games, low, high):
    interval = win_rate_interval(wins, games)
    assert (round(interval[0], 4), round(interval[1], 4)) == (low, high)


def test_the_interval_without_games_is_everything_and_wrong_counts_are_refused():
    assert win_rate_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        win_rate_interval(4, 3)


def test_the_totals_interval_counts_decided_games_only():
    # full_pro_mafia_game's seat 1 won; an unfinished game is neither a win nor a loss.
    won = facts_of(full_pro_mafia_game())[0]
    unfinished = facts_of(Scenario.pro_mafia().day(1).night(1).shot(1))[0]
    totals = Totals().add(won).add(unfinished)
    assert (totals.games, totals.decided) == (2, 1)
    assert totals.win_rate_interval() == win_rate_interval(1, 1)


def test_totals_from_sums_made_elsewhere_equal_the_totals_added_seat_by_seat():
    # A store sums each counter over its rows (SUM_NAMES) and the per-rule entries of every seat.
    facts = [*facts_of(full_pro_mafia_game()), *facts_of(full_fiim_game())]
    sums = dict.fromkeys(SUM_NAMES, 0)
    for one in facts:
        for name, value in Totals.of(one).sums().items():
            sums[name] += value
    rule_points = [entry for one in facts for entry in one.rule_points]
    assert Totals.from_sums(sums, rule_points) == Totals.of_all(facts)
    assert Totals.from_sums(dict.fromkeys(SUM_NAMES, 0)) == Totals()
    assert "nominated_by_don" in SUM_NAMES and "nominated_by" not in SUM_NAMES
