"""Reads of leagues and series (docs/leagues.md). What the public reads counts only tournaments
whose final standings are published (``final_standings_public``)."""

from __future__ import annotations

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from core.audit import audit_trail
from games.visibility import tournament_public
from tournaments.models import Tournament

from . import engine
from .models import League, PointsTable, PointsTableVersion, Series, SeriesResult, SeriesTournament


def final_standings_public(tournament: Tournament) -> bool:
    """Does the tournament's final standings count in a series? It is finished and everyone may
    see its standings (``games.visibility.tournament_public`` of ``publish_standings``); the
    standings themselves count only published confirmed games (``games.visibility.counted_q``)."""
    return tournament.status == Tournament.Status.FINISHED and tournament_public(tournament, "publish_standings")


def final_standings_public_q(*, prefix: str = "") -> Q:
    """``final_standings_public`` as a filter over tournaments (``prefix`` like ``"tournament__"``)."""
    return Q(**{f"{prefix}status": Tournament.Status.FINISHED, f"{prefix}publish_standings": True})


def leagues() -> QuerySet[League]:
    """Every league with its club and how many series it has, by name."""
    return League.objects.select_related("club").annotate(series_count=Count("series"))


def league_series(league: League) -> QuerySet[Series]:
    """A league's series, the latest season first, with how many tournaments each groups."""
    return (league.series.select_related("points_table")
            .annotate(tournament_count=Count("entries")).order_by("-starts_on", "name"))


def league_points_tables(league: League, *, with_use: bool = False) -> QuerySet[PointsTable]:
    """A league's points tables, each with its versions (latest first); ``with_use``: each version
    with ``in_use`` (``with_in_use``), for the organizers' delete buttons."""
    versions = PointsTableVersion.objects.order_by("-effective_from")
    if with_use:
        versions = with_in_use(versions)
    return league.points_tables.prefetch_related(Prefetch("versions", queryset=versions))


def with_in_use(versions: QuerySet[PointsTableVersion]) -> QuerySet[PointsTableVersion]:
    """Each version with ``in_use``: has a series computed results with it? A series' entry keeps
    the version its results were computed with (``SeriesTournament.version``), and so does each
    stored result. A version in use is never deleted (docs/leagues.md, "Which version")."""
    return versions.annotate(in_use=Exists(SeriesTournament.objects.filter(version=OuterRef("pk")))
                             | Exists(SeriesResult.objects.filter(version=OuterRef("pk"))))


def version_in_use(version: PointsTableVersion) -> bool:
    return with_in_use(PointsTableVersion.objects.filter(pk=version.pk)).filter(in_use=True).exists()


def table_versions(table: PointsTable) -> list[PointsTableVersion]:
    return list(table.versions.order_by("-effective_from"))


def series_entries(series: Series) -> list[SeriesTournament]:
    """The series' tournaments open to the public (out of draft), by date, each with
    ``counted``: whether its final standings are published and so in the standings."""
    entries = list(series.entries.select_related("tournament__club", "version__table")
                   .exclude(tournament__status=Tournament.Status.DRAFT)
                   .order_by("tournament__ends_on", "tournament__name"))
    for entry in entries:
        entry.counted = final_standings_public(entry.tournament)
    return entries


def series_tournaments(series: Series) -> list[Tournament]:
    """The series' tournaments open to the public, by date (``series_entries``' tournaments)."""
    return [entry.tournament for entry in series_entries(series)]


def counted_results(series: Series) -> QuerySet[SeriesResult]:
    """The stored results of the series' tournaments whose final standings are published."""
    return (SeriesResult.objects.filter(entry__series=series)
            .filter(final_standings_public_q(prefix="entry__tournament__"))
            .select_related("player", "entry"))


def series_standings(series: Series) -> list[engine.SeriesStanding]:
    """The series' standings (docs/leagues.md, "Standings"): each standing's ``results`` maps a
    tournament id to that tournament's ``engine.Result`` (place, points in thousandths)."""
    return engine.series_standings(
        engine.Result(player_id=r.player_id, name=r.player.nickname, tournament_id=r.entry.tournament_id,
                      place=r.place, points=r.points)
        for r in counted_results(series))


def player_series_results(player) -> QuerySet[SeriesResult]:
    """A player's counted results in every series (for their record page)."""
    return (SeriesResult.objects.filter(player=player)
            .filter(final_standings_public_q(prefix="entry__tournament__"))
            .select_related("entry__series__league", "entry__tournament"))


def series_history(series: Series, *, limit: int = 50):
    """The organizers' decisions on the series, newest first (the audit trail)."""
    return audit_trail(series).order_by("-created_at")[:limit]


def player_series_places(player) -> list[tuple[Series, engine.SeriesStanding]]:
    """Each series where the player has a counted result, the latest season first, with their line
    of its standings (``series_standings``: the page's place and total). One query for the series,
    one per series for its standings."""
    series_ids = player_series_results(player).values("entry__series_id")
    places = []
    for series in Series.objects.filter(pk__in=series_ids).select_related("league").order_by("-starts_on", "name"):
        line = next((s for s in series_standings(series) if s.player_id == player.pk), None)
        if line is not None:
            places.append((series, line))
    return places
