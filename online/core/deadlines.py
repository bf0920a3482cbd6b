"""Deadlines: each phase resolves at its deadline on its own (docs/online-site.md, "Deadlines").

Three doors, one code path (``resolve_due_phase``), idempotent under the game's row lock:

* a Celery task scheduled for each deadline (``schedule``, after the commit that set it);
* the beat sweep every minute (``sweep_due``), which finds every phase past its deadline — a lost
  task, a worker restart, a broker outage, a stalled resolution;
* on the embedded default (no Redis, no beat) the same sweep, run in-process from requests at
  most once every ``ONLINE_SWEEP_SECONDS`` (``SweepMiddleware``).

The engine computes every deadline (top of the hour, UTC; from the previous deadline after a
deadline, from the next top of the hour after an early end); the site only reaches them.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.db import transaction

from online.engine import DeadlineReached, GameState, PublishResolution, RuleError, resolve
from online.engine.state import SYSTEM

from . import clock
from .models import Game
from .play import locked, state_of, store

log = logging.getLogger(__name__)
# When the clock publishes a pending draft, per ruleset (Mafia 1923: at the buffer's end); a
# ruleset that registered none (the forum game) waits for the moderator. Registered in
# ``OnlineConfig.ready``, so the deadlines never import a game's package.
_PUBLISHERS: dict[str, Callable[[GameState, datetime], bool]] = {}


def register_publisher(ruleset: str, publish_due: Callable[[GameState, datetime], bool]) -> None:
    _PUBLISHERS[ruleset] = publish_due


def _publish_due(state: GameState, now: datetime) -> bool:
    publish_due = _PUBLISHERS.get(state.ruleset)
    return publish_due is not None and publish_due(state, now)


MAX_STEPS = 50  # phases one call may resolve when the site was down past several deadlines


def resolve_due_phase(game_id: int, now: datetime | None = None, *, phase: str | None = None) -> int:
    """Resolve the game's phase if its deadline has passed; again while the next one is due too.
    Answers how many phases it resolved: 0 when there is nothing to do (twice is harmless)."""
    now = now or clock.now()
    resolved = 0
    with transaction.atomic():
        game = locked(game_id)
        for _step in range(MAX_STEPS):
            if game.status != Game.Status.RUNNING or game.deadline is None or game.deadline > now:
                break
            if phase is not None and game.phase != phase and resolved == 0:
                break  # a task for a phase already resolved (late or twice): nothing to do
            state = state_of(game)
            if state.pending is not None and not _publish_due(state, now):
                break  # a drafted resolution waits for the moderator (Mafia 1923: until the buffer's end)
            command = (PublishResolution(at=max(now, state.clock), actor=SYSTEM) if state.pending is not None
                       else DeadlineReached(at=max(now, state.clock), phase=game.phase))
            try:
                new_state, events = resolve(state, [command])
            except RuleError as error:
                log.warning("online game %s: deadline not resolved: %s", game_id, error.rule)
                break
            store(game, new_state, events)
            resolved += 1
    return resolved


def due_games(now: datetime):
    return Game.objects.filter(status=Game.Status.RUNNING, deadline__lte=now).values_list("pk", flat=True)


def sweep_due(now: datetime | None = None) -> int:
    """Every phase past its deadline, each game in its own transaction."""
    now = now or clock.now()
    count = 0
    for game_id in list(due_games(now)):
        try:
            count += resolve_due_phase(game_id, now)
        except Exception:  # one broken game must not stop the others; the next sweep retries
            log.exception("online game %s: the deadline sweep failed", game_id)
    return count


@shared_task(name="online.tasks.resolve_deadline", acks_late=True)
def resolve_deadline(game_id: int, phase: str) -> int:
    """Scheduled for one phase's deadline: resolves that phase if it is due (an extension may
    have moved it; then the sweep gets it later)."""
    return resolve_due_phase(game_id, phase=phase)


def schedule(game_id: int, phase: str, deadline: datetime) -> None:
    """A task at the deadline; with no broker (the embedded default) the in-process sweep does
    it. A failed send is harmless: the sweep catches what a lost message missed."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    try:
        resolve_deadline.apply_async((game_id, phase), eta=deadline)
    except Exception:
        log.warning("online game %s: could not schedule the deadline task; the sweep will do it", game_id)


_last_sweep = 0.0
_sweep_lock = threading.Lock()


def on_phase_started(sender, *, game_id: int, phase: str, deadline: datetime, **_) -> None:
    """The receiver of ``signals.phase_started`` (connected in OnlineConfig.ready), after commit."""
    schedule(game_id, phase, deadline)


def sweep_in_process() -> None:
    """The sweep from a request, at most once every ONLINE_SWEEP_SECONDS (embedded default)."""
    global _last_sweep
    interval = getattr(settings, "ONLINE_SWEEP_SECONDS", 30)
    if time.monotonic() - _last_sweep < interval or not _sweep_lock.acquire(blocking=False):
        return
    try:
        _last_sweep = time.monotonic()
        sweep_due()
    finally:
        _sweep_lock.release()


class SweepMiddleware:
    """Runs the deadline sweep in-process when there is no beat (``ONLINE_SWEEP_IN_PROCESS``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if getattr(settings, "ONLINE_SWEEP_IN_PROCESS", False):
            try:
                sweep_in_process()
            except Exception:
                log.exception("the in-process deadline sweep failed")
        return self.get_response(request)
