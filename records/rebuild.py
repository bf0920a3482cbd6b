"""The store's full rebuild (``manage.py rebuild_player_records``; docs/records.md, "The rebuild").

Every counting game's rows written again, in one transaction: from the game's kept facts when
they are still its own, else from its stored protocol as the pipeline writes one game's
(``records.services.game_records_replace``). The old rows go and the new ones are written before
the commit, so a reader sees the old store or the new one, never half of it, and the store's
generation changes on the commit (``store_changed``).

What makes it fast (the figures are in docs/records.md, "Speed"):

- set-based on PostgreSQL: the store emptied by TRUNCATE, its indexes dropped and built after
  the load, the kept facts copied by one ``INSERT … SELECT`` with merge joins, the totals summed
  by one ``INSERT … SELECT … GROUP BY`` (``online``: the old rows deleted and the indexes kept,
  so that readers read them until the commit);
- the games replayed are read in bulk, a chunk of games at a time: the protocols (as JSON text), the
  seats' players and the stored scores in one query per chunk, the discipline decisions that
  change a penalty in one query for all games (``scoring.services.scoring_reviews``);
- a game's stored scores are used as they are when they are its current protocol's, under the
  current scoring rules, with no recompute of them pending: they are the scoring engine's own
  items (what ``game_scores_recompute`` stored), so the game is not scored again. Otherwise
  (and with ``rescore``) it is scored as the pipeline scores it, with its decided discipline
  cases;
- the replay, the scoring and the facts (the pure ``records.engine.rows.game_rows``) run in
  ``processes`` worker processes, a chunk each, while this process reads the next chunks and
  writes the rows;
- on PostgreSQL the rows are written by COPY (elsewhere, the embedded SQLite, by ``bulk_create``).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.core.exceptions import EmptyResultSet
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, QuerySet, TextField, Value
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast, Coalesce

from core.bulkload import IndexesDeferred, settings_for_now
from core.locking import named_lock
from core.models import RecomputeJob
from games.models import Game, GameSeat
from games.visibility import counted_q
from scoring.engine import RULES_EDITION
from scoring.models import SeatScore
from scoring.services import scoring_reviews

from .engine.rows import FACT_COLUMNS, ROW_COLUMNS, GameInput, games_copy_text, games_rows
from .generation import store_changed
from .models import KeptSeatFacts, PlayerTotals, SeatRecord
from .services import STORE_LOCK
from .totals import totals_rebuild

logger = logging.getLogger(__name__)

CHUNK = 1000  # games read at a time, and given to a worker process at a time
PARALLEL_FROM = 5000  # fewer games are rebuilt in this process: starting processes costs more
IN_FLIGHT = 2  # chunks given to each process ahead of the one being written


@dataclass
class RebuildSummary:
    games: int  # counting games read
    rows: int
    replayed: int = 0  # of the games, how many were replayed (no current kept facts)


def default_processes() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@transaction.atomic
def player_records_rebuild(*, processes: int | None = None, rescore: bool = False, online: bool = False,
                           progress: Callable[[int, int], None] | None = None) -> RebuildSummary:
    """Rebuild the whole store from the games that count. The games whose kept facts are still
    theirs (``kept_facts_current``) are copied in one statement; the others are replayed, in
    ``processes`` worker processes (default: one per CPU; 1: this process only; fewer than
    PARALLEL_FROM games are always replayed here), and their facts kept for the next time. Then
    every player's totals are summed again (records.totals). ``rescore``: replay and score every
    game again rather than read its kept facts and stored scores.

    On PostgreSQL the store is emptied by TRUNCATE and its indexes are dropped and built again
    after the load (``core.bulkload.IndexesDeferred``): DDL is transactional there, so a failure
    leaves the old store and its indexes, but the store's readers wait for the commit.
    ``online``: delete the old rows and keep the indexes instead (slower; the readers read the
    old rows until the commit)."""
    named_lock(STORE_LOCK)
    copying = copy_available()
    bulk = copying and not online
    with IndexesDeferred(SeatRecord, sort_memory=INDEX_MEMORY) if bulk else contextlib.nullcontext():
        _empty(SeatRecord, truncate=bulk)
        transaction.on_commit(store_changed)  # the leaderboards kept in the cache are stale
        total = Game.objects.filter(counted_q()).count()
        current = KeptSeatFacts.objects.none() if rescore else kept_facts_current()
        replayed = list(Game.objects.filter(counted_q()).exclude(Exists(current.filter(game_id=OuterRef("pk"))))
                        .order_by("pk").values_list("pk", flat=True))
        processes = default_processes() if processes is None else max(1, processes)
        if len(replayed) < PARALLEL_FROM:
            processes = 1
        reading = _chunks_postgresql if copying else _chunks
        work = games_copy_text if copying else _rows_and_errors
        write = _copy if copying else _bulk_create
        reviews = scoring_reviews()
        pending = set() if rescore else set(_pending(RecomputeJob.Kind.GAME_SCORES).values_list("target_id",
                                                                                                  flat=True))
        done = contextlib.closing(_run(work, reading(replayed, reviews, pending, rescore=rescore), processes))
        with done as chunks:
            rows = _copy_kept(current)
            games = total - len(replayed)
            if progress is not None:
                progress(games, total)
            for (payload, count, errors), size in chunks:  # closed on an error: the processes stop at once
                write(payload)
                for game_id, version, message in errors:
                    logger.error("game %s: no record rows from version %s: %s", game_id, version, message)
                games += size
                rows += count
                if progress is not None:
                    progress(games, total)
    _facts_keep(replayed)  # reads the replayed games' rows by the (game, seat) index, built again by now
    # PostgreSQL: the totals' grouping (a row a player and club) in memory, not spilled to disk;
    # the totals' index built after them (deleted rows' entries made each insert's check dearer)
    with (settings_for_now(work_mem=GROUPING_MEMORY) if copying else contextlib.nullcontext(),
          IndexesDeferred(PlayerTotals) if bulk else contextlib.nullcontext()):
        _empty(PlayerTotals, truncate=bulk)
        totals_rebuild(emptied=True)
    return RebuildSummary(games=games, rows=rows, replayed=len(replayed))


INDEX_MEMORY = "256MB"  # the indexes' sort memory after a bulk load: 10,000,000 rows' keys sorted in memory
GROUPING_MEMORY = "256MB"  # a row a player, club and month: 800,000 at 100,000 games


def _empty(model, *, truncate: bool) -> None:
    """The old rows out: TRUNCATE (no dead rows left for the vacuum, no row by row), else DELETE."""
    if truncate:
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {connection.ops.quote_name(model._meta.db_table)}")
    else:
        model._default_manager.all().delete()


def _pending(*kinds) -> QuerySet:
    return RecomputeJob.objects.filter(kind__in=kinds).exclude(status=RecomputeJob.Status.DONE)


def kept_facts_current() -> QuerySet:
    """The kept facts that are still their counting game's: of its current protocol version,
    scored under the current rules (``RULES_EDITION``), with no recompute of its scores or its
    rows pending (a discipline decision asks for one in its own transaction, so a decision not
    yet applied is never missed)."""
    return (KeptSeatFacts.objects.filter(counted_q(prefix="game__"), protocol_version=F("game__protocol_version"),
                                         rules_edition=RULES_EDITION)
            .exclude(game_id__in=_pending(RecomputeJob.Kind.GAME_SCORES, RecomputeJob.Kind.PLAYER_RECORDS)
                     .values("target_id")))


def _copy_kept(current: QuerySet) -> int:
    """The store's rows of the games with current kept facts, in one ``INSERT … SELECT``: the
    facts joined with their game (its time, club, tournament and evening) and with the seat's
    registered player now (a join, not a subquery a row). Returns how many rows."""
    made = {"row_played_at": Coalesce("game__played_at", "game__confirmed_at", "game__created_at"),
            "row_club_id": F("game__club_id"), "row_tournament_id": F("game__tournament_id"),
            "row_evening_id": F("game__evening_id")}
    names = [name for name in ROW_COLUMNS if name != "player_id"]
    selected = ["game_id" if name == "game_id" else name if name in FACT_COLUMNS else f"row_{name}"
                for name in names]
    try:
        sql, params = current.annotate(**made).order_by().values_list(*selected).query.sql_with_params()
    except EmptyResultSet:  # none to copy (``rescore``)
        return 0
    quote = connection.ops.quote_name
    table, seats = quote(SeatRecord._meta.db_table), quote(GameSeat._meta.db_table)
    columns = ", ".join(quote(SeatRecord._meta.get_field(name).column) for name in (*names, "player_id"))
    # PostgreSQL: merge joins, the three tables read in game order by their indexes, linear and in
    # no memory. Left to itself the planner hashed the kept facts themselves (100,000 games: a
    # third more of the backend's CPU, spilled to disk at 4MB work_mem), and with merge joins
    # alone it sorted the ten million kept facts of 1,000,000 games on disk (half as much again)
    linear = settings_for_now(enable_hashjoin="off", enable_nestloop="off", enable_sort="off") \
        if copy_available() else contextlib.nullcontext()
    with linear, connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({columns}) SELECT kept.*, seated.{quote('player_id')} FROM ({sql}) kept "
            f"LEFT JOIN {seats} seated ON seated.{quote('game_id')} = kept.{quote('game_id')} "
            f"AND seated.{quote('seat')} = kept.{quote('seat')}", params)
        return max(cursor.rowcount, 0)


FACTS_BATCH = 10_000


def _facts_keep(game_ids: list[int]) -> None:
    """The replayed games' facts kept, from their rows just written (``records.services.facts_keep``
    for many games): a batch of games per statement."""
    table = connection.ops.quote_name(KeptSeatFacts._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(KeptSeatFacts._meta.get_field(name).column)
                        for name in ("game", "protocol_version", "rules_edition", *FACT_COLUMNS))
    for start in range(0, len(game_ids), FACTS_BATCH):
        batch = game_ids[start:start + FACTS_BATCH]
        KeptSeatFacts.objects.filter(game_id__in=batch).delete()
        sql, params = (SeatRecord.objects.filter(game_id__in=batch).order_by()
                       .annotate(kept_version=F("game__protocol_version"), kept_edition=Value(RULES_EDITION))
                       .values_list("game_id", "kept_version", "kept_edition", *FACT_COLUMNS)
                       .query.sql_with_params())
        with connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {table} ({columns}) {sql}", params)


def copy_available() -> bool:
    """Rows are written by COPY on PostgreSQL; elsewhere (the embedded SQLite) by ``bulk_create``."""
    return connection.vendor == "postgresql"


def _rows_and_errors(chunk: list[GameInput]):
    rows, errors = games_rows(chunk)
    return rows, len(rows), errors


# --- reading, a chunk of games at a time ----------------------------------------------------------


def _chunk_ids(game_ids: list[int]) -> Iterator[list[int]]:
    for start in range(0, len(game_ids), CHUNK):
        yield game_ids[start:start + CHUNK]


def _games(ids: list[int]):
    return Game.objects.filter(pk__in=ids).order_by("pk")


def _chunks_postgresql(game_ids: list[int], reviews: dict, pending: set[int], *,
                       rescore: bool) -> Iterator[list[GameInput]]:
    """Each game with its seats' players and its trusted stored scores, one query per chunk; the
    JSON is left as text for the worker processes to read."""
    game = Game._meta.db_table
    players = RawSQL(
        f"(SELECT json_object_agg(s.seat, s.player_id) FROM {GameSeat._meta.db_table} s "
        f"WHERE s.game_id = {game}.id)::text", [])
    scores = RawSQL("NULL", []) if rescore else RawSQL(
        f"(SELECT json_object_agg(c.seat, c.items) FROM {SeatScore._meta.db_table} c "
        f"WHERE c.game_id = {game}.id AND c.protocol_version = {game}.protocol_version "
        f"AND c.rules_edition = %s)::text", [RULES_EDITION])
    for ids in _chunk_ids(game_ids):
        chunk = list(
            _games(ids)
            .annotate(text=Cast("protocol", TextField()), at=Coalesce("played_at", "confirmed_at", "created_at"),
                      players=players, stored=scores)
            .values_list("pk", "protocol_version", "text", "at", "club_id", "tournament_id", "evening_id",
                         "players", "stored")
        )
        yield [
            GameInput(pk, version, text, (at, club, tournament, evening), seated or "{}",
                      None if pk in pending else stored, reviews.get(pk))
            for pk, version, text, at, club, tournament, evening, seated, stored in chunk
        ]


def _chunks(game_ids: list[int], reviews: dict, pending: set[int], *, rescore: bool) -> Iterator[list[GameInput]]:
    """The same as ``_chunks_postgresql`` with portable queries (three per chunk)."""
    for ids in _chunk_ids(game_ids):
        chunk = list(
            _games(ids)
            .annotate(at=Coalesce("played_at", "confirmed_at", "created_at"))
            .values_list("pk", "protocol_version", "protocol", "at", "club_id", "tournament_id", "evening_id")
        )
        players: dict[int, dict] = {pk: {} for pk in ids}
        for game_id, seat, player_id in GameSeat.objects.filter(game_id__in=ids).values_list(
                "game_id", "seat", "player_id"):
            players[game_id][seat] = player_id
        stored: dict[int, dict] = {}
        if not rescore:
            for game_id, seat, items in SeatScore.objects.filter(
                    game_id__in=ids, protocol_version=F("game__protocol_version"),
                    rules_edition=RULES_EDITION).values_list("game_id", "seat", "items"):
                stored.setdefault(game_id, {})[seat] = items
        yield [
            GameInput(pk, version, protocol, (at, club, tournament, evening), players[pk],
                      None if pk in pending else stored.get(pk), reviews.get(pk))
            for pk, version, protocol, at, club, tournament, evening in chunk
        ]


# --- the work, in worker processes ----------------------------------------------------------------


def _run(work: Callable, chunks: Iterable[list[GameInput]], processes: int) -> Iterator[tuple[object, int]]:
    """``work(chunk)`` of each chunk, in order, with the chunk's size: here, or in ``processes``
    worker processes while this one reads the next chunks and writes the done ones. An error in
    a process is raised here (the transaction rolls back)."""
    if processes <= 1:
        for chunk in chunks:
            yield work(chunk), len(chunk)
        return
    # fork: the workers inherit the loaded (compiled) engines and never touch the database
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with context.Pool(processes) as pool:
        running: deque = deque()
        for chunk in chunks:
            running.append((pool.apply_async(work, (chunk,)), len(chunk)))
            while len(running) > IN_FLIGHT * processes:
                result, size = running.popleft()
                yield result.get(), size
        while running:
            result, size = running.popleft()
            yield result.get(), size


# --- writing --------------------------------------------------------------------------------------


def _columns() -> str:
    return ", ".join(connection.ops.quote_name(SeatRecord._meta.get_field(name).column) for name in ROW_COLUMNS)


def _copy(text: str) -> None:
    if not text:
        return
    with connection.cursor() as cursor:
        raw = cursor.cursor  # the psycopg cursor underneath Django's wrapper
        with raw.copy(f"COPY {connection.ops.quote_name(SeatRecord._meta.db_table)} ({_columns()}) FROM STDIN") as copy:
            copy.write(text)


def _bulk_create(rows: list[tuple]) -> None:
    SeatRecord.objects.bulk_create([SeatRecord(**dict(zip(ROW_COLUMNS, row, strict=True))) for row in rows],
                                   batch_size=1000)
