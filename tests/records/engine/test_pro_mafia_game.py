"""Each statistic of a Pro Mafia game, counted by hand: `full_pro_mafia_game()`.

The deal: blacks 2 (the Don), 5, 9; the Sheriff 7; civilians 1, 3, 4, 6, 8, 10.
ByRole counts are written (civilian, sheriff, mafia, don), vocabulary.ROLES's order.

The game, as the counts below read it:
  Day 1    nominations 1→5, 3→8, 6→2
           vote     5 ← 1 3 4 6 · 8 ← 2 5 9 10 · 2 ← 7 8          (5 and 8 tie)
           revote   5 ← 1 3 4 6 7 · 8 ← 2 5 8 9 10                 (same tie; the raise fails)
  Night 1  shot 4 · Don checks 7 · Sheriff checks 5 · 4's First Color Will: 5 black, 8 red, 2 black
  Day 2    nominations 7→5, 1→2, 5→1
           vote     5 ← 7 1 3 6 · 2 ← 8 10 · 1 ← 2 5 9             (5 leaves)
  Night 2  shot 7 · Don checks 1
  Day 3    nominations 1→2, 3→9, 2→1
           vote     2 ← 1 3 6 · 9 ← 8 10 9 · 1 ← 2                 (2 and 9 tie)
           revote   2 ← 1 3 6 8 · 9 ← 10 2 9                       (2 leaves)
  Night 3  shot 10
  Day 4    nominations 1→9, 9→3
           vote     9 ← 1 3 6 8 · 3 ← 9                            (9 leaves: red wins)
"""

from __future__ import annotations

import pytest

from games.engine.examples import full_pro_mafia_game
from scoring.engine import score
from vocabulary import CIVILIAN, SHERIFF

from .kit import facts_of, per_seat


@pytest.fixture(scope="module")
def facts():
    return facts_of(full_pro_mafia_game())


def test_seat_role_and_team(facts):
    assert [(f.seat, f.role, f.team) for f in facts] == [
        (1, "civilian", "red"), (2, "don", "black"), (3, "civilian", "red"), (4, "civilian", "red"),
        (5, "mafia", "black"), (6, "civilian", "red"), (7, "sheriff", "red"), (8, "civilian", "red"),
        (9, "mafia", "black"), (10, "civilian", "red"),
    ]


def test_won(facts):
    # Red won on Day 4: the seven reds won, the three blacks lost.
    assert per_seat(facts, "won") == {
        1: True, 2: False, 3: True, 4: True, 5: False, 6: True, 7: True, 8: True, 9: False, 10: True,
    }


def test_points_and_the_per_rule_breakdown(facts):
    # Seat 4 (the scoring engine's items): the First Color Will's three correct declarations
    # (5 black +0.3, 8 red +0.2, 2 black +0.3 = +0.8, 3 items), the early night-shot will +0.1,
    # and the Day 1 vote into 5 — a black who did not leave that day — +0.1.
    seat_4 = facts[3]
    assert [(entry.rule, entry.items, entry.milli) for entry in seat_4.rule_points] == [
        ("non-eliminating-vote", 1, 100), ("first-color-will", 3, 800), ("early-night-shot-will", 1, 100),
    ]
    assert seat_4.points_milli == 1000 and seat_4.points == 1
    # Seat 2, the Don, voted out on Day 3: no item at all.
    assert facts[1].rule_points == () and facts[1].points_milli == 0
    # Every seat's total is the scoring engine's total, and the sum of its rules.
    record = full_pro_mafia_game().replay()
    assert per_seat(facts, "points_milli") == {p.seat: p.total_milli for p in score(record).players}
    assert all(f.points_milli == sum(entry.milli for entry in f.rule_points) for f in facts)


def test_left(facts):
    # 4 shot N1, 5 voted out D2, 7 shot N2, 2 voted out D3, 10 shot N3, 9 voted out D4.
    assert per_seat(facts, "left") == {
        1: None, 2: "vote", 3: None, 4: "shot", 5: "vote", 6: None, 7: "shot", 8: None, 9: "vote",
        10: "shot",
    }


def test_shot_on_the_first_night_and_the_will(facts):
    # Night 1's shot killed 4 (Pro Mafia shoots first on Night 1); 4's will declared 5 and 2
    # black — both are — and 8 red: two blacks guessed. Seats 7 and 10 were shot later.
    assert per_seat(facts, "shot_first_night") == {seat: seat == 4 for seat in range(1, 11)}
    assert per_seat(facts, "first_night_will") == {seat: seat == 4 for seat in range(1, 11)}
    assert per_seat(facts, "first_night_blacks_guessed") == {seat: 2 if seat == 4 else 0 for seat in range(1, 11)}
    assert (facts[3].guessed_two, facts[3].guessed_three) == (True, False)


def test_fouls(facts):
    # Ordinary: 1 D1 D2 D3 · 2 D1 D2 D3 · 3 D1 D2 D3 · 4 D1 · 5 D1 D2 · 6 D1 D2 D3 · 7 D1 D2 ·
    # 8 D1 D2 D3 · 9 D1 D2 D3 · 10 D2 D3. Technical: 10 on D1; 3, 6, 8, 1, 9 on D4.
    assert per_seat(facts, "fouls_ordinary") == {1: 3, 2: 3, 3: 3, 4: 1, 5: 2, 6: 3, 7: 2, 8: 3, 9: 3, 10: 2}
    assert per_seat(facts, "fouls_technical") == {1: 1, 2: 0, 3: 1, 4: 0, 5: 0, 6: 1, 7: 0, 8: 1, 9: 1, 10: 1}


def test_no_disqualification_and_no_declared_defeat(facts):
    assert not any(f.disqualified or f.declared_defeat for f in facts)


def test_nominations_given_by_the_targets_role(facts):
    # 1 → 5 (mafia), 2 (Don), 2 (Don), 9 (mafia) · 2 → 1 · 3 → 8, 9 · 5 → 1 · 6 → 2 · 7 → 5 · 9 → 3.
    assert per_seat(facts, "nominated") == {
        1: (0, 0, 2, 2), 2: (1, 0, 0, 0), 3: (1, 0, 1, 0), 4: (0, 0, 0, 0), 5: (1, 0, 0, 0),
        6: (0, 0, 0, 1), 7: (0, 0, 1, 0), 8: (0, 0, 0, 0), 9: (1, 0, 0, 0), 10: (0, 0, 0, 0),
    }


def test_nominations_received_by_the_nominators_role(facts):
    # 1 ← 5 (mafia), 2 (Don) · 2 ← 6, 1, 1 · 3 ← 9 (mafia) · 5 ← 1, 7 (Sheriff) · 8 ← 3 · 9 ← 3, 1.
    assert per_seat(facts, "nominated_by") == {
        1: (0, 0, 1, 1), 2: (3, 0, 0, 0), 3: (0, 0, 1, 0), 4: (0, 0, 0, 0), 5: (1, 1, 0, 0),
        6: (0, 0, 0, 0), 7: (0, 0, 0, 0), 8: (1, 0, 0, 0), 9: (2, 0, 0, 0), 10: (0, 0, 0, 0),
    }


def test_votes_cast_by_the_candidates_role_in_every_round(facts):
    # Each round's ballot counts, a revote's again:
    # 1: 5 5 5 2 2 9 · 2: 8 8 1 1 9 · 3: 5 5 5 2 2 9 · 4: 5 5 · 5: 8 8 1 · 6: 5 5 5 2 2 9 ·
    # 7: 2 5 5 · 8: 2 8 2 9 2 9 (8 voted for itself in the Day 1 revote) · 9: 8 8 1 9 9 3 ·
    # 10: 8 8 2 9 9.
    assert per_seat(facts, "voted") == {
        1: (0, 0, 4, 2), 2: (4, 0, 1, 0), 3: (0, 0, 4, 2), 4: (0, 0, 2, 0), 5: (3, 0, 0, 0),
        6: (0, 0, 4, 2), 7: (0, 0, 2, 1), 8: (1, 0, 2, 3), 9: (4, 0, 2, 0), 10: (2, 0, 2, 1),
    }


def test_votes_received_by_the_voters_role_in_every_round(facts):
    # 1 ← 2 5 9 (D2), 2 (D3) · 2 ← 7 8 (D1), 8 10 (D2), 1 3 6 (D3), 1 3 6 8 (D3 revote) ·
    # 3 ← 9 · 5 ← 1 3 4 6, 1 3 4 6 7, 7 1 3 6 · 8 ← 2 5 9 10, 2 5 8 9 10 ·
    # 9 ← 8 10 9, 10 2 9, 1 3 6 8.
    assert per_seat(facts, "voted_by") == {
        1: (0, 0, 2, 2), 2: (10, 1, 0, 0), 3: (0, 0, 1, 0), 4: (0, 0, 0, 0), 5: (11, 2, 0, 0),
        6: (0, 0, 0, 0), 7: (0, 0, 0, 0), 8: (3, 0, 4, 2), 9: (7, 0, 2, 1), 10: (0, 0, 0, 0),
    }


def test_the_colours_of_a_split_are_sums_of_roles(facts):
    # Seat 1 voted 4 times against the Mafia and twice against the Don: 6 against blacks.
    voted = facts[0].voted
    assert (voted[CIVILIAN], voted[SHERIFF], voted.red, voted.black, voted.total) == (0, 0, 0, 6, 6)
    # Seat 5 was voted out by civilians (11) and the Sheriff (2): 13 red ballots.
    assert (facts[4].voted_by.red, facts[4].voted_by.black) == (13, 0)


def test_checks_received(facts):
    # The Don checked 7 (N1) and 1 (N2); the Sheriff checked 5 (N1) and was shot on N2.
    assert per_seat(facts, "checked_by_don") == {seat: int(seat in (1, 7)) for seat in range(1, 11)}
    assert per_seat(facts, "checked_by_sheriff") == {seat: int(seat == 5) for seat in range(1, 11)}
