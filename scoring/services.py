"""Writes for stored scores: recomputed from a game's current protocol, never typed in."""

from __future__ import annotations

import logging
from decimal import Decimal

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from core import outbox
from core.locking import named_lock
from core.models import RecomputeJob
from discipline.selectors import penalty_changes, penalty_changes_by_game
from games.engine import GameRecord, ProtocolError, replay
from games.models import Game

from .engine import RULES_EDITION, GameScore, score
from .engine.review import NO_REVIEW, Review
from .models import SeatScore
from .signals import game_scores_stored

logger = logging.getLogger(__name__)


def score_record(record, review=None):
    """The scoring engine's ``score(record)``.

    ``review``: the discipline decisions that change penalties (docs/discipline.md).
    """
    return score(record, review=review)


def scoring_review(game_id: int) -> Review:
    """The game's decided discipline cases that change penalties, as the scoring engine's ``Review``."""
    return _review(penalty_changes(game_id))


def scoring_reviews() -> dict[int, Review]:
    """``scoring_review`` of every game that has a decision changing a penalty, in one query (a
    rebuild of a derived store); a game missing here has ``NO_REVIEW``."""
    return {game_id: _review(rows) for game_id, rows in penalty_changes_by_game().items()}


def _review(rows) -> Review:
    if not rows:
        return NO_REVIEW
    return Review(
        dd_as_disqualification=any(change.dd_as_disqualification for change in rows),
        penalty_waived=frozenset(change.seat for change in rows if change.penalty_waived),
    )


def replayed_and_scored(game: Game) -> tuple[GameRecord, GameScore]:
    """The game's stored protocol replayed, and scored as its stored scores are (with its decided
    discipline cases, ``scoring_review``). Raises ProtocolError (ScoringError is one) when the
    protocol cannot be replayed or scored."""
    record = replay(game.protocol)
    return record, score_record(record, scoring_review(game.pk))


def seat_score_values(game: Game, record: GameRecord, result: GameScore) -> dict[int, dict]:
    """Each seat's stored score fields (a ``SeatScore`` but its game and seat), by seat: what
    ``game_scores_recompute`` stores, and what a bulk load (the demo's history) creates."""
    players = {seat.seat: seat.player_id for seat in game.seats.all()}
    return {
        player["seat"]: {
            "player_id": players.get(player["seat"]),
            "role": player["role"],
            "won": result.winner is not None and record.team(player["seat"]) == result.winner,
            "total": Decimal(str(player["total"])),
            "items": player["items"],
            "protocol_version": game.protocol_version,
            "rules_edition": RULES_EDITION,
        }
        for player in result.to_dict()["players"]
    }


@transaction.atomic
def game_scores_recompute(*, game_id: int) -> list[SeatScore]:
    """Store each seat's score of a finished game from its current protocol; idempotent.

    A game that is not finished (or no longer finished, after an undo) keeps no scores, nor does
    an annulled one. Standings read these rows only for confirmed games. Decided discipline cases
    that change a penalty are applied here (``scoring_review``).

    The game's row is read, not locked: a judge's or an organizer's action on the game never waits
    for its scores (issue 14). Two runs for one game take turns on the job's own advisory lock;
    a change committed meanwhile has asked for another run, which stores its scores.
    """
    named_lock(f"recompute:game_scores:{game_id}")
    game = Game.objects.filter(pk=game_id).order_by().first()
    if game is None:
        return []
    if game.status not in (Game.Status.FINISHED, Game.Status.CONFIRMED) or not game.protocol:
        SeatScore.objects.filter(game=game).delete()
        return []
    try:
        record, result = replayed_and_scored(game)
    except ProtocolError as error:  # ScoringError is one too
        logger.error("game %s: cannot score version %s: %s", game.pk, game.protocol_version, error.message)
        SeatScore.objects.filter(game=game).delete()
        return []
    if result is None:
        return []
    return _write_seats(game, seat_score_values(game, record, result))


def _write_seats(game: Game, values: dict[int, dict]) -> list[SeatScore]:
    """Replace the game's seat scores with ``values`` (by seat) in at most three statements: the
    rows kept are updated in one (issue 31: ten SELECT + UPDATE pairs were most of a run's queries),
    the missing ones created in one, and the seats no longer scored deleted."""
    existing = {row.seat: row for row in SeatScore.objects.filter(game=game)}
    now = timezone.now()
    stored, created = [], []
    for seat, fields in values.items():
        row = existing.get(seat)
        if row is None:
            row = SeatScore(game=game, seat=seat, **fields)
            created.append(row)
        else:
            for name, value in fields.items():
                setattr(row, name, value)
        row.computed_at = now
        stored.append(row)
    kept = [row for row in stored if row.pk is not None]
    if kept:  # the fields ``seat_score_values`` gives, so one added there is updated too
        names = sorted({name for fields in values.values() for name in fields})
        SeatScore.objects.bulk_update(kept, [*names, "computed_at"])
    if created:
        SeatScore.objects.bulk_create(created)
    gone = [row.pk for seat, row in existing.items() if seat not in values]
    if gone:
        SeatScore.objects.filter(pk__in=gone).delete()
    return stored



# --- the outbox's runner and sweeper (registered in ScoringConfig.ready) --------------------------


def run_game_scores(game_id: int, *, carried: bool = False, **_) -> None:
    """The outbox's runner for a game's scores: recompute them (unless the request that asked for
    the run carried them over: ``carry_scores_over``), then tell the apps above."""
    if not carried:
        game_scores_recompute(game_id=game_id)
    game_scores_stored.send(sender=SeatScore, game_id=game_id)


def carry_scores_over(game_id: int) -> bool:
    """A Confirm's new version has its previous version's document, seats and decisions: the
    stored scores of that version, under the current rules, are the new version's, and become so
    in one statement, in the Confirm's transaction, instead of a replay and a rewrite of every seat
    (issue 31). The outbox calls it only when the game's scores job was done (nothing asked for
    since its last run); False (scores of another version or edition, or none): the job runs in full.
    A game's rows are always written together, so they share their version and edition."""
    carried = SeatScore.objects.filter(
        game_id=game_id, rules_edition=RULES_EDITION, game__protocol_version=F("protocol_version") + 1,
    ).update(protocol_version=F("protocol_version") + 1, computed_at=timezone.now())
    return carried > 0


def stale_score_games() -> list[int]:
    """Games whose stored scores do not come from their current protocol under the current scoring
    rules (scoring.engine.RULES_EDITION), with no job pending."""
    scored = Game.Status.FINISHED, Game.Status.CONFIRMED
    pending = (RecomputeJob.objects.filter(kind=RecomputeJob.Kind.GAME_SCORES)
               .exclude(status=RecomputeJob.Status.DONE).values("target_id"))
    outdated = SeatScore.objects.filter(
        ~Q(protocol_version=F("game__protocol_version")) | Q(rules_edition__lt=RULES_EDITION)
    ).values("game_id")
    missing = Game.objects.filter(status__in=scored).exclude(scores__isnull=False)
    leftover = SeatScore.objects.exclude(game__status__in=scored).values("game_id")
    return list(
        Game.objects.filter(Q(pk__in=outdated) | Q(pk__in=missing.values("pk")) | Q(pk__in=leftover))
        .exclude(pk__in=pending).order_by("pk").values_list("pk", flat=True).distinct()
    )


def rescore_stale(limit: int) -> int:
    """The sweep's check: mark dirty the scores of up to ``limit`` games that are stale."""
    stale = stale_score_games()[:limit]
    for game_id in stale:
        outbox.request_game_scores(game_id)
    return len(stale)


def final_scores(record, game_id: int):
    """The entry page's final summary (games.final_scores): scored as the stored scores are."""
    return score_record(record, scoring_review(game_id))
