"""Demo data for leagues (``seed_demo``): a league of the demo club, its points table in two
versions, and a series scoring the three finished tournaments of the past year
(``tournaments.demo_past``), so the series page shows standings with each tournament's
contribution. Everything goes through the services an organizer uses. Safe to run again.

The table's newer version is in force from a day between the second and the third tournament: the
first two keep the older version, the third takes the newer one (docs/leagues.md, "Which version").
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from core.site import absolute
from tournaments.demo_past import PAST_TOURNAMENTS
from tournaments.models import Tournament

from . import services
from .models import League, Series

LEAGUE_SLUG = "moscow-league"
SERIES_SLUG = "red-square-open"
TABLE_NAME = "Stage points"
MILLI = 1000
# The older version: the top ten score; the newer (from 120 days ago) gives more to the podium and
# a point down to 12th place.
OLDER_POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
NEWER_POINTS = [30, 22, 17, 14, 11, 9, 7, 5, 3, 2, 1, 1]
OLDER_FROM_DAYS, NEWER_FROM_DAYS = 400, 120
SEASON_DAYS = 365  # the series' season: the past year and the next two months
SEASON_AHEAD_DAYS = 60


def build(club, stdout) -> None:
    organizer = get_user_model().objects.filter(username="organizer").first()
    if organizer is None:
        stdout.write("Leagues demo: skipped (the demo organizer account is missing)")
        return
    today = timezone.localdate()
    league = League.objects.filter(slug=LEAGUE_SLUG).first() or services.league_create(
        club=club, actor=organizer, name="Moscow Mafia League", slug=LEAGUE_SLUG,
        description="The demo league: the Red Square Open is its series, scored by the stage points table.")
    table = league.points_tables.filter(name=TABLE_NAME).first()
    if table is None:
        table = services.points_table_create(
            league=league, actor=organizer, name=TABLE_NAME,
            effective_from=today - datetime.timedelta(days=OLDER_FROM_DAYS), points=[p * MILLI for p in OLDER_POINTS])
        services.points_table_version_add(
            table=table, actor=organizer, effective_from=today - datetime.timedelta(days=NEWER_FROM_DAYS),
            points=[p * MILLI for p in NEWER_POINTS])
    series = Series.objects.filter(league=league, slug=SERIES_SLUG).first() or services.series_create(
        league=league, actor=organizer, name="Red Square Open", slug=SERIES_SLUG, points_table=table,
        starts_on=today - datetime.timedelta(days=SEASON_DAYS), ends_on=today + datetime.timedelta(days=SEASON_AHEAD_DAYS),
        description="Three one-day stages; a player's total is the sum of their stage points.")
    for slug, _name, _days in PAST_TOURNAMENTS:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is not None and not series.entries.filter(tournament=tournament).exists():
            services.series_tournament_add(series=series, actor=organizer, tournament=tournament)
    counted = series.entries.filter(results__isnull=False).distinct().count()
    stdout.write(f"League series: {series.name}, {counted} tournaments counted: "
                 f"{absolute(series.get_absolute_url())}")
