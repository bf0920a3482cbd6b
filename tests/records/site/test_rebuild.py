"""The full rebuild's fast path (records/rebuild.py; docs/records.md, "The rebuild"): worker
processes, the stored scores read instead of scoring again, and COPY write exactly the rows of the
single-process path that scores every game and writes by ``bulk_create`` (the embedded SQLite's),
which are the pipeline's; the kept facts are copied when they are current and replayed when not;
the totals are summed again; and a failure in the middle leaves the old store as it was."""

import pytest
from django.db import connection, transaction

from core import outbox
from discipline.models import DisciplineCase
from discipline.services import case_decide
from games.engine.examples import full_pro_mafia_game
from records import rebuild
from records import totals as totals_module
from records.engine import rows as engine_rows
from records.models import KeptSeatFacts, PlayerTotals, SeatRecord, TotalsScope
from scoring.models import SeatScore
from tests.discipline.helpers import dd_game, disqualification_game, red_disqualification_game

from .kit import rows, totals

pytestmark = pytest.mark.django_db


@pytest.fixture
def store(cup, run):
    """Five published games, one with a decision that changes a penalty, one with a discipline
    case of each kind left as it is; the pipeline's rows of them. Their kept facts are dropped, so
    a rebuild replays them (the kept facts' own tests keep them)."""
    games = [run(cup.confirm, run(cup.play, scenario)) for scenario in (
        full_pro_mafia_game(), red_disqualification_game(), dd_game(), disqualification_game(), dd_game(offender=9))]
    case = DisciplineCase.objects.get(game=games[2], kind="dd")
    run(case_decide, case=case, decision=DisciplineCase.Decision.DD_TO_DISQUALIFICATION, reason="no intent",
        actor=cup.chief.user)
    kept = rows()
    assert len(kept) == 50 and SeatRecord.objects.get(game=games[2], seat=3).points_milli == -500
    assert KeptSeatFacts.objects.count() == 50
    KeptSeatFacts.objects.all().delete()
    return games, kept


@pytest.fixture
def parallel(monkeypatch):
    """Worker processes from the first game on, a game at a time (the rebuild's tests are small)."""
    monkeypatch.setattr(rebuild, "PARALLEL_FROM", 0)
    monkeypatch.setattr(rebuild, "CHUNK", 1)


def test_processes_stored_scores_and_copy_write_the_rows_of_one_process_scoring_again(store, parallel, monkeypatch):
    _games, kept = store
    assert rebuild.copy_available()  # the suite's PostgreSQL
    summary = rebuild.player_records_rebuild(processes=2)
    assert (summary.games, summary.rows) == (5, 50)
    assert rows() == kept
    monkeypatch.setattr(rebuild, "copy_available", lambda: False)  # the portable reading and bulk_create
    assert rebuild.player_records_rebuild(processes=1, rescore=True).rows == 50
    assert rows() == kept
    assert rebuild.player_records_rebuild(processes=2).rows == 50  # the portable path in processes
    assert rows() == kept


def _indexes() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = %s::regclass "
                       "ORDER BY 1", [SeatRecord._meta.db_table])
        return [definition for (definition,) in cursor.fetchall()]


@pytest.mark.parametrize("online", [False, True])
def test_the_indexes_are_built_again_after_the_load_or_kept_online_with_the_same_rows(store, parallel, online):
    _games, kept = store
    indexes = _indexes()
    assert len(indexes) >= 5
    assert rebuild.player_records_rebuild(processes=2, online=online).rows == 50
    assert rows() == kept
    assert _indexes() == indexes
    assert rebuild.player_records_rebuild(processes=1, online=online).replayed == 0  # from the kept facts
    assert rows() == kept
    assert _indexes() == indexes


@pytest.mark.parametrize("portable", [False, True])
def test_stored_scores_that_may_be_stale_are_not_read(store, parallel, monkeypatch, portable):
    """Scores of an older protocol version or rules edition, or with their recompute pending, are
    scored again; here each is made wrong, so reading it would show."""
    games, kept = store
    if portable:
        monkeypatch.setattr(rebuild, "copy_available", lambda: False)
    wrong = [{"points": 9.0, "rule": "made-up", "note": "not the engine's"}]
    SeatScore.objects.filter(game=games[0]).update(items=wrong, protocol_version=games[0].protocol_version - 1)
    SeatScore.objects.filter(game=games[1]).update(items=wrong, rules_edition=0)
    SeatScore.objects.filter(game=games[2]).update(items=wrong)
    with transaction.atomic():
        outbox.request_game_scores(games[2].pk)  # pending: the decision's recompute not run yet
    SeatScore.objects.filter(game=games[3], seat=4).delete()  # a seat without its stored score
    assert rebuild.player_records_rebuild(processes=2).rows == 50
    assert rows() == kept


def test_stored_scores_are_read_as_they_are(store, parallel):
    """The check that they are read at all: a current stored score (made wrong here) reaches the rows."""
    games, kept = store
    SeatScore.objects.filter(game=games[4], seat=1).update(items=[{"points": 1.234, "rule": "x", "note": ""}])
    rebuild.player_records_rebuild(processes=2)
    row = SeatRecord.objects.get(game=games[4], seat=1)
    assert (row.points_milli, row.rule_points) == (1234, [["x", 1, 1234]])
    assert rebuild.player_records_rebuild(processes=2, rescore=True).rows == 50
    assert rows() == kept


def _kept_facts() -> list[dict]:
    return [{name: value for name, value in row.items() if name != "id"}
            for row in KeptSeatFacts.objects.order_by("game_id", "seat").values()]


@pytest.mark.parametrize("portable", [False, True])
def test_a_rebuild_keeps_the_facts_it_replays_and_the_next_one_copies_them(store, parallel, monkeypatch, portable):
    games, kept = store
    if portable:
        monkeypatch.setattr(rebuild, "copy_available", lambda: False)
    assert rebuild.player_records_rebuild(processes=2).replayed == 5
    facts = _kept_facts()
    assert len(facts) == 50
    assert {(row["game_id"], row["protocol_version"]) for row in facts} == {(game.pk, game.protocol_version)
                                                                            for game in games}
    summary = rebuild.player_records_rebuild(processes=2)
    assert (summary.games, summary.rows, summary.replayed) == (5, 50, 0)
    assert rows() == kept
    assert _kept_facts() == facts


def test_current_kept_facts_are_copied_as_they_are(store, parallel):
    """The check that they are read at all: current kept facts (made wrong here) reach the rows."""
    games, kept = store
    rebuild.player_records_rebuild(processes=1)
    KeptSeatFacts.objects.filter(game=games[4], seat=1).update(points_milli=1234, fouls_ordinary=3)
    rebuild.player_records_rebuild(processes=1)
    row = SeatRecord.objects.get(game=games[4], seat=1)
    assert (row.points_milli, row.fouls_ordinary) == (1234, 3)


def test_kept_facts_that_may_be_stale_are_replayed(store, parallel):
    """Facts of an older protocol version or rules edition, or of a game whose scores or rows
    are to be recomputed, are replayed; each is made wrong here, so copying it would show."""
    games, kept = store
    rebuild.player_records_rebuild(processes=1)
    KeptSeatFacts.objects.update(points_milli=999_999)
    KeptSeatFacts.objects.filter(game=games[0]).update(protocol_version=games[0].protocol_version - 1)
    KeptSeatFacts.objects.filter(game=games[1]).update(rules_edition="0")
    with transaction.atomic():
        outbox.request_game_scores(games[2].pk)
        outbox.request_player_records(games[3].pk)
    copied = KeptSeatFacts.objects.get(game=games[4], seat=1)
    summary = rebuild.player_records_rebuild(processes=1)
    assert summary.replayed == 4
    assert rows(game__in=games[:4]) == [row for row in kept if row["game_id"] != games[4].pk]
    assert SeatRecord.objects.get(game=games[4], seat=1).points_milli == copied.points_milli == 999_999


def test_the_totals_are_rebuilt_with_the_store(store, parallel):
    _games, _kept = store
    before = totals()
    PlayerTotals.objects.update(games=1000)
    rebuild.player_records_rebuild(processes=1)
    # ten players: all time, the cup's club, the games' month of all clubs and of the club
    assert totals() == before and len(before) == 4 * 10


def _fail_at(game_id, original):
    def facts(game):
        if game.game_id == game_id:
            raise RuntimeError("a worker failed")
        return original(game)
    return facts


@pytest.mark.parametrize(("processes", "online"), [(1, False), (2, False), (2, True)])
def test_a_failure_in_the_middle_leaves_the_old_store(store, parallel, monkeypatch, processes, online):
    games, kept = store
    indexes = _indexes()
    # the fourth game fails in its worker (the games before it may have been written by then)
    monkeypatch.setattr(engine_rows, "_game_facts", _fail_at(games[3].pk, engine_rows._game_facts))
    with pytest.raises(RuntimeError, match="a worker failed"):
        rebuild.player_records_rebuild(processes=processes, online=online)
    assert rows() == kept
    assert _indexes() == indexes


def test_a_failed_write_leaves_the_old_store(store, parallel, monkeypatch):
    _games, kept = store
    written = []

    def copy(text):
        if written:
            raise RuntimeError("the database went away")
        written.append(text)
        original(text)

    original = rebuild._copy
    monkeypatch.setattr(rebuild, "_copy", copy)
    with pytest.raises(RuntimeError, match="went away"):
        rebuild.player_records_rebuild(processes=2)
    assert written and rows() == kept


def test_a_protocol_that_cannot_be_replayed_gives_no_rows_in_a_process_either(store, parallel, caplog):
    games, kept = store
    broken = games[1]
    type(broken).objects.filter(pk=broken.pk).update(protocol={**broken.protocol, "events": [{"type": "nonsense"}]})
    summary = rebuild.player_records_rebuild(processes=2)
    assert (summary.games, summary.rows) == (5, 40)
    assert rows() == [row for row in kept if row["game_id"] != broken.pk]
    assert f"game {broken.pk}: no record rows from version {broken.protocol_version}" in caplog.text


def test_a_deleted_games_rows_leave_the_totals(store):
    games, _kept = store
    games[0].delete()
    left = totals()
    rebuild.player_records_rebuild(processes=1)
    assert totals() == left
    assert sum(row["games"] for row in left if row["scope"] == "all") == 40


def test_the_rebuild_sums_every_scope_of_the_totals():
    assert set(totals_module.ROLLUPS) == set(totals_module.SCOPE_KEYS) == set(TotalsScope)
