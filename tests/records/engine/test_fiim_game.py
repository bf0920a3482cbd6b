"""Each statistic of a 2025-rules game, counted by hand: `full_fiim_game()`.

The deal: blacks 3 (the Don), 6, 10; the Sheriff 1; civilians 2, 4, 5, 7, 8, 9.
ByRole counts are written (civilian, sheriff, mafia, don), vocabulary.ROLES's order.

The game, as the counts below read it:
  Night 0  Sheriff checks 6 · shot 5 · Don checks 2 · 5's First Color Will: 6 black, 3 red
  Day 1    nomination 1→6 (a single nomination on Day 1: no vote)
  Night 1  Sheriff checks 3 · shot 1 · Don checks 7 · 1's Last Will Ordered: 6, 3
  Day 2    nominations 2→6, 6→2, 3→4
           vote     6 ← 2 4 7 · 2 ← 6 10 3 · 4 ← 8 9               (6 and 2 tie)
           revote   6 ← 2 4 7 8 · 2 ← 6 10 3 9                     (same tie; the raise fails)
  Night 2  shot 7 · Don checks 8 · 7 leaves no will
  Day 3    nominations 8→3, 9→6, 3→4
           vote     3 ← 8 9 · 6 ← 2 · 4 ← 3 4 6 10                 (4 leaves: black wins by parity)
  then     bonus +0.3 to 3, penalty −0.2 to 9
"""

from __future__ import annotations

import pytest

from games.engine.examples import full_fiim_game

from .kit import facts_of, per_seat

SEATS = range(1, 11)


@pytest.fixture(scope="module")
def facts():
    return facts_of(full_fiim_game())


def test_won(facts):
    assert per_seat(facts, "won") == {seat: seat in (3, 6, 10) for seat in SEATS}


def test_points_and_the_per_rule_breakdown(facts):
    # fiim-2025: win +0.75, loss 0; the judge's bonus and penalty are their own rules.
    assert [(e.rule, e.items, e.milli) for e in facts[2].rule_points] == [("win", 1, 750), ("judge-bonus", 1, 300)]
    assert [(e.rule, e.items, e.milli) for e in facts[8].rule_points] == [("loss", 1, 0), ("destructive-play", 1, -200)]
    assert per_seat(facts, "points_milli") == {
        1: 0, 2: 0, 3: 1050, 4: 0, 5: 0, 6: 750, 7: 0, 8: 0, 9: -200, 10: 750,
    }


def test_left(facts):
    # 5 shot N0, 1 shot N1, 7 shot N2, 4 voted out D3.
    assert per_seat(facts, "left") == {
        1: "shot", 2: None, 3: None, 4: "vote", 5: "shot", 6: None, 7: "shot", 8: None, 9: None, 10: None,
    }


def test_shot_on_the_first_night_is_night_0(facts):
    # fiim-2025 shoots first on Night 0: seat 5. Seat 1, shot on Night 1, was not shot on the first night.
    assert per_seat(facts, "shot_first_night") == {seat: seat == 5 for seat in SEATS}


def test_the_first_night_will_guessed_one_black(facts):
    # 5 declared 6 black (right) and 3 red (wrong: 3 is the Don): one black guessed, as black.
    assert per_seat(facts, "first_night_will") == {seat: seat == 5 for seat in SEATS}
    assert per_seat(facts, "first_night_blacks_guessed") == {seat: int(seat == 5) for seat in SEATS}
    assert (facts[4].guessed_two, facts[4].guessed_three) == (False, False)


def test_fouls(facts):
    # Ordinary: 1 D1 · 2 D1 D2 D3 · 3 D1 D2 D3 · 4 D1 D2 D2 · 6 D2 D3 · 7 D1 D2 · 8 D1 D2 D3 ·
    # 9 D1 D2 D3 · 10 D1 D2 D3. Technical: 9 on D3.
    assert per_seat(facts, "fouls_ordinary") == {1: 1, 2: 3, 3: 3, 4: 3, 5: 0, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3}
    assert per_seat(facts, "fouls_technical") == {seat: int(seat == 9) for seat in SEATS}


def test_nominations_given_by_the_targets_role(facts):
    # 1 → 6 · 2 → 6 · 3 → 4, 4 · 6 → 2 · 8 → 3 (the Don) · 9 → 6.
    assert per_seat(facts, "nominated") == {
        1: (0, 0, 1, 0), 2: (0, 0, 1, 0), 3: (2, 0, 0, 0), 4: (0, 0, 0, 0), 5: (0, 0, 0, 0),
        6: (1, 0, 0, 0), 7: (0, 0, 0, 0), 8: (0, 0, 0, 1), 9: (0, 0, 1, 0), 10: (0, 0, 0, 0),
    }


def test_nominations_received_by_the_nominators_role(facts):
    # 2 ← 6 (mafia) · 3 ← 8 · 4 ← 3, 3 (the Don) · 6 ← 1 (the Sheriff), 2, 9.
    assert per_seat(facts, "nominated_by") == {
        1: (0, 0, 0, 0), 2: (0, 0, 1, 0), 3: (1, 0, 0, 0), 4: (0, 0, 0, 2), 5: (0, 0, 0, 0),
        6: (2, 1, 0, 0), 7: (0, 0, 0, 0), 8: (0, 0, 0, 0), 9: (0, 0, 0, 0), 10: (0, 0, 0, 0),
    }


def test_votes_cast_by_the_candidates_role_in_every_round(facts):
    # The Day 1 single nomination had no vote. 2: 6 6 6 · 3: 2 2 4 · 4: 6 6 4 (itself) ·
    # 6: 2 2 4 · 7: 6 6 · 8: 4 6 3 · 9: 4 2 3 · 10: 2 2 4. Seats 1 and 5 had left.
    assert per_seat(facts, "voted") == {
        1: (0, 0, 0, 0), 2: (0, 0, 3, 0), 3: (3, 0, 0, 0), 4: (1, 0, 2, 0), 5: (0, 0, 0, 0),
        6: (3, 0, 0, 0), 7: (0, 0, 2, 0), 8: (1, 0, 1, 1), 9: (2, 0, 0, 1), 10: (3, 0, 0, 0),
    }


def test_votes_received_by_the_voters_role_in_every_round(facts):
    # 2 ← 6 10 3, 6 10 3 9 · 3 ← 8 9 · 4 ← 8 9 (D2), 3 4 6 10 (D3) · 6 ← 2 4 7, 2 4 7 8, 2.
    assert per_seat(facts, "voted_by") == {
        1: (0, 0, 0, 0), 2: (1, 0, 4, 2), 3: (2, 0, 0, 0), 4: (3, 0, 2, 1), 5: (0, 0, 0, 0),
        6: (8, 0, 0, 0), 7: (0, 0, 0, 0), 8: (0, 0, 0, 0), 9: (0, 0, 0, 0), 10: (0, 0, 0, 0),
    }


def test_checks_received(facts):
    # The Sheriff checked 6 (N0) and 3 (N1); the Don checked 2 (N0), 7 (N1) and 8 (N2).
    assert per_seat(facts, "checked_by_sheriff") == {seat: int(seat in (3, 6)) for seat in SEATS}
    assert per_seat(facts, "checked_by_don") == {seat: int(seat in (2, 7, 8)) for seat in SEATS}
