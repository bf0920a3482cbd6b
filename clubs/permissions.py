"""Who may do what in a club: answered from club memberships, in one place.

An organizer may also judge; a judge may not organize. Superusers may do everything.
"""

from django.db.models import QuerySet

from .models import Club, ClubMembership

JUDGING_ROLES = (ClubMembership.Role.JUDGE, ClubMembership.Role.ORGANIZER)
ORGANIZING_ROLES = (ClubMembership.Role.ORGANIZER,)


def _has_role(user, club: Club, roles) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return ClubMembership.objects.filter(
        club=club, player__user=user, role__in=roles
    ).exists()


def user_may_judge(user, club: Club) -> bool:
    """May this user judge games in this club?"""
    return _has_role(user, club, JUDGING_ROLES)


def user_may_organize(user, club: Club) -> bool:
    """May this user organize (run tournaments and evenings, confirm protocols) in this club?"""
    return _has_role(user, club, ORGANIZING_ROLES)


def _clubs_with_role(user, roles) -> QuerySet[Club]:
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(memberships__player__user=user, memberships__role__in=roles).distinct()


def clubs_user_judges(user) -> QuerySet[Club]:
    return _clubs_with_role(user, JUDGING_ROLES)


def clubs_user_organizes(user) -> QuerySet[Club]:
    return _clubs_with_role(user, ORGANIZING_ROLES)
