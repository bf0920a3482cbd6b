"""Keeping the stored ratings true to the confirmed games (docs/ratings.md).

Ratings are a pure function of the counted games — confirmed, with their results published
(``games.visibility.counted_q``: a rating change tells a player's team) — in their order (played at, then game id),
computed by ``ratings.engine``. This module streams those games out of the database, restores
the state before a given game from the history itself, and replaces the history from that game
onwards. Running it twice gives the same rows: it is safe to repeat.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import DateTimeField, Q
from django.db.models.functions import Coalesce

from core import outbox
from core.bulkload import BinaryRowBlock, IndexesDeferred, copy_binary, timestamp_micros
from core.locking import named_lock
from games.models import Game, GameSeat
from games.visibility import counted_q, counts_in_aggregates
from vocabulary import BLACK, BLACK_ROLES, RED, RED_ROLES, TEAMS

from .engine import (
    BLACK_SEATS,
    RED_SEATS,
    RatingChange,
    RatingConfig,
    RatingGame,
    RatingState,
    process_games,
    rate_games,
)
from .models import PlayerRating, RatingEntry

ProgressCallback = Callable[[int, int], None]
SEAT_CHUNK = 2000


def rating_config() -> RatingConfig:
    return RatingConfig.from_dict(getattr(settings, "RATINGS", {}) or {})


def _in_rating_order(games):
    return (games.annotate(order_at=Coalesce("played_at", "confirmed_at", "created_at", output_field=DateTimeField()))
            .order_by("order_at", "id"))


def rated_games():
    """The games that count for ratings: confirmed, results published, with a winner; ordered as
    they are rated."""
    return _in_rating_order(Game.objects.filter(counted_q(), winner__in=TEAMS))


def order_key_of(game_id: int) -> tuple[datetime, int] | None:
    row = _in_rating_order(Game.objects.filter(pk=game_id)).values_list("order_at", "id").first()
    return (row[0], row[1]) if row else None


def first_in_rating_order(game_ids) -> int | None:
    """Of these games, the one that comes first in the rating order (None for none)."""
    return _in_rating_order(Game.objects.filter(pk__in=list(game_ids))).values_list("id", flat=True).first()


def _on_or_after(key: tuple[datetime, int], *, at: str, game: str) -> Q:
    moment, game_id = key
    return Q(**{f"{at}__gt": moment}) | Q(**{at: moment, f"{game}__gte": game_id})


def _rating_game(game_id, order_at, winner, tier, red, black, skipped: list[int]) -> RatingGame | None:
    if len(red) != RED_SEATS or len(black) != BLACK_SEATS:
        skipped.append(game_id)  # an incomplete deal cannot be rated
        return None
    # The seats are counted here, one seat per player is a constraint, winner and tier are choices.
    return RatingGame.unchecked(game_id, (order_at, game_id), tuple(red), tuple(black), winner, tier or "club")


def _stream_rating_games(games, skipped: list[int]) -> Iterator[RatingGame]:
    """RatingGames from a queryset of games in rating order: on PostgreSQL in one query that
    gathers each game's red and black players into arrays, elsewhere reading seats in chunks."""
    if connection.vendor == "postgresql":
        yield from _stream_with_arrays(games, skipped)
        return
    rows = list(games.values_list("id", "order_at", "winner", "tournament__rating_tier"))
    for start in range(0, len(rows), SEAT_CHUNK):
        chunk = rows[start:start + SEAT_CHUNK]
        seats: dict[int, tuple[list, list]] = {game_id: ([], []) for game_id, *_ in chunk}
        for game_id, player_id, role in GameSeat.objects.filter(
            game_id__in=list(seats), player__isnull=False
        ).order_by("game_id", "seat").values_list("game_id", "player_id", "role"):
            if role in RED_ROLES:
                seats[game_id][0].append(player_id)
            elif role in BLACK_ROLES:
                seats[game_id][1].append(player_id)
        for game_id, order_at, winner, tier in chunk:
            game = _rating_game(game_id, order_at, winner, tier, *seats[game_id], skipped)
            if game is not None:
                yield game


#: Each game with its red and its black players in seat order, gathered game by game (a LATERAL
#: subquery: a plain aggregate per game cost the database 0.55 s of CPU at 100,000 games where one
#: GROUP BY over the join of the games and their seats cost 0.85 s).
_WITH_PLAYERS = """
SELECT game.*, seats.red, seats.black FROM ({games}) game CROSS JOIN LATERAL (
    SELECT COALESCE(ARRAY_AGG(seat.player_id ORDER BY seat.seat) FILTER (WHERE seat.role = ANY(%s)), '{{}}') AS red,
           COALESCE(ARRAY_AGG(seat.player_id ORDER BY seat.seat) FILTER (WHERE seat.role = ANY(%s)), '{{}}') AS black
    FROM {seats} seat WHERE seat.game_id = game.id AND seat.player_id IS NOT NULL
) seats
ORDER BY 2, 1
"""


def _stream_with_arrays(games, skipped: list[int]) -> Iterator[RatingGame]:
    """The rows come by a server-side cursor in binary: psycopg loads a binary timestamptz and
    the int8 arrays in C, where Django's text timestamptz loader parses each in Python (a third
    of the command's time on a full rebuild)."""
    # id, order_at: ORDER BY 2, 1 above is the rating order (_in_rating_order)
    rows = games.order_by().values_list("id", "order_at", "winner", "tournament__rating_tier")
    sql, params = rows.query.sql_with_params()
    sql = _WITH_PLAYERS.format(games=sql, seats=connection.ops.quote_name(GameSeat._meta.db_table))
    connection.ensure_connection()
    with connection.connection.cursor(name="rating_games", binary=True) as cursor:
        cursor.itersize = 20_000
        cursor.execute(sql, [*params, list(RED_ROLES), list(BLACK_ROLES)])
        game = RatingGame.unchecked  # _rating_game's work, inlined: a call less per game
        for game_id, order_at, winner, tier, red, black in cursor:
            if len(red) != RED_SEATS or len(black) != BLACK_SEATS:
                skipped.append(game_id)  # an incomplete deal cannot be rated
            else:
                yield game(game_id, (order_at, game_id), tuple(red), tuple(black), winner, tier or "club")


def _state_before(key: tuple[datetime, int] | None, config: RatingConfig) -> RatingState:
    if key is None:
        return RatingState(config.baseline)
    earlier = RatingEntry.objects.exclude(_on_or_after(key, at="rated_at", game="game_id"))
    fields = ("player_id", "game_id", "rated_at", "red_rating", "black_rating", "red_games", "black_games")
    if connection.vendor == "postgresql":
        rows = earlier.order_by("player_id", "-rated_at", "-game_id").distinct("player_id").values_list(*fields)
    else:
        rows = earlier.order_by("rated_at", "game_id").values_list(*fields)
    changes = (
        RatingChange(game_id, (rated_at, game_id), player_id, "", False, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                     red, black, red_games, black_games)
        for player_id, game_id, rated_at, red, black, red_games, black_games in rows.iterator(chunk_size=5000)
    )
    return RatingState.from_changes(changes, baseline=config.baseline)


ENTRY_COLUMNS = (
    "player_id", "game_id", "rated_at", "track", "won", "expected", "before", "after", "delta",
    "overall_before", "overall_after", "red_rating", "black_rating", "red_games", "black_games",
)
#: The COPY gives the ids (a sequence's default per row cost the server a fifth of the COPY).
COPY_COLUMNS = ("id", *ENTRY_COLUMNS)
ENTRY_CHUNK = 50_000  # history rows sent at a time
GAMES_PER_COPY = 20_000  # games read, then rated and written by one COPY


def _entry_fields(track: str) -> tuple[str | bytes, ...]:
    """COPY_COLUMNS' binary COPY types for a row of this track (its name is a constant text)."""
    return ("int8", "int8", "int8", "timestamptz", track.encode(), "bool", *("float8",) * 8, "int4", "int4")


#: A rated game's history rows (engine.apply_game): its seven red players', then its three black players'.
GAME_ROWS = BinaryRowBlock(*(_entry_fields(RED),) * RED_SEATS, *(_entry_fields(BLACK),) * BLACK_SEATS)


def _copy_entries(rated: Iterable[tuple[RatingGame, list[RatingChange]]], last_played: dict,
                  next_id: Callable[[], int]) -> Iterator[bytes]:
    """The history rows of the rated games (``engine.rate_games``) in binary COPY chunks of whole
    games (``GAME_ROWS``), each row's id from ``next_id``; notes each player's last game's time."""
    red_row, black_row = GAME_ROWS.structs[0].pack, GAME_ROWS.structs[-1].pack
    packed: list[bytes] = []
    append = packed.append
    for game, changes in rated:
        if not changes:
            continue  # no winner: not rated
        at = game.order_key[0]
        micros = timestamp_micros(at)
        for (game_id, _, player_id, _, won, expected, before, after, delta, overall_before, overall_after,
             red_rating, black_rating, red_games, black_games) in changes[:RED_SEATS]:
            append(red_row(next_id(), player_id, game_id, micros, won, expected, before, after, delta, overall_before,
                           overall_after, red_rating, black_rating, red_games, black_games))
        for (game_id, _, player_id, _, won, expected, before, after, delta, overall_before, overall_after,
             red_rating, black_rating, red_games, black_games) in changes[RED_SEATS:]:
            append(black_row(next_id(), player_id, game_id, micros, won, expected, before, after, delta, overall_before,
                             overall_after, red_rating, black_rating, red_games, black_games))
        last_played.update(dict.fromkeys(game.red, at))
        last_played.update(dict.fromkeys(game.black, at))
        if len(packed) >= ENTRY_CHUNK:
            yield GAME_ROWS.finish(b"".join(packed))
            packed.clear()
    if packed:
        yield GAME_ROWS.finish(b"".join(packed))


def _create_entries(changes: Iterable[RatingChange], last_played: dict) -> None:
    """The history rows by ``bulk_create`` (SQLite, the embedded default)."""
    batch: list[RatingEntry] = []
    for change in changes:
        batch.append(RatingEntry(**dict(zip(ENTRY_COLUMNS, _entry_values(change), strict=True))))
        last_played[change.player_id] = change.order_key[0]
        if len(batch) >= 2000:
            RatingEntry.objects.bulk_create(batch)
            batch.clear()
    RatingEntry.objects.bulk_create(batch)


def _entry_values(change: RatingChange) -> tuple:
    return (
        change.player_id, change.game_id, change.order_key[0], change.track, change.won, change.expected,
        change.before, change.after, change.delta, change.overall_before, change.overall_after,
        change.red_rating, change.black_rating, change.red_games, change.black_games,
    )


def _entry_ids_after() -> int:
    """The first id free for new history rows: after every row kept (the ratings' lock is held)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {RatingEntry._meta.db_table}")
        return cursor.fetchone()[0]


def _entry_ids_used_to(last: int) -> None:
    """The history's id sequence goes on after ``last``, the last id the COPY gave (0: none)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), GREATEST(%s, 1), %s)",
                       [RatingEntry._meta.db_table, last, last > 0])


@dataclass
class RecomputeSummary:
    games: int
    entries: int
    players: int
    skipped: list[int]
    from_game_id: int | None


def _lock_ratings() -> None:
    """Held while ratings are rewritten, so two recomputes never interleave their history rows."""
    named_lock("ratings")


@transaction.atomic
def ratings_recompute(*, from_game_id: int | None = None, progress: ProgressCallback | None = None) -> RecomputeSummary:
    """Recompute the rating history from a game onwards (all of it when ``from_game_id`` is None).

    The game may no longer be rated (annulled, unconfirmed): its place in the order still says
    where the history must be rewritten from.
    """
    _lock_ratings()
    config = rating_config()
    key = order_key_of(from_game_id) if from_game_id is not None else None
    if from_game_id is not None and key is None:
        key = None  # the game is gone: without its place, rebuild everything
        from_game_id = None

    games = rated_games()
    full = key is None
    if full:
        affected: set[int] = set()  # every rating is deleted and written again
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                # Pending deferred FK checks from this transaction would block TRUNCATE: run them now.
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                cursor.execute(f"TRUNCATE {RatingEntry._meta.db_table}")
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        else:
            RatingEntry.objects.all().delete()
    else:
        games = games.filter(_on_or_after(key, at="order_at", game="id"))
        stale = RatingEntry.objects.filter(_on_or_after(key, at="rated_at", game="game_id"))
        affected = set(stale.order_by().values_list("player_id", flat=True).distinct())
        stale.delete()

    state = _state_before(key, config)
    total = games.count() if progress is not None else 0
    skipped: list[int] = []
    counted = _GameCounter(_stream_rating_games(games, skipped), progress, total)
    last_played: dict = {}
    if connection.vendor == "postgresql":
        # A full load builds the indexes once at the end, sorting in memory (a million rows' sort).
        with IndexesDeferred(RatingEntry, sort_memory="256MB", primary_key=True) if full else contextlib.nullcontext():
            # The games are read between the COPYs: a connection does one thing at a time.
            games_in_order = iter(counted)
            ids = itertools.count(1 if full else _entry_ids_after())
            while batch := list(itertools.islice(games_in_order, GAMES_PER_COPY)):
                copy_binary(RatingEntry, COPY_COLUMNS,
                            _copy_entries(rate_games(state, batch, config), last_played, ids.__next__))
            _entry_ids_used_to(next(ids) - 1)
    else:
        _create_entries(process_games(state, counted, config), last_played)
    if progress is not None:
        progress(total, total)
    affected |= last_played.keys()
    _store_player_ratings(state, affected, last_played, full=full)
    # every game read has a winner (rated_games), so the engine wrote a row per seat
    return RecomputeSummary(counted.done, counted.done * (RED_SEATS + BLACK_SEATS), len(affected), skipped,
                            from_game_id)


class _GameCounter:
    """The games on their way to the engine, counted, with the progress every thousand."""

    def __init__(self, games: Iterator[RatingGame], progress: ProgressCallback | None, total: int):
        self.games, self.progress, self.total, self.done = games, progress, total, 0

    def __iter__(self) -> Iterator[RatingGame]:
        for game in self.games:
            self.done += 1
            if self.progress is not None and self.done % 1000 == 0:
                self.progress(self.done, self.total)
            yield game


def _store_player_ratings(state: RatingState, affected: set[int], last_played: dict, *, full: bool) -> None:
    if full:
        PlayerRating.objects.all().delete()
    gone = [player_id for player_id in affected if player_id not in state]
    if gone:
        PlayerRating.objects.filter(player_id__in=gone).delete()
    missing_dates = [p for p in affected if p in state and p not in last_played]
    if missing_dates:
        for player_id, moment in (
            RatingEntry.objects.filter(player_id__in=missing_dates).order_by("player_id", "-rated_at")
            .values_list("player_id", "rated_at")
        ):
            last_played.setdefault(player_id, moment)
    rows = []
    for player_id in affected:
        if player_id not in state:
            continue
        rating = state.get(player_id)
        rows.append(PlayerRating(
            player_id=player_id, overall=rating.overall, red=rating.red, black=rating.black,
            red_games=rating.red_games, black_games=rating.black_games, games=rating.games,
            last_played_at=last_played.get(player_id),
        ))
    PlayerRating.objects.bulk_create(
        rows, batch_size=5000, update_conflicts=True, unique_fields=["player"],
        update_fields=["overall", "red", "black", "red_games", "black_games", "games", "last_played_at"],
    )




def game_is_rated(game_id: int) -> bool:
    return RatingEntry.objects.filter(game_id=game_id).exists()


# --- the outbox's runner and what asks for it (registered in RatingsConfig.ready) ---------------


def run_ratings(_target: int, *, from_game_id: int | None, job_id: int) -> None:
    """The outbox's runner: recompute the ratings from the earliest game asked for."""
    def progress(done: int, total: int) -> None:
        cache.set(outbox.progress_key(job_id), (done, total), timeout=3600)

    start = None if from_game_id in (None, outbox.FROM_THE_START) else from_game_id
    ratings_recompute(from_game_id=start, progress=progress)


def earlier_in_rating_order(a: int, b: int) -> int:
    """Of two pending 'from' games, the one that comes first in the rating order."""
    key_a, key_b = order_key_of(a), order_key_of(b)
    if key_a is None or key_b is None:
        return outbox.FROM_THE_START  # a game has gone: only a full rebuild is certainly right
    return a if key_a <= key_b else b


def on_game_scores_stored(sender, *, game_id: int, **_) -> None:
    """A game's scores were recomputed: the ratings follow from its place when it counts
    (confirmed and published) or was rated before; a deleted game's mark goes with a full rebuild.
    A change to an unpublished game asks for nothing (docs/secrecy.md)."""
    game = Game.objects.filter(pk=game_id).only("tournament_id", "status", "results_published").first()
    if game is None:  # deleted: whatever it fed must forget it
        outbox.request_ratings(None)
    elif counts_in_aggregates(game) or game_is_rated(game_id):
        outbox.request_ratings(game_id)


def on_results_publication_changed(sender, *, game_ids, **_) -> None:
    """Games' results were published or hidden: the ratings count only published confirmed games,
    so they are recomputed from the earliest of them (an unconfirmed game counts nowhere)."""
    confirmed = Game.objects.filter(pk__in=list(game_ids), status=Game.Status.CONFIRMED)
    if confirmed.exists():
        outbox.request_ratings(first_in_rating_order(confirmed.values_list("pk", flat=True)))
