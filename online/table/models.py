"""The auto-judged table's row (issue 19), registered with the app's models by online/models.py
(app label ``online``, table ``online_judgedtable`` as before the move)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class JudgedTable(models.Model):
    """A person's seat at an auto-judged table with bots in the other seats (issue 19).

    ``log`` is the judge's append-only log (online/engine/judged_table): the game's state is its
    replay. ``round_votes`` holds the bots' choices for the vote round the person is voting in,
    and ``window_opened_at`` when the person's current window opened.
    """

    token = models.SlugField(max_length=40, unique=True)
    seed = models.CharField(max_length=64)
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="judged_tables")
    session_key = models.CharField(max_length=64, blank=True, default="")
    bots = models.CharField(_("bots"), max_length=40, default="rule")
    log = models.JSONField(default=list)
    window_opened_at = models.DateTimeField(null=True, blank=True)
    round_votes = models.JSONField(default=dict, blank=True)
    winner = models.CharField(max_length=8, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("auto-judged table")
        verbose_name_plural = _("auto-judged tables")

    def __str__(self) -> str:
        return f"table {self.token} (seat {self.seat})"

    def get_absolute_url(self) -> str:
        return reverse("online:table", kwargs={"token": self.token})

    @property
    def language(self) -> str:
        """The table's language, as its log's settings record it ("en" for a log without one)."""
        settings = self.log[0].get("config") or {} if self.log else {}
        return settings.get("language", "en")
