import io

import pytest

from clubs.models import ClubMembership
from games import demo
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_demo_evening_is_built_once_with_a_running_game_for_the_judge():
    club = ClubFactory()
    for _ in range(20):
        MembershipFactory(club=club)
    for username, role in (("judge", ClubMembership.Role.JUDGE), ("organizer", ClubMembership.Role.ORGANIZER)):
        MembershipFactory(club=club, role=role, player__user=UserFactory(username=username))
    out = io.StringIO()
    demo.build(club=club, stdout=out)
    demo.build(club=club, stdout=out)
    games = Game.objects.filter(club=club)
    assert games.count() == 3
    assert games.filter(status=Game.Status.CONFIRMED).count() == 2
    running = games.get(status=Game.Status.IN_PROGRESS)
    assert running.judge.user.username == "judge"
    assert f"/t/{running.judge_token}/" in out.getvalue()
