"""Keeping the stored ratings true to the confirmed games (docs/ratings.md).

Ratings are a pure function of the counted games — confirmed, with their results published
(``games.visibility.counted_q``: a rating change tells a player's team) — in their order (played at, then game id),
computed by ``ratings.engine``. This module streams those games out of the database, restores
the state before a given game from the history itself, and replaces the history from that game
onwards. Running it twice gives the same rows: it is safe to repeat.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import DateTimeField, Q
from django.db.models.functions import Coalesce

from core import outbox
from core.bulkload import IndexesDeferred
from core.locking import named_lock
from games.models import Game, GameSeat
from games.visibility import counted_q, counts_in_aggregates
from vocabulary import BLACK_ROLES, RED_ROLES, TEAMS

from .engine import RatingChange, RatingConfig, RatingGame, RatingState, process_games
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


def _stream_rating_games(games, skipped: list[int]) -> Iterator[RatingGame]:
    """RatingGames from a queryset of games, reading their seats in chunks."""
    rows = list(games.values_list("id", "order_at", "winner", "tournament__rating_tier"))
    for start in range(0, len(rows), SEAT_CHUNK):
        chunk = rows[start:start + SEAT_CHUNK]
        seats: dict[int, tuple[list, list]] = {game_id: ([], []) for game_id, *_ in chunk}
        for game_id, player_id, role in GameSeat.objects.filter(
            game_id__in=list(seats), player__isnull=False
        ).values_list("game_id", "player_id", "role"):
            if role in RED_ROLES:
                seats[game_id][0].append(player_id)
            elif role in BLACK_ROLES:
                seats[game_id][1].append(player_id)
        for game_id, order_at, winner, tier in chunk:
            red, black = seats[game_id]
            if len(red) != 7 or len(black) != 3:
                skipped.append(game_id)  # an incomplete deal cannot be rated
                continue
            yield RatingGame(game_id, (order_at, game_id), tuple(red), tuple(black), winner, tier or "club")


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


def _entry_values(change: RatingChange) -> tuple:
    return (
        change.player_id, change.game_id, change.order_key[0], change.track, change.won, change.expected,
        change.before, change.after, change.delta, change.overall_before, change.overall_after,
        change.red_rating, change.black_rating, change.red_games, change.black_games,
    )


class _EntryWriter:
    """Writes history rows: PostgreSQL's COPY where available (a million rows in seconds)."""

    def __init__(self):
        self.buffer: list[tuple] = []
        self.written = 0

    def add(self, change: RatingChange) -> None:
        self.buffer.append(_entry_values(change))
        if len(self.buffer) >= 20_000:
            self.flush()

    def flush(self) -> None:
        if not self.buffer:
            return
        if connection.vendor == "postgresql":
            columns = ", ".join(ENTRY_COLUMNS)
            with connection.cursor() as cursor:
                raw = cursor.cursor  # the psycopg cursor underneath Django's wrapper
                # Binary COPY formats rows in C: a million rows cost about a second.
                with raw.copy(f"COPY {RatingEntry._meta.db_table} ({columns}) FROM STDIN (FORMAT BINARY)") as copy:
                    copy.set_types(ENTRY_COPY_TYPES)
                    for row in self.buffer:
                        copy.write_row(row)
        else:
            RatingEntry.objects.bulk_create(
                [RatingEntry(**dict(zip(ENTRY_COLUMNS, row, strict=True))) for row in self.buffer],
                batch_size=2000,
            )
        self.written += len(self.buffer)
        self.buffer.clear()


ENTRY_COPY_TYPES = (
    "int8", "int8", "timestamptz", "text", "bool", "float8", "float8", "float8", "float8",
    "float8", "float8", "float8", "float8", "int4", "int4",
)


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
    stale = RatingEntry.objects.all()
    if key is not None:
        games = games.filter(_on_or_after(key, at="order_at", game="id"))
        stale = stale.filter(_on_or_after(key, at="rated_at", game="game_id"))
    affected = set(stale.order_by().values_list("player_id", flat=True).distinct())
    if key is None and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # Pending deferred FK checks from this transaction would block TRUNCATE: run them now.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f"TRUNCATE {RatingEntry._meta.db_table}")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    else:
        stale.delete()

    state = _state_before(key, config)
    total = games.count()
    full_load = key is None and connection.vendor == "postgresql"
    with IndexesDeferred(RatingEntry) if full_load else contextlib.nullcontext():
        done, written, skipped = _load(games, state, config, affected, last_played := {}, progress, total)
    _store_player_ratings(state, affected, last_played, full=key is None)
    return RecomputeSummary(done, written, len(affected), skipped, from_game_id)


def _load(games, state, config, affected: set, last_played: dict, progress, total: int):
    """Rate the games in order and write their history rows; returns (games, rows, skipped)."""
    skipped: list[int] = []
    writer = _EntryWriter()
    done = 0
    current_game = None
    for change in process_games(state, _stream_rating_games(games, skipped), config):
        writer.add(change)
        affected.add(change.player_id)
        last_played[change.player_id] = change.order_key[0]
        if change.game_id != current_game:
            current_game = change.game_id
            done += 1
            if progress is not None and done % 1000 == 0:
                progress(done, total)
    writer.flush()
    if progress is not None:
        progress(total, total)
    return done, writer.written, skipped


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
