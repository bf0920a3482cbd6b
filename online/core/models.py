"""The shared core of online play on the site (issue 17): the engine's log stored, and what the
site adds to it for every game (registered with the app's models by online/models.py).

The append-only ``GameEvent`` log is the truth: a game's state is the engine's replay of it
(``online.core.play.state_of``). The other tables are the site's side of the game: the setup it was
created from, the accounts in its slots, its threads and posts, followers and notifications
(a game's own rows live in its package: the forum game's sign-ups and vote history in
online/forum/models.py, Mafia 1923's in online/mafia1923/models.py). ``Game.phase``/``deadline``/``status``
and ``Slot.alive`` are caches written in the same transaction as the events they follow from, so
lists and the deadline sweep need no replay.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .texts import notification_text
from .zones import validate_zone


class Setup(models.Model):
    """A setup in the engine's format (roles, sides, options, phase lengths): data, not code."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    data = models.JSONField(_("setup"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("setup")
        verbose_name_plural = _("setups")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("online:night_order", kwargs={"slug": self.slug})

    @property
    def size(self) -> int:
        return sum(int(entry.get("count", 1)) for entry in self.data.get("roles", []))


class Game(models.Model):
    class Status(models.TextChoices):
        SIGNUPS = "signups", _("Open for sign-ups")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    title = models.CharField(_("title"), max_length=160)
    setup = models.ForeignKey(Setup, on_delete=models.PROTECT, related_name="games")
    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="moderated_online_games")
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.SIGNUPS)
    seed = models.CharField(max_length=64)
    # caches of the replayed state, written with the events they follow from
    phase = models.CharField(max_length=8, blank=True, default="")
    deadline = models.DateTimeField(null=True, blank=True)
    paused = models.BooleanField(default=False)
    dealt = models.BooleanField(default=False)
    event_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # the zone every time of the game is shown in (deadlines are computed in UTC: the top of an
    # hour is the top of an hour in every zone with whole-hour offsets; online/core/zones.py)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", validators=[validate_zone])
    # the post-game review: private threads, roles and night actions open to everyone once the
    # moderator publishes it after the end (online/core/visibility.py)
    review_published_at = models.DateTimeField(null=True, blank=True)
    review_note = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "deadline"])]
        verbose_name = _("online game")
        verbose_name_plural = _("online games")

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("online:game", kwargs={"slug": self.slug})

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED


class Slot(models.Model):
    """A seat in the game: it outlives the person in it (a replacement keeps the slot)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="slots")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="online_slots")
    name = models.CharField(max_length=60)
    alive = models.BooleanField(default=True)
    last_post_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="online_slot_number"),
            models.UniqueConstraint(fields=["game", "user"], name="online_slot_user"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class GameEvent(models.Model):
    """One event of the engine's log, in order: append-only, the truth of the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    index = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    data = models.JSONField()

    class Meta:
        ordering = ["game", "index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="online_event_index")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.index} {self.type}"


class Thread(models.Model):
    """``main`` (public), ``side:<id>`` (a team's), ``slot:<n>`` (the moderator and one slot: the
    role message, prods), ``dead`` (the players who left). Who reads which: online/core/visibility.py."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="threads")
    key = models.CharField(max_length=60)

    class Meta:
        ordering = ["game", "pk"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="online_thread_key")]

    def __str__(self) -> str:
        return self.key


class Post(models.Model):
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="posts")
    slot = models.ForeignKey(Slot, null=True, blank=True, on_delete=models.PROTECT, related_name="posts")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    # the slot's name when the post was written: a replacement's arrival does not rename the
    # posts of the player before (the slot keeps them, under their own name)
    name = models.CharField(max_length=60, blank=True, default="")
    by_moderator = models.BooleanField(default=False)
    system = models.BooleanField(default=False)  # the site's own post (a phase change, a death)
    body = models.TextField()
    # what the post's VOTE/UNVOTE tag did: {"kind", "status", "target", "refused"}
    tag = models.JSONField(null=True, blank=True)
    # a system post: the public event it announces (rendered in the reader's language)
    event = models.JSONField(null=True, blank=True)
    phase = models.CharField(max_length=8, blank=True, default="")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["thread", "id"])]

    def __str__(self) -> str:
        return f"{self.ref}"

    @property
    def ref(self) -> str:
        """The post's reference in the engine's log (``vote_cast.post``)."""
        return f"p{self.pk}"


class Follow(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="follows")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="online_follow_once")]

    def __str__(self) -> str:
        return f"{self.user_id} follows {self.game_id}"


class Notification(models.Model):
    class Kind(models.TextChoices):
        PHASE = "phase", _("Phase change")
        ROLE = "role", _("Role message")
        PROD = "prod", _("Prod")
        GAME = "game", _("Game")
        REVIEW = "review", _("Post-game review")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="online_notifications")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # what happened, as data: rendered in the reader's language when shown or mailed
    # (online/core/texts.py ``notification_text``), never stored as one language's text
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:

        return notification_text(self.kind, self.params, self.game)


class Delivery(models.Model):
    """One message that left the site (an e-mail, a webhook post), claimed before it is sent so
    that a task run again for the same thing (a Celery retry, a re-queued message, a moderator's
    re-trigger) sends nothing twice: online/core/delivery.py, docs/online-site.md "Notifications".

    ``key`` says what was sent (``notification:<id>``, ``m1923-mail:<phase>``,
    ``m1923-webhook:<phase>``), ``recipient`` to whom (a user's id; 0 for a webhook), ``run``
    which task run claimed it (the one that sends it)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deliveries")
    key = models.CharField(max_length=64)
    recipient = models.PositiveIntegerField()
    run = models.UUIDField(db_index=True)
    claimed_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key", "recipient"], name="online_delivery_once")]

    def __str__(self) -> str:
        return f"{self.game_id} {self.key} → {self.recipient}"


class LanguagePreference(models.Model):
    """The language a user reads the site in (the last one they used, or the one they chose):
    the language of their e-mails, which have no request to take it from."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_preference")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"
