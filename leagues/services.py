"""Writes of leagues, points tables and series, and the series' results (docs/leagues.md).

A series' results follow its tournaments' final standings: ``sync_tournament`` runs when a
tournament is saved (its status or publication switches changed) and when the pipeline stores its
standings (``tournaments.standings.store``), through the receivers ``LeaguesConfig.ready()``
connects. It stores each player's place and points while the final standings are published and
removes them when they are not (``selectors.final_standings_public``).
"""

from __future__ import annotations

from copy import copy
from datetime import date

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club
from core.audit import changes_applied, log_action
from core.errors import ApplicationError, checked_text
from core.limits import DESCRIPTION_MAX_LENGTH
from core.locking import for_update, named_lock
from tournaments.models import RatingTier, StandingsSnapshot, Tournament

from . import engine
from .models import League, PointsTable, PointsTableVersion, Series, SeriesResult, SeriesTournament
from .selectors import final_standings_public, version_in_use

RESERVED_SLUGS = {"new"}  # an address that is a page of its own
MAX_PLACES = 500
MAX_POINTS = 10**6 * engine.MILLI  # a million points a place: a typo, not a table
MAX_MULTIPLIER = 100 * engine.MILLI
MAX_REFERENCE_SIZE = 10_000
NAME_MAX_LENGTH = 120


# --- the results (run by the receivers) --------------------------------------------------------


def tournament_day(tournament: Tournament) -> date:
    """The day that picks a tournament's points table version: its last day, when its final places
    are decided (docs/leagues.md, "Which version")."""
    return tournament.ends_on


def _versions(table_id: int) -> list[engine.TableVersion]:
    """The table's versions, to pick one from: read under the table's shared lock, so a version
    being deleted (``points_table_version_delete``, which holds it alone) is never picked."""
    named_lock(_table_lock(table_id), shared=True)
    return [v.as_engine() for v in PointsTableVersion.objects.filter(table_id=table_id)]


def _table_lock(table_id: int) -> str:
    return f"leagues:table:{table_id}"


def _final_places(tournament: Tournament) -> list[engine.Finisher]:
    """The final places of the players with at least one counted game, from the stored standings."""
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).first()
    rows = snapshot.rows if snapshot is not None else []
    played = [(row["player_id"], row["place"]) for row in sorted(rows, key=lambda row: row["place"])
              if row.get("games", 0) > 0]
    return engine.finishers(played)


def _sync_entry(entry: SeriesTournament, tournament: Tournament) -> None:
    """Store the entry's results from the tournament's final standings, or remove them."""
    named_lock(f"leagues:entry:{entry.pk}")
    entry.results.all().delete()
    if not final_standings_public(tournament):
        return
    if entry.version_id is None:
        version = engine.version_for(_versions(entry.series.points_table_id), tournament_day(tournament))
        if version is None:
            return  # no version in force on its day: nothing to compute with (docs/leagues.md)
        entry.version_id = version.key
        entry.save(update_fields=["version"])
    version = entry.version.as_engine()  # setting version_id above dropped a cached other one
    places = _final_places(tournament)
    points = engine.tournament_points(version, places, category=tournament.rating_tier)
    SeriesResult.objects.bulk_create(
        SeriesResult(entry=entry, player_id=f.player_id, place=f.place, points=points[f.player_id],
                     version_id=entry.version_id)
        for f in places)


@transaction.atomic
def sync_tournament(tournament_id: int) -> None:
    """Bring the tournament's results in every series it is in up to date; idempotent."""
    entries = list(SeriesTournament.objects.filter(tournament_id=tournament_id).select_related("series", "version")
                   .order_by("pk"))
    if not entries:
        return
    tournament = Tournament.objects.get(pk=tournament_id)
    for entry in entries:
        _sync_entry(entry, tournament)


def on_tournament_saved(sender, instance: Tournament, raw: bool = False, **_) -> None:
    """A tournament was saved: its status or its switches may have published or hidden its final
    standings (``tournaments.services.events``)."""
    if not raw:
        sync_tournament(instance.pk)


def on_standings_saved(sender, instance: StandingsSnapshot, raw: bool = False, **_) -> None:
    """The pipeline stored a tournament's standings (a game published, hidden or rescored)."""
    if not raw:
        sync_tournament(instance.tournament_id)


# --- leagues -----------------------------------------------------------------------------------


def _name(value: str, what: str) -> str:
    name = checked_text(value, max_length=NAME_MAX_LENGTH, label=what)
    if not name:
        raise ApplicationError(_("Give it a name."), code="name")
    return name


def _slug(slug: str, name: str, taken) -> str:
    """The address asked for (refused when taken or reserved), or one made from the name."""
    if slug:
        slug = slugify(slug)[:80]
        if not slug or slug in RESERVED_SLUGS or taken(slug):
            raise ApplicationError(_("That address is already taken."), code="slug")
        return slug
    base = slugify(name)[:70] or "series"
    slug, n = base, 2
    while slug in RESERVED_SLUGS or taken(slug):
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def league_create(*, club: Club, actor, name: str, slug: str = "", description: str = "") -> League:
    name = _name(name, _("The name"))
    league = League.objects.create(
        club=club, name=name, description=checked_text(description, max_length=DESCRIPTION_MAX_LENGTH),
        slug=_slug(slug, name, lambda s: League.objects.filter(slug=s).exists()))
    log_action(league, action="league.created", actor=actor, data={"name": league.name, "club": club.slug})
    return league


@transaction.atomic
def league_update(*, league: League, actor, name: str, description: str = "") -> League:
    league = for_update(League.objects).get(pk=league.pk)
    fields = {"name": _name(name, _("The name")),
              "description": checked_text(description, max_length=DESCRIPTION_MAX_LENGTH)}
    changes = changes_applied(league, fields, as_text=False)
    if changes:
        league.save()
        log_action(league, action="league.updated", actor=actor, data=changes)
    return league


# --- points tables -----------------------------------------------------------------------------


def _checked_version(*, points, scaling: str, reference_size, multipliers) -> dict:
    """A version's fields, or a clear refusal. ``points`` and ``multipliers``' values in thousandths."""
    points = list(points or ())
    if not points:
        raise ApplicationError(_("Give the points of at least the first place."), code="points")
    if len(points) > MAX_PLACES:
        raise ApplicationError(_("A table gives points to at most %(n)s places.") % {"n": MAX_PLACES}, code="points")
    if any(not isinstance(p, int) or p < 0 or p > MAX_POINTS for p in points):
        raise ApplicationError(_("Points are numbers from 0 to 1,000,000."), code="points")
    if scaling not in engine.SCALINGS:
        raise ApplicationError(_("Unknown scaling."), code="scaling")
    if scaling == engine.SIZE:
        if not isinstance(reference_size, int) or not 1 <= reference_size <= MAX_REFERENCE_SIZE:
            raise ApplicationError(_("Scaling by size needs a reference size: the number of players that "
                                     "earns the table's points as they are (1 to 10,000)."), code="reference_size")
    else:
        reference_size = None
    multipliers = dict(multipliers or {}) if scaling == engine.CATEGORY else {}
    unknown = set(multipliers) - set(RatingTier.values)
    if unknown:
        raise ApplicationError(_("Unknown category: %(keys)s.") % {"keys": ", ".join(sorted(unknown))},
                               code="multipliers")
    if any(not isinstance(m, int) or m < 0 or m > MAX_MULTIPLIER for m in multipliers.values()):
        raise ApplicationError(_("A multiplier is a number from 0 to 100."), code="multipliers")
    return {"points": points, "scaling": scaling, "reference_size": reference_size, "multipliers": multipliers}


@transaction.atomic
def points_table_create(*, league: League, actor, name: str, effective_from: date, points,
                        scaling: str = engine.NONE, reference_size: int | None = None,
                        multipliers: dict | None = None) -> PointsTable:
    """A points table with its first version."""
    name = _name(name, _("The name"))
    fields = _checked_version(points=points, scaling=scaling, reference_size=reference_size, multipliers=multipliers)
    if PointsTable.objects.filter(league=league, name=name).exists():
        raise ApplicationError(_("The league already has a points table of that name."), code="name")
    table = PointsTable.objects.create(league=league, name=name)
    PointsTableVersion.objects.create(table=table, effective_from=effective_from, created_by=_user(actor), **fields)
    log_action(table, action="points_table.created", actor=actor,
               data={"name": name, "effective_from": effective_from.isoformat(), **fields})
    return table


@transaction.atomic
def points_table_version_add(*, table: PointsTable, actor, effective_from: date, points,
                             scaling: str = engine.NONE, reference_size: int | None = None,
                             multipliers: dict | None = None) -> PointsTableVersion:
    """A new version, in force from its date. Results already computed keep their version until an
    organizer recomputes the series (``series_recompute``); tournaments counted from now on take
    the version in force on their day."""
    table = for_update(PointsTable.objects).get(pk=table.pk)
    fields = _checked_version(points=points, scaling=scaling, reference_size=reference_size, multipliers=multipliers)
    if table.versions.filter(effective_from=effective_from).exists():
        raise ApplicationError(_("The table already has a version from that date: choose another date."),
                               code="effective_from")
    version = PointsTableVersion.objects.create(table=table, effective_from=effective_from,
                                                created_by=_user(actor), **fields)
    log_action(table, action="points_table.version_added", actor=actor,
               data={"effective_from": effective_from.isoformat(), **fields})
    return version


@transaction.atomic
def points_table_rename(*, table: PointsTable, actor, name: str) -> PointsTable:
    """A new name for the table (unique in its league); its versions and the results
    computed with them stay as they are."""
    table = for_update(PointsTable.objects).get(pk=table.pk)
    name = _name(name, _("The name"))
    if name == table.name:
        return table
    if PointsTable.objects.filter(league_id=table.league_id, name=name).exclude(pk=table.pk).exists():
        raise ApplicationError(_("The league already has a points table of that name."), code="name")
    log_action(table, action="points_table.renamed", actor=actor, data={"name": {"from": table.name, "to": name}})
    table.name = name
    table.save(update_fields=["name"])
    return table


@transaction.atomic
def points_table_version_delete(*, version: PointsTableVersion, actor) -> None:
    """Delete a version no series has computed results with (a mistake caught before it was used).
    A version in use is refused: past results keep the version they were computed with
    (docs/leagues.md, "Which version"); a change is a new version."""
    named_lock(_table_lock(version.table_id))  # no sync picks it meanwhile (``_versions``)
    version = PointsTableVersion.objects.select_related("table").get(pk=version.pk)
    if version_in_use(version):
        raise ApplicationError(
            _("The version from %(day)s is in use: results of the series were computed with it, and they keep it. "
              "Add a new version instead.") % {"day": version.effective_from.isoformat()}, code="in_use")
    log_action(version.table, action="points_table.version_deleted", actor=actor, data={
        "effective_from": version.effective_from.isoformat(), "points": version.points, "scaling": version.scaling,
        "reference_size": version.reference_size, "multipliers": version.multipliers})
    version.delete()


def _user(actor):
    return actor if actor is not None and actor.is_authenticated else None


# --- series ------------------------------------------------------------------------------------


def _check_series(league: League, *, starts_on: date, ends_on: date, points_table: PointsTable) -> None:
    if ends_on < starts_on:
        raise ApplicationError(_("The season cannot end before it starts."), code="dates")
    if points_table.league_id != league.pk:
        raise ApplicationError(_("Choose one of the league's points tables."), code="points_table")


def inside_season(day: date, starts_on: date, ends_on: date) -> bool:
    """A series' tournament ends inside its season (its day, ``tournament_day``, from the season's
    first to its last day): checked when it is added, when the season's days change and when the
    tournament's days change (docs/leagues.md, "Rules of the forms")."""
    return starts_on <= day <= ends_on


def _outside(series: Series, starts_on: date, ends_on: date) -> list[str]:
    return [t.name for t in series.tournaments.all() if not inside_season(tournament_day(t), starts_on, ends_on)]


def on_tournament_dates_changing(sender, *, tournament: Tournament, ends_on: date, **kwargs) -> None:
    """An organizer is changing a tournament's days (``tournaments.signals``): refused while the new
    last day falls outside the season of a series it is in, naming the series; the league's
    organizers may move the season or remove the tournament first."""
    changed = copy(tournament)
    changed.ends_on = ends_on
    day = tournament_day(changed)
    for series in Series.objects.filter(entries__tournament=tournament).select_related("league__club").order_by("pk"):
        if not inside_season(day, series.starts_on, series.ends_on):
            raise ApplicationError(
                _("“%(name)s” is in the series “%(series)s” (%(league)s), whose season runs %(start)s – %(end)s: "
                  "its last day must stay inside it. The league's organizers (%(club)s) may move the season "
                  "or remove the tournament from the series first.") % {
                    "name": tournament.name, "series": series.name, "league": series.league.name,
                    "start": series.starts_on.isoformat(), "end": series.ends_on.isoformat(),
                    "club": series.league.club.name}, code="dates")


@transaction.atomic
def series_create(*, league: League, actor, name: str, starts_on: date, ends_on: date,
                  points_table: PointsTable, slug: str = "", description: str = "") -> Series:
    name = _name(name, _("The name"))
    _check_series(league, starts_on=starts_on, ends_on=ends_on, points_table=points_table)
    series = Series.objects.create(
        league=league, name=name, starts_on=starts_on, ends_on=ends_on, points_table=points_table,
        description=checked_text(description, max_length=DESCRIPTION_MAX_LENGTH),
        slug=_slug(slug, name, lambda s: Series.objects.filter(league=league, slug=s).exists()))
    log_action(series, action="series.created", actor=actor, data={"name": name, "league": league.slug})
    return series


@transaction.atomic
def series_update(*, series: Series, actor, name: str, starts_on: date, ends_on: date,
                  points_table: PointsTable, description: str = "") -> Series:
    """Edit a series. Its tournaments must stay inside the season; a new points table applies to
    the tournaments counted from now on, the others keep their version until a recompute."""
    series = for_update(Series.objects).get(pk=series.pk)
    _check_series(series.league, starts_on=starts_on, ends_on=ends_on, points_table=points_table)
    outside = _outside(series, starts_on, ends_on)
    if outside:
        raise ApplicationError(_("These tournaments would fall outside the season: %(names)s. Remove them first.")
                               % {"names": ", ".join(outside)}, code="dates")
    fields = {"name": _name(name, _("The name")), "starts_on": starts_on, "ends_on": ends_on,
              "points_table": points_table, "description": checked_text(description, max_length=DESCRIPTION_MAX_LENGTH)}
    changes = changes_applied(series, fields)
    if changes:
        series.save()
        log_action(series, action="series.updated", actor=actor, data=changes)
    return series


def public_tournament(slug: str) -> Tournament:
    """The tournament at this address, if it is out of draft; else a refusal that says no more."""
    tournament = Tournament.objects.filter(slug=slugify(slug or "")).exclude(status=Tournament.Status.DRAFT).first()
    if tournament is None:
        raise ApplicationError(_("No public tournament has the address “%(slug)s”.") % {"slug": slug}, code="tournament")
    return tournament


@transaction.atomic
def series_tournament_add(*, series: Series, actor, tournament: Tournament) -> SeriesTournament:
    """Add a tournament (of any club, out of draft, ending inside the season); its results are
    computed at once if its final standings are published."""
    series = for_update(Series.objects).get(pk=series.pk)
    tournament = Tournament.objects.get(pk=tournament.pk)  # as it is now, not as the caller read it
    if tournament.status == Tournament.Status.DRAFT:
        raise ApplicationError(_("No public tournament has the address “%(slug)s”.") % {"slug": tournament.slug},
                               code="tournament")
    if not inside_season(tournament_day(tournament), series.starts_on, series.ends_on):
        raise ApplicationError(_("“%(name)s” ends on %(day)s, outside the season (%(start)s – %(end)s).") % {
            "name": tournament.name, "day": tournament.ends_on.isoformat(), "start": series.starts_on.isoformat(),
            "end": series.ends_on.isoformat()}, code="dates")
    if series.entries.filter(tournament=tournament).exists():
        raise ApplicationError(_("“%(name)s” is already in the series.") % {"name": tournament.name}, code="duplicate")
    entry = SeriesTournament.objects.create(series=series, tournament=tournament)
    log_action(series, action="series.tournament_added", actor=actor, data={"tournament": tournament.slug})
    sync_tournament(tournament.pk)
    return entry


@transaction.atomic
def series_tournament_remove(*, series: Series, actor, tournament: Tournament) -> None:
    series = for_update(Series.objects).get(pk=series.pk)
    entry = series.entries.filter(tournament=tournament).first()
    if entry is None:
        raise ApplicationError(_("That tournament is not in the series."), code="missing")
    entry.delete()
    log_action(series, action="series.tournament_removed", actor=actor, data={"tournament": tournament.slug})


@transaction.atomic
def series_recompute(*, series: Series, actor) -> dict[str, dict]:
    """Recompute every tournament of the series with the version of the series' points table in
    force on its day, and record what moved in the audit trail. Returns the changes by tournament
    address: {"from": date or None, "to": date or None}."""
    series = for_update(Series.objects).get(pk=series.pk)
    versions = _versions(series.points_table_id)
    effective = {v.pk: v.effective_from for v in PointsTableVersion.objects.filter(
        pk__in=series.entries.exclude(version=None).values("version"))}
    changes = {}
    for entry in series.entries.select_related("series", "tournament", "version").order_by("pk"):
        tournament = entry.tournament
        chosen = engine.version_for(versions, tournament_day(tournament))
        new_id = chosen.key if chosen is not None else None
        if new_id != entry.version_id:
            before = effective.get(entry.version_id)
            changes[tournament.slug] = {"from": before.isoformat() if before else None,
                                        "to": chosen.effective_from.isoformat() if chosen else None}
            entry.version_id = new_id
            entry.save(update_fields=["version"])
        _sync_entry(entry, tournament)
    log_action(series, action="series.recomputed", actor=actor,
               data={"table": series.points_table.name, "changes": changes})
    return changes
