"""Reads for clubs and people."""

from django.db.models import Count, Q, QuerySet

from .models import Club, ClubMembership, Player


def club_list() -> QuerySet[Club]:
    return Club.objects.annotate(member_count=Count("memberships")).order_by("name")


def club_staff(club: Club) -> QuerySet[ClubMembership]:
    return (
        club.memberships.filter(role__in=[ClubMembership.Role.JUDGE, ClubMembership.Role.ORGANIZER])
        .select_related("player")
        .order_by("role", "player__nickname")
    )


def listed_players() -> QuerySet[Player]:
    """The players any page, list or API may show: not a guest whose application no organizer has
    accepted yet (``is_pending``). Organizers see those on their applications pages only."""
    return Player.objects.filter(is_pending=False)


def player_search(query: str = "") -> QuerySet[Player]:
    players = listed_players().select_related("home_club")
    if query:
        players = players.filter(Q(nickname__icontains=query) | Q(city__icontains=query))
    return players.order_by("nickname")


def person_name(user) -> str:
    """The display-name rule (issue 27: "one display name per person everywhere"): how a person
    with an account is named to other people — in the top bar, on every online game's seat,
    announcement, e-mail, form and feed: their player's nickname (the name they are known by at
    every table), else their full name, and the username only when the account has neither. ``select_related("<user>__player")`` keeps a list of them to one query."""
    if user is None:
        return ""
    player = getattr(user, "player", None)  # a missing player raises a subclass of AttributeError
    if player is not None:
        return player.nickname
    return user.get_full_name() or user.get_username()
