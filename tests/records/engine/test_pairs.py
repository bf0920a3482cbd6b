"""Two seats of one game: what each did to the other (records/engine/pairs.py), hand-counted from
the full Pro Mafia game (games/engine/examples.py: blacks 2, 5, 9, the Don 2, the Sheriff 7)."""

from __future__ import annotations

from games.engine.examples import full_pro_mafia_game
from records.engine.pairs import (
    FIGURES,
    GAME_COUNTS,
    PairFacts,
    SharedGame,
    head_to_head,
    pair_facts,
)


def test_the_nominations_ballots_and_checks_between_two_seats():
    record = full_pro_mafia_game().replay()
    # 1 nominated 2 on Days 2 and 3; 2 nominated 1 on Day 3. 1's ballots against 2: Day 3's vote and
    # revote; 2's against 1: Day 2 and Day 3's first round. The Don (2) checked 1 on Night 2.
    assert pair_facts(record, 1, 2) == PairFacts(nominated=2, nominated_by=1, voted=2, voted_by=2,
                                                 checked=0, checked_by=1)
    assert pair_facts(record, 2, 1) == PairFacts(nominated=1, nominated_by=2, voted=2, voted_by=2,
                                                 checked=1, checked_by=0)
    # The Sheriff (7) checked 5 on Night 1; the Don checked 7 the same night; 7 nominated 5 on Day 2
    # and voted it out (Day 1's revote and Day 2).
    assert pair_facts(record, 7, 5) == PairFacts(nominated=1, nominated_by=0, voted=2, voted_by=0,
                                                 checked=1, checked_by=0)
    assert pair_facts(record, 7, 2).checked_by == 1
    assert pair_facts(record, 3, 4) == PairFacts()  # never touched each other


NOTHING = PairFacts()


def game(same_team, won, pair=NOTHING, points=(0, 0)):
    return SharedGame(same_team=same_team, won=won, points_milli=points[0], other_points_milli=points[1], pair=pair)


def test_the_head_to_head_figures_add_up_game_by_game():
    games = [
        game(True, True, points=(1000, 500)),  # won together
        game(True, False),  # lost together
        game(False, True, PairFacts(voted=2, checked_by=1), (700, 0)),  # the first beat the second
        game(False, False, PairFacts(nominated=1, nominated_by=1)),  # the second beat the first
        game(False, None),  # no winner: neither beat the other
    ]
    sums = head_to_head(games)
    assert {name: sums[name] for name in FIGURES} == {
        "together": 5, "same_team": 2, "won_together": 1, "lost_together": 1, "other_team": 3,
        "first_won": 1, "second_won": 1, "first_nominated": 1, "second_nominated": 1, "first_voted": 2,
        "second_voted": 0, "first_checked": 0, "second_checked": 1,
    }
    assert (sums["first_points_milli"], sums["second_points_milli"]) == (1700, 500)
    # a game count's amount is 0 or 1 in every game
    assert all(FIGURES[name](one) in (0, 1) for name in GAME_COUNTS for one in games)
