"""What the API shows of a game, composed from the rules the web pages use (nothing new here).

* ``games.permissions.may_see_roles`` — THE rule for roles: those who may enter the game (its
  judge, the club's organizers) always; everyone else once it is finished and its results are
  published.
* ``tournaments.publication.tournament_visible`` — a tournament game is also behind its
  tournament's switches, as on the tournament's pages: out of draft, and ``publish_seating`` (or
  ``publish_results``) to see the table at all, ``publish_results`` for its roles and result,
  ``publish_protocols`` for the whole protocol. Organizers of the club see everything.

A game nobody may see is a 404 (never say that it exists); a game whose protocol a visitor may
not see answers its protocol endpoint with 403.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.permissions import clubs_user_organizes
from tournaments.models import Tournament
from tournaments.publication import tournament_visible

from .models import Game
from .permissions import FINISHED_STATUSES, may_see_roles, user_may_enter


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


def roles_visible(request, game: Game) -> bool:
    """May this visitor see the roles, the result and the scores?"""
    if not may_see_roles(request.user, game):
        return False
    if game.tournament_id is None or _may_enter(request, game):
        return True
    return (tournament_visible(request, game.tournament, "publish_results")
            or tournament_visible(request, game.tournament, "publish_protocols"))


def protocol_visible(request, game: Game) -> bool:
    """May this visitor read the whole ``mafia-protocol/1`` document (roles and events)?"""
    if not may_see_roles(request.user, game):
        return False
    if game.tournament_id is None or _may_enter(request, game):
        return True
    return tournament_visible(request, game.tournament, "publish_protocols")


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
