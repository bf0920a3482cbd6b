"""Reads of the clubs' seasons (docs/seasons.md): a season's standings and its leaderboards, from
the records' store (the published games only) and the ratings' history."""

from __future__ import annotations

from django.db.models import Count, F, Q, QuerySet, Sum

from clubs.models import Club
from games.visibility import counted_q
from ratings.models import RatingEntry
from records.models import SeatRecord
from records.selectors import LeaderRow, kept_leaderboard

from .engine import RATING, Entry, SeasonTable, Standing, season_table
from .models import ClubSeason


def club_seasons(club: Club) -> QuerySet[ClubSeason]:
    """The club's seasons, the latest first."""
    return ClubSeason.objects.filter(club=club)


def season_seats(season: ClubSeason) -> QuerySet[SeatRecord]:
    """The season's seats: the store's rows (counting, published games only) of the club's games,
    its evenings' and its tournaments', played between the season's first and last day in the
    club's time zone, of listed players."""
    start, end = season.bounds()
    return SeatRecord.objects.filter(club_id=season.club_id, played_at__gte=start, played_at__lt=end,
                                     player__is_pending=False)


def season_standings(season: ClubSeason) -> SeasonTable:
    """The season's standings by its measure (seasons.engine.season_table): one aggregate query
    over the store, grouped by player, and for the rating change one more over the ratings'
    history."""
    figures = (season_seats(season).order_by().values("player_id", "player__nickname")
               .annotate(games=Count("pk"), wins=Count("pk", filter=Q(won=True)), points=Sum("points_milli")))
    figures = list(figures)
    changes = rating_changes(season, [row["player_id"] for row in figures]) if season.measure == RATING else {}
    entries = [Entry(player_id=row["player_id"], nickname=row["player__nickname"], games=row["games"],
                     wins=row["wins"], points_milli=row["points"] or 0,
                     rating_change=changes.get(row["player_id"], 0.0)) for row in figures]
    return season_table(entries, season.measure, season.min_games)


def rating_changes(season: ClubSeason, player_ids) -> dict[int, float]:
    """Each player's overall rating at the season's end minus at its start: the sum of the
    changes of the overall rating in every rated game of theirs between those moments, at any
    club (each history row holds the overall rating before and after its game, and each row's
    "before" is the previous row's "after"). Only published games are rated; the filter covers the
    moment between a game's hiding and the ratings' recompute."""
    start, end = season.bounds()
    rows = (RatingEntry.objects.filter(player_id__in=player_ids, rated_at__gte=start, rated_at__lt=end)
            .filter(counted_q(prefix="game__")).order_by().values("player_id")
            .annotate(change=Sum(F("overall_after") - F("overall_before"))))
    return {row["player_id"]: row["change"] or 0.0 for row in rows}


def season_leaderboard(season: ClubSeason, statistic: str, **filters) -> list[LeaderRow]:
    """A leaderboard of the season's games (`records.selectors.leaderboard` in the season's scope,
    kept in the cache until the store changes)."""
    start, end = season.bounds()
    return kept_leaderboard(statistic, club=season.club_id, start=start, end=end, **filters)


PLAYER_SEASONS = 20  # the latest seasons a player's page looks at


def player_season_places(player) -> list[tuple[ClubSeason, Standing]]:
    """The latest seasons (at most ``PLAYER_SEASONS``) of the clubs where the player has a seat
    in the store (published games only) in which they played, each with their line of the
    season's standings (``season_standings``: the page's place, or None below the minimum). One
    query for the seasons, one or two per season for its standings."""
    clubs = SeatRecord.objects.filter(player=player).values("club_id")
    places = []
    for season in ClubSeason.objects.filter(club__in=clubs).select_related("club")[:PLAYER_SEASONS]:
        line = next((s for s in season_standings(season) if s.entry.player_id == player.pk), None)
        if line is not None:
            places.append((season, line))
    return places
