"""The bridge between the stored log and the engine: replay a game, apply commands under the
game's row lock, and write what the new events mean for the site (caches, vote history, system
posts, notifications) in the same transaction.

Only services call ``apply``; they hold the lock (``locked``) first.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.locking import for_update
from online.engine import GameState, RuleError, replay, resolve
from online.engine.clock import utc

from .models import Game, GameEvent, Notification, Post, Slot, Thread, Vote
from .refusals import refusal
from .signals import phase_started

log = logging.getLogger(__name__)
_STATES: OrderedDict[tuple[int, int], GameState] = OrderedDict()
_STATES_KEPT = 64
_STATES_LOCK = threading.Lock()


def state_of(game: Game) -> GameState:
    """The game's state: the replay of its log up to ``game.event_count`` (so a state always
    matches the row it was asked for), kept per process by the log's length; the engine never
    changes a state it is given, so a kept state is safe to share between requests."""
    key = (game.pk, game.event_count)
    with _STATES_LOCK:
        state = _STATES.get(key)
        if state is not None:
            _STATES.move_to_end(key)
            return state
    events = game.events.filter(index__lt=game.event_count).order_by("index").values_list("data", flat=True)
    state = replay(list(events))
    _keep(key, state)
    return state


def _keep(key: tuple[int, int], state: GameState) -> None:
    with _STATES_LOCK:
        _STATES[key] = state
        _STATES.move_to_end(key)
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)


def locked(game_id: int) -> Game:
    """The game, its row locked until the transaction ends (call inside ``transaction.atomic``)."""
    return for_update(Game.objects.filter(pk=game_id)).get()


def apply(game: Game, commands: list, *, post: Post | None = None, slots: dict | None = None) -> list[dict]:
    """Resolve ``commands`` against the locked game and store what they produced.

    A refusal raises ``ApplicationError`` (translated) and stores nothing."""
    state = state_of(game)
    try:
        new_state, events = resolve(state, commands)
    except RuleError as error:
        raise refusal(error) from error
    store(game, new_state, events, post=post, slots=slots)
    return events


def store(game: Game, state: GameState, events: list[dict], *, post: Post | None = None,
          slots: dict[int, Slot] | None = None) -> None:
    first = game.event_count
    rows = GameEvent.objects.bulk_create(
        GameEvent(game=game, index=first + offset, type=event["type"], data=event)
        for offset, event in enumerate(events)
    )
    game.event_count = first + len(events)
    _keep((game.pk, game.event_count), state)
    _cache(game, state)
    if slots is None:
        slots = {slot.number: slot for slot in game.slots.all()} if state.dealt else {}
    for row, event in zip(rows, events, strict=True):
        _follow(game, state, slots, row, event, post)
    game.save(update_fields=["event_count", "status", "phase", "deadline", "paused", "dealt", "finished_at"])
    if any(event["type"] == "phase_started" for event in events) and game.deadline is not None:
        phase, deadline = game.phase, game.deadline
        transaction.on_commit(lambda: phase_started.send(sender=Game, game_id=game.pk, phase=phase,
                                                         deadline=deadline))


def _cache(game: Game, state: GameState) -> None:
    game.dealt = state.dealt
    if state.result is not None:
        if game.status != Game.Status.FINISHED:
            game.finished_at = state.clock
        game.status = Game.Status.FINISHED
    elif state.started:
        game.status = Game.Status.RUNNING
    phase = state.phase
    game.phase = phase.id if phase is not None else ""
    game.deadline = phase.deadline if phase is not None and state.result is None else None
    game.paused = phase is not None and phase.deadline is None and state.result is None


def thread(game: Game, key: str) -> Thread:
    return Thread.objects.get_or_create(game=game, key=key)[0]


def system_post(game: Game, key: str, event: dict, at: datetime) -> Post:
    return Post.objects.create(thread=thread(game, key), game=game, system=True, body="", event=event,
                               phase=game.phase, created_at=at)


def notify(game: Game, users, kind: str, text: str, at: datetime, url: str = "") -> None:
    """In-site notifications, and the same by e-mail after the commit (a task: a slow mail server
    never holds the game's lock)."""
    rows = Notification.objects.bulk_create(
        Notification(user_id=user_id, game=game, kind=kind, text=str(text)[:300], url=url or game.get_absolute_url(),
                     created_at=at)
        for user_id in sorted(set(users))
    )
    ids = [row.pk for row in rows if row.pk is not None]
    if ids:
        transaction.on_commit(lambda: _mail(ids))


def _mail(ids: list[int]) -> None:
    try:
        mail_notifications.delay(ids)
    except Exception:  # the broker is down: the in-site notification is there all the same
        log.warning("could not queue the e-mails of %d notifications", len(ids))


def _everyone(game: Game, slots: dict[int, Slot]) -> list[int]:
    return [slot.user_id for slot in slots.values()] + list(game.follows.values_list("user_id", flat=True))


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
            notify(game, _everyone(game, slots), Notification.Kind.PHASE,
                   _("A new phase has begun: %(phase)s.") % {"phase": event["phase"]}, at)
        elif kind == "game_ended":
            notify(game, _everyone(game, slots), Notification.Kind.GAME, _("The game is over."), at)
        if kind == "slot_left" and event["slot"] in slots:
            Slot.objects.filter(pk=slots[event["slot"]].pk).update(alive=False)
    elif kind == "private_result":
        system_post(game, f"slot:{event['slot']}", event, at)
    elif kind == "prodded":
        system_post(game, f"slot:{event['slot']}", event, at)
        if event["slot"] in slots:
            notify(game, [slots[event["slot"]].user_id], Notification.Kind.PROD,
                   _("The moderator prodded you: please post in the game."), at)


@shared_task(name="online.tasks.mail_notifications")
def mail_notifications(ids: list[int]) -> int:
    """The e-mail copy of in-site notifications (phase changes, role messages, prods, the end),
    to the accounts that have an address."""
    sent = 0
    for note in Notification.objects.filter(pk__in=ids).select_related("user", "game"):
        if note.user.email:
            sent += send_mail(f"{note.game.title}: {note.text}", f"{note.text}\n\n{note.url}",
                              settings.DEFAULT_FROM_EMAIL, [note.user.email], fail_silently=True)
    return sent
