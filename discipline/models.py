"""Discipline review: a case for every DD, disqualification and technical foul (docs/discipline.md).

Cases are opened and kept in step with the protocol by ``discipline.services.cases_sync_for_game``,
called once for every saved protocol version (games.signals.protocol_saved); they are decided by ``discipline.services`` services.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from core.fields import limited_text
from core.limits import TEXT_MAX_LENGTH


class DisciplineCase(models.Model):
    """One disciplinary event of one game, under review.

    Identified within its game by ``event_key`` — ``dd:<seat>``, ``disqualification:<seat>`` or
    ``technical_foul:<seat>:<n>`` (the seat's n-th technical foul) — so that the case survives
    events added, undone or corrected elsewhere in the protocol; ``event_index`` says where the
    event stands in the current version.
    """

    class Kind(models.TextChoices):
        DD = "dd", _("declared defeat")
        DISQUALIFICATION = "disqualification", _("disqualification")
        TECHNICAL_FOUL = "technical_foul", _("technical foul")

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        UPHELD = "upheld", _("upheld")
        AMENDED = "amended", _("amended")
        OVERTURNED = "overturned", _("overturned")
        VOID = "void", _("void (the event is no longer in the protocol)")

    class Decision(models.TextChoices):
        UPHOLD = "uphold", _("uphold the judge's decision")
        DD_TO_DISQUALIFICATION = "dd_to_disqualification", _("convert the DD into a technical disqualification")
        WAIVE_PENALTY = "waive_penalty", _("remove the disqualification penalty")
        STRIKE_FOUL = "strike_foul", _("strike the technical foul from the protocol")
        ANNUL_GAME = "annul_game", _("annul the game")

    class Cause(models.TextChoices):
        DD = "dd", _("declared defeat")
        MANUAL = "manual", _("removed by the judge")
        FOURTH_FOUL = "fourth_foul", _("fourth ordinary foul")
        SECOND_TECHNICAL = "second_technical", _("second technical foul")
        TECHNICAL_FOUL = "technical_foul", _("technical foul")

    game = models.ForeignKey("games.Game", verbose_name=_("game"), on_delete=models.CASCADE,
                             related_name="discipline_cases")
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, db_index=True)
    event_key = models.CharField(_("event"), max_length=40, editable=False)
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, verbose_name=_("player"), null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="discipline_cases")
    judge = models.ForeignKey(Player, verbose_name=_("judge"), null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="judged_discipline_cases")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("recorded by"), null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    cause = models.CharField(_("cause"), max_length=20, choices=Cause.choices)
    judge_reason = limited_text(_("judge's reason"), blank=True, max_length=TEXT_MAX_LENGTH)
    event = models.JSONField(_("event as recorded"), default=dict)
    event_index = models.PositiveIntegerField(_("event number"), null=True, blank=True)
    version = models.ForeignKey("games.ProtocolVersion", verbose_name=_("opened at protocol version"),
                                null=True, blank=True, on_delete=models.SET_NULL, related_name="opened_cases")
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    opened_at = models.DateTimeField(_("opened at"), default=timezone.now)
    appeal_deadline = models.DateTimeField(_("appeals until"))
    decision = models.CharField(_("decision"), max_length=24, choices=Decision.choices, blank=True)
    decision_reason = limited_text(_("reason for the decision"), blank=True, max_length=TEXT_MAX_LENGTH)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("decided by"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision_version = models.ForeignKey("games.ProtocolVersion", verbose_name=_("decision's protocol version"),
                                         null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_disciplinecase"  # the table it had in the games app (discipline/migrations/0001_initial.py)
        ordering = ["-opened_at", "-id"]
        verbose_name = _("discipline case")
        verbose_name_plural = _("discipline cases")
        constraints = [
            models.UniqueConstraint(fields=["game", "event_key"], name="one_case_per_game_event"),
        ]
        indexes = [models.Index(fields=["status", "opened_at"], name="discipline_queue")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()} — {self.game}, seat {self.seat}"

    def get_absolute_url(self) -> str:
        return reverse("discipline:case", kwargs={"pk": self.pk})

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.PENDING

    @property
    def appeal_open(self) -> bool:
        return self.status == self.Status.PENDING and timezone.now() < self.appeal_deadline


class DisciplineNote(models.Model):
    """A reviewer's note on a case (not shown to the player)."""

    case = models.ForeignKey(DisciplineCase, on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    text = limited_text(_("note"), max_length=TEXT_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_disciplinenote"  # the table it had in the games app (discipline/migrations/0001_initial.py)
        ordering = ["created_at", "id"]
        verbose_name = _("discipline note")
        verbose_name_plural = _("discipline notes")

    def __str__(self) -> str:
        return f"#{self.case_id}: {self.text[:40]}"


class DisciplineAppeal(models.Model):
    """The player's appeal against a case: one per case, editable until the deadline."""

    case = models.OneToOneField(DisciplineCase, on_delete=models.CASCADE, related_name="appeal")
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    text = limited_text(_("appeal"), max_length=TEXT_MAX_LENGTH)
    filed_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_disciplineappeal"  # the table it had in the games app (discipline/migrations/0001_initial.py)
        ordering = ["-filed_at"]
        verbose_name = _("discipline appeal")
        verbose_name_plural = _("discipline appeals")

    def __str__(self) -> str:
        return f"#{self.case_id}: {self.text[:40]}"
