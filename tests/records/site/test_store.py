"""The store follows the games: a game's rows exist while it counts (confirmed, results published),
are the records engine's facts of its protocol, and change when it is hidden, annulled or corrected.

Games are entered and confirmed through the services; the pipeline runs eagerly after each commit.
"""

import pytest
from django.core.management import call_command

from core.models import RecomputeJob
from discipline.models import DisciplineCase
from discipline.services import case_decide
from games.engine.examples import full_pro_mafia_game
from games.models import Game
from records import services
from records.models import SeatRecord
from tests.discipline.helpers import dd_game, red_disqualification_game
from tournaments.models import Tournament
from tournaments.services.events import publication_set

from .kit import engine_facts, publish, reopen, rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def unpublished(cup):
    """Confirmed games wait for an organizer to publish them."""
    Tournament.objects.filter(pk=cup.tournament.pk).update(publish_results=False)
    cup.tournament.refresh_from_db()
    return cup


def test_publishing_a_confirmed_game_stores_its_ten_seats_with_the_engines_facts(unpublished, run):
    cup = unpublished
    game = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    assert not SeatRecord.objects.exists()  # confirmed, not published: it counts nowhere yet
    run(publish, cup, game)
    stored = {row.seat: row for row in SeatRecord.objects.filter(game=game)}
    assert sorted(stored) == list(range(1, 11))
    assert {seat: row.player_id for seat, row in stored.items()} == {
        seat: cup.player(seat).pk for seat in range(1, 11)}
    game.refresh_from_db()
    for row in stored.values():
        assert (row.club_id, row.tournament_id, row.evening_id, row.ruleset, row.played_at) == (
            cup.club.pk, cup.tournament.pk, None, "pro-mafia-1.1", game.played_at)
    # Seat 4, a civilian shot on Night 1: its First Color Will guessed 2 and 2 (docs/records.md).
    four = stored[4]
    assert (four.role, four.team, four.won, four.left, four.points_milli) == ("civilian", "red", True, "shot", 1000)
    assert four.rule_points == [["non-eliminating-vote", 1, 100], ["first-color-will", 3, 800],
                                ["early-night-shot-will", 1, 100]]
    assert (four.shot_first_night, four.first_night_will, four.first_night_blacks_guessed,
            four.guessed_two, four.guessed_three) == (True, True, 2, True, False)
    # Seat 5 (mafia), voted out on Day 2: the votes against it on Day 1 (4 civilians, then 4 and
    # the Sheriff on the revote) and Day 2 (the Sheriff and 3 civilians); the Sheriff checked it.
    five = stored[5]
    assert (five.role, five.won, five.left) == ("mafia", False, "vote")
    assert (five.voted_by_civilian, five.voted_by_sheriff, five.voted_by_mafia, five.voted_by_don) == (11, 2, 0, 0)
    assert (five.checked_by_sheriff, five.checked_by_don, stored[7].checked_by_don, stored[1].checked_by_don) == (
        1, 0, 1, 1)
    # Seat 3: three ordinary fouls and a technical one; nobody was disqualified.
    assert (stored[3].fouls_ordinary, stored[3].fouls_technical, stored[3].disqualified) == (3, 1, False)
    # Every column is the engine's reading of the stored protocol.
    for facts in engine_facts(game):
        row = stored[facts.seat]
        assert (row.won, row.points_milli, row.left or None, row.fouls_ordinary, row.nominated_mafia,
                row.nominated_by_civilian, row.voted_don, row.checked_by_don) == (
            facts.won, facts.points_milli, facts.left, facts.fouls_ordinary, facts.nominated["mafia"],
            facts.nominated_by["civilian"], facts.voted["don"], facts.checked_by_don)
    assert RecomputeJob.objects.get(kind=RecomputeJob.Kind.PLAYER_RECORDS, target_id=game.pk).status == "done"


def test_an_unpublished_game_has_no_rows_and_asks_for_no_run(unpublished, run):
    cup = unpublished
    game = run(cup.play, full_pro_mafia_game())
    run(publish, cup, game)  # finished and published, but not confirmed: it does not count
    assert not SeatRecord.objects.exists()
    run(publish, cup, game, False)
    game = run(cup.confirm, game)
    assert not SeatRecord.objects.exists()
    # A change to a game that neither counts nor counted leaves no trace in the pipeline either.
    assert not RecomputeJob.objects.filter(kind=RecomputeJob.Kind.PLAYER_RECORDS).exists()


def test_hiding_the_results_again_removes_the_rows(cup, run):
    kept = run(cup.confirm, run(cup.play, red_disqualification_game()))
    game = run(cup.confirm, run(cup.play, full_pro_mafia_game()))  # the cup publishes on confirmation
    assert SeatRecord.objects.filter(game=game).count() == 10
    run(publish, cup, game, False)
    assert not SeatRecord.objects.filter(game=game).exists()
    assert SeatRecord.objects.filter(game=kept).count() == 10
    run(publish, cup, game)
    assert SeatRecord.objects.filter(game=game).count() == 10


def test_the_tournaments_switch_hides_and_publishes_all_its_games(cup, run):
    first = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    second = run(cup.confirm, run(cup.play, red_disqualification_game()))
    run(publication_set, tournament=cup.tournament, actor=cup.organizer, publish_results=False)
    assert not SeatRecord.objects.exists()
    run(publication_set, tournament=cup.tournament, actor=cup.organizer, publish_results=True)
    assert set(SeatRecord.objects.values_list("game_id", flat=True)) == {first.pk, second.pk}


def test_annulling_removes_the_rows(cup, run):
    game = run(cup.confirm, run(cup.play, dd_game()))
    assert SeatRecord.objects.filter(game=game).count() == 10
    run(case_decide, case=DisciplineCase.objects.get(game=game), decision=DisciplineCase.Decision.ANNUL_GAME,
        reason="reviewed on video", actor=cup.chief.user)
    game.refresh_from_db()
    assert game.status == Game.Status.ANNULLED
    assert not SeatRecord.objects.filter(game=game).exists()


def test_a_decision_that_changes_a_penalty_reaches_the_rows(cup, run):
    game = run(cup.confirm, run(cup.play, dd_game()))
    assert SeatRecord.objects.get(game=game, seat=3).points_milli == -1000  # the DD's offender
    case = DisciplineCase.objects.get(game=game, kind="dd")
    run(case_decide, case=case, decision=DisciplineCase.Decision.DD_TO_DISQUALIFICATION, reason="no intent",
        actor=cup.chief.user)
    assert SeatRecord.objects.get(game=game, seat=3).points_milli == -500


def test_a_correction_takes_the_rows_out_until_confirmed_again_then_replaces_them(cup, run):
    game = run(cup.confirm, run(cup.play, red_disqualification_game()))
    before = rows(game=game)
    assert [row["disqualified"] for row in before] == [False, True] + [False] * 8
    game = run(reopen, cup, game, dd_game())
    assert not SeatRecord.objects.filter(game=game).exists()  # reopened: no longer confirmed
    game = run(cup.confirm, game)
    after = {row["seat"]: row for row in rows(game=game)}
    assert len(after) == 10 and not any(row["disqualified"] for row in after.values())
    assert after[3]["declared_defeat"] and after[3]["points_milli"] == -1000
    assert {seat: row["won"] for seat, row in after.items()} == {
        seat: seat in (8, 9, 10) for seat in range(1, 11)}  # the DD of a red: black wins


def test_rebuild_player_records_prints_the_games_and_rows(cup, run, capsys):
    run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    run(cup.confirm, run(cup.play, red_disqualification_game()))
    hidden = run(cup.confirm, run(cup.play, dd_game()))
    run(publish, cup, hidden, False)
    kept = rows()
    SeatRecord.objects.all().delete()
    call_command("rebuild_player_records", "--quiet")
    assert "of 2 games: 20 rows" in capsys.readouterr().out
    assert rows() == kept


def test_a_game_hidden_while_its_run_computes_loses_the_rows_that_run_writes(cup, run, monkeypatch):
    game = run(cup.confirm, run(cup.play, red_disqualification_game()))
    run(publish, cup, game, False)
    computed, hidden = services.seat_records_of, []

    def hidden_meanwhile(game):
        """The organizer hides the results after the run has read the game as counting."""
        rows = computed(game)
        if not hidden:
            hidden.append(publish(cup, game, False))
        return rows

    monkeypatch.setattr(services, "seat_records_of", hidden_meanwhile)
    run(publish, cup, game)
    assert hidden  # the run did compute the rows of a game that counted when it started
    assert not SeatRecord.objects.filter(game=game).exists()  # its follow-up run took them out
