"""Keeping the players' records true to the games that count (docs/records.md, "The store").

A game counts while the site's one rule says so (``games.visibility.counts_in_aggregates``:
confirmed, its results published). Then its rows are the records engine's facts of its stored
protocol, scored as its stored scores are (``scoring.services.replayed_and_scored``); otherwise
it has none. Every write replaces a game's rows from its protocol, so running it twice gives the
same rows, and the rows kept game by game equal a rebuild's.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from core import outbox
from core.locking import named_lock
from core.models import RecomputeJob
from games.engine import ProtocolError
from games.models import Game
from games.visibility import counted_q, counts_in_aggregates
from scoring.engine import RULES_EDITION
from scoring.services import replayed_and_scored

from .engine import SeatFacts, seat_facts
from .engine.rows import FACT_COLUMNS, ROW_COLUMNS, fact_values
from .generation import store_changed
from .models import KeptSeatFacts, SeatRecord
from .totals import game_totals_changed

logger = logging.getLogger(__name__)

# Held shared by each game's run and alone by a rebuild: a run never writes into a rebuild.
STORE_LOCK = "records:store"


def seat_records_of(game: Game) -> list[SeatRecord]:
    """The game's rows, unsaved: its seats' facts from its stored protocol. No rows for a protocol
    that cannot be replayed or scored (its stored scores are dropped the same way)."""
    try:
        record, result = replayed_and_scored(game)
    except ProtocolError as error:  # ScoringError is one too
        logger.error("game %s: no record rows from version %s: %s", game.pk, game.protocol_version, error.message)
        return []
    players = {seat.seat: seat.player_id for seat in game.seats.all()}
    return [_seat_record(game, facts, players.get(facts.seat)) for facts in seat_facts(record, result)]


def _seat_record(game: Game, facts: SeatFacts, player_id: int | None) -> SeatRecord:
    # a game's time as the ratings order it: played, else confirmed, else created
    played_at = game.played_at or game.confirmed_at or game.created_at
    values = (game.pk, played_at, game.club_id, game.tournament_id, game.evening_id, player_id, *fact_values(facts))
    return SeatRecord(**dict(zip(ROW_COLUMNS, values, strict=True)))


@transaction.atomic
def game_records_replace(*, game_id: int) -> int:
    """Replace the game's rows: its seats' facts while it counts, none otherwise. Returns how
    many rows it has now.

    As the scores' recompute: the game's row is read, not locked, so nobody's action on the game
    waits for this. Two runs for one game take turns on the job's advisory lock; a change
    committed meanwhile has asked for another run, which writes the rows it reads."""
    named_lock(STORE_LOCK, shared=True)
    named_lock(f"recompute:{outbox.Kind.PLAYER_RECORDS}:{game_id}")
    game = Game.objects.filter(pk=game_id).order_by().first()
    rows = seat_records_of(game) if game is not None and counts_in_aggregates(game) else []
    game_totals_changed(game_id, sign=-1)
    deleted, _by_model = SeatRecord.objects.filter(game_id=game_id).delete()
    SeatRecord.objects.bulk_create(rows)
    game_totals_changed(game_id, sign=1)
    if rows:
        facts_keep(game, rows)
    if deleted or rows:
        transaction.on_commit(store_changed)  # the leaderboards kept in the cache are stale
    return len(rows)


def facts_keep(game: Game, rows: list[SeatRecord]) -> None:
    """Keep the game's facts with its protocol version and the rules edition they were scored
    under, for the rebuild to copy (``KeptSeatFacts``)."""
    KeptSeatFacts.objects.filter(game_id=game.pk).delete()
    KeptSeatFacts.objects.bulk_create(
        KeptSeatFacts(game_id=game.pk, protocol_version=game.protocol_version, rules_edition=RULES_EDITION,
                      **{name: getattr(row, name) for name in FACT_COLUMNS})
        for row in rows)


# --- the outbox's runner and what asks for it (registered in RecordsConfig.ready) ---------------


def run_player_records(game_id: int, **_) -> None:
    """The outbox's runner: the game's rows follow the game."""
    game_records_replace(game_id=game_id)


def request_where_they_change(game_ids: Iterable[int]) -> None:
    """Ask for the rows of each of these games that counts, or counted before: it has rows, or a
    job of its own (a run may be writing rows this very moment for a game that has just stopped
    counting; the request gives it a follow-up run). A game that never counted asks for nothing:
    a job would tell that an unpublished game changed (docs/secrecy.md)."""
    game_ids = list(game_ids)
    has_rows = SeatRecord.objects.filter(game_id__in=game_ids).values("game_id")
    has_job = RecomputeJob.objects.filter(kind=RecomputeJob.Kind.PLAYER_RECORDS,
                                          target_id__in=game_ids).values("target_id")
    changing = Game.objects.filter(Q(pk__in=game_ids), counted_q() | Q(pk__in=has_rows) | Q(pk__in=has_job))
    for game_id in changing.order_by("pk").values_list("pk", flat=True):
        outbox.request_player_records(game_id)


def on_game_scores_stored(sender, *, game_id: int, **_) -> None:
    """A game's scores were recomputed (its protocol changed, it was confirmed, reopened for a
    correction or annulled): its rows follow. A deleted game's rows went with it (cascade)."""
    request_where_they_change([game_id])


def on_game_deleted(sender, *, instance: Game, **_) -> None:
    """A game is being deleted: its rows go with it (cascade), and their sums leave the players'
    totals first."""
    game_totals_changed(instance.pk, sign=-1)
    transaction.on_commit(store_changed)


def on_results_publication_changed(sender, *, game_ids, **_) -> None:
    """Games' results were published or hidden: a published confirmed game gains its rows, a
    hidden one loses them."""
    request_where_they_change(game_ids)
