"""pending → upheld / amended / overturned; reopening; appeals until the deadline, by the player."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from core.audit import audit_trail
from core.errors import ApplicationError
from discipline.models import DisciplineCase
from discipline.services import case_add_note, case_appeal, case_decide, case_reopen
from games.engine.scenario import Scenario

from .helpers import dd_game, disqualification_game

pytestmark = pytest.mark.django_db
Status, Decision = DisciplineCase.Status, DisciplineCase.Decision


@pytest.fixture
def dd_case(cup):
    return DisciplineCase.objects.get(game=cup.confirm(cup.play(dd_game())))


def test_a_case_is_decided_once_then_only_after_reopening(cup, dd_case):
    case = case_decide(case=dd_case, decision=Decision.UPHOLD, reason="clear", actor=cup.organizer)
    assert case.status == Status.UPHELD
    with pytest.raises(ApplicationError) as refused:
        case_decide(case=case, decision=Decision.DD_TO_DISQUALIFICATION, reason="second look", actor=cup.chief.user)
    assert refused.value.code == "decided"
    case = case_reopen(case=case, reason="new video", actor=cup.chief.user)
    assert case.status == Status.PENDING and case.decision == ""
    case = case_decide(case=case, decision=Decision.DD_TO_DISQUALIFICATION, reason="the video", actor=cup.chief.user)
    assert case.status == Status.AMENDED
    assert [e.action for e in audit_trail(case)] == [
        "discipline.decide", "discipline.reopen", "discipline.decide", "discipline.open"]


def test_every_change_is_in_the_audit_trail(cup, dd_case, django_capture_on_commit_callbacks):
    case_appeal(case=dd_case, text="It was my alarm, not a call.", actor=cup.player(3).user)
    case_add_note(case=dd_case, text="Ask the judge of table 2.", actor=cup.organizer)
    with django_capture_on_commit_callbacks(execute=True):
        case_decide(case=dd_case, decision=Decision.UPHOLD, reason="a call", actor=cup.organizer)
    case_reopen(case=dd_case, reason="mistake", actor=cup.organizer)
    actions = [entry.action for entry in audit_trail(dd_case)]
    assert actions == ["discipline.reopen", "discipline.notified", "discipline.decide", "discipline.note",
                       "discipline.appeal", "discipline.open"]


def test_a_decision_needs_a_reason_and_a_decision_of_its_kind(cup, dd_case):
    with pytest.raises(ApplicationError):
        case_decide(case=dd_case, decision=Decision.UPHOLD, reason="  ", actor=cup.organizer)
    with pytest.raises(ApplicationError) as refused:
        case_decide(case=dd_case, decision=Decision.WAIVE_PENALTY, reason="no", actor=cup.organizer)
    assert refused.value.code == "decision"


def test_a_case_is_decided_only_once_the_game_is_over(cup):
    game = cup.play(Scenario.pro_mafia().day(1).technical_foul(4))
    case = DisciplineCase.objects.get(game=game)
    with pytest.raises(ApplicationError) as refused:
        case_decide(case=case, decision=Decision.UPHOLD, reason="ok", actor=cup.organizer)
    assert refused.value.code == "not_finished"


def test_a_void_case_cannot_be_decided(cup):
    from games.services import protocol_undo_last

    game = cup.play(Scenario.pro_mafia().day(1).technical_foul(4))
    protocol_undo_last(game=game, expected_version=game.protocol_version, actor=cup.judge.user)
    case = DisciplineCase.objects.get(game=game)
    with pytest.raises(ApplicationError) as refused:
        case_decide(case=case, decision=Decision.UPHOLD, reason="ok", actor=cup.organizer)
    assert refused.value.code == "void"


def test_the_player_appeals_before_the_deadline_and_may_rewrite_it(cup, dd_case):
    case_appeal(case=dd_case, text="first", actor=cup.player(3).user)
    appeal = case_appeal(case=dd_case, text="rewritten", actor=cup.player(3).user)
    assert appeal.text == "rewritten" and DisciplineCase.objects.get(pk=dd_case.pk).appeal.text == "rewritten"


def test_only_the_player_appeals(cup, dd_case):
    for user in (cup.player(4).user, cup.organizer, cup.judge.user, None):
        with pytest.raises(ApplicationError) as refused:
            case_appeal(case=dd_case, text="unfair", actor=user)
        assert refused.value.code == "forbidden"


def test_no_appeal_after_the_deadline(cup, dd_case):
    DisciplineCase.objects.filter(pk=dd_case.pk).update(appeal_deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ApplicationError) as refused:
        case_appeal(case=dd_case, text="late", actor=cup.player(3).user)
    assert refused.value.code == "deadline"


def test_the_deadline_is_configurable(cup, settings):
    settings.DISCIPLINE_APPEAL_HOURS = 24
    case = DisciplineCase.objects.get(game=cup.play(dd_game()))
    assert case.appeal_deadline - case.opened_at == timedelta(hours=24)


def test_no_appeal_once_decided(cup, dd_case):
    case_decide(case=dd_case, decision=Decision.UPHOLD, reason="clear", actor=cup.organizer)
    with pytest.raises(ApplicationError) as refused:
        case_appeal(case=dd_case, text="late", actor=cup.player(3).user)
    assert refused.value.code == "decided"


def test_annulment_and_a_struck_foul_cannot_be_reopened(cup):
    game = cup.confirm(cup.play(disqualification_game()))
    foul = DisciplineCase.objects.get(game=game, kind="technical_foul")
    case_decide(case=foul, decision=Decision.STRIKE_FOUL, reason="no foul", actor=cup.organizer)
    with pytest.raises(ApplicationError) as refused:
        case_reopen(case=foul, reason="again", actor=cup.organizer)
    assert refused.value.code == "final"
    mask = DisciplineCase.objects.get(game=game, kind="disqualification")
    case_decide(case=mask, decision=Decision.ANNUL_GAME, reason="table chaos", actor=cup.organizer)
    with pytest.raises(ApplicationError) as refused:
        case_reopen(case=mask, reason="again", actor=cup.organizer)
    assert refused.value.code == "final"


def test_the_player_and_the_judge_are_told_by_email(cup, dd_case, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        case_decide(case=dd_case, decision=Decision.DD_TO_DISQUALIFICATION, reason="no intent",
                    actor=cup.organizer)
    assert sorted(message.to[0] for message in mail.outbox) == sorted(
        [cup.player(3).user.email, cup.judge.user.email])
    assert all("no intent" in message.body and f"#{dd_case.pk}" in message.subject for message in mail.outbox)


def test_nobody_without_an_email_is_written_to(cup, dd_case, django_capture_on_commit_callbacks):
    type(cup.judge.user).objects.filter(pk__in=[cup.judge.user.pk, cup.player(3).user.pk]).update(email="")
    with django_capture_on_commit_callbacks(execute=True):
        case_decide(case=dd_case, decision=Decision.UPHOLD, reason="ok", actor=cup.organizer)
    assert mail.outbox == []
