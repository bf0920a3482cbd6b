import pytest
from django.contrib.auth.models import AnonymousUser

from clubs.models import ClubMembership
from clubs.permissions import (
    clubs_user_judges,
    clubs_user_organizes,
    user_may_judge,
    user_may_organize,
)
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db
Role = ClubMembership.Role


@pytest.mark.parametrize(
    ("role", "judges", "organizes"),
    [(Role.MEMBER, False, False), (Role.JUDGE, True, False), (Role.ORGANIZER, True, True)],
)
def test_permissions_follow_the_membership_role(role, judges, organizes):
    membership = MembershipFactory(role=role)
    user = membership.player.user
    assert user_may_judge(user, membership.club) is judges
    assert user_may_organize(user, membership.club) is organizes


def test_a_role_in_one_club_gives_nothing_in_another():
    membership = MembershipFactory(role=Role.ORGANIZER)
    other = ClubFactory()
    user = membership.player.user
    assert not user_may_judge(user, other)
    assert not user_may_organize(user, other)
    assert list(clubs_user_organizes(user)) == [membership.club]


def test_anonymous_and_strangers_may_do_nothing():
    club = ClubFactory()
    assert not user_may_judge(AnonymousUser(), club)
    assert not user_may_organize(AnonymousUser(), club)
    stranger = UserFactory()  # an account without a player
    assert not user_may_judge(stranger, club)
    assert not clubs_user_judges(stranger).exists()


def test_superuser_may_do_everything():
    admin = UserFactory(is_superuser=True, is_staff=True)
    club = ClubFactory()
    assert user_may_judge(admin, club) and user_may_organize(admin, club)


def test_judging_clubs_include_organized_ones():
    club_a, club_b = ClubFactory(), ClubFactory()
    judge = MembershipFactory(club=club_a, role=Role.JUDGE)
    MembershipFactory(club=club_b, player=judge.player, role=Role.ORGANIZER)
    user = judge.player.user
    assert set(clubs_user_judges(user)) == {club_a, club_b}
    assert set(clubs_user_organizes(user)) == {club_b}
