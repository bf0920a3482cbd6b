"""Which games the API lets a visitor know exist (their table, players and status).

Roles, results, scores, the protocol and its version are not decided here: they follow the
secrecy rule of ``games.visibility`` (``may_see_roles``, ``protocol_visible``), as on the pages.

* ``tournaments.publication.tournament_visible`` — a tournament game is behind its tournament's
  switches, as on the tournament's pages: out of draft, and ``publish_seating`` (or
  ``publish_results``) to see the table at all. Organizers of the club see everything.

A game nobody may see is a 404 (never say that it exists); a game whose protocol a visitor may
not see answers its protocol endpoint with 403.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.permissions import clubs_user_organizes
from tournaments.models import Tournament

from .models import Game
from .permissions import user_may_enter
from .visibility import FINISHED_STATUSES, tournament_visible


def _may_enter(request, game: Game) -> bool:
    cache = request.__dict__.setdefault("_api_may_enter", {})
    if game.pk not in cache:
        cache[game.pk] = user_may_enter(request.user, game)
    return cache[game.pk]


def game_visible(request, game: Game) -> bool:
    """May this visitor know the game exists (its table, players and status, not the roles)?"""
    if _may_enter(request, game):
        return True
    if game.tournament_id is not None:
        return (tournament_visible(request, game.tournament, "publish_seating")
                or (game.status in FINISHED_STATUSES
                    and tournament_visible(request, game.tournament, "publish_results")))
    return game.status in FINISHED_STATUSES  # a running club game is nobody else's business


def visible_games(user) -> QuerySet[Game]:
    """The games ``game_visible`` lets this user see, as one query (for lists).

    The same rule as ``game_visible``, written as a filter; tests/api check that the two agree.
    """
    public_tournament = ~Q(tournament__status=Tournament.Status.DRAFT) & (
        Q(tournament__publish_seating=True)
        | Q(tournament__publish_results=True, status__in=FINISHED_STATUSES)
    )
    shown = (Q(tournament__isnull=True, status__in=FINISHED_STATUSES)
             | Q(tournament__isnull=False) & public_tournament)
    if user is not None and user.is_authenticated:
        shown |= Q(judge__user=user)
        if user.is_superuser:
            return Game.objects.all()
        shown |= Q(club__in=clubs_user_organizes(user))
    return Game.objects.filter(shown)
