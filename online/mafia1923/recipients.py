"""Who receives a Mafia 1923 window's messages, in which language, and the kinds of its system
posts: shared by the delivery in the site (mafia1923/play.py) and by the e-mail and webhook tasks
(mafia1923/tasks.py), which the delivery queues."""

from __future__ import annotations

from django.conf import settings

from online.core.models import Game

from .models import Entry

PUBLIC = "m1923_public"
PRIVATE = "m1923_private"


def spectator_ids(game: Game) -> list[int]:
    spectators = Entry.objects.filter(game=game, level=Entry.Level.SPECTATOR).values_list("user_id", flat=True)
    return [*spectators, *game.follows.values_list("user_id", flat=True)]


def recipient_languages(game: Game, user_ids) -> dict[int, str]:
    """Each recipient's language: the one their sign-up chose; else the site's default."""
    chosen = dict(Entry.objects.filter(game=game, user_id__in=list(user_ids)).values_list("user_id", "language"))
    default = settings.LANGUAGE_CODE.split("-")[0]
    return {user_id: chosen.get(user_id) or default for user_id in sorted(user_ids)}
