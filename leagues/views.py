"""Leagues' and series' pages, and the organizers' forms (thin: services write, selectors read).

The public pages show only what counts (``selectors``); the forms are for the organizers of the
league's club (``clubs.permissions.user_may_organize``), others get 403 (anonymous: the login page).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.permissions import clubs_user_organizes, user_may_organize
from core.errors import ApplicationError
from tournaments.csv_export import csv_response
from tournaments.models import Tournament

from . import selectors, services
from .forms import (
    AddTournamentForm,
    LeagueForm,
    PointsTableForm,
    RenameForm,
    SeriesForm,
    VersionForm,
)
from .models import League, PointsTable, PointsTableVersion, Series
from .templatetags.leagues import plain_points

FORM = "leagues/form.html"


def _league(slug: str) -> League:
    return get_object_or_404(League.objects.select_related("club"), slug=slug)


def _series(league_slug: str, series_slug: str) -> Series:
    return get_object_or_404(Series.objects.select_related("league__club", "points_table"),
                             league__slug=league_slug, slug=series_slug)


def _gate(request, league: League):
    """None when the visitor organizes the league's club; else the login page or 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not user_may_organize(request.user, league.club):
        raise PermissionDenied
    return None


def _form_page(request, form, *, title: str, league=None, series=None, back: str):
    return render(request, FORM, {"form": form, "title": title, "league": league, "series": series, "back": back})


@require_GET
def league_list(request):
    return render(request, "leagues/league_list.html", {
        "leagues": selectors.leagues(),
        "may_create": request.user.is_authenticated and clubs_user_organizes(request.user).exists(),
    })


@require_http_methods(["GET", "POST"])
def league_create(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not clubs_user_organizes(request.user).exists():
        raise PermissionDenied
    form = LeagueForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(actor=request.user, **form.cleaned_data)
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("League created."))
            return redirect(league)
    return _form_page(request, form, title=_("New league"), back="/leagues/")


@require_GET
def league_detail(request, league):
    league = _league(league)
    may_organize = user_may_organize(request.user, league.club)
    return render(request, "leagues/league_detail.html", {
        "league": league, "series_list": selectors.league_series(league),
        "tables": selectors.league_points_tables(league, with_use=may_organize),
        "may_organize": may_organize,
    })


@require_http_methods(["GET", "POST"])
def league_edit(request, league):
    league = _league(league)
    if (denied := _gate(request, league)) is not None:
        return denied
    form = LeagueForm(request.POST or None, user=request.user, league=league,
                      initial={"name": league.name, "description": league.description})
    if request.method == "POST" and form.is_valid():
        try:
            services.league_update(league=league, actor=request.user, **form.cleaned_data)
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Saved."))
            return redirect(league)
    return _form_page(request, form, title=league.name, league=league, back=league.get_absolute_url())


@require_http_methods(["GET", "POST"])
def points_table_create(request, league):
    league = _league(league)
    if (denied := _gate(request, league)) is not None:
        return denied
    form = PointsTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.points_table_create(league=league, actor=request.user, name=form.cleaned_data["name"],
                                         **form.version_fields())
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Points table created."))
            return redirect(league)
    return _form_page(request, form, title=_("New points table"), league=league, back=league.get_absolute_url())


@require_http_methods(["GET", "POST"])
def version_create(request, league, pk):
    league = _league(league)
    table = get_object_or_404(PointsTable, league=league, pk=pk)
    if (denied := _gate(request, league)) is not None:
        return denied
    form = VersionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.points_table_version_add(table=table, actor=request.user, **form.version_fields())
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Version added. Results already computed keep their version until the "
                                        "series is recomputed."))
            return redirect(league)
    title = _("New version of “%(table)s”") % {"table": table.name}
    return _form_page(request, form, title=title, league=league, back=league.get_absolute_url())


@require_http_methods(["GET", "POST"])
def points_table_rename(request, league, pk):
    league = _league(league)
    table = get_object_or_404(PointsTable, league=league, pk=pk)
    if (denied := _gate(request, league)) is not None:
        return denied
    form = RenameForm(request.POST or None, initial={"name": table.name})
    if request.method == "POST" and form.is_valid():
        try:
            services.points_table_rename(table=table, actor=request.user, name=form.cleaned_data["name"])
        except ApplicationError as exc:
            form.add_error("name", exc.message)
        else:
            messages.success(request, _("Saved."))
            return redirect(league)
    title = _("Rename “%(table)s”") % {"table": table.name}
    return _form_page(request, form, title=title, league=league, back=league.get_absolute_url())


@require_POST
def version_delete(request, league, pk, version):
    league = _league(league)
    version = get_object_or_404(PointsTableVersion, table__league=league, table_id=pk, pk=version)
    if (denied := _gate(request, league)) is not None:
        return denied
    try:
        services.points_table_version_delete(version=version, actor=request.user)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Version deleted."))
    return redirect(league)


@require_http_methods(["GET", "POST"])
def series_create(request, league):
    league = _league(league)
    if (denied := _gate(request, league)) is not None:
        return denied
    if not league.points_tables.exists():
        messages.error(request, _("Create a points table first: a series is scored by one."))
        return redirect("leagues:table_create", league=league.slug)
    form = SeriesForm(request.POST or None, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.series_create(league=league, actor=request.user, **form.cleaned_data)
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Series created."))
            return redirect(series)
    return _form_page(request, form, title=_("New series"), league=league, back=league.get_absolute_url())


@require_GET
def series_detail(request, league, series):
    series = _series(league, series)
    entries = selectors.series_entries(series)
    counted = [entry for entry in entries if entry.counted]
    standings = selectors.series_standings(series)
    may_organize = user_may_organize(request.user, series.league.club)
    for standing in standings:
        standing.columns = [standing.results.get(entry.tournament_id) for entry in counted]
    return render(request, "leagues/series_detail.html", {
        "series": series, "league": series.league, "entries": entries, "counted": counted,
        "standings": standings, "versions": selectors.table_versions(series.points_table),
        "may_organize": may_organize, "history": selectors.series_history(series) if may_organize else (),
    })


@require_GET
def series_csv(request, league, series):
    series = _series(league, series)
    counted = [entry for entry in selectors.series_entries(series) if entry.counted]
    header = [_("Place"), _("Player"), _("Total"), _("Tournament wins"),
              *[entry.tournament.name for entry in counted]]
    rows = ([s.place, s.name, plain_points(s.total), s.wins,
             *[_contribution(s.results.get(entry.tournament_id)) for entry in counted]]
            for s in selectors.series_standings(series))
    return csv_response(f"{series.league.slug}-{series.slug}-standings.csv", header, rows)


def _contribution(result) -> str:
    return "" if result is None else plain_points(result.points)


@require_http_methods(["GET", "POST"])
def series_edit(request, league, series):
    series = _series(league, series)
    if (denied := _gate(request, series.league)) is not None:
        return denied
    form = SeriesForm(request.POST or None, league=series.league, series=series, initial={
        "name": series.name, "starts_on": series.starts_on, "ends_on": series.ends_on,
        "points_table": series.points_table, "description": series.description})
    if request.method == "POST" and form.is_valid():
        try:
            services.series_update(series=series, actor=request.user, **form.cleaned_data)
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Saved."))
            return redirect(series)
    return _form_page(request, form, title=series.name, league=series.league, series=series,
                      back=series.get_absolute_url())


@require_http_methods(["GET", "POST"])
def series_tournament_add(request, league, series):
    series = _series(league, series)
    if (denied := _gate(request, series.league)) is not None:
        return denied
    form = AddTournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.public_tournament(form.cleaned_data["tournament"])
            services.series_tournament_add(series=series, actor=request.user, tournament=tournament)
        except ApplicationError as exc:
            form.add_error("tournament", exc.message)
        else:
            messages.success(request, _("“%(name)s” added to the series.") % {"name": tournament.name})
            return redirect(series)
    return _form_page(request, form, title=_("Add a tournament to “%(series)s”") % {"series": series.name},
                      league=series.league, series=series, back=series.get_absolute_url())


@require_POST
def series_tournament_remove(request, league, series, pk):
    series = _series(league, series)
    if (denied := _gate(request, series.league)) is not None:
        return denied
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        services.series_tournament_remove(series=series, actor=request.user, tournament=tournament)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("“%(name)s” removed from the series.") % {"name": tournament.name})
    return redirect(series)


@require_POST
def series_recompute(request, league, series):
    series = _series(league, series)
    if (denied := _gate(request, series.league)) is not None:
        return denied
    changes = services.series_recompute(series=series, actor=request.user)
    if changes:
        messages.success(request, ngettext(
            "Recomputed: %(n)s tournament moved to the version in force on its day.",
            "Recomputed: %(n)s tournaments moved to the version in force on their day.", len(changes))
            % {"n": len(changes)})
    else:
        messages.success(request, _("Recomputed: every tournament already had the version in force on its day."))
    return redirect(series)
