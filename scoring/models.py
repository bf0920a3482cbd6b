from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player


class SeatScore(models.Model):
    """One seat's score in one game, with the items that make it (each naming its rule)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="scores")
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="scores")
    role = models.CharField(_("role"), max_length=10)
    won = models.BooleanField(_("won"), default=False)
    total = models.DecimalField(_("points"), max_digits=6, decimal_places=3, default=Decimal("0"))
    items = models.JSONField(_("items"), default=list)
    protocol_version = models.PositiveIntegerField(_("from protocol version"))
    # The edition of the scoring rules' readings it was computed under (scoring.engine.edition).
    rules_edition = models.PositiveSmallIntegerField(_("scoring rules edition"), default=1)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("seat score")
        verbose_name_plural = _("seat scores")
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_score_per_game_seat")]

    def __str__(self) -> str:
        return f"{self.game} #{self.seat}: {self.total}"
