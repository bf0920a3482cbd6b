"""A club role changed in the admin goes on the audit trail, like every other role change."""

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from core.models import AuditEntry
from tests.factories import ClubFactory, MembershipFactory, UserFactory, UserPlayerFactory

pytestmark = pytest.mark.django_db
Role = ClubMembership.Role


@pytest.fixture
def admin_user():
    user = UserFactory(username="root")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def test_making_a_member_an_organizer_in_the_admin_is_audited(client, admin_user):
    membership = MembershipFactory(role=Role.MEMBER)
    client.force_login(admin_user)
    response = client.post(
        reverse("admin:clubs_clubmembership_change", args=[membership.pk]),
        {"player": membership.player_id, "club": membership.club_id, "role": Role.ORGANIZER},
    )
    assert response.status_code == 302
    membership.refresh_from_db()
    assert membership.role == Role.ORGANIZER
    entry = AuditEntry.objects.get(action="membership.role_set")
    assert (entry.actor, entry.data) == (admin_user, {"from": Role.MEMBER, "to": Role.ORGANIZER})


def test_adding_and_removing_a_membership_in_the_admin_is_audited(client, admin_user):
    club, player = ClubFactory(), UserPlayerFactory()
    client.force_login(admin_user)
    client.post(reverse("admin:clubs_clubmembership_add"),
                {"player": player.pk, "club": club.pk, "role": Role.JUDGE})
    membership = ClubMembership.objects.get(club=club, player=player)
    assert AuditEntry.objects.get(action="membership.role_set").data == {"from": None, "to": Role.JUDGE}

    response = client.post(reverse("admin:clubs_clubmembership_delete", args=[membership.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not ClubMembership.objects.filter(pk=membership.pk).exists()
    removed = AuditEntry.objects.get(action="membership.removed")
    assert (removed.actor, removed.data) == (admin_user, {"player": player.pk, "role": Role.JUDGE})


def test_a_role_changed_in_the_clubs_inline_is_audited(client, admin_user):
    membership = MembershipFactory(role=Role.MEMBER)
    club = membership.club
    client.force_login(admin_user)
    prefix = "memberships"
    response = client.post(reverse("admin:clubs_club_change", args=[club.pk]), {
        "name": club.name, "slug": club.slug, "city": club.city, "timezone": club.timezone,
        f"{prefix}-TOTAL_FORMS": 1, f"{prefix}-INITIAL_FORMS": 1,
        f"{prefix}-MIN_NUM_FORMS": 0, f"{prefix}-MAX_NUM_FORMS": 1000,
        f"{prefix}-0-id": membership.pk, f"{prefix}-0-club": club.pk,
        f"{prefix}-0-player": membership.player_id, f"{prefix}-0-role": Role.JUDGE,
    })
    assert response.status_code == 302
    membership.refresh_from_db()
    assert membership.role == Role.JUDGE
    assert AuditEntry.objects.get(action="membership.role_set").data == {"from": Role.MEMBER, "to": Role.JUDGE}
