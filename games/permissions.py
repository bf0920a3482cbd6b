"""Who may enter a game's protocol and who may confirm it.

Who may see its roles (and everything derived from them) is the secrecy rule of
``games.visibility``, built on ``user_may_enter`` below.
"""

import secrets

from clubs.permissions import user_may_organize

from .models import Game


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
