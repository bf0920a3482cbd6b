"""What new log events mean on the site for a "Mafia 1923" event, and the delivery of a window's
announcements once published (docs/mafia1923-site.md, "Delivery").

``online.core.play.store`` hands a Mafia 1923 game's new events here (in the transaction that appended
them, under the game's lock). A window's resolution is first a draft (``resolution_drafted``): the
moderators are told and the game's cached deadline becomes the buffer's end, when the clock
publishes it (``online.core.deadlines``). When it is published (``resolution_published``, by a
moderator or the clock) ``deliver`` writes, in the same transaction:

* the public announcement: one system post in the public thread ``main``;
* each living player's private message: one system post in their own thread ``slot:<n>``
  (and the exiled player's notice of the exile, which is never announced);
* in-site notifications in each recipient's language: every player and spectator for the public
  announcement, each recipient of a private message once more;

and after the commit queues the e-mails and the chat-server webhook (online/mafia1923/tasks.py).
Dead players receive only the public messages (the engine delivers private results to the living
only; the overrides refuse a note to the dead).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import translation

from core.audit import log_action
from online.core.models import Game, Notification, Post, Slot, Thread
from online.engine import GameState
from online.engine.clock import utc
from online.engine.mafia1923 import announcements

from .models import Moderator, Override
from .recipients import PRIVATE, PUBLIC, recipient_languages, spectator_ids
from .tasks import mail_window, webhook_window

log = logging.getLogger(__name__)
RULESET = "mafia1923"


def is_event(state_or_setup) -> bool:
    ruleset = getattr(state_or_setup, "ruleset", None)
    if ruleset is None and isinstance(state_or_setup, dict):
        ruleset = state_or_setup.get("ruleset")
    return ruleset == RULESET


# --- the moderators' buffer ----------------------------------------------------------------------
def auto_publish_at(state: GameState) -> datetime | None:
    """When the clock publishes the pending draft: the buffer's end, which is the next window's
    start (the ``phase_started`` inside the draft); after Day 5's court (no next window) the
    evening buffer's length after the window's end (night_starts − day_ends: 2 hours)."""
    if state.pending is None:
        return None
    for event in state.pending:
        if event["type"] == "phase_started":
            return utc(event["started_at"])
    ended = next((utc(e["ended_at"]) for e in state.pending if e["type"] == "phase_ended"), state.clock)
    options = state.setup
    gap = (options.option("night_starts") - options.option("day_ends")) % 24 or 2
    return ended + timedelta(hours=gap)


def publish_due(state: GameState, now: datetime) -> bool:
    """Whether the clock publishes the pending draft now (a Mafia 1923 event only: the forum
    game's drafts wait for the moderator)."""
    due = auto_publish_at(state) if is_event(state) else None
    return due is not None and utc(now) >= due


# --- the events, in the transaction that appended them -------------------------------------------
def follow_events(game: Game, state: GameState, events: list[dict], **_rows) -> None:
    """Registered with online/core/play.py ``store`` (the event's rows need no vote history)."""
    if state.pending is not None:
        game.deadline = auto_publish_at(state)  # the sweep and the task publish at the buffer's end
    left = [event["slot"] for event in events if event["type"] == "slot_left"]
    if left:
        Slot.objects.filter(game=game, number__in=left).update(alive=False)
    for event in events:
        if event["type"] == "resolution_drafted":
            _notify_moderators(game, event["phase"], utc(event["at"]))
        elif event["type"] == "resolution_published":
            deliver(game, state, event["phase"], utc(event["at"]))


def moderator_ids(game: Game) -> list[int]:
    """The event's moderators: the game's own and those its console added."""
    return [game.moderator_id, *Moderator.objects.filter(game=game).values_list("user_id", flat=True)]


def _notify_moderators(game: Game, phase: str, at: datetime) -> None:
    url = reverse("m1923_mod:event", kwargs={"slug": game.slug})
    rows = []
    for user_id, language in recipient_languages(game, moderator_ids(game)).items():
        with translation.override(language):
            rows.append(Notification(user_id=user_id, game=game, kind=Notification.Kind.GAME, url=url,
                                     params={"m1923": "draft", "phase": phase}, created_at=at))
    Notification.objects.bulk_create(rows)


def _post(game: Game, key: str, event: dict, at: datetime) -> Post:
    thread = Thread.objects.get_or_create(game=game, key=key)[0]
    return Post.objects.create(thread=thread, game=game, system=True, body="", event=event, phase=event["phase"],
                               created_at=at)


def deliver(game: Game, state: GameState, phase: str, at: datetime) -> dict:
    """The published window: the public post, the private posts, the notifications (in each
    recipient's language), then (after the commit) the e-mails and the webhook. Answers counts."""
    said = announcements(state, phase)
    overrides = list(Override.objects.filter(game=game, phase=phase))
    public_notes = [o.text for o in overrides if o.kind == Override.Kind.PUBLIC_NOTE]
    withheld = {o.slot for o in overrides if o.kind == Override.Kind.WITHHOLD}
    private_notes: dict[int, list[str]] = {}
    for o in overrides:
        if o.kind == Override.Kind.PRIVATE_NOTE:
            private_notes.setdefault(o.slot, []).append(o.text)
    public = {"type": PUBLIC, "phase": phase, "public": said["public"], "notes": public_notes,
              "result": _result(state) if state.result is not None else None}
    _post(game, "main", public, at)
    # The living, and a player exiled in this window, whom the engine tells of the exile alone
    # (it is never announced): the engine addresses private results to no one else.
    living = {slot.number for slot in state.slots if slot.alive}
    private = {}
    for number in sorted((living & set(private_notes)) | set(said["private"])):
        if number in withheld and number not in private_notes:
            continue
        results = [] if number in withheld else said["private"].get(number, [])
        private[number] = {"type": PRIVATE, "phase": phase, "results": results, "notes": private_notes.get(number, [])}
    threads = _slot_threads(game, private)
    Post.objects.bulk_create(
        Post(thread=threads[number], game=game, system=True, body="", event=event, phase=phase, created_at=at)
        for number, event in private.items()
    )
    slots = {slot.number: slot.user_id for slot in game.slots.all()}
    everyone = set(slots.values()) | set(spectator_ids(game))
    private_users = {slots[number] for number in private if number in slots}
    languages = recipient_languages(game, everyone)
    rows = []
    board = reverse("m1923:event", kwargs={"slug": game.slug})
    for user_id, language in languages.items():
        with translation.override(language):
            rows.append(Notification(user_id=user_id, game=game, kind=Notification.Kind.PHASE, url=board, created_at=at,
                                     params={"m1923": "published", "phase": phase, "over": state.result is not None}))
            if user_id in private_users:
                rows.append(Notification(user_id=user_id, game=game, kind=Notification.Kind.ROLE, url=board,
                                         created_at=at, params={"m1923": "private", "phase": phase}))
    Notification.objects.bulk_create(rows)
    game_id = game.pk
    transaction.on_commit(lambda: _queue(game_id, phase))
    counts = {"phase": phase, "private": len(private), "notifications": len(rows), "overrides": len(overrides)}
    log_action(game, action="m1923.delivered", data=counts)  # whoever published: a moderator or the clock
    return counts


def _result(state: GameState) -> dict:
    result = state.result
    return {key: result.get(key) for key in ("winner", "winners", "families")}


def _slot_threads(game: Game, numbers) -> dict[int, Thread]:
    keys = {f"slot:{number}": number for number in numbers}
    found = {t.key: t for t in Thread.objects.filter(game=game, key__in=list(keys))}
    missing = [Thread(game=game, key=key) for key in keys if key not in found]
    if missing:
        Thread.objects.bulk_create(missing, ignore_conflicts=True)
        found = {t.key: t for t in Thread.objects.filter(game=game, key__in=list(keys))}
    return {number: found[key] for key, number in keys.items()}


def _queue(game_id: int, phase: str) -> None:
    for task in (mail_window, webhook_window):
        try:
            task.delay(game_id, phase)
        except Exception:  # the broker is down: the in-site messages are there all the same
            log.warning("could not queue %s for game %s", task.name, game_id)
