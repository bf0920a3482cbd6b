from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.fields import limited_text
from core.limits import DESCRIPTION_MAX_LENGTH, TEXT_MAX_LENGTH
from games.rulesets import RulesetChoice


class RatingTier(models.TextChoices):
    """How much a game moves ratings (the K factor): see docs/ratings.md."""

    CLUB = "club", _("club evening")
    TOURNAMENT = "tournament", _("tournament")
    MAJOR = "major", _("major tournament")


class TieBreak(models.TextChoices):
    """What decides between players level on the keys before it (see docs/tournaments.md)."""

    TOTAL = "total", _("total points")
    WINS = "wins", _("wins")
    EXTRA = "extra", _("extra points")
    PENALTY = "penalty", _("fewest penalty points")
    AVERAGE = "average", _("points per game")


DEFAULT_TIE_BREAK = ["wins", "extra"]

PUBLICATION_SWITCHES = (
    "publish_participants", "publish_seating", "publish_standings", "publish_results", "publish_protocols",
)


class SeatsAndStatus:
    """What a tournament and a club evening share: seats (``capacity``, else ten a table), the
    status machine of their ``TRANSITIONS`` and the deadline for applications."""

    @property
    def seat_capacity(self) -> int:
        return self.capacity if self.capacity is not None else self.tables * 10

    def allowed_transitions(self) -> tuple[str, ...]:
        return tuple(self.TRANSITIONS.get(self.status, ()))

    @property
    def deadline_passed(self) -> bool:
        return self.application_deadline is not None and timezone.now() >= self.application_deadline


class Tournament(SeatsAndStatus, models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        REGISTRATION_OPEN = "registration_open", _("registration open")
        REGISTRATION_CLOSED = "registration_closed", _("registration closed")
        SEATING_PUBLISHED = "seating_published", _("seating published")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    # The one place that says which status may follow which (enforced by
    # services.tournament_set_status; the organizer's page offers exactly these).
    TRANSITIONS = {
        Status.DRAFT: (Status.REGISTRATION_OPEN,),
        Status.REGISTRATION_OPEN: (Status.REGISTRATION_CLOSED, Status.DRAFT),
        Status.REGISTRATION_CLOSED: (Status.SEATING_PUBLISHED, Status.REGISTRATION_OPEN),
        Status.SEATING_PUBLISHED: (Status.RUNNING, Status.REGISTRATION_CLOSED),
        Status.RUNNING: (Status.FINISHED,),
        Status.FINISHED: (Status.RUNNING,),
    }

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    description = limited_text(_("description"), blank=True, max_length=DESCRIPTION_MAX_LENGTH)
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=RulesetChoice.choices, default=RulesetChoice.PRO_MAFIA)
    qualifying_rounds = models.PositiveSmallIntegerField(
        _("qualifying rounds"), default=10, validators=[MinValueValidator(1), MaxValueValidator(60)]
    )
    tables = models.PositiveSmallIntegerField(
        _("tables"), default=3, validators=[MinValueValidator(1), MaxValueValidator(100)]
    )
    capacity = models.PositiveIntegerField(
        _("capacity"), null=True, blank=True, help_text=_("Seats to accept; tables × 10 when empty.")
    )
    final_size = models.PositiveSmallIntegerField(
        _("final size"), null=True, blank=True, help_text=_("The top N play a final round; empty for no final.")
    )
    final_coefficient = models.DecimalField(
        _("final coefficient"), max_digits=4, decimal_places=2, default=Decimal("1.00")
    )
    win_points = models.DecimalField(
        _("points for a win"), max_digits=4, decimal_places=2, null=True, blank=True,
        help_text=_("Where the ruleset leaves win points to the organizer; empty uses the ruleset's own."),
    )
    rating_tier = models.CharField(_("rating tier"), max_length=16, choices=RatingTier.choices,
                                   default=RatingTier.TOURNAMENT)
    application_deadline = models.DateTimeField(_("applications close"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=24, choices=Status.choices, default=Status.DRAFT)
    chief_judge = models.ForeignKey(
        Player, verbose_name=_("chief judge"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="chief_judged_tournaments",
        help_text=_("Reviews the tournament's discipline cases (DD, disqualifications, technical fouls)."),
    )
    tie_break_order = models.JSONField(
        _("tie-break order"), default=list, blank=True,
        help_text=_("After total points; empty means wins, then extra points."),
    )
    # Publication switches: each public page declares the one that opens it.
    publish_participants = models.BooleanField(_("participants are public"), default=True)
    publish_seating = models.BooleanField(_("seating is public"), default=False)
    publish_standings = models.BooleanField(_("standings are public"), default=False)
    publish_results = models.BooleanField(_("game results are public"), default=False)
    publish_protocols = models.BooleanField(_("full protocols are public"), default=False)
    # The stream's broadcast view (/broadcast/<token>/, docs/tournaments.md): a secret link the
    # organizers issue and withdraw; it shows the roles, so it may lag the table by a delay.
    broadcast_token = models.CharField(max_length=64, blank=True, default="", db_index=True, editable=False)
    broadcast_delay = models.PositiveSmallIntegerField(_("broadcast delay, seconds"), default=0)
    seating_seed = models.BigIntegerField(
        _("seating seed"), null=True, blank=True,
        help_text=_("The seed the stored seating was generated with: the same seed gives the same seating."),
    )
    seating_generated_at = models.DateTimeField(_("seating generated at"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="tournament_dates_in_order"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.slug})

    @property
    def is_accepting_applications(self) -> bool:
        return self.status == self.Status.REGISTRATION_OPEN and not self.deadline_passed

    @property
    def effective_tie_break(self) -> list[str]:
        """The full order: total points first, then the organizer's keys (default wins, extra)."""
        keys = [k for k in (self.tie_break_order or DEFAULT_TIE_BREAK) if k in TieBreak.values and k != "total"]
        return ["total", *keys]


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    is_final = models.BooleanField(_("final"), default=False)
    coefficient = models.DecimalField(_("coefficient"), max_digits=4, decimal_places=2, default=Decimal("1.00"))
    seating_published = models.BooleanField(_("seating published"), default=False)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number_per_tournament")]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class Evening(SeatsAndStatus, models.Model):
    """A club's game evening outside any tournament: players apply for seats; games use the same page."""

    class Status(models.TextChoices):
        OPEN = "open", _("open for applications")
        CLOSED = "closed", _("applications closed")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    TRANSITIONS = {
        Status.OPEN: (Status.CLOSED, Status.RUNNING),
        Status.CLOSED: (Status.OPEN, Status.RUNNING),
        Status.RUNNING: (Status.FINISHED,),
        Status.FINISHED: (Status.RUNNING,),
    }

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="evenings")
    title = models.CharField(_("title"), max_length=160)
    starts_at = models.DateTimeField(_("starts at"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=RulesetChoice.choices, default=RulesetChoice.PRO_MAFIA)
    tables = models.PositiveSmallIntegerField(_("tables"), default=1, validators=[MinValueValidator(1)])
    capacity = models.PositiveIntegerField(_("capacity"), null=True, blank=True)
    application_deadline = models.DateTimeField(_("applications close"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN)
    publish_results = models.BooleanField(_("game results are public"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]
        verbose_name = _("club evening")
        verbose_name_plural = _("club evenings")

    def __str__(self) -> str:
        return f"{self.title} ({self.starts_at:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:evening", kwargs={"pk": self.pk})

    @property
    def name(self) -> str:
        return self.title

    @property
    def is_accepting_applications(self) -> bool:
        return self.status == self.Status.OPEN and not self.deadline_passed


class Application(models.Model):
    """A player's application for a seat at a tournament or at a club evening."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        ACCEPTED = "accepted", _("accepted")
        WAITLISTED = "waitlisted", _("waiting list")
        REJECTED = "rejected", _("rejected")
        WITHDRAWN = "withdrawn", _("withdrawn")

    # The application state machine in one place (services.applications enforces it). A
    # withdrawn application goes back to pending only when the player applies again.
    TRANSITIONS = {
        Status.PENDING: (Status.ACCEPTED, Status.WAITLISTED, Status.REJECTED, Status.WITHDRAWN),
        Status.WAITLISTED: (Status.ACCEPTED, Status.REJECTED, Status.WITHDRAWN),
        Status.ACCEPTED: (Status.WAITLISTED, Status.REJECTED, Status.WITHDRAWN),
        Status.REJECTED: (Status.ACCEPTED, Status.WAITLISTED),
        Status.WITHDRAWN: (Status.PENDING,),
    }
    DECISIONS = (Status.ACCEPTED, Status.WAITLISTED, Status.REJECTED)

    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="applications")
    evening = models.ForeignKey(Evening, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="applications")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="applications")
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    message = limited_text(_("message from the player"), blank=True, max_length=TEXT_MAX_LENGTH)
    organizer_note = limited_text(_("organizer's note"), blank=True, max_length=TEXT_MAX_LENGTH)
    waitlist_position = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    # A guest has no account to log in with: this secret in their application's status link is
    # how they see and withdraw it later (services.application_submit sets it for guests only).
    status_token = models.CharField(max_length=43, unique=True, null=True, blank=True, editable=False)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("application")
        verbose_name_plural = _("applications")
        indexes = [models.Index(fields=["tournament", "status"]), models.Index(fields=["evening", "status"])]
        constraints = [
            models.CheckConstraint(
                condition=(Q(tournament__isnull=False, evening__isnull=True)
                           | Q(tournament__isnull=True, evening__isnull=False)),
                name="application_for_exactly_one_event",
            ),
            models.UniqueConstraint(fields=["tournament", "player"], condition=Q(tournament__isnull=False),
                                    name="one_application_per_tournament"),
            models.UniqueConstraint(fields=["evening", "player"], condition=Q(evening__isnull=False),
                                    name="one_application_per_evening"),
        ]

    def __str__(self) -> str:
        return f"{self.player} → {self.tournament or self.evening} ({self.status})"

    @property
    def event(self):
        return self.tournament if self.tournament_id else self.evening

    def allowed_transitions(self) -> tuple[str, ...]:
        return tuple(self.TRANSITIONS.get(self.status, ()))

    def allowed_decisions(self) -> tuple[str, ...]:
        return tuple(s for s in self.allowed_transitions() if s in self.DECISIONS)


class StandingsSnapshot(models.Model):
    """A tournament's standings as the pipeline last computed them from confirmed games."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True,
                                      related_name="standings_snapshot")
    rows = models.JSONField(default=list)
    games = models.PositiveIntegerField(_("confirmed games"), default=0)
    computed_at = models.DateTimeField(_("brought up to date at"))

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")

    def __str__(self) -> str:
        return f"{self.tournament} @ {self.computed_at:%Y-%m-%d %H:%M:%S}"
