"""Helpers for the engine tests: assert a refusal by its rule and event."""

from __future__ import annotations

import pytest

from games.engine import GameRecord, ProtocolError, replay
from games.engine.scenario import Scenario


def refused(
    game: Scenario | dict | str | bytes, rule: str, event: int | None | str = "last"
) -> ProtocolError:
    """Replay and expect a refusal under `rule` at `event` (default: the last event written)."""
    document = game.build() if isinstance(game, Scenario) else game
    if event == "last":
        event = len(game.events) - 1 if isinstance(game, Scenario) else None
    with pytest.raises(ProtocolError) as caught:
        replay(document)
    error = caught.value
    assert error.rule == rule, error.message
    assert error.event_index == event, error.message
    assert error.message and str(error) == error.message
    if event is not None:
        assert error.message.startswith((f"event {event} ", f"event {event}:"))
    return error


def accepted(game: Scenario) -> GameRecord:
    return game.replay()


def ten_seats() -> list[dict]:
    roles = ["civilian"] * 6 + ["sheriff", "mafia", "mafia", "don"]
    return [
        {"seat": seat, "player": f"P{seat}", "role": role}
        for seat, role in zip(range(1, 11), roles, strict=True)
    ]


def document(ruleset: str = "pro-mafia-1.1", events: list | None = None, **changes) -> dict:
    doc = {
        "format": "mafia-protocol/1",
        "ruleset": ruleset,
        "seats": ten_seats(),
        "events": events or [],
    }
    doc.update(changes)
    return doc
