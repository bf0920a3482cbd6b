"""Writes for online games (HackSoft style: keyword-only, validate, save). Every write that
touches the game's log runs in one transaction under the game's row lock (core/locking.py), so
a vote, its count and its lynch are one step: two final votes never lynch twice."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.selectors import person_name
from core.errors import ApplicationError
from online.core import clock
from online.core import services as core_services
from online.core.models import Follow, Game, Notification, Post, Setup, Slot
from online.core.notifications import notify
from online.core.play import apply, everyone, locked, state_of, store, system_post, thread
from online.core.refusals import refusal
from online.core.services import checked_title, player_slot, unique_slug
from online.core.visibility import MAIN, may_post, viewer_of
from online.core.zones import validate_zone
from online.engine import (
    RuleError,
    create_game,
    parse_post,
    processing,
    resolve,
    view_for,
)
from online.engine import commands as c

from .models import Signup
from .setup_forms import validate_setup

MAX_POST = 20000


# --- setups and games ----------------------------------------------------------------------------
def setup_create(*, name: str, data: dict, created_by=None, slug: str | None = None) -> Setup:
    """A setup, checked by the same rules as the moderator's form and JSON import
    (online/forum/setup_forms.py ``validate_setup``)."""
    return core_services.setup_create(name=name, data=data, check=validate_setup, created_by=created_by, slug=slug)


def game_create(*, setup: Setup, moderator, title: str, seed: str | None = None,
                now: datetime | None = None, time_zone: str = "UTC") -> Game:
    title = checked_title(title)
    now = now or clock.now()
    seed = seed or secrets.token_hex(8)
    try:
        validate_zone(time_zone)
    except ValidationError as error:
        raise ApplicationError(error.messages[0], code="game.time-zone") from error
    state, log = create_game(setup.data, seed, now)
    with transaction.atomic():
        game = Game.objects.create(slug=unique_slug(Game, title), title=title, setup=setup,
                                   moderator=moderator, seed=seed, time_zone=time_zone)
        store(game, state, log)
        thread(game, MAIN)
    return game


# --- sign-ups ------------------------------------------------------------------------------------
def signup_join(*, game: Game, user, name: str = "") -> Signup:
    name = (name or person_name(user)).strip()[:60]  # the name the person is known by everywhere
    with transaction.atomic():
        game = locked(game.pk)
        if game.status != Game.Status.SIGNUPS or game.dealt:
            raise ApplicationError(_("Sign-ups for this game are closed."), code="signup.closed")
        if user.pk == game.moderator_id:
            raise ApplicationError(_("The moderator does not play."), code="signup.moderator")
        if game.signups.count() >= game.setup.size:
            raise ApplicationError(_("The game is full."), code="signup.full")
        if game.signups.filter(user=user).exists():
            raise ApplicationError(_("You have already signed up."), code="signup.twice")
        if game.signups.filter(name__iexact=name).exists():
            raise ApplicationError(_("Another player already uses that name here."), code="signup.name")
        return Signup.objects.create(game=game, user=user, name=name)


def signup_leave(*, game: Game, user) -> None:
    with transaction.atomic():
        game = locked(game.pk)
        if game.dealt:
            raise ApplicationError(_("The roles are dealt: ask the moderator to replace you."), code="signup.dealt")
        deleted, _rows = game.signups.filter(user=user).delete()
        if not deleted:
            raise ApplicationError(_("You are not signed up."), code="signup.none")


# --- the moderator: deal, start, role messages ---------------------------------------------------
def game_deal(*, game: Game, roles: dict | None = None, now: datetime | None = None) -> Game:
    """Randomise the roles (seeded, recorded in the log); again to deal again before the start.
    The first deal makes the slots from the sign-ups, in their order."""
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        commands = []
        if not game.dealt:
            signups = list(game.signups.all())
            if len(signups) != game.setup.size:
                raise ApplicationError(_("The setup needs %(n)d players; %(m)d have signed up.")
                                       % {"n": game.setup.size, "m": len(signups)}, code="deal.wrong-count")
            for number, signup in enumerate(signups, start=1):
                Slot.objects.create(game=game, number=number, user_id=signup.user_id, name=signup.name)
                commands.append(c.Join(at=now, name=signup.name))
        commands.append(c.DealRoles(at=now, roles=roles))
        apply(game, commands)
    return game


def role_messages_send(*, game: Game, numbers: list[int] | None = None, now: datetime | None = None) -> int:
    """Each slot's role message, posted in its own thread, with a notification."""
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        state = state_of(game)
        if not state.dealt:
            raise ApplicationError(_("Randomise the roles first."), code="start.not-dealt")
        slots = [slot for slot in game.slots.all() if numbers is None or slot.number in numbers]
        for slot in slots:
            view = view_for(state, slot.number)
            event = {"type": "role_message", "slot": slot.number, "role": view["role"]["id"],
                     "side": view["side"]["id"], "members": [m["slot"] for m in view["side"].get("members", [])]}
            Post.objects.create(thread=thread(game, f"slot:{slot.number}"), game=game, system=True, body="",
                                event=event, phase=game.phase, created_at=now)
        notify(game, [slot.user_id for slot in slots], Notification.Kind.ROLE, now,
               url=f"{game.get_absolute_url()}#my-role")
    return len(slots)


def game_start(*, game: Game, now: datetime | None = None) -> Game:
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        apply(game, [c.Start(at=now)])
    return game


# --- players: posts, votes, night actions --------------------------------------------------------
def _names(game: Game) -> dict[str, int]:
    names = {}
    for slot in game.slots.select_related("user"):
        names[slot.user.get_username()] = slot.number
        names[slot.name] = slot.number
    return names


def post_create(*, game: Game, user, thread_key: str = MAIN, body: str, now: datetime | None = None) -> Post:
    """A post; in the main thread its last VOTE:/UNVOTE tag is a vote, in the same transaction.
    A tag the rules refuse leaves the post standing and the vote unchanged (``post.tag``)."""
    body = (body or "").strip()
    if not body:
        raise ApplicationError(_("Write something first."), code="post.empty")
    if len(body) > MAX_POST:
        raise ApplicationError(_("A post is at most %(n)d characters.") % {"n": MAX_POST}, code="post.long")
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        state = state_of(game)
        viewer = viewer_of(user, game)
        if not may_post(viewer, game, state, thread_key, now):
            if state.started and not game.is_over and processing(state, now):
                raise ApplicationError(_("The deadline has passed: the game is being updated. Try again in a minute."),
                                       code="phase.deadline-passed")
            raise ApplicationError(_("You may not post in this thread."), code="post.forbidden")
        slot = viewer.slot
        post = Post.objects.create(thread=thread(game, thread_key), game=game, slot=slot, author=user,
                                   name=slot.name if slot is not None else "", by_moderator=viewer.moderator,
                                   body=body, phase=game.phase, created_at=now)
        if slot is not None:
            Slot.objects.filter(pk=slot.pk).update(last_post_at=now)
        if thread_key == MAIN and slot is not None and state.started and not game.is_over:
            _post_tag(game, state, slot, post, now)
    return post


def _post_tag(game: Game, state, slot: Slot, post: Post, now: datetime) -> None:
    tag = parse_post(post.body, _names(game))
    if tag is None:
        return
    record = {"kind": tag.kind, "status": tag.status, "target": tag.slot, "text": tag.text}
    if tag.status == "ok":
        command = (c.Vote(at=now, actor=slot.number, target=tag.slot, post=post.ref) if tag.kind == "vote"
                   else c.Unvote(at=now, actor=slot.number, post=post.ref))
        try:
            new_state, events = resolve(state, [command])
        except RuleError as error:
            record["refused"] = error.rule
        else:
            store(game, new_state, events, post=post)
    post.tag = record
    post.save(update_fields=["tag"])


def vote_cast(*, game: Game, user, target: int | None, now: datetime | None = None) -> Post:
    """The vote control: a post carrying the tag, so every vote links to its post. ``None``
    unvotes. A refused vote raises and posts nothing (the transaction rolls the post back)."""
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        slots = {slot.number: slot for slot in game.slots.all()}
        slot = next((slot for slot in slots.values() if slot.user_id == user.pk), None)
        if slot is None:
            raise ApplicationError(_("You are not playing in this game."), code="slot.none")
        if target is not None and target not in slots:
            raise ApplicationError(_("No such player in this game."), code="vote.unknown-target")
        body = "UNVOTE" if target is None else f"VOTE: {slots[target].name}"
        tag = {"kind": "unvote" if target is None else "vote", "status": "ok", "target": target, "control": True}
        post = Post.objects.create(thread=thread(game, MAIN), game=game, slot=slot, author=user, name=slot.name,
                                   body=body, tag=tag, phase=game.phase, created_at=now)
        command = (c.Unvote(at=now, actor=slot.number, post=post.ref) if target is None
                   else c.Vote(at=now, actor=slot.number, target=target, post=post.ref))
        apply(game, [command], post=post, slots=slots)
        Slot.objects.filter(pk=slot.pk).update(last_post_at=now)
    return post


def night_action_submit(*, game: Game, user, ability: str, target: int | None, now: datetime | None = None) -> None:
    """A night action; again, and the last one counts; ``target=None`` withdraws it."""
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        slot = player_slot(game, user)
        apply(game, [c.NightAction(at=now, actor=slot.number, ability=ability, target=target)])


# --- the moderator during the game ---------------------------------------------------------------
def deadline_extend(*, game: Game, hours: int, note: str, now: datetime | None = None) -> None:
    _moderate(game, lambda at: c.ExtendDeadline(at=at, hours=hours, note=note), now)


def deadline_pause(*, game: Game, note: str, now: datetime | None = None) -> None:
    _moderate(game, lambda at: c.PauseDeadline(at=at, note=note), now)


def deadline_resume(*, game: Game, note: str, now: datetime | None = None) -> None:
    _moderate(game, lambda at: c.ResumeDeadline(at=at, note=note), now)


def slot_modkill(*, game: Game, number: int, note: str, now: datetime | None = None) -> None:
    _moderate(game, lambda at: c.Modkill(at=at, slot=number, note=note), now)


def slot_prod(*, game: Game, number: int, note: str = "", now: datetime | None = None) -> None:
    _moderate(game, lambda at: c.Prod(at=at, slot=number, note=note), now)


def _moderate(game: Game, command, now: datetime | None) -> None:
    """``command(at)``: the moderator's command, timed under the game's lock (a time read before
    the lock could fall before an event another request wrote meanwhile, and be refused)."""
    with transaction.atomic():
        game = locked(game.pk)
        apply(game, [command(now or clock.now())])


def slot_replace(*, game: Game, number: int, user, note: str = "", now: datetime | None = None) -> Slot:
    """A new person takes the slot over: it keeps its role, votes, posts and actions; the new
    player gets the role message."""
    name = person_name(user)[:60]
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        slot = game.slots.filter(number=number).first()
        if slot is None:
            raise ApplicationError(_("No such player in this game."), code="slot.unknown")
        if user.pk == game.moderator_id or game.slots.filter(user=user).exists():
            raise ApplicationError(_("That account is already in this game."), code="replace.in-game")
        if game.follows.filter(user=user).exists():
            raise ApplicationError(_("That account follows this game as a spectator and has read the dead and "
                                     "spectators' thread: it cannot take a living slot."), code="replace.spectator")
        slot.user, slot.name = user, name
        try:
            with transaction.atomic():
                slot.save(update_fields=["user", "name"])
        except IntegrityError as error:
            raise ApplicationError(_("That account is already in this game."), code="replace.in-game") from error
        apply(game, [c.Replace(at=now, slot=number, name=name, note=note)])
    if game.dealt:
        role_messages_send(game=game, numbers=[number], now=now)
    return slot


def review_publish(*, game: Game, note: str = "", now: datetime | None = None) -> Game:
    """After the end: open the post-game review (every role, private thread and night action) to
    everyone, with the moderator's public note; players and spectators are notified. Once."""
    with transaction.atomic():
        game = locked(game.pk)
        now = now or clock.now()  # read under the lock, so the log's times never go back
        if not game.is_over:
            raise ApplicationError(_("The review is published after the game is over."), code="review.running")
        if game.review_published_at is not None:
            raise ApplicationError(_("The review is already published."), code="review.published")
        game.review_published_at, game.review_note = now, (note or "").strip()[:2000]
        game.save(update_fields=["review_published_at", "review_note"])
        system_post(game, MAIN, {"type": "review_published", "note": game.review_note}, now)
        slots = {slot.number: slot for slot in game.slots.all()}
        notify(game, everyone(game, slots), Notification.Kind.REVIEW, now,
               url=reverse("online:review", kwargs={"slug": game.slug}))
    return game


# --- spectators ----------------------------------------------------------------------------------
def follow_set(*, game: Game, user, on: bool) -> None:
    if on:
        Follow.objects.get_or_create(game=game, user=user)
    else:
        Follow.objects.filter(game=game, user=user).delete()


def refusal_text(rule: str) -> str:
    return refusal(RuleError(rule, rule)).message
