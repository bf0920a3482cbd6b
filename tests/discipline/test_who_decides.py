"""Who may decide a case: enforced by the service, whatever the page shows."""

import pytest

from clubs.models import ClubMembership
from core.errors import ApplicationError
from discipline.models import DisciplineCase
from discipline.services import case_decide
from tests.factories import MembershipFactory, UserFactory

from .helpers import dd_game

pytestmark = pytest.mark.django_db
Decision = DisciplineCase.Decision


@pytest.fixture
def dd_case(cup):
    game = cup.confirm(cup.play(dd_game()))
    return DisciplineCase.objects.get(game=game)


def _decide(case, user):
    return case_decide(case=case, decision=Decision.UPHOLD, reason="seen on video", actor=user)


def test_an_organizer_of_the_club_decides(cup, dd_case):
    assert _decide(dd_case, cup.organizer).status == DisciplineCase.Status.UPHELD


def test_the_tournaments_chief_judge_decides(cup, dd_case):
    assert _decide(dd_case, cup.chief.user).decided_by == cup.chief.user


def test_the_games_judge_may_not_even_as_an_organizer(cup, dd_case):
    ClubMembership.objects.filter(player=cup.judge).update(role=ClubMembership.Role.ORGANIZER)
    with pytest.raises(ApplicationError) as refused:
        _decide(dd_case, cup.judge.user)
    assert refused.value.code == "forbidden"
    dd_case.refresh_from_db()
    assert dd_case.status == DisciplineCase.Status.PENDING


def test_the_games_judge_may_not_even_as_a_superuser(cup, dd_case):
    cup.judge.user.is_superuser = True
    cup.judge.user.save()
    with pytest.raises(ApplicationError):
        _decide(dd_case, cup.judge.user)


def test_the_judge_of_the_game_as_chief_judge_may_not(cup, dd_case):
    cup.tournament.chief_judge = cup.judge
    cup.tournament.save()
    with pytest.raises(ApplicationError):
        _decide(dd_case, cup.judge.user)


def test_the_player_may_not(cup, dd_case):
    with pytest.raises(ApplicationError):
        _decide(dd_case, cup.player(3).user)


def test_the_player_may_not_decide_their_own_case_even_as_an_organizer(cup, dd_case):
    MembershipFactory(club=cup.club, player=cup.player(3), role=ClubMembership.Role.ORGANIZER)
    with pytest.raises(ApplicationError) as refused:
        _decide(dd_case, cup.player(3).user)
    assert "own case" in refused.value.message


def test_another_clubs_organizer_may_not(cup, dd_case):
    other = MembershipFactory(role=ClubMembership.Role.ORGANIZER)
    with pytest.raises(ApplicationError):
        _decide(dd_case, other.player.user)


def test_a_stranger_and_nobody_may_not(dd_case):
    for user in (UserFactory(), None):
        with pytest.raises(ApplicationError):
            _decide(dd_case, user)
