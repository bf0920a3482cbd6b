"""Who may enter a game's protocol, who may confirm it, and who may see its roles.

"May this user see the roles of this game" is answered by ``may_see_roles`` alone; views,
templates (through the ``game_roles_visible`` tag) and the public page all ask it.
"""

import secrets

from clubs.permissions import user_may_organize

from .models import Game

FINISHED_STATUSES = (Game.Status.FINISHED, Game.Status.CONFIRMED)


def user_is_assigned_judge(user, game: Game) -> bool:
    if user is None or not user.is_authenticated or game.judge_id is None:
        return False
    return game.judge.user_id == user.pk


def user_may_enter(user, game: Game) -> bool:
    """The table's assigned judge (by login) and the club's organizers may enter the protocol.

    Other judges of the club may not: a judge sees only their own table during a round.
    """
    return user_is_assigned_judge(user, game) or user_may_organize(user, game.club)


def token_opens(game: Game, token: str) -> bool:
    """Does this private link belong to this game? (Constant-time comparison.)"""
    return bool(token) and secrets.compare_digest(game.judge_token, token)


def user_may_confirm(user, game: Game) -> bool:
    """Organizers confirm; who entered the protocol is checked by the service (see docs/entry.md)."""
    return user_may_organize(user, game.club)


def results_are_public(game: Game) -> bool:
    return game.status in FINISHED_STATUSES and game.results_published


def may_see_roles(user, game: Game, *, via_link: bool = False) -> bool:
    """THE rule: who may see the roles (and therefore the protocol and the scores) of a game.

    Those who may enter it (the assigned judge by login or by the private link, the club's
    organizers) always; everyone else only once it is finished and its results are published.
    """
    return via_link or user_may_enter(user, game) or results_are_public(game)


def roles_visible_q(user, *, prefix: str = ""):
    """``may_see_roles`` as a queryset filter over games (``prefix`` like ``"game__"``), for lists
    that must hide what a game's roles would tell — a rating history's colour and result."""
    from django.db.models import Q

    from clubs.permissions import clubs_user_organizes

    visible = Q(**{f"{prefix}status__in": FINISHED_STATUSES, f"{prefix}results_published": True})
    if user is not None and user.is_authenticated:
        if user.is_superuser:
            return Q()
        visible |= Q(**{f"{prefix}club__in": clubs_user_organizes(user)}) | Q(**{f"{prefix}judge__user": user})
    return visible
