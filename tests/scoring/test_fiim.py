"""fiim-2025 tournament points."""

import pytest

from games.engine.examples import full_fiim_game
from scoring.engine import ScoringError, score, score_document

from .kit import Scenario, items, points, scored


def red_win_fiim() -> Scenario:
    game = Scenario.fiim(blacks=(8, 9, 10), sheriff=7).night(0).sheriff_check(8).shot(None)
    game.day(1).nominations((1, 8), (2, 3)).vote({8: [1, 2, 3, 4, 5, 6, 7], 3: []})
    game.night(1).sheriff_check(9).shot(None)
    game.day(2).nominations((1, 9)).vote({9: []})
    game.night(2).shot(None)
    game.day(3).nominations((1, 10)).vote({10: []})
    return game


def test_fiim_win_is_0_75_and_loss_is_0():
    result = scored(red_win_fiim())
    assert result.winner == "red"
    assert points(result, 1, "win") == 0.75
    assert [(item.points, item.rule) for item in result.player(8).items] == [(0, "loss")]
    assert result.player(7).total == 0.75


def test_fiim_disqualification_is_minus_0_5_instead_of_the_result():
    game = red_win_fiim()
    game.events.insert(5, {"type": "foul", "night": 1, "seat": 5, "kind": "technical"})
    game.events.insert(6, {"type": "foul", "night": 1, "seat": 5, "kind": "technical"})
    result = scored(game)
    assert result.winner == "red"
    assert [(item.points, item.rule) for item in result.player(5).items] == [
        (-0.5, "disqualification")
    ]


def test_fiim_rules_based_team_loss_is_minus_0_75_for_the_offender_only():
    game = Scenario.fiim(blacks=(8, 9, 10), sheriff=7).night(0).shot(None).day(1).dd(9, "signalled")
    result = scored(game)
    assert result.winner == "red"
    assert result.player(9).total == -0.75
    assert items(result, 9)[0].rule == "rules-based-team-loss"
    assert result.player(8).total == 0  # teammates: an ordinary loss
    assert result.player(1).total == 0.75


def test_fiim_judge_bonus_and_destructive_play_in_range():
    result = score(full_fiim_game().replay())
    assert points(result, 3, "judge-bonus") == 0.3
    assert result.player(3).total == 1.05
    assert points(result, 9, "destructive-play") == -0.2


@pytest.mark.parametrize(
    ("seat", "bonus", "rule"),
    [
        (3, 1.0, "bonus.out-of-range"),  # a winner: at most +0.9
        (4, 0.6, "bonus.out-of-range"),  # a loser: at most +0.5
        (4, -0.1, "bonus.penalty-out-of-range"),  # destructive play: −0.2 … −0.4
        (4, -0.5, "bonus.penalty-out-of-range"),
        (4, 0, "bonus.out-of-range"),
        (3, 0.25, "bonus.not-tenths"),
        (4, -0.25, "bonus.not-tenths"),
    ],
)
def test_fiim_bonus_outside_its_range_is_refused_with_a_clear_error(seat, bonus, rule):
    game = full_fiim_game().bonus(seat, bonus, "out of range")
    with pytest.raises(ScoringError) as refused:
        score_document(game.build())
    assert refused.value.rule == rule
    assert refused.value.event_index == game.last_index
    assert refused.value.to_dict()["event"] == game.last_index
    assert str(seat) in refused.value.message


def test_fiim_bonuses_of_one_player_add_up_within_the_range():
    game = full_fiim_game().bonus(4, 0.3, "a").bonus(4, 0.3, "b")  # 4 lost: +0.6 > +0.5
    with pytest.raises(ScoringError) as refused:
        score_document(game.build())
    assert refused.value.rule == "bonus.total-out-of-range"
    ok = full_fiim_game().bonus(4, 0.2, "a").bonus(4, 0.3, "b")
    assert score_document(ok.build()).player(4).total == 0.5


def test_fiim_unfinished_game_has_no_main_points_and_the_loser_bonus_range():
    game = Scenario.fiim(blacks=(8, 9, 10), sheriff=7).night(0).shot(None).bonus(1, 0.5, "good")
    result = score_document(game.build())
    assert result.winner is None
    assert [(item.points, item.rule) for item in result.player(1).items] == [(0.5, "judge-bonus")]
    assert result.player(2).items == ()
    with pytest.raises(ScoringError):
        score_document(game.bonus(2, 0.6, "too much").build())
