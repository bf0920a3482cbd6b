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
from django.utils import translation

from core.locking import for_update
from core.site import absolute
from online.engine import GameState, RuleError, replay, resolve
from online.engine.clock import utc
from online.engine.core import apply as apply_event

from . import delivery
from .languages import language_of
from .mafia1923.play import follow_events
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
        # Another process appended events since this one last read the game: the latest kept
        # state of the game takes only the new events (a 1,000-player event's log is thousands
        # of events; replaying it all on every request of every worker would dominate).
        behind = max((count for (pk, count) in _STATES if pk == game.pk and count < game.event_count), default=None)
        base = _STATES[(game.pk, behind)] if behind is not None else None
    if base is not None:
        events = game.events.filter(index__gte=behind, index__lt=game.event_count).order_by("index")
        state = base.copy()  # copy-on-write: the kept state is never changed
        for data in events.values_list("data", flat=True):
            apply_event(state, data)
    else:
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
    if state.ruleset == "mafia1923":  # the family event's own delivery (online/mafia1923/play.py)

        follow_events(game, state, events)
    else:
        if slots is None:
            slots = {slot.number: slot for slot in game.slots.all()} if state.dealt else {}
        for row, event in zip(rows, events, strict=True):
            _follow(game, state, slots, row, event, post)
    game.save(update_fields=["event_count", "status", "phase", "deadline", "paused", "dealt", "finished_at"])
    # a new phase's deadline, or (Mafia 1923) a draft's publication at the buffer's end: the
    # deadlines schedule a task for either (the same signal; the cached deadline says when)
    if any(event["type"] in ("phase_started", "resolution_drafted") for event in events) and game.deadline is not None:
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


def notify(game: Game, users, kind: str, at: datetime, url: str = "", **params) -> None:
    """In-site notifications, and the same by e-mail after the commit (a task: a slow mail server
    never holds the game's lock). Stored as data (``kind``, ``params``), written out in each
    reader's language when shown (online/texts.py ``notification_text``)."""
    rows = Notification.objects.bulk_create(
        Notification(user_id=user_id, game=game, kind=kind, params=params, url=url or game.get_absolute_url(),
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


def everyone(game: Game, slots: dict[int, Slot]) -> list[int]:
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


@shared_task(name="online.tasks.mail_notifications")
def mail_notifications(ids: list[int]) -> int:
    """The e-mail copy of in-site notifications (phase changes, role messages, prods, the end,
    the review), to the accounts that have an address, each in its reader's language
    (``language_of``) with the game's times in the game's zone. Once per notification however
    often it runs (online/delivery.py): answers how many this run sent."""
    notes = Notification.objects.filter(pk__in=ids).exclude(user__email="").select_related("user", "game__setup")
    return delivery.send_once(notes.order_by("pk"), _mail_claim, _mail_one)


def _mail_claim(note: Notification) -> tuple[int, str, int]:
    return note.game_id, f"notification:{note.pk}", note.user_id


def _mail_one(note: Notification) -> bool:
    with translation.override(language_of(note.user)):
        text = note.text
        return bool(send_mail(f"{note.game.title}: {text}", f"{text}\n\n{absolute(note.url)}",
                              settings.DEFAULT_FROM_EMAIL, [note.user.email], fail_silently=True))

