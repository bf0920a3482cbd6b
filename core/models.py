"""The two tables every app writes to: the audit trail and the recompute outbox.

Both moved here from the apps that first held them (``clubs`` and ``scoring``); their tables keep
their first names (``db_table``), so an existing database needs no data moved
(core/migrations/0001_initial.py).
"""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class AuditEntry(models.Model):
    """Who changed what, when, from what to what (core/audit.py writes and reads it)."""

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)
    object_id = models.CharField(max_length=64)
    subject = GenericForeignKey("content_type", "object_id")
    action = models.CharField(_("action"), max_length=80)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("who"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    data = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        db_table = "clubs_auditentry"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["content_type", "object_id"], name="clubs_audit_content_63253c_idx")]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit trail")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"


class RecomputeJob(models.Model):
    """One piece of derived data and where its recompute stands (docs/pipeline.md).

    A row per target — a game's scores, a tournament's standings, the ratings, a simulation
    run's report — marks it dirty when its inputs change (``requested_at``), in the same
    transaction as the change, so no change can be lost with a Celery message: the sweep finds
    what no task has caught up with.
    Each kind's runner is registered by the app that owns the data (core/outbox.py).
    """

    class Kind(models.TextChoices):
        GAME_SCORES = "game_scores", _("game scores")
        STANDINGS = "standings", _("tournament standings")
        RATINGS = "ratings", _("ratings")
        SIMULATION = "simulation", _("simulated games")
        PLAYER_RECORDS = "player_records", _("players' records of a game")

    class Status(models.TextChoices):
        # a job's words, not an application's ("pending" is a decision awaited there, a queue here)
        PENDING = "pending", pgettext_lazy("recompute job", "pending")
        RUNNING = "running", pgettext_lazy("recompute job", "running")
        DONE = "done", pgettext_lazy("recompute job", "done")
        FAILED = "failed", pgettext_lazy("recompute job", "failed")

    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    target_id = models.PositiveBigIntegerField(_("target"), default=0)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    requested_at = models.DateTimeField(_("inputs changed at"))
    enqueued_at = models.DateTimeField(_("last enqueued at"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("brought up to date at"), null=True, blank=True)
    # The inputs' time the last successful run covered: later requests need another run.
    covered_until = models.DateTimeField(null=True, blank=True)
    # Ratings only: recompute from this game's place in the order (None = from the start).
    from_game_id = models.PositiveBigIntegerField(null=True, blank=True)
    attempts = models.PositiveIntegerField(_("failed attempts"), default=0)
    error = models.TextField(_("last error"), blank=True)
    duration_ms = models.PositiveIntegerField(null=True, blank=True)
    # The running worker's lease: renewed by its heartbeat while it computes. Once it has run
    # out, the sweep takes the job over (a worker killed mid-job: docs/pipeline.md, "Leases").
    lease_expires_at = models.DateTimeField(_("lease runs out at"), null=True, blank=True)
    run_token = models.CharField(max_length=32, blank=True, editable=False)

    class Meta:
        db_table = "scoring_recomputejob"
        ordering = ["-requested_at"]
        verbose_name = _("recompute job")
        verbose_name_plural = _("recompute jobs")
        constraints = [models.UniqueConstraint(fields=["kind", "target_id"], name="one_job_per_target")]

    def __str__(self) -> str:
        return f"{self.kind}:{self.target_id} {self.status}"
