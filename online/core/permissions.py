"""Who may do what in online play's consoles: who creates games, events and simulation runs, and
the one way a console finds the game it works on, by its game's own rule of who moderates it."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.permissions import clubs_user_organizes

from .models import Game


def may_create(user) -> bool:
    """Staff and club organizers create setups, games, events and simulation runs; a game's
    moderator runs its console."""
    return user.is_authenticated and (user.is_staff or clubs_user_organizes(user).exists())


def moderated(request: HttpRequest, games: QuerySet[Game], slug: str,
              moderates: Callable[[object, Game], bool]) -> Game:
    """The game of a moderator's console: a 404 for a slug not among the console's ``games``, a
    403 for a user the game's own rule (``moderates(user, game)``) does not let moderate it."""
    game = get_object_or_404(games, slug=slug)
    if not moderates(request.user, game):
        raise PermissionDenied
    return game
