"""The bridge between the stored log and the engine, for every online game: replay a game, apply
commands under the game's row lock, and write what the new events mean for the site (the caches
here; the game's own rows by the follower its package registered) in the same transaction.

Only services call ``apply``; they hold the lock (``locked``) first.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime

from django.db import transaction

from core.locking import for_update
from online.engine import GameState, RuleError, replay, resolve
from online.engine.core import apply as apply_event

from .models import Game, GameEvent, Post, Slot, Thread
from .refusals import refusal
from .signals import phase_started
from .texts import DEFAULT_RULESET

log = logging.getLogger(__name__)
# What new log events mean on the site, per ruleset (the forum game's system posts and vote
# history, Mafia 1923's drafts and delivery): registered in ``OnlineConfig.ready``, so the core
# never imports a game's package.
Follower = Callable[..., None]
_FOLLOWERS: dict[str, Follower] = {}
_STATES: OrderedDict[tuple[int, int], GameState] = OrderedDict()
_STATES_KEPT = 64
_STATES_LOCK = threading.Lock()


def register_follower(ruleset: str, follower: Follower) -> None:
    """``follower(game, state, events, rows=..., post=..., slots=...)`` writes what a game of
    ``ruleset`` makes of its new events, in the transaction that stored them."""
    _FOLLOWERS[ruleset] = follower


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


def forget_kept_states() -> None:
    """Forget the states this process keeps (tests: a database whose numbers start again would
    meet another game's state under the same number)."""
    with _STATES_LOCK:
        _STATES.clear()


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
    follower = _FOLLOWERS.get(state.ruleset) or _FOLLOWERS.get(DEFAULT_RULESET)
    if follower is not None:  # what the new events mean for the game's own rows (each game's play.py)
        follower(game, state, events, rows=rows, post=post, slots=slots)
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


def everyone(game: Game, slots: dict[int, Slot]) -> list[int]:
    return [slot.user_id for slot in slots.values()] + list(game.follows.values_list("user_id", flat=True))
