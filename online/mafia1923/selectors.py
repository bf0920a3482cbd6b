"""Reads for a "Mafia 1923" event: the pictures its pages render, each filtered by the one rule
(online/core/visibility.py) before it reaches a template."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db.models import QuerySet

from online.core.models import Game, Post
from online.core.visibility import MAIN, Viewer, may_read, may_read_question, may_see_private
from online.engine.mafia1923 import available_actions, player_view, public_board
from online.engine.mafia1923.common import kill_quota  # noqa: F401 (the forms show the quota)
from online.engine.mafia1923.events import ext
from online.engine.mafia1923.schedule import window

from .models import Entry, Question
from .play import is_event, moderator_ids  # noqa: F401 (the console's)
from .recipients import PRIVATE, PUBLIC  # noqa: F401 (the console's)
from .texts import private_lines, public_lines, result_lines

ZONE = "Asia/Jerusalem"


def events() -> QuerySet[Game]:
    return Game.objects.filter(setup__data__ruleset="mafia1923").select_related("setup")


def zone_of(state) -> ZoneInfo:
    return ZoneInfo(state.setup.option("timezone")) if state is not None else ZoneInfo(ZONE)


def schedule(state) -> list[dict]:
    """Every window of the event in its time zone (Israel time, daylight saving included)."""
    if not state.phases and state.phase is None:
        return []
    first = state.phases[0] if state.phases else state.phase
    night_one = first.started_at.astimezone(zone_of(state)).date() if first.id == "N1" else None
    if night_one is None:
        return []
    rows = []
    for number in range(1, state.setup.option("days") + 1):
        for phase in (f"N{number}", f"D{number}"):
            start, end = window(state.setup, night_one, phase)
            rows.append({"phase": phase, "start": start, "end": end})
    return rows


def names(state) -> dict[int, str]:
    return {slot.number: slot.name for slot in state.slots}


def public_feed(game: Game, state) -> list[dict]:
    """The published public announcements, newest first, as lines in the reader's language."""
    who = names(state)
    posts = Post.objects.filter(game=game, thread__key=MAIN, system=True, event__type=PUBLIC).order_by("-pk")
    return [{"phase": post.phase, "at": post.created_at,
             "lines": public_lines(post.event["public"], who, post.event.get("notes", ()))
             + result_lines(post.event.get("result"), who)} for post in posts]


def private_feed(game: Game, state, viewer: Viewer, number: int) -> list[dict]:
    """A player's private messages (their own thread): only for whom the rule lets read it."""
    if not may_read(viewer, game, state, f"slot:{number}"):
        return []
    who = names(state)
    posts = Post.objects.filter(game=game, thread__key=f"slot:{number}", system=True,
                                event__type=PRIVATE).order_by("-pk")
    return [{"phase": post.phase, "at": post.created_at, "lines": private_lines(post.event, who)} for post in posts]


def me(game: Game, state, viewer: Viewer) -> dict | None:
    """The viewer's own player: role, family, statuses, what they may do now."""
    number = viewer.number
    if number is None or not state.dealt or not may_see_private(viewer, game, number):
        return None
    view = player_view(state, number)
    view["submitted"] = {ability: sub for (slot, ability), sub in state.actions.items() if slot == number}
    phase = state.phase
    view["votes"] = {}
    if phase is not None and phase.kind == "day":
        for ballot in ("family", "individual"):
            current = state.ballots.get((phase.id, ballot))
            if current is not None and number in current.current:
                view["votes"][ballot] = current.current[number][0]
    return view


def may_do(state, number: int, kind: str) -> list[dict]:
    """What the player may do now: ``votes`` (the votes form) or the actions (the actions form)."""
    return [a for a in available_actions(state, number) if (a["ability"] == "votes") == (kind == "votes")]


def known_living(state) -> list:
    """The players everyone may take for living: the living and the exiled (an exile is never
    announced, so a form that left the exiled out of its choices would tell it)."""
    statuses = {p["slot"]: p["status"] for p in public_board(state)["players"]}
    return [slot for slot in state.slots if statuses[slot.number] == "living"]


def families(state) -> list[dict]:
    """The families with their members' public statuses (family membership is public)."""
    board = public_board(state)
    players = {p["slot"]: p for p in board["players"]}
    return [{"index": index, "name": name, "members": [players[n] for n in members],
             "living": sum(1 for n in members if players[n]["status"] == "living")}
            for index, (name, members) in enumerate(board["families"].items(), start=1)]


def family_totals(state, family: str) -> list[dict]:
    """The family's published vote totals, window by window."""
    rows = []
    for phase, tally in sorted(ext(state).tallies.items()):
        rows.append({"phase": phase, "votes": tally["families"].get(family, 0)})
    return rows


def board(state) -> dict:
    """The public board: deaths and vote totals of every published window."""
    data = public_board(state)
    who = names(state)
    windows = []
    for public in data["phases"]:
        if not (public["deaths"] or public["poisoned"] or public["cured"] or "votes" in public):
            continue
        windows.append({"phase": public["phase"], "public": public, "lines": public_lines(public, who)})
    return {"players": data["players"], "windows": list(reversed(windows)),
            "result": result_lines(data["result"], who), "dead": [p for p in data["players"] if p["status"] != "living"]}


def questions_for(game: Game, viewer: Viewer) -> list[Question]:
    """The questions the viewer may read (their own; the moderators: all)."""
    rows = Question.objects.filter(game=game).select_related("user")
    if not viewer.moderator:
        rows = rows.filter(user_id=viewer.user_id or 0)
    return [q for q in rows if may_read_question(viewer, q)]


def entry_of(game: Game, user) -> Entry | None:
    if not user.is_authenticated:
        return None
    return Entry.objects.filter(game=game, user=user).first()


def roster(state) -> list[dict]:
    """The moderators' roster: every player with role, side, family, level and statuses."""
    e = ext(state)
    rows = []
    for slot in state.slots:
        view = player_view(state, slot.number)
        rows.append({**view, "level": e.level_of.get(slot.number)})
    return rows


def pending_actions(state) -> list[dict]:
    """Every submission of the open window (the moderators' view), with the day's votes."""
    rows = [{"slot": slot, "ability": ability, **{k: v for k, v in sub.items() if k in ("target", "at")}}
            for (slot, ability), sub in sorted(state.actions.items())]
    phase = state.phase
    if phase is not None and phase.kind == "day":
        for ballot in ("family", "individual"):
            current = state.ballots.get((phase.id, ballot))
            for voter, (target, *_rest) in sorted(current.current.items()) if current else ():
                rows.append({"slot": voter, "ability": f"vote:{ballot}", "target": target})
    return rows


def local(moment: datetime | None, state) -> datetime | None:
    return moment.astimezone(zone_of(state)) if moment is not None else None


def is_1923(game: Game) -> bool:
    return is_event(game.setup.data)
