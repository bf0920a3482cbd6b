"""Phases and structure: Night 0 < Day 1 < Night 1 < Day 2 …; unknown and malformed events."""

import pytest

from games.engine import Phase, replay
from games.engine.scenario import Scenario

from .kit import document, refused


def test_phase_ordering_key_and_text():
    assert Phase("night", 0) < Phase("day", 1) < Phase("night", 1) < Phase("day", 2)
    assert Phase("night", 2).key == 4 and Phase("day", 2).key == 3
    assert str(Phase("day", 2)) == "day 2" and str(Phase("night", 1)) == "night 1"
    assert Phase.from_key(3) == Phase("day", 2)


def test_phases_going_backwards():
    refused(Scenario.pro_mafia().day(2).foul(1).day(1).foul(2), "phase.backwards")
    refused(Scenario.pro_mafia().night(1).foul(1).day(1).foul(2), "phase.backwards")


def test_phases_may_be_skipped():
    record = Scenario.pro_mafia().day(1).foul(1).day(3).foul(2).replay()
    assert record.fouls[1].phase == Phase("day", 3)


def test_event_needs_a_phase():
    refused(Scenario.pro_mafia().event(type="foul", seat=1, kind="ordinary"), "phase.missing")


def test_event_with_both_phases():
    refused(
        Scenario.pro_mafia().event(type="foul", day=1, night=1, seat=1, kind="ordinary"), "phase.both"
    )


@pytest.mark.parametrize(
    "phase", [{"day": 0}, {"day": -1}, {"night": -1}, {"day": "1"}, {"night": 1.0}, {"day": True}]
)
def test_malformed_phase(phase):
    refused(Scenario.pro_mafia().event(type="foul", seat=1, kind="ordinary", **phase), "phase.invalid")


def test_unknown_event_type():
    refused(Scenario.pro_mafia().day(1).event(type="lynch", day=1), "event.type-unknown")
    refused(Scenario.pro_mafia().event({"day": 1}), "event.type-unknown")
    refused(Scenario.pro_mafia().event(type=["vote"], day=1), "event.type-unknown")


def test_event_that_is_not_an_object():
    refused(document(events=[["foul"]]), "event.not-object", 0)
    refused(document(events=[None]), "event.not-object", 0)


def test_unknown_extra_fields_are_ignored():
    record = (
        Scenario.pro_mafia()
        .day(1)
        .event(type="foul", day=1, seat=1, kind="ordinary", note="loud")
        .replay()
    )
    assert record.fouls[0].seat == 1


def test_error_message_names_the_event_and_phase():
    error = refused(
        Scenario.pro_mafia().day(2).nominate(1, 2).nominate(3, 2), "nominate.already-nominated"
    )
    assert error.message.startswith("event 1 (nominate, day 2): ")


def test_record_keeps_the_input_events():
    game = Scenario.pro_mafia().day(1).foul(1)
    doc = game.build()
    assert replay(doc).events == tuple(doc["events"])
