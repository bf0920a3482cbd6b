"""Wills: First Color Will for the First Out; Last Will Ordered or Pass the Helm after it."""

import pytest

from games.engine.scenario import Scenario

from .kit import refused

BOTH = pytest.mark.parametrize("make", [Scenario.pro_mafia, Scenario.fiim], ids=["pro-mafia", "fiim"])


def first_out_by_shot(make=Scenario.pro_mafia):
    """Seat 4 is shot on Night 1: the First Out, 9 left at the table."""
    return make(blacks=(8, 9, 10), sheriff=7).night(1).shot(4)


def second_out_by_vote(make=Scenario.pro_mafia):
    """After the First Out (4), seat 1 is voted out on Day 2: 8 left."""
    game = first_out_by_shot(make).day(2).nominations((2, 1), (3, 8))
    return game.vote({1: [2, 3, 5, 6, 7, 8], 8: [1, 9, 10]})


@BOTH
def test_first_color_will_of_the_first_out(make):
    record = (
        first_out_by_shot(make).will(4, first_color={8: "black", 1: "red", 9: "black"}).replay()
    )
    will = record.wills[0]
    assert will.kind == "first_color" and will.declarations == {8: "black", 1: "red", 9: "black"}
    assert will.departure.seat == 4 and will.departure.how == "shot"


@BOTH
def test_first_out_may_pass_the_helm(make):
    record = first_out_by_shot(make).will(4, pass_the_helm=1).replay()
    assert record.wills[0].recipient == 1


@BOTH
def test_first_out_may_skip_the_will(make):
    record = first_out_by_shot(make).will(4).replay()
    assert record.wills[0].kind == "none"


@BOTH
def test_first_out_does_not_leave_a_last_will_ordered(make):
    refused(first_out_by_shot(make).will(4, ordered=[8]), "will.ordered-not-allowed")


@BOTH
def test_first_color_will_only_for_the_first_out(make):
    refused(
        second_out_by_vote(make).will(1, first_color={8: "black"}), "will.first-color-not-allowed"
    )


@BOTH
def test_last_will_ordered_after_the_first_out(make):
    record = second_out_by_vote(make).will(1, ordered=[8, 9, 10]).replay()
    assert record.wills[0].targets == (8, 9, 10)


@BOTH
def test_pass_the_helm_after_the_first_out(make):
    assert second_out_by_vote(make).will(1, pass_the_helm=2).replay().wills[0].recipient == 2


@BOTH
def test_will_by_a_player_who_has_not_left(make):
    refused(first_out_by_shot(make).will(5), "will.not-departed")


@BOTH
def test_no_will_after_a_disqualification(make):
    refused(make().day(1).disqualify(3).will(3), "will.after-disqualification")


@BOTH
def test_disqualification_before_does_not_make_the_first_out(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(3).night(1).shot(4)
    record = game.will(4, first_color={8: "black"}).replay()
    assert record.first_out == 4


@BOTH
def test_first_color_will_cannot_name_a_player_disqualified_before(make):
    game = make(blacks=(8, 9, 10)).day(1).disqualify(3).night(1).shot(4)
    refused(game.will(4, first_color={3: "red"}), "will.target-not-at-table")


@BOTH
def test_one_will_per_departed_seat(make):
    refused(first_out_by_shot(make).will(4).will(4, pass_the_helm=1), "will.duplicate")


@BOTH
def test_more_than_three_colour_declarations(make):
    game = first_out_by_shot(make).will(
        4, first_color={8: "black", 9: "black", 10: "black", 1: "red"}
    )
    refused(game, "will.too-many-declarations")


@BOTH
def test_colour_must_be_red_or_black(make):
    refused(first_out_by_shot(make).will(4, first_color={8: "sheriff"}), "will.colour-unknown")


@BOTH
def test_will_names_a_player_not_at_the_table(make):
    refused(first_out_by_shot(make).will(4, first_color={4: "red"}), "will.target-not-at-table")
    refused(second_out_by_vote(make).will(1, ordered=[4]), "will.target-not-at-table")
    refused(second_out_by_vote(make).will(1, pass_the_helm=4), "will.target-not-at-table")


@BOTH
def test_will_targets_are_judged_at_the_departure_not_later(make):
    # seat 2 leaves after seat 1's departure; a will written afterwards may still name 2
    game = second_out_by_vote(make).night(2).shot(2).will(1, ordered=[2])
    assert game.replay().wills[0].targets == (2,)


@pytest.mark.parametrize(
    ("alive_after", "limit"), [(9, 3), (8, 3), (7, 3), (6, 2), (5, 2), (4, 1), (3, 1), (2, 0)]
)
def test_last_will_target_limit_by_players_left(alive_after, limit):
    from games.engine.rulesets import last_will_target_limit

    assert last_will_target_limit(alive_after) == limit


@BOTH
def test_too_many_targets_for_the_players_left(make):
    # 6 left after seat 5's departure: two targets at most
    game = make(blacks=(8, 9, 10), sheriff=7).day(1).disqualify(9).night(1).shot(4)
    game.day(2).disqualify(1).nominate(3, 5).nominate(6, 8).vote({5: [3, 5, 6, 7], 8: [8, 10]})
    game.will(5, ordered=[8, 10, 2])
    error = refused(game, "will.too-many-targets")
    assert "6 players" in error.message
    game.events[-1]["targets"] = [8, 10]
    assert game.replay().wills[0].targets == (8, 10)


@BOTH
def test_ordered_targets_are_distinct(make):
    refused(second_out_by_vote(make).will(1, ordered=[8, 8]), "will.duplicate-seat")


@BOTH
def test_will_after_a_game_ending_vote_is_refused(make):
    # the last black voted out ends the game: no Last Will Ordered
    game = make(blacks=(8, 9, 10)).day(2).disqualify(9).disqualify(10).nominate(1, 8).vote({8: []})
    refused(game.will(8), "event.after-end")


@BOTH
def test_will_kind_unknown_and_fields(make):
    refused(first_out_by_shot(make).event(type="will", seat=4, kind="colour"), "will.kind-unknown")
    refused(
        first_out_by_shot(make).event(type="will", seat=4, kind="first_color"),
        "event.field-missing",
    )
    game = first_out_by_shot(make).event(
        type="will", seat=4, kind="pass_the_helm", recipient=1, targets=[8]
    )
    refused(game, "will.field-mismatch")


@BOTH
def test_raised_set_first_in_list_order_is_the_first_out(make):
    game = make(blacks=(8, 9, 10)).day(1).nominations((1, 2), (3, 8))
    game.vote({2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]}).revote(
        {2: [1, 2, 3, 4, 5], 8: [6, 7, 8, 9, 10]}
    )
    game.raise_hands([1, 2, 3, 4, 5, 6])
    record = game.replay()
    assert record.first_out == 2
    kinds = {p.seat: p.kinds for p in record.current.pending_wills}
    assert kinds == {
        2: ("first_color", "pass_the_helm", "none"),
        8: ("ordered", "pass_the_helm", "none"),
    }
    record = game.will(2, first_color={1: "red"}).will(8, ordered=[9, 10, 1]).replay()
    assert [w.kind for w in record.wills] == ["first_color", "ordered"]


@BOTH
def test_pending_wills_show_allowed_kinds_and_limits(make):
    state = second_out_by_vote(make).replay().current
    pending = {p.seat: (p.kinds, p.max_targets) for p in state.pending_wills}
    assert pending == {
        4: (("first_color", "pass_the_helm", "none"), 3),
        1: (("ordered", "pass_the_helm", "none"), 3),
    }
    state = second_out_by_vote(make).will(4).replay().current
    assert [p.seat for p in state.pending_wills] == [1]
