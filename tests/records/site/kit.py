"""Helpers for the store's tests: games played through the real services, and the rows as dicts."""

from __future__ import annotations

from games.engine import replay
from games.engine.scenario import Scenario
from games.models import Game
from games.services import game_edit_after_confirmation, game_publish_results
from records.engine import SeatFacts, seat_facts
from records.models import PlayerTotals, SeatRecord
from scoring.engine import score


def engine_facts(game: Game) -> tuple[SeatFacts, ...]:
    """The records engine's facts of the game's stored protocol (no discipline decision)."""
    record = replay(game.protocol)
    return seat_facts(record, score(record))


def rows(**filters) -> list[dict]:
    """Every stored row (all columns but the id), in a fixed order, for comparing stores."""
    return [
        {name: value for name, value in row.items() if name != "id"}
        for row in SeatRecord.objects.filter(**filters).order_by("game_id", "seat").values()
    ]


def totals() -> list[dict]:
    """Every player's totals (all columns but the id), in a fixed order, for comparing stores."""
    return [
        {name: value for name, value in row.items() if name != "id"}
        for row in PlayerTotals.objects.order_by("scope", "scope_id", "player_id").values()
    ]


def publish(cup, game: Game, published: bool = True) -> Game:
    return game_publish_results(game=game, actor=cup.organizer, published=published)


def reopen(cup, game: Game, scenario: Scenario | None = None) -> Game:
    """An organizer reopens the confirmed game for a correction, with ``scenario``'s events."""
    document = None if scenario is None else {**game.protocol, "events": scenario.build()["events"]}
    return game_edit_after_confirmation(game=game, reason="the vote of day 1 was misread",
                                        expected_version=game.protocol_version, actor=cup.organizer,
                                        document=document)
