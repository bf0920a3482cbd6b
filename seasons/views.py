"""A club's seasons: the list, a season's standings and leaderboards, its CSV, and the organizers'
forms (docs/seasons.md)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from clubs.models import Club
from clubs.permissions import user_may_organize
from core.audit import audit_trail
from core.errors import ApplicationError
from records.leaderboard_forms import StatisticForm
from records.leaderboards import STATISTICS
from tournaments.csv_export import csv_response

from . import selectors, services
from .engine import RATING
from .forms import SeasonForm
from .models import ClubSeason


def _season(slug: str, pk: int) -> ClubSeason:
    return get_object_or_404(ClubSeason.objects.select_related("club"), club__slug=slug, pk=pk)


@require_GET
def season_list(request, slug):
    club = get_object_or_404(Club, slug=slug)
    return render(request, "seasons/season_list.html", {
        "club": club, "seasons": selectors.club_seasons(club), "may_organize": user_may_organize(request.user, club),
    })


@require_GET
@vary_on_headers("HX-Request")
def season_detail(request, slug, pk):
    season = _season(slug, pk)
    form = StatisticForm(request.GET)
    form.is_valid()  # a bad value is shown and left out
    statistic = form.chosen_statistic()
    context = {
        "club": season.club, "season": season, "form": form, "statistic": STATISTICS[statistic],
        "rows": selectors.season_leaderboard(season, statistic, **form.filters()),
    }
    if request.htmx:
        return render(request, "seasons/season_detail.html#leaderboard", context)
    return render(request, "seasons/season_detail.html", {
        **context, "standings": selectors.season_standings(season),
        "may_organize": user_may_organize(request.user, season.club),
    })


@require_GET
def season_csv(request, slug, pk):
    season = _season(slug, pk)
    header = [_("Place"), _("Player"), _("Games"), _("Wins"), _("Points"), _("Points per game")]
    if season.measure == RATING:
        header.append(_("Rating change"))
    rows = []
    for standing in selectors.season_standings(season):
        entry = standing.entry
        row = ["" if standing.place is None else standing.place, entry.nickname, entry.games, entry.wins,
               entry.points_shown, entry.mean]
        if season.measure == RATING:
            row.append(entry.rating_shown)
        rows.append(row)
    return csv_response(f"{season.club.slug}-season-{season.pk}-standings.csv", header, rows)


def _gate(request, club: Club):
    """Club organizers only: anonymous visitors go to the login page, others get a 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not user_may_organize(request.user, club):
        raise PermissionDenied
    return None


def _form_errors(form, exc: ApplicationError) -> None:
    field = {"name": "name", "name_taken": "name", "dates": "ends_on", "measure": "measure",
             "min_games": "min_games"}.get(exc.code)
    form.add_error(field, exc.message)


@require_http_methods(["GET", "POST"])
def season_create(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if (refused := _gate(request, club)) is not None:
        return refused
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(club=club, actor=request.user, **form.service_fields())
        except ApplicationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Season created."))
            return redirect(season.get_absolute_url())
    return render(request, "seasons/season_form.html", {"club": club, "form": form})


@require_http_methods(["GET", "POST"])
def season_edit(request, slug, pk):
    season = _season(slug, pk)
    if (refused := _gate(request, season.club)) is not None:
        return refused
    form = SeasonForm(request.POST or None, instance=ClubSeason.objects.get(pk=season.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.season_update(season=season, actor=request.user, **form.service_fields())
        except ApplicationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect(season.get_absolute_url())
    return render(request, "seasons/season_form.html", {
        "club": season.club, "season": season, "form": form, "trail": audit_trail(season)[:50],
    })


