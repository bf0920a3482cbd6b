"""Host mode's clock and speaker: the judge's aid at the table (docs/entry.md, "Host mode").

Nothing here is the protocol: the speaker and the timers help the judge run the table, and only
what the judge records reaches the protocol. The state lives on the game (``Game.host_state``) so a
reload or a second device resumes at the same speaker with the same time left. ``host_step`` is
pure: the state, one tap, the moment, the day's order and the ruleset's timers in; the new state out.

    state = {"day": 2, "speaker": 4, "kind": "speech", "seconds": 60, "left": 42.5,
             "running_since": "2026-11-29T01:30:00+00:00" or None}
"""

from __future__ import annotations

from datetime import datetime

OPS = ("speaker", "next", "start", "pause", "reset", "timer")


class HostError(ValueError):
    """A tap that cannot apply (an unknown seat or timer): the caller says so, nothing changes."""


def time_left(state: dict, now: datetime) -> float:
    left = float(state.get("left", 0))
    since = state.get("running_since")
    if since:
        left -= (now - datetime.fromisoformat(since)).total_seconds()
    return max(0.0, left)


def _timer(state: dict, kind: str, seconds: int) -> dict:
    return {**state, "kind": kind, "seconds": seconds, "left": float(seconds), "running_since": None}


def host_step(state: dict, op: str, *, now: datetime, day: int, order: list[int], timers: dict[str, int],
              speech_seconds, seat: int | None = None, kind: str | None = None) -> dict:
    """One tap. ``order``: today's speaking order; ``speech_seconds(seat)``: a seat's speech time."""
    if state.get("day") != day:  # a new day starts at its opener, the clock stopped
        state = {"day": day, "speaker": None, "kind": "speech", "seconds": timers["speech"],
                 "left": float(timers["speech"]), "running_since": None}
    if op == "speaker":
        if seat not in order:
            raise HostError("seat")
        return _timer({**state, "speaker": seat, "done": False}, "speech", speech_seconds(seat))
    if op == "next":
        following = next_speaker(state, order)
        if following is None:  # the day's speeches are over
            return _timer({**state, "speaker": None, "done": True}, "speech", timers["speech"])
        return _timer({**state, "speaker": following}, "speech", speech_seconds(following))
    if op == "start":
        if state.get("running_since") or time_left(state, now) <= 0:
            return state
        return {**state, "running_since": now.isoformat()}
    if op == "pause":
        return {**state, "left": time_left(state, now), "running_since": None}
    if op == "reset":
        return {**state, "left": float(state.get("seconds", timers["speech"])), "running_since": None}
    if op == "timer":
        if kind not in timers:
            raise HostError("kind")
        return _timer(state, kind, timers[kind])
    raise HostError("op")


def next_speaker(state: dict, order: list[int]) -> int | None:
    """Who speaks after the current speaker: the day's opener before anyone, None after the last."""
    if state.get("done"):
        return None
    current = state.get("speaker")
    if current is None:
        return order[0] if order else None
    # today's order is a rotation from its opener: what follows a seat is what comes later in it
    # (a speaker who has just left the table is no longer in it, but the rotation goes on after them)
    opener = order[0] if order else current
    position = lambda seat: (seat - opener) % 1000  # noqa: E731
    rest = [seat for seat in order if position(seat) > position(current)]
    return rest[0] if rest else None
