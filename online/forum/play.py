"""What the forum game's new log events mean on the site, in the transaction that stored them:
its vote history, the system posts of phases and deaths, private results and prods, the
notifications (registered with online/core/play.py ``store`` in ``OnlineConfig.ready``)."""

from __future__ import annotations

from online.core.models import Game, GameEvent, Notification, Post, Slot
from online.core.notifications import notify
from online.core.play import everyone, system_post
from online.engine import GameState
from online.engine.clock import utc

from .models import Vote


def follow_events(game: Game, state: GameState, events: list[dict], *, rows: list[GameEvent], post: Post | None,
                  slots: dict[int, Slot] | None) -> None:
    if slots is None:
        slots = {slot.number: slot for slot in game.slots.all()} if state.dealt else {}
    for row, event in zip(rows, events, strict=True):
        _follow(game, state, slots, row, event, post)


def _follow(game: Game, state: GameState, slots: dict[int, Slot], row: GameEvent, event: dict,
            post: Post | None) -> None:
    """What one new event means on the site."""
    kind = event["type"]
    at = utc(event["at"])
    if kind in ("vote_cast", "vote_removed"):
        Vote.objects.create(game=game, phase=event["phase"], voter=event["voter"],
                            target=event.get("target"), at=at, event=row,
                            post=post if post is not None and event.get("post") == post.ref else None)
    elif kind in ("phase_started", "phase_ended", "slot_left", "game_ended", "deadline_extended",
                  "deadline_paused", "deadline_resumed", "slot_replaced", "role_revealed"):
        system_post(game, "main", event, at)
        if kind == "phase_started":
            notify(game, everyone(game, slots), Notification.Kind.PHASE, at,
                   phase=event["phase"], deadline=event.get("deadline"))
        elif kind == "game_ended":
            notify(game, everyone(game, slots), Notification.Kind.GAME, at, winner=event.get("winner"))
        if kind == "slot_left" and event["slot"] in slots:
            Slot.objects.filter(pk=slots[event["slot"]].pk).update(alive=False)
    elif kind == "private_result":
        system_post(game, f"slot:{event['slot']}", event, at)
    elif kind == "prodded":
        system_post(game, f"slot:{event['slot']}", event, at)
        if event["slot"] in slots:
            notify(game, [slots[event["slot"]].user_id], Notification.Kind.PROD, at, note=event.get("note", ""))
