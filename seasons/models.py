"""A club's season (docs/seasons.md): its dates, in the club's time zone, and how its standings are
measured. The season holds no games of its own: its games are the club's published games played
between its dates, read from the records' store (seasons.selectors)."""

import zoneinfo
from datetime import datetime, time, timedelta

from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club

from . import engine

MAX_MIN_GAMES = 10_000


class Measure(models.TextChoices):
    """What the standings are by: read after "standings by" (Russian: the dative)."""

    POINTS = engine.POINTS, pgettext_lazy("a season's standings by", "points, summed")
    MEAN = engine.MEAN, pgettext_lazy("a season's standings by", "points per game")
    RATING = engine.RATING, pgettext_lazy("a season's standings by", "rating change")


class ClubSeason(models.Model):
    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    measure = models.CharField(_("standings by"), max_length=10, choices=Measure.choices, default=Measure.POINTS)
    min_games = models.PositiveIntegerField(
        _("minimum of games"), default=0,
        help_text=_("Players with fewer games in the season are listed below the standings, without a place."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-pk"]
        verbose_name = _("club season")
        verbose_name_plural = _("club seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="one_season_name_per_club"),
            models.CheckConstraint(condition=Q(ends_on__gte=F("starts_on")), name="season_ends_after_it_starts",
                                   violation_error_message=_("The season ends before it starts.")),
            models.CheckConstraint(condition=Q(min_games__lte=MAX_MIN_GAMES), name="season_min_games_bounded",
                                   violation_error_message=_("The minimum of games is at most 10,000.")),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:detail", kwargs={"slug": self.club.slug, "pk": self.pk})

    def bounds(self) -> tuple[datetime, datetime]:
        """The season's first moment and the first moment after it: midnight of the first day and
        of the day after the last, in the club's time zone."""
        zone = zoneinfo.ZoneInfo(self.club.timezone)
        start = datetime.combine(self.starts_on, time.min, tzinfo=zone)
        end = datetime.combine(self.ends_on + timedelta(days=1), time.min, tzinfo=zone)
        return start, end
