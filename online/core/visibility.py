"""Secrecy of online games: THE rule, in one place (docs/online-site.md, "Who sees what").

Until the game is over, a private thread, a role, a night action or a night result is seen by
its owners only:

* the public thread ``main`` — everyone (anonymous visitors and spectators included);
* a team's thread ``side:<id>`` — the slots the engine lets read it (that team's members);
* a slot's own thread ``slot:<n>`` (its role message, night results, prods) — that slot's current
  player;
* the dead and spectators' thread ``dead`` — the players who have left the game and the
  spectators (accounts not in the game that follow it). A spectator who has read it can no
  longer come in as a replacement (services.slot_replace refuses a follower);
* the moderator — everything, always.

Once the game is over and the moderator has published the post-game review, it opens it all to
everyone; between the end and the publication the secrets stay as they were. Pages, fragments and
services ask only the functions below; tests/secrecy walks every URL to keep it so.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from online.engine import GameState, processing, readable_threads

from .models import Game, Slot

MAIN = "main"
DEAD = "dead"


@dataclass(frozen=True)
class Viewer:
    """Who is looking at a game: the moderator, the player of a slot, or anyone else."""

    moderator: bool = False
    slot: Slot | None = None
    authenticated: bool = False
    spectator: bool = False  # follows the game and is not in it
    user_id: int | None = None

    @property
    def number(self) -> int | None:
        return self.slot.number if self.slot is not None else None


def viewer_of(user, game: Game) -> Viewer:
    if user is None or not user.is_authenticated:
        return Viewer()
    if user.pk == game.moderator_id or user.is_superuser or _co_moderator(user, game):
        return Viewer(moderator=True, authenticated=True, user_id=user.pk)
    kept = getattr(game, "_prefetched_objects_cache", {}).get("slots")
    if kept is not None:
        slot = next((slot for slot in kept if slot.user_id == user.pk), None)
    else:  # one row, not the whole list: a Mafia 1923 event has a thousand slots
        slot = game.slots.filter(user_id=user.pk).first()
    spectator = slot is None and game.follows.filter(user=user).exists()
    return Viewer(slot=slot, authenticated=True, spectator=spectator, user_id=user.pk)


def _co_moderator(user, game: Game) -> bool:
    """Mafia 1923 has "a few moderators": those its console added besides the game's own."""
    if game.setup.data.get("ruleset") != "mafia1923":
        return False
    return game.m1923_moderators.filter(user_id=user.pk).exists()


def review_open(game: Game) -> bool:
    """The post-game review: everything is open once the game is over and the moderator has
    published it."""
    return game.is_over and game.review_published_at is not None


def review_open_q(prefix: str = "") -> Q:
    """``review_open`` as a filter of games (``prefix``: the path to the game, "game__" from a
    slot): the lists that show roles of many games (a player's record) ask this, not their own rule."""
    return Q(**{f"{prefix}status": Game.Status.FINISHED, f"{prefix}review_published_at__isnull": False})


def judged_table_revealed(table) -> bool:  # an online.table.models.JudgedTable
    """A person's table at the auto-judged table is theirs alone (anyone else gets a 404 for
    every URL of it); while its game goes on they see their seat's view only, and once it is
    over the whole game: every role, the judge's full transcript, the protocol and the scores.
    The table has no moderator to publish a review: the owner is its only audience."""
    return table.winner != ""


def sees_everything(viewer: Viewer, game: Game) -> bool:
    return viewer.moderator or review_open(game)


def may_read(viewer: Viewer, game: Game, state: GameState, thread: str) -> bool:
    """THE rule: may this viewer read this thread?"""
    if thread == MAIN or sees_everything(viewer, game):
        return True
    if thread == DEAD and viewer.spectator:
        return True
    number = viewer.number
    if number is None or not state.dealt:
        return False
    if thread == f"slot:{number}":
        return True
    if thread == DEAD:
        return not state.slot(number).alive
    return thread in readable_threads(state, number)


def readable(viewer: Viewer, game: Game, state: GameState, keys) -> list[str]:
    return [key for key in keys if may_read(viewer, game, state, key)]


def may_post(viewer: Viewer, game: Game, state: GameState, thread: str, now) -> bool:
    """Who may write where: the moderator everywhere; a player in what they read, living players
    only in the main and team threads, the dead and the spectators in the dead thread; nobody while the game is
    being updated (its deadline passed), and after the end everyone who played, in the main
    thread."""
    if viewer.moderator:
        return True
    if viewer.spectator:
        return (thread == DEAD and state.started and not game.is_over and not processing(state, now)
                and may_read(viewer, game, state, thread))
    number = viewer.number
    if number is None or not may_read(viewer, game, state, thread):
        return False
    if game.is_over:
        return thread == MAIN
    if not state.started or processing(state, now):
        return thread.startswith("slot:") and state.dealt
    alive = state.slot(number).alive
    if thread == DEAD:
        return not alive
    if thread.startswith("slot:"):
        return True
    return alive


def may_see_private(viewer: Viewer, game: Game, number: int) -> bool:
    """A slot's role, submissions and results: its own player, the moderator, the review."""
    return sees_everything(viewer, game) or viewer.number == number


# --- Mafia 1923 (issue 18): the same rule, for the family event's own pages ---------------------
# A player's private messages are the posts of their own thread ``slot:<n>`` (``may_read``); the
# public announcements are in ``main``; roles, submissions, the draft and causes of death follow
# ``may_see_private``/``sees_everything``. Spectators are viewers without a slot: ``main`` only.
# The questions channel is the one exception to the review: it stays between the asker and the
# moderators even after the event ends (seed 004, "Communication").


def may_see_draft(viewer: Viewer) -> bool:
    """A window's draft (every announcement and private message before publication)."""
    return viewer.moderator


def may_read_question(viewer: Viewer, question) -> bool:
    """A question and its answer: the player who asked, and the moderators; never the review."""
    return viewer.moderator or (viewer.user_id is not None and viewer.user_id == question.user_id)


def may_see_submissions(viewer: Viewer, game: Game, number: int) -> bool:
    """A player's actions and votes in an open window: the player and the moderators (then, once
    the event is over, the review)."""
    return may_see_private(viewer, game, number)
