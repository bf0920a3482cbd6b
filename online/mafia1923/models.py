"""The site's side of a "Mafia 1923" event (issue 18), on the forum game's machinery: the event is
an online ``Game`` (its log the truth, its slots the players); these tables hold what the engine
does not: the sign-ups with their requests and levels, the extra moderators, the moderators'
overrides of a window's draft, the players' private questions, and the event's settings (the
webhook). Registered in online/models.py. docs/mafia1923-site.md."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class EventSettings(models.Model):
    """One per Mafia 1923 game: the optional chat-server webhook for public announcements."""

    game = models.OneToOneField("online.Game", on_delete=models.CASCADE, related_name="m1923")
    webhook_url = models.URLField(_("webhook for public announcements"), blank=True, default="")
    formed_at = models.DateTimeField(null=True, blank=True)  # the families were enrolled

    def __str__(self) -> str:
        return f"settings of {self.game_id}"


class Entry(models.Model):
    """A sign-up: a person, their level, and their request (a whole family, a group, alone)."""

    class Level(models.TextChoices):
        BEGINNER = "beginner", _("Beginner")
        STANDARD = "standard", _("Standard")
        SPECTATOR = "spectator", _("Spectator")

    class Request(models.TextChoices):
        FAMILY = "family", _("A whole family (8 or 10)")
        GROUP = "group", _("A group (fewer than 8)")
        INDIVIDUAL = "individual", _("Individual")

    game = models.ForeignKey("online.Game", on_delete=models.CASCADE, related_name="m1923_entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(_("name"), max_length=60)
    level = models.CharField(_("level"), max_length=12, choices=Level.choices)
    request = models.CharField(_("signed up as"), max_length=12, choices=Request.choices,
                               default=Request.INDIVIDUAL)
    # the family's or group's name, the same for all its members (blank for an individual)
    together = models.CharField(_("family or group name"), max_length=60, blank=True, default="")
    language = models.CharField(_("language of messages"), max_length=8, default="en")
    family = models.CharField(_("family"), max_length=60, blank=True, default="")  # the moderators'
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="m1923_entry_once"),
            models.UniqueConstraint(fields=["game", "name"], name="m1923_entry_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.level})"

    @property
    def plays(self) -> bool:
        return self.level != self.Level.SPECTATOR


class Moderator(models.Model):
    """A moderator besides the game's own (``Game.moderator``): "a few moderators"."""

    game = models.ForeignKey("online.Game", on_delete=models.CASCADE, related_name="m1923_moderators")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="m1923_moderator_once")]

    def __str__(self) -> str:
        return f"{self.user_id} moderates {self.game_id}"


class Override(models.Model):
    """A moderator's change to a window's draft before it goes out, with the reason (the audit
    records both): a note added to the public announcement or to one player's message, or one
    player's message held back."""

    class Kind(models.TextChoices):
        PUBLIC_NOTE = "public-note", _("A note added to the public announcement")
        PRIVATE_NOTE = "private-note", _("A note added to one player's message")
        WITHHOLD = "withhold", _("One player's message held back")

    game = models.ForeignKey("online.Game", on_delete=models.CASCADE, related_name="m1923_overrides")
    phase = models.CharField(max_length=8)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    slot = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField(blank=True, default="")
    reason = models.TextField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.phase} {self.kind}"


class Question(models.Model):
    """A player's question to the moderators: a private channel. Its content is shown to the
    asker and the moderators on the questions pages only; nothing else (the audit, the draft,
    the replay) carries it."""

    game = models.ForeignKey("online.Game", on_delete=models.CASCADE, related_name="m1923_questions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    body = models.TextField()
    answer = models.TextField(blank=True, default="")
    answered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    created_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"question {self.pk}"
