"""Leagues, their points tables (versioned) and series of tournaments (docs/leagues.md).

Amounts of points are integers in thousandths (``leagues.engine``): ``12.5`` is ``12500``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.fields import limited_text
from core.limits import DESCRIPTION_MAX_LENGTH
from tournaments.models import RatingTier, Tournament

from . import engine


class League(models.Model):
    """A federation's league: it owns series and their points tables; its club's organizers
    manage it."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("address"), max_length=80, unique=True)
    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="leagues")
    description = limited_text(_("description"), max_length=DESCRIPTION_MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:league", kwargs={"league": self.slug})


class PointsTable(models.Model):
    """Points by final place; what it gives changes by versions, each from a date."""

    league = models.ForeignKey(League, verbose_name=_("league"), on_delete=models.CASCADE,
                               related_name="points_tables")
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="points_table_name_unique")]
        verbose_name = _("points table")
        verbose_name_plural = _("points tables")

    def __str__(self) -> str:
        return self.name


class PointsTableVersion(models.Model):
    """One version of a points table, in force from ``effective_from`` until the next version.
    Never edited: a change is a new version (results computed with this one keep it)."""

    class Scaling(models.TextChoices):
        NONE = engine.NONE, _("none")
        SIZE = engine.SIZE, _("by the tournament's size")
        CATEGORY = engine.CATEGORY, _("by the tournament's category")

    table = models.ForeignKey(PointsTable, verbose_name=_("points table"), on_delete=models.CASCADE,
                              related_name="versions")
    effective_from = models.DateField(_("in force from"))
    points = models.JSONField(_("points by place"), default=list)  # thousandths, place 1 first
    scaling = models.CharField(_("scaling"), max_length=16, choices=Scaling.choices, default=Scaling.NONE)
    reference_size = models.PositiveIntegerField(_("reference size"), null=True, blank=True)
    multipliers = models.JSONField(_("multipliers by category"), default=dict, blank=True)  # thousandths
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        ordering = ["table", "-effective_from"]
        constraints = [models.UniqueConstraint(fields=["table", "effective_from"], name="points_version_date_unique")]
        verbose_name = _("points table version")
        verbose_name_plural = _("points table versions")

    def __str__(self) -> str:
        return f"{self.table} @ {self.effective_from:%Y-%m-%d}"

    @property
    def multiplier_rows(self) -> list[tuple[str, int]]:
        """(category's label, multiplier in thousandths), in the categories' order."""
        return [(label, self.multipliers[tier]) for tier, label in RatingTier.choices if tier in self.multipliers]

    def as_engine(self) -> engine.TableVersion:
        return engine.TableVersion(
            effective_from=self.effective_from, points=tuple(self.points), scaling=self.scaling,
            reference_size=self.reference_size, multipliers=dict(self.multipliers or {}), key=self.pk)


class Series(models.Model):
    """Tournaments of any clubs grouped for a season, scored by the league's points table."""

    league = models.ForeignKey(League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="series")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("address"), max_length=80)
    starts_on = models.DateField(_("season starts on"))
    ends_on = models.DateField(_("season ends on"))
    points_table = models.ForeignKey(PointsTable, verbose_name=_("points table"), on_delete=models.PROTECT,
                                     related_name="series")
    description = limited_text(_("description"), max_length=DESCRIPTION_MAX_LENGTH, blank=True)
    tournaments = models.ManyToManyField(Tournament, through="SeriesTournament", related_name="series")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="series_slug_unique"),
            models.CheckConstraint(condition=Q(ends_on__gte=F("starts_on")), name="series_dates_in_order"),
        ]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:series", kwargs={"league": self.league.slug, "series": self.slug})


class SeriesTournament(models.Model):
    """A tournament in a series, and the points table version its results are computed with:
    set when they are first computed, kept until an organizer recomputes the series."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="series_entries")
    version = models.ForeignKey(PointsTableVersion, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["series", "tournament"], name="series_tournament_unique")]

    def __str__(self) -> str:
        return f"{self.series} · {self.tournament}"


class SeriesResult(models.Model):
    """A player's final place in a series' tournament and the points it earned (thousandths),
    with the version they were computed with. Present only while the tournament's final
    standings are published (docs/leagues.md, "Secrecy")."""

    entry = models.ForeignKey(SeriesTournament, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="series_results")
    place = models.PositiveIntegerField()
    points = models.BigIntegerField()
    version = models.ForeignKey(PointsTableVersion, on_delete=models.PROTECT, related_name="results")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["entry", "player"], name="series_result_unique")]

    def __str__(self) -> str:
        return f"{self.entry}: {self.player_id} #{self.place}"
