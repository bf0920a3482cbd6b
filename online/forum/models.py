"""The forum game's own rows (issue 17): its sign-ups and the vote history of its days,
registered with the app's models by online/models.py (app label ``online``, tables as before)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from online.core.models import Game, GameEvent, Post


class Signup(models.Model):
    """A sign-up before the game starts; the slots are made from them, in this order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="signups")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="online_signup_once"),
            models.UniqueConstraint(fields=["game", "name"], name="online_signup_name"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.name}"


class Vote(models.Model):
    """The vote history of each day, each vote linked to the post that carried it (from the
    log's ``vote_cast``/``vote_removed``, written in the same transaction)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="votes")
    phase = models.CharField(max_length=8)
    voter = models.PositiveSmallIntegerField()
    target = models.PositiveSmallIntegerField(null=True, blank=True)  # null: an unvote
    post = models.ForeignKey(Post, null=True, blank=True, on_delete=models.SET_NULL, related_name="votes")
    event = models.OneToOneField(GameEvent, on_delete=models.CASCADE, related_name="vote")
    at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.phase} {self.voter}→{self.target}"
