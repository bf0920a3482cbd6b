"""Cases open from the protocol, one per event, and follow it through undo and redo."""

import pytest

from core.audit import audit_trail
from discipline.models import DisciplineCase
from discipline.services import cases_sync_for_game
from games.engine.scenario import Scenario
from games.models import Game
from games.services import protocol_append_event, protocol_undo_last

from .helpers import dd_game, disqualification_game

pytestmark = pytest.mark.django_db
Status, Kind = DisciplineCase.Status, DisciplineCase.Kind


def _append(cup, game, event):
    return protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                 actor=cup.judge.user)


def test_a_saved_version_with_a_technical_foul_and_a_disqualification_opens_two_cases(cup):
    game = cup.play(disqualification_game())
    cases = {case.event_key: case for case in DisciplineCase.objects.filter(game=game)}
    assert set(cases) == {"technical_foul:4:1", "disqualification:9"}
    mask = cases["disqualification:9"]
    assert (mask.kind, mask.cause, mask.seat, mask.player, mask.judge) == (
        Kind.DISQUALIFICATION, "manual", 9, cup.player(9), cup.judge)
    assert mask.judge_reason == "removed the mask at night"
    assert mask.event == {"type": "disqualify", "day": 1, "seat": 9, "reason": "removed the mask at night"}
    assert mask.event_index == 1 and mask.version.version == game.protocol_version
    assert mask.recorded_by == cup.judge.user and mask.status == Status.PENDING
    assert (mask.appeal_deadline - mask.opened_at).total_seconds() == 72 * 3600
    assert [entry.action for entry in audit_trail(mask)] == ["discipline.open"]


def test_sync_is_idempotent(cup):
    game = cup.play(dd_game())
    for _ in range(3):
        cases_sync_for_game(game=Game.objects.get(pk=game.pk))
    assert DisciplineCase.objects.filter(game=game).count() == 1
    assert DisciplineCase.objects.get(game=game).kind == Kind.DD


def test_the_fourth_ordinary_foul_opens_one_disqualification_case(cup):
    game = cup.play(Scenario.pro_mafia().day(1).foul(5, times=4))
    case = DisciplineCase.objects.get(game=game)
    assert (case.kind, case.cause, case.seat, case.event_index) == (Kind.DISQUALIFICATION, "fourth_foul", 5, 3)


def test_the_second_technical_foul_is_the_disqualifications_case_the_first_has_its_own(cup):
    game = cup.play(Scenario.pro_mafia().day(1).technical_foul(5).technical_foul(5))
    cases = {case.event_key: case for case in DisciplineCase.objects.filter(game=game)}
    assert set(cases) == {"technical_foul:5:1", "disqualification:5"}
    assert cases["disqualification:5"].cause == "second_technical"


def test_ordinary_fouls_open_no_case(cup):
    game = cup.play(Scenario.pro_mafia().day(1).foul(5, times=3))
    assert not DisciplineCase.objects.filter(game=game).exists()


def test_an_undone_event_voids_its_pending_case_and_its_return_makes_it_pending_again(cup):
    game = cup.play(Scenario.pro_mafia().day(1).nominate(1, 8))
    event = {"type": "foul", "day": 1, "seat": 4, "kind": "technical"}
    game = _append(cup, game, event)
    case = DisciplineCase.objects.get(game=game)
    game = protocol_undo_last(game=game, expected_version=game.protocol_version, actor=cup.judge.user)
    case.refresh_from_db()
    assert case.status == Status.VOID and case.event_index is None
    _append(cup, game, event)
    case.refresh_from_db()
    assert case.status == Status.PENDING and case.event_index == 1
    assert DisciplineCase.objects.filter(game=game).count() == 1
    assert [e.action for e in audit_trail(case)] == ["discipline.back", "discipline.void", "discipline.open"]


def test_a_technical_foul_on_another_seat_after_an_undo_is_another_case(cup):
    game = cup.play(Scenario.pro_mafia().day(1).technical_foul(4))
    game = protocol_undo_last(game=game, expected_version=game.protocol_version, actor=cup.judge.user)
    _append(cup, game, {"type": "foul", "day": 1, "seat": 6, "kind": "technical"})
    statuses = dict(DisciplineCase.objects.filter(game=game).values_list("event_key", "status"))
    assert statuses == {"technical_foul:4:1": Status.VOID, "technical_foul:6:1": Status.PENDING}
