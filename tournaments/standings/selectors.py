"""Reads of the standings: the rows they are computed from, and the stored snapshot."""

from __future__ import annotations

from django.db.models import Q

from clubs.models import Player
from core.models import RecomputeJob
from games.models import Game
from games.visibility import counted_q
from scoring.models import SeatScore

from ..models import StandingsSnapshot, Tournament
from ..selectors import participants
from .compute import ScoreRow, Standing, compute_standings, standing_from_json


def standings_rows(tournament: Tournament, *, player: Player | None = None,
                   unpublished: bool = False) -> list[ScoreRow]:
    """One plain row per seat score of a counted game of the tournament (one query).

    Counted: confirmed with its results published (``games.visibility.counted_q``), since the
    standings are shown to everyone. ``unpublished=True`` counts every confirmed game: for the
    organizers' own use only (seeding the final), never for a page.
    """
    games = Q(game__status=Game.Status.CONFIRMED) if unpublished else counted_q(prefix="game__")
    qs = (SeatScore.objects.filter(games, game__tournament=tournament, player__isnull=False)
          .values_list("player_id", "player__nickname", "game_id", "game__round__number", "role", "won",
                       "total", "items", "game__round__coefficient", "game__round__is_final"))
    if player is not None:
        qs = qs.filter(player=player)
    return [
        ScoreRow(player_id=pid, nickname=nick, game_id=gid, round_number=rnum or 0, role=role, won=won,
                 total=total, items=items or (), coefficient=coef if coef is not None else 1,
                 is_final=bool(final))
        for pid, nick, gid, rnum, role, won, total, items, coef, final in qs
    ]


def counted_games(tournament: Tournament) -> int:
    """How many of the tournament's games the standings count."""
    return tournament.games.filter(counted_q()).count()


def compute_tournament_standings(tournament: Tournament, *, unpublished: bool = False) -> list[Standing]:
    """Standings computed now from the counted games (the pipeline stores them); see
    ``standings_rows`` for ``unpublished``."""
    everyone = participants(tournament).values_list("pk", "nickname")
    return compute_standings(standings_rows(tournament, unpublished=unpublished),
                             order=tournament.effective_tie_break, win_points=tournament.win_points,
                             players=everyone)


def tournament_standings(tournament: Tournament) -> list[Standing]:
    """The standings as the pipeline last stored them; computed now if it never has."""
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).first()
    if snapshot is None:
        return compute_tournament_standings(tournament)
    return [standing_from_json(row) for row in snapshot.rows]


def standings_freshness(tournament: Tournament) -> dict:
    """When the standings were last brought up to date, and whether a recompute is under way."""
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).only("computed_at").first()
    pending = RecomputeJob.objects.filter(
        kind=RecomputeJob.Kind.STANDINGS, target_id=tournament.pk
    ).exclude(status=RecomputeJob.Status.DONE).exists()
    return {"updated_at": snapshot.computed_at if snapshot else None, "updating": pending}
