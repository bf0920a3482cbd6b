"""Every decision's effect on the protocol, the scores, the standings and the ratings.

Games are entered and confirmed through the services; the pipeline runs (eagerly) after each
commit, so what is asserted is what the site would show.
"""

from decimal import Decimal

import pytest

from discipline.models import DisciplineCase
from discipline.services import case_decide, case_reopen
from games.models import Game, ProtocolVersion
from ratings.models import PlayerRating, RatingEntry
from scoring.models import SeatScore
from tournaments.models import StandingsSnapshot

from .helpers import dd_game, disqualification_game, red_disqualification_game

pytestmark = pytest.mark.django_db
Decision, Status = DisciplineCase.Decision, DisciplineCase.Status


def _totals(game) -> dict[int, Decimal]:
    return dict(SeatScore.objects.filter(game=game).values_list("seat", "total"))


def _standing(cup, seat: int) -> dict:
    rows = StandingsSnapshot.objects.get(tournament=cup.tournament).rows
    return next(row for row in rows if row["player_id"] == cup.player(seat).pk)


def _decide(cup, case, decision, run, actor=None):
    return run(case_decide, case=case, decision=decision, reason="reviewed on video",
               actor=actor or cup.chief.user)


def test_uphold_changes_nothing(cup, run):
    game = run(cup.confirm, run(cup.play, dd_game()))
    before, version = _totals(game), game.protocol_version
    _decide(cup, DisciplineCase.objects.get(game=game), Decision.UPHOLD, run)
    game.refresh_from_db()
    assert _totals(game) == before and before[3] == Decimal("-1.000")
    assert (game.status, game.protocol_version) == (Game.Status.CONFIRMED, version)


def test_dd_converted_to_technical_disqualification_keeps_the_result_and_costs_half(cup, run):
    game = run(cup.confirm, run(cup.play, dd_game()))
    before = _totals(game)
    ratings_before = list(RatingEntry.objects.filter(game=game).order_by("player_id").values_list("player_id", "won"))
    case = _decide(cup, DisciplineCase.objects.get(game=game), Decision.DD_TO_DISQUALIFICATION, run)
    assert case.status == Status.AMENDED and case.decision_version is None  # the protocol is unchanged
    game.refresh_from_db()
    assert (game.status, game.winner, game.end) == (Game.Status.CONFIRMED, "black", "dd")
    after = _totals(game)
    assert after[3] == Decimal("-0.500")
    assert {seat: total for seat, total in after.items() if seat != 3} == {
        seat: total for seat, total in before.items() if seat != 3}
    items = SeatScore.objects.get(game=game, seat=3).items
    assert [item["rule"] for item in items] == ["technical-disqualification"]
    assert Decimal(_standing(cup, 3)["total"]) == Decimal("-0.5")
    # The result stands: the same ten rated, with the same wins and losses.
    assert list(RatingEntry.objects.filter(game=game).order_by("player_id").values_list("player_id", "won")) \
        == ratings_before


def test_fiim_dd_converted_costs_the_disqualifications_half_instead_of_three_quarters(fiim_cup, run):
    cup = fiim_cup
    game = run(cup.confirm, run(cup.play, dd_game("fiim-2025", offender=9)))
    assert _totals(game)[9] == Decimal("-0.750")
    _decide(cup, DisciplineCase.objects.get(game=game), Decision.DD_TO_DISQUALIFICATION, run)
    totals = _totals(game)
    assert totals[9] == Decimal("-0.500")
    assert totals[8] == Decimal("0.000") and totals[1] == Decimal("0.750")  # red won by the DD, still


def test_reopening_lifts_the_override(cup, run):
    game = run(cup.confirm, run(cup.play, dd_game()))
    case = _decide(cup, DisciplineCase.objects.get(game=game), Decision.DD_TO_DISQUALIFICATION, run)
    run(case_reopen, case=case, reason="wrong case", actor=cup.organizer)
    assert _totals(game)[3] == Decimal("-1.000")
    assert Decimal(_standing(cup, 3)["total"]) == Decimal("-1")


def test_waiving_a_red_players_penalty_gives_back_what_they_earned_at_the_table(cup, run):
    game = run(cup.confirm, run(cup.play, red_disqualification_game()))
    before = _totals(game)
    assert before[2] == Decimal("-0.500")
    case = DisciplineCase.objects.get(game=game, kind="disqualification")
    _decide(cup, case, Decision.WAIVE_PENALTY, run)
    after = _totals(game)
    assert after[2] == Decimal("0.200")  # the eliminating vote into black 8, no longer removed
    assert [item["rule"] for item in SeatScore.objects.get(game=game, seat=2).items] == ["eliminating-vote"]
    assert {s: t for s, t in after.items() if s != 2} == {s: t for s, t in before.items() if s != 2}
    assert Decimal(_standing(cup, 2)["total"]) == Decimal("0.2")
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and len(game.protocol["events"]) == len(
        red_disqualification_game().build()["events"])  # the removal stays in the protocol


def test_waiving_a_black_players_penalty_leaves_the_reds_removed_black_awards(cup, run):
    game = run(cup.confirm, run(cup.play, disqualification_game()))
    before = _totals(game)
    assert before[9] == Decimal("-0.500")
    _decide(cup, DisciplineCase.objects.get(game=game, kind="disqualification"), Decision.WAIVE_PENALTY, run)
    after = _totals(game)
    assert after[9] == Decimal("0.000")
    assert {s: t for s, t in after.items() if s != 9} == {s: t for s, t in before.items() if s != 9}
    assert any(item["rule"] == "removed-black" for item in SeatScore.objects.get(game=game, seat=2).items)


def test_annulling_takes_the_game_out_of_scores_standings_and_ratings(cup, run):
    kept = run(cup.confirm, run(cup.play, red_disqualification_game()))
    game = run(cup.confirm, run(cup.play, dd_game()))
    assert StandingsSnapshot.objects.get(tournament=cup.tournament).games == 2
    assert RatingEntry.objects.filter(game=game).count() == 10
    case = _decide(cup, DisciplineCase.objects.get(game=game), Decision.ANNUL_GAME, run)
    game.refresh_from_db()
    assert game.status == Game.Status.ANNULLED and case.status == Status.OVERTURNED
    version = ProtocolVersion.objects.get(game=game, version=game.protocol_version)
    assert (version.action, version.reason, version.author) == ("decision", "reviewed on video", cup.chief.user)
    assert case.decision_version == version
    assert not SeatScore.objects.filter(game=game).exists()
    assert SeatScore.objects.filter(game=kept).count() == 10
    snapshot = StandingsSnapshot.objects.get(tournament=cup.tournament)
    assert snapshot.games == 1
    assert Decimal(_standing(cup, 3)["total"]) == SeatScore.objects.get(game=kept, seat=3).total
    assert _standing(cup, 3)["games"] == 1
    assert not RatingEntry.objects.filter(game=game).exists()
    assert RatingEntry.objects.filter(game=kept).count() == 10
    assert set(PlayerRating.objects.values_list("games", flat=True)) == {1}


def test_an_annulled_game_cannot_be_edited_and_its_other_cases_are_only_upheld(cup, run):
    game = run(cup.confirm, run(cup.play, disqualification_game()))
    mask = DisciplineCase.objects.get(game=game, kind="disqualification")
    foul = DisciplineCase.objects.get(game=game, kind="technical_foul")
    _decide(cup, mask, Decision.ANNUL_GAME, run)
    from core.errors import ApplicationError

    with pytest.raises(ApplicationError):
        _decide(cup, foul, Decision.STRIKE_FOUL, run)
    assert _decide(cup, foul, Decision.UPHOLD, run).status == Status.UPHELD


def test_striking_a_technical_foul_is_a_new_version_without_it(cup, run):
    game = run(cup.confirm, run(cup.play, disqualification_game()))
    before, events = _totals(game), list(game.protocol["events"])
    foul = DisciplineCase.objects.get(game=game, kind="technical_foul")
    mask = DisciplineCase.objects.get(game=game, kind="disqualification")
    assert mask.event_index == 1
    case = _decide(cup, foul, Decision.STRIKE_FOUL, run)
    game.refresh_from_db()
    assert game.protocol["events"] == events[1:]
    assert game.status == Game.Status.CONFIRMED and game.confirmed_by == cup.confirmer
    assert case.status == Status.OVERTURNED and case.decision_version.document["events"] == events[1:]
    assert ProtocolVersion.objects.get(game=game, version=game.protocol_version - 1).document["events"] == events
    mask.refresh_from_db()
    assert (mask.status, mask.event_index) == (Status.PENDING, 0)
    assert _totals(game) == before


def test_a_foul_that_disqualified_cannot_be_struck(cup, run):
    from core.errors import ApplicationError
    from games.engine.scenario import Scenario

    scenario = (Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
                .day(1).technical_foul(4).technical_foul(4).nominate(1, 8).vote({8: []}).will(8)
                .night(1).shot(1).will(1).day(2).nominate(2, 9).vote({9: []}).will(9)
                .night(2).shot(2).will(2).day(3).nominate(3, 10).vote({10: []}))
    game = run(cup.confirm, run(cup.play, scenario))
    foul = DisciplineCase.objects.get(game=game, kind="technical_foul")
    with pytest.raises(ApplicationError) as refused:
        _decide(cup, foul, Decision.STRIKE_FOUL, run)
    assert refused.value.code == "refused"
    foul.refresh_from_db()
    assert foul.status == Status.PENDING and foul.decision == ""


def test_a_decision_on_a_finished_unconfirmed_game_keeps_it_waiting_for_confirmation(cup, run):
    game = run(cup.play, dd_game())
    _decide(cup, DisciplineCase.objects.get(game=game), Decision.DD_TO_DISQUALIFICATION, run)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert _totals(game)[3] == Decimal("-0.500")
    # An unconfirmed (so unpublished) game moves no standings: they are not even recomputed.
    assert not StandingsSnapshot.objects.filter(tournament=cup.tournament).exists()
    game = run(cup.confirm, game)
    assert Decimal(_standing(cup, 3)["total"]) == Decimal("-0.5")
