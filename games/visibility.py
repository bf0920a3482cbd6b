"""Secrecy: who may see a game's roles and everything derived from them (docs/secrecy.md).

THE rule, in one place: a role, a team, a check, a shot, or any number derived from them
(points by role, per-seat points, rating changes, red/black track counts, counts of night
events, protocol version numbers) is shown only to those who may enter the game — its judge (by
login or by the private link) and the club's organizers — until the game's results are
**published**: the game is finished (or confirmed) and ``Game.results_published`` is on.

Every page, export, feed and API serializer asks one of these:

* ``may_see_roles(user, game)`` — the per-object check;
* ``roles_visible_q(user)`` / ``with_roles_visible(games, user)`` — the same rule as a queryset
  filter or annotation, for lists;
* ``counted_q()`` / ``counts_in_aggregates(game)`` — what aggregations (standings, ratings) may
  count: confirmed games whose results are published. An aggregation is shown to everyone, so it
  counts only what everyone may see;
* ``protocol_visible(request, game)`` — the whole document: the rule above, and for a tournament
  game also the tournament's "full protocols" switch (a publication choice on top of the rule).

Nothing else in the project decides it; tests/secrecy walks every URL to keep it so.
"""

from __future__ import annotations

from django.db.models import BooleanField, Case, Q, QuerySet, Value, When

from clubs.permissions import clubs_user_organizes, user_may_organize
from tournaments.models import Tournament

from .models import Game
from .permissions import user_may_enter

FINISHED_STATUSES = (Game.Status.FINISHED, Game.Status.CONFIRMED)


def results_are_public(game: Game) -> bool:
    """Published: finished (or confirmed) and the results switched on."""
    return game.status in FINISHED_STATUSES and game.results_published


def results_public_q(*, prefix: str = "") -> Q:
    """``results_are_public`` as a filter over games (``prefix`` like ``"game__"``)."""
    return Q(**{f"{prefix}status__in": FINISHED_STATUSES, f"{prefix}results_published": True})


def counts_in_aggregates(game: Game) -> bool:
    """Does the game count in standings and ratings? Confirmed, and its results published."""
    return game.status == Game.Status.CONFIRMED and game.results_published


def counted_q(*, prefix: str = "") -> Q:
    """``counts_in_aggregates`` as a filter: what standings and ratings are computed from."""
    return Q(**{f"{prefix}status": Game.Status.CONFIRMED, f"{prefix}results_published": True})


def may_see_roles(user, game: Game, *, via_link: bool = False) -> bool:
    """THE rule: may this visitor see the roles (and the protocol, the scores, the result)?

    Those who may enter it (the assigned judge by login or by the private link, the club's
    organizers) always; everyone else only once its results are published.
    """
    return via_link or results_are_public(game) or user_may_enter(user, game)


def roles_visible_q(user, *, prefix: str = "") -> Q:
    """``may_see_roles`` as a queryset filter over games (``prefix`` like ``"game__"``).

    tests/secrecy/test_rule.py checks that it agrees with ``may_see_roles`` game by game.
    """
    visible = results_public_q(prefix=prefix)
    if user is not None and user.is_authenticated:
        if user.is_superuser:
            return Q()
        visible |= (Q(**{f"{prefix}club__in": clubs_user_organizes(user)})
                    | Q(**{f"{prefix}judge__user": user}))
    return visible


def with_roles_visible(games: QuerySet[Game], user) -> QuerySet[Game]:
    """Annotate each game with ``roles_visible`` (``may_see_roles`` for this user), for lists."""
    visible = roles_visible_q(user)
    if not visible:  # a superuser: every game (an empty Q cannot be a When condition)
        return games.annotate(roles_visible=Value(True, output_field=BooleanField()))
    return games.annotate(roles_visible=Case(When(visible, then=Value(True)),
                                             default=Value(False), output_field=BooleanField()))


def protocol_visible(request, game: Game) -> bool:
    """May this visitor read the whole ``mafia-protocol/1`` document (roles and every event)?

    The rule, and for a tournament game also the tournament's ``publish_protocols`` switch (its
    organizers see everything).
    """
    if not may_see_roles(request.user, game):
        return False
    if game.tournament_id is None:
        return True
    return tournament_visible(request, game.tournament, "publish_protocols") or user_may_enter(request.user, game)


def tournament_visible(request, tournament: Tournament, switch: str | None) -> bool:
    """May this visitor see the part of the tournament behind ``switch`` (a ``publish_*`` field; None:
    the tournament itself)? Its club's organizers always; others once it is out of draft and the
    switch is on. The rule of every tournament page (tournaments.publication.public_when).
    """
    if getattr(request, "_may_organize_cache", None) is None:
        request._may_organize_cache = {}
    cache = request._may_organize_cache
    if tournament.club_id not in cache:
        cache[tournament.club_id] = user_may_organize(request.user, tournament.club)
    if cache[tournament.club_id]:
        return True
    return tournament_public(tournament, switch)


def tournament_public(tournament: Tournament, switch: str | None) -> bool:
    """May every visitor, signed in or not, see the part behind ``switch``? Out of draft and on."""
    if tournament.status == Tournament.Status.DRAFT:
        return False
    return switch is None or bool(getattr(tournament, switch))


def may_watch_live(request, game: Game) -> bool:
    """The live view's rule: a club evening's table, or a tournament's whose seating this visitor
    may see; never an annulled game."""
    if game.status == Game.Status.ANNULLED:
        return False
    return game.tournament_id is None or tournament_visible(request, game.tournament, "publish_seating")


def everyone_may_watch_live(game: Game) -> bool:
    """``may_watch_live`` for every visitor alike (not only for the tournament's organizers): its
    fragment may then be answered to any poll without asking who polls (games/live_poll.py)."""
    if game.status == Game.Status.ANNULLED:
        return False
    return game.tournament_id is None or tournament_public(game.tournament, "publish_seating")
