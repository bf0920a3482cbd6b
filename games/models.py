import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.fields import limited_text
from core.limits import TEXT_MAX_LENGTH

from .rulesets import ROLE_CHOICES, RulesetChoice


def new_judge_token() -> str:
    return secrets.token_urlsafe(24)


class Game(models.Model):
    """One seated game: a tournament round's table, or a game of a club evening.

    The protocol (a ``mafia-protocol/1`` document) is the source of truth; everything derived
    from it (departures, winner, scores) is recomputed by the engines, never typed in.
    """

    class Status(models.TextChoices):
        SETUP = "setup", _("not played yet")
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")
        CONFIRMED = "confirmed", _("confirmed")
        ANNULLED = "annulled", _("annulled")

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="games")
    tournament = models.ForeignKey("tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="games")
    round = models.ForeignKey("tournaments.Round", null=True, blank=True, on_delete=models.CASCADE,
                              related_name="games")
    evening = models.ForeignKey("tournaments.Evening", null=True, blank=True, on_delete=models.CASCADE,
                                related_name="games")
    table_number = models.PositiveSmallIntegerField(_("table"), default=1, validators=[MinValueValidator(1)])
    number = models.PositiveIntegerField(_("game number"), default=1)
    judge = models.ForeignKey(Player, verbose_name=_("judge"), null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="judged_games")
    judge_token = models.CharField(max_length=64, unique=True, default=new_judge_token, editable=False,
                                   help_text=_("The judge's private link to this table."))
    # The link's lifecycle (games/links.py, docs/entry.md): issued (at creation, again at each
    # rotation), read-only once the protocol is submitted, expired after JUDGE_LINK_LIFETIME_HOURS,
    # or withdrawn by an organizer.
    judge_link_issued_at = models.DateTimeField(_("judge's link issued at"), default=timezone.now, editable=False)
    judge_link_closed_at = models.DateTimeField(_("judge's link read-only since"), null=True, blank=True,
                                                editable=False)
    judge_link_revoked_at = models.DateTimeField(_("judge's link withdrawn at"), null=True, blank=True,
                                                 editable=False)
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=RulesetChoice.choices, default=RulesetChoice.PRO_MAFIA)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.SETUP,
                              db_index=True)
    protocol = models.JSONField(_("protocol"), default=dict, blank=True)
    protocol_version = models.PositiveIntegerField(_("protocol version"), default=0)
    protocol_changed_at = models.DateTimeField(null=True, blank=True)
    # Where the judge has moved the entry page (a Phase key: night N = 2N, day N = 2N - 1).
    # Moving to the next day or night records no event, so the page keeps it here to resume.
    entry_phase_key = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    # Host mode's speaker and clock (games/host.py): the judge's aid, never the protocol.
    host_state = models.JSONField(default=dict, blank=True, editable=False)
    # Derived from the protocol by the engine at each save, kept for lists and filters.
    winner = models.CharField(_("winner"), max_length=8, blank=True)
    end = models.CharField(_("how it ended"), max_length=16, blank=True)
    results_published = models.BooleanField(
        _("results published"), default=False,
        help_text=_("Roles and results are shown to everyone once the game is finished and this is on."),
    )
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    played_at = models.DateTimeField(_("played at"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "round__number", "table_number", "number", "id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "table_number"], condition=Q(round__isnull=False),
                                    name="one_game_per_round_table"),
            models.CheckConstraint(condition=~(Q(tournament__isnull=False) & Q(evening__isnull=False)),
                                   name="game_in_tournament_or_evening"),
        ]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        if self.round_id:
            return _("Round %(round)s, table %(table)s") % {"round": self.round.number, "table": self.table_number}
        return _("Game %(number)s, table %(table)s") % {"number": self.number, "table": self.table_number}

    def get_absolute_url(self) -> str:
        return reverse("games:detail", kwargs={"pk": self.pk})


class GameSeat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"), validators=[MinValueValidator(1), MaxValueValidator(10)])
    player = models.ForeignKey(Player, verbose_name=_("player"), null=True, blank=True, on_delete=models.PROTECT,
                               related_name="game_seats")
    role = models.CharField(_("role"), max_length=10, blank=True,
                            choices=ROLE_CHOICES)

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player",
                                    condition=Q(player__isnull=False)),
            models.CheckConstraint(condition=Q(seat__gte=1, seat__lte=10), name="seat_between_1_and_10"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seat}"


class ProtocolVersion(models.Model):
    """Every change of a game's protocol, kept whole: append, undo, edit, deal, confirmation."""

    class Action(models.TextChoices):
        DEAL = "deal", _("deal")
        APPEND = "append", _("event added")
        UNDO = "undo", _("last event undone")
        REPLACE = "replace", _("protocol replaced")
        EDIT = "edit", _("edited after confirmation")
        SUBMIT = "submit", _("submitted")
        CONFIRM = "confirm", _("confirmed")
        DECISION = "decision", _("discipline decision")
        PHASE = "phase", _("moved to the next phase")
        SEAT = "seat", _("seat's player changed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    action = models.CharField(max_length=16, choices=Action.choices)
    document = models.JSONField()
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    # the person's reason (at most TEXT_MAX_LENGTH, checked by the services) and what the change was
    reason = limited_text(blank=True, max_length=TEXT_MAX_LENGTH + 1000)
    # True when the change came through the judge's private link rather than a login.
    via_link = models.BooleanField(default=False)
    # The key the judge's page gave the request that made this version (an entry sent again after
    # a lost answer, or from the offline queue, is recognised and not applied twice).
    request_key = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        verbose_name = _("protocol version")
        verbose_name_plural = _("protocol versions")
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_protocol_version_number"),
            models.UniqueConstraint(fields=["game", "request_key"], condition=~models.Q(request_key=""),
                                    name="one_protocol_version_per_request"),
        ]

    def __str__(self) -> str:
        return f"{self.game} v{self.version} ({self.action})"
