"""Helpers for the records engine's tests (the games come from the protocol engine's kit)."""

from __future__ import annotations

from games.engine.scenario import Scenario
from records.engine import SeatFacts, seat_facts
from scoring.engine import score

__all__ = ["Scenario", "facts_of", "per_seat"]


def facts_of(game: Scenario) -> tuple[SeatFacts, ...]:
    """Replay, score and read the seats' facts of a written game."""
    record = game.replay()
    return seat_facts(record, score(record))


def per_seat(facts: tuple[SeatFacts, ...], field: str) -> dict:
    """{seat: the field's value}; a `ByRole` field as its counts (civilian, sheriff, mafia, don)."""
    values = {}
    for one in facts:
        value = getattr(one, field)
        values[one.seat] = getattr(value, "counts", value)
    return values
