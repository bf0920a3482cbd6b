"""Reads for online games: querysets and the per-viewer pictures pages render."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from online.core.models import Game, Post, Setup, Slot
from online.core.play import state_of
from online.core.visibility import Viewer, may_read
from online.engine import vote_count


def forum_games() -> QuerySet[Game]:
    """The forum games (Mafia 1923 events have their own pages: online/mafia1923/views.py)."""
    return Game.objects.exclude(setup__data__ruleset="mafia1923")


def forum_setups() -> QuerySet[Setup]:
    """The forum game's setups: a Mafia 1923 event's setup is made with the event (its own
    console) and has roles the forum's setup form does not know."""
    return Setup.objects.exclude(data__ruleset="mafia1923")


def games_in_progress() -> QuerySet[Game]:
    return forum_games().filter(status=Game.Status.RUNNING).select_related("setup").annotate(
        players=Count("slots", distinct=True))


def games_open_for_signups() -> QuerySet[Game]:
    return forum_games().filter(status=Game.Status.SIGNUPS, dealt=False).select_related("setup").annotate(
        signed_up=Count("signups", distinct=True))


def games_finished() -> QuerySet[Game]:
    return forum_games().filter(status=Game.Status.FINISHED).select_related("setup")


def thread_posts(game: Game, viewer: Viewer, key: str, *, slot: int | None = None) -> QuerySet[Post]:
    """The thread's posts, or none when the viewer may not read it; ``slot``: only that
    player's posts ("show only this player's posts")."""
    if not may_read(viewer, game, state_of(game), key):
        return Post.objects.none()
    posts = Post.objects.filter(game=game, thread__key=key).select_related("slot", "author")
    if slot is not None:
        posts = posts.filter(slot__number=slot, system=False)
    return posts.order_by("pk")


def named_vote_count(game: Game, phase: str | None = None) -> dict | None:
    """The engine's vote count with the players' names (public: the count is public)."""
    state = state_of(game)
    if state.phase is None and phase is None:
        return None
    count = vote_count(state, phase)
    if count is None:
        return None
    names = {slot.number: slot.name for slot in state.slots}

    def name(number):
        return names.get(number, "") if number is not None else None

    return {
        **count,
        "wagons": [{**wagon, "name": name(wagon["target"]),
                    "voter_names": [name(voter) for voter in wagon["voters"]]} for wagon in count["wagons"]],
        "not_voting_names": [name(number) for number in count["not_voting"]],
        "lynched_name": name(count.get("lynched")),
        "history": [{**entry, "voter_name": name(entry["voter"]), "target_name": name(entry["target"]),
                     "previous_name": name(entry.get("previous")),
                     "post_id": _post_id(entry.get("post"))} for entry in count["history"]],
    }


def _post_id(ref: str | None) -> int | None:
    if isinstance(ref, str) and ref.startswith("p") and ref[1:].isdigit():
        return int(ref[1:])
    return None


def hours_since_last_post(game: Game, now) -> list[dict]:
    """The moderator's activity list: each slot with the hours since its last post."""
    rows = []
    for slot in Slot.objects.filter(game=game).select_related("user"):
        last = slot.last_post_at
        rows.append({"slot": slot, "hours": None if last is None else int((now - last).total_seconds() // 3600)})
    return rows
