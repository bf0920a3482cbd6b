"""Demo data for seasons (``seed_demo``): two seasons of the demo club over the demo's history
(records/demo.py), so the club's seasons list and a season page show standings and leaderboards:
the current one (the last three months and the next one) by points summed, and the one before it
by points per game with a minimum of games. Created through the organizer's service, with its
audit entry. Safe to run again. The dates follow today, so the demo stays filled."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from core.site import absolute

from . import services
from .models import ClubSeason, Measure

# (name, first day and last day in days from today, measure, minimum of games)
DEMO_SEASONS = [
    ("Previous season", -270, -91, Measure.MEAN, 10),
    ("Current season", -90, 30, Measure.POINTS, 0),
]


def build(club, stdout) -> None:
    organizer = get_user_model().objects.filter(username="organizer").first()
    today = timezone.localdate()
    current = None
    for name, first, last, measure, min_games in DEMO_SEASONS:
        season = ClubSeason.objects.filter(club=club, name=name).first() or services.season_create(
            club=club, actor=organizer, name=name, starts_on=today + datetime.timedelta(days=first),
            ends_on=today + datetime.timedelta(days=last), measure=measure, min_games=min_games)
        current = season
    stdout.write(f"Club seasons: {ClubSeason.objects.filter(club=club).count()}; the current one: "
                 f"{absolute(current.get_absolute_url())}")
