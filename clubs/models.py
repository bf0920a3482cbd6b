import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.fields import limited_text
from core.limits import DESCRIPTION_MAX_LENGTH


def validate_timezone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
        raise ValidationError(_("%(value)s is not a known time zone."), params={"value": value}) from exc


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    city = models.CharField(_("city"), max_length=120, blank=True)
    timezone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_timezone],
        help_text=_("Times of the club's evenings and tournaments are shown in this zone."),
    )
    description = limited_text(_("description"), blank=True, max_length=DESCRIPTION_MAX_LENGTH)
    contact = limited_text(
        _("how to reach the club"), blank=True, max_length=DESCRIPTION_MAX_LENGTH,
        help_text=_("Address, phone, messenger, e-mail: whatever players should use."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", kwargs={"slug": self.slug})


class Player(models.Model):
    """A person who plays; may exist without an account (a guest who applied for a seat)."""

    nickname = models.CharField(_("nickname"), max_length=60)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("account"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="player",
    )
    home_club = models.ForeignKey(
        Club, verbose_name=_("home club"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="home_players",
    )
    city = models.CharField(_("city"), max_length=120, blank=True)
    contact = models.CharField(
        _("contact"), max_length=200, blank=True,
        help_text=_("How organizers reach a player without an account."),
    )
    is_pending = models.BooleanField(
        _("pending"), default=False,
        help_text=_("Created from a guest application; not yet confirmed by an organizer."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["nickname"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            # Nicknames are how players are known at every table: unique regardless of case.
            models.UniqueConstraint(Lower("nickname"), name="player_nickname_unique_ci"),
        ]

    def __str__(self) -> str:
        return self.nickname

    def get_absolute_url(self) -> str:
        return reverse("players:detail", kwargs={"pk": self.pk})


class ClubMembership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("member")
        JUDGE = "judge", _("judge")
        ORGANIZER = "organizer", _("organizer")

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "player"]
        verbose_name = _("club membership")
        verbose_name_plural = _("club memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club} ({self.get_role_display()})"


