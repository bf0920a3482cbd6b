"""The table's size is the ruleset's deal's, not a constant of the engine."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine import ProtocolError, replay
from games.engine.rulesets import PRO_MAFIA, RULESETS
from vocabulary import PROTOCOL_FORMAT

TWELVE = dataclasses.replace(PRO_MAFIA, id="twelve-seats-test",
                             deal={"civilian": 7, "sheriff": 1, "mafia": 3, "don": 1})


@pytest.fixture
def twelve_seats():
    RULESETS[TWELVE.id] = TWELVE
    yield TWELVE
    del RULESETS[TWELVE.id]


def document(roles: list[str], events: list[dict]) -> dict:
    return {"format": PROTOCOL_FORMAT, "ruleset": TWELVE.id, "events": events,
            "seats": [{"seat": seat, "player": f"P{seat}", "role": role} for seat, role in enumerate(roles, 1)]}


ROLES = ["civilian"] * 7 + ["sheriff", "mafia", "mafia", "mafia", "don"]


def test_a_twelve_seat_ruleset_seats_twelve_and_its_seats_12_can_act(twelve_seats):
    assert twelve_seats.seat_count == 12
    record = replay(document(ROLES, [
        {"type": "nominate", "day": 1, "by": 12, "target": 11},
        {"type": "vote", "day": 1, "round": 1, "candidates": [11], "votes": {}},
        {"type": "foul", "day": 1, "seat": 12, "kind": "ordinary"},
    ]))
    assert record.alive == frozenset(range(1, 13)) - {11}
    assert record.departures[0].alive_after == 11
    assert set(record.current.fouls) == set(range(1, 13)) and record.current.fouls[12].ordinary == 1


def test_the_deal_and_the_seat_numbers_are_the_rulesets(twelve_seats):
    with pytest.raises(ProtocolError) as ten:
        replay(document(ROLES[:10], []))
    assert ten.value.rule == "seats.not-ten" and "exactly 12 seats" in ten.value.message
    wrong_deal = ["civilian"] * 8 + ["sheriff", "mafia", "mafia", "don"]
    with pytest.raises(ProtocolError) as deal:
        replay(document(wrong_deal, []))
    assert deal.value.rule == "seats.deal" and "7 civilian, 1 sheriff, 3 mafia, 1 don" in deal.value.message
    with pytest.raises(ProtocolError) as seat:
        replay(document(ROLES, [{"type": "foul", "day": 1, "seat": 13, "kind": "ordinary"}]))
    assert seat.value.rule == "event.seat-out-of-range" and "1..12" in seat.value.message
