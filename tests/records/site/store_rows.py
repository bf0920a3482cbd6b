"""Hand-written rows of the records' store, for figures counted by hand: a counting game (its
row only: confirmed and published, as the store's rule asks) and one seat's row in it."""

from __future__ import annotations

from datetime import datetime

from games.models import Game
from records.models import SeatRecord
from records.totals import rows_totals_changed


def counted_game(club, played_at: datetime, *, tournament=None, published: bool = True) -> Game:
    return Game.objects.create(club=club, tournament=tournament, played_at=played_at, status=Game.Status.CONFIRMED,
                               results_published=published)


def seat(game: Game, player, number: int, *, won: bool | None, points: int = 0, **facts) -> SeatRecord:
    """``player``'s row at seat ``number`` of ``game`` (``points`` in thousandths); the other facts
    default to nothing (no foul, not shot, no will). Its player's totals count it, as the store's
    writes keep them."""
    row = SeatRecord.objects.create(
        game=game, player=player, seat=number, role=facts.pop("role", "civilian"), team=facts.pop("team", "red"),
        played_at=game.played_at, club_id=game.club_id, tournament_id=game.tournament_id, ruleset=game.ruleset,
        won=won, points_milli=points, **facts)
    rows_totals_changed(SeatRecord.objects.filter(pk=row.pk), sign=1)
    return row


def rescored(rows, **changes) -> None:
    """``rows`` changed as a rescore writes them: their players' totals follow (the store's
    generation is the caller's to change)."""
    rows = SeatRecord.objects.filter(pk__in=list(rows.values_list("pk", flat=True)))
    rows_totals_changed(rows, sign=-1)
    rows.update(**changes)
    rows_totals_changed(rows, sign=1)
