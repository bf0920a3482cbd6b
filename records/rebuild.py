"""The store's full rebuild (``manage.py rebuild_player_records``; docs/records.md, "The rebuild").

Every counting game's rows written again from its stored protocol, as the pipeline writes one
game's (``records.services.game_records_replace``), in one transaction: the old rows are deleted
and the new ones written before the commit, so a reader sees the old store or the new one, never
half of it, and the store's generation changes on the commit (``store_changed``).

What makes it fast (the figures are in docs/records.md, "Speed"):

- everything is read in bulk, a chunk of games at a time: the protocols (as JSON text), the
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

from django.db import connection, transaction
from django.db.models import F, TextField
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast, Coalesce

from core.bulkload import IndexesDeferred
from core.locking import named_lock
from core.models import RecomputeJob
from games.models import Game, GameSeat
from games.visibility import counted_q
from scoring.engine import RULES_EDITION
from scoring.models import SeatScore
from scoring.services import scoring_reviews

from .engine.rows import ROW_COLUMNS, GameInput, games_copy_text, games_rows
from .generation import store_changed
from .models import SeatRecord
from .services import STORE_LOCK

logger = logging.getLogger(__name__)

CHUNK = 1000  # games read at a time, and given to a worker process at a time
PARALLEL_FROM = 5000  # fewer games are rebuilt in this process: starting processes costs more
IN_FLIGHT = 2  # chunks given to each process ahead of the one being written


@dataclass
class RebuildSummary:
    games: int  # counting games read
    rows: int


def default_processes() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@transaction.atomic
def player_records_rebuild(*, processes: int | None = None, rescore: bool = False, offline: bool = False,
                           progress: Callable[[int, int], None] | None = None) -> RebuildSummary:
    """Rebuild the whole store from the games that count. ``processes``: worker processes for the
    replay and the facts (default: one per CPU; 1: this process only; fewer than PARALLEL_FROM
    games are always rebuilt here). ``rescore``: score every game again rather than read its
    stored scores. ``offline`` (PostgreSQL): drop the store's indexes and build them after the
    load, faster, but the store's readers wait for the commit instead of reading the old rows."""
    named_lock(STORE_LOCK)
    SeatRecord.objects.all().delete()
    transaction.on_commit(store_changed)  # the leaderboards kept in the cache are stale
    total = Game.objects.filter(counted_q()).count()
    processes = default_processes() if processes is None else max(1, processes)
    if total < PARALLEL_FROM:
        processes = 1
    copying = copy_available()
    reading = _chunks_postgresql if copying else _chunks
    work = games_copy_text if copying else _rows_and_errors
    write = _copy if copying else _bulk_create
    reviews = scoring_reviews()
    pending = set() if rescore else set(
        RecomputeJob.objects.filter(kind=RecomputeJob.Kind.GAME_SCORES).exclude(status=RecomputeJob.Status.DONE)
        .values_list("target_id", flat=True))
    games = rows = 0
    done = contextlib.closing(_run(work, reading(reviews, pending, rescore=rescore), processes))
    with IndexesDeferred(SeatRecord) if offline and copying else contextlib.nullcontext(), done as chunks:
        for (payload, count, errors), size in chunks:  # closed on an error: the processes stop at once
            write(payload)
            for game_id, version, message in errors:
                logger.error("game %s: no record rows from version %s: %s", game_id, version, message)
            games += size
            rows += count
            if progress is not None:
                progress(games, total)
    return RebuildSummary(games=games, rows=rows)


def copy_available() -> bool:
    """Rows are written by COPY on PostgreSQL; elsewhere (the embedded SQLite) by ``bulk_create``."""
    return connection.vendor == "postgresql"


def _rows_and_errors(chunk: list[GameInput]):
    rows, errors = games_rows(chunk)
    return rows, len(rows), errors


# --- reading, a chunk of games at a time ----------------------------------------------------------


def _counted_after(after: int):
    return Game.objects.filter(counted_q(), pk__gt=after).order_by("pk")


def _chunks_postgresql(reviews: dict, pending: set[int], *, rescore: bool) -> Iterator[list[GameInput]]:
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
    after = 0
    while True:
        chunk = list(
            _counted_after(after)
            .annotate(text=Cast("protocol", TextField()), at=Coalesce("played_at", "confirmed_at", "created_at"),
                      players=players, stored=scores)
            .values_list("pk", "protocol_version", "text", "at", "club_id", "tournament_id", "evening_id",
                         "players", "stored")[:CHUNK]
        )
        if not chunk:
            return
        yield [
            GameInput(pk, version, text, (at, club, tournament, evening), seated or "{}",
                      None if pk in pending else stored, reviews.get(pk))
            for pk, version, text, at, club, tournament, evening, seated, stored in chunk
        ]
        after = chunk[-1][0]


def _chunks(reviews: dict, pending: set[int], *, rescore: bool) -> Iterator[list[GameInput]]:
    """The same as ``_chunks_postgresql`` with portable queries (three per chunk)."""
    after = 0
    while True:
        chunk = list(
            _counted_after(after)
            .annotate(at=Coalesce("played_at", "confirmed_at", "created_at"))
            .values_list("pk", "protocol_version", "protocol", "at", "club_id", "tournament_id", "evening_id")[:CHUNK]
        )
        if not chunk:
            return
        ids = [row[0] for row in chunk]
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
        after = ids[-1]


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
