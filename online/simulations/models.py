"""A simulation run of the auto-judged table stored on the site (docs/auto-judged-table.md,
"Simulations"): asked for on the site and played by a worker, or recorded by
``manage.py simulate_games --record``. Registered with the app's models (online/models.py)."""

from __future__ import annotations

import json

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class SimulationRun(models.Model):
    """N games of bots at the auto-judged table and their report (``report``: exactly what
    ``online.agents.simulate.build_report`` gives, stored as the command's ``report.json``)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    class Origin(models.TextChoices):
        SITE = "site", _("asked for on the site")
        COMMAND = "command", _("recorded from the command line")

    seed = models.CharField(_("seed"), max_length=64)
    spec = models.CharField(_("agents"), max_length=200, default="rule")
    compare_spec = models.CharField(_("compared agents"), max_length=200, blank=True, default="")
    games = models.PositiveIntegerField(_("games"))
    config = models.JSONField(_("table settings"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED,
                              db_index=True)
    origin = models.CharField(max_length=8, choices=Origin.choices, default=Origin.SITE)
    # The report as the text of the command's report.json: PostgreSQL's jsonb would reorder its
    # keys (the roles', the rule paths'), and the JSON served must be that file, byte for byte.
    report_text = models.TextField(blank=True, default="")
    # The report's red win rate, kept beside it for the list (which does not load the reports).
    red_win_rate = models.FloatField(null=True, blank=True)
    error = models.TextField(_("error"), blank=True, default="")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="simulation_runs")
    created_at = models.DateTimeField(_("asked for at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    duration_ms = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("simulation run")
        verbose_name_plural = _("simulation runs")

    def __str__(self) -> str:
        return f"simulation {self.pk}: {self.games} games of {self.spec} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("online:simulation", kwargs={"pk": self.pk})

    @property
    def report(self) -> dict | None:
        return json.loads(self.report_text) if self.report_text else None

    @property
    def duration_seconds(self) -> float | None:
        return None if self.duration_ms is None else self.duration_ms / 1000

    @property
    def red_win_percent(self) -> float | None:
        return None if self.red_win_rate is None else self.red_win_rate * 100
