"""A table's log as a `mafia-protocol/1` document (`fiim-2025`) and as a transcript.

The protocol is the evidence that the judge followed the rules: the site's protocol engine
(`games.engine.replay`) and scoring (`scoring.engine`) read it like any judge's protocol.
"""

from __future__ import annotations

from vocabulary import FIIM_2025, PROTOCOL_FORMAT

from .judge import SEATS

FORMAT = PROTOCOL_FORMAT
RULESET = FIIM_2025


def _phase_of(event: dict) -> dict:
    return {"night": event["night"]} if "night" in event else {"day": event["day"]}


def to_protocol(log: list[dict], players: list[str] | None = None) -> dict:
    """The protocol of a game (finished or not). `players` overrides the names shown."""
    created = log[0]
    names = players or created["names"]
    roles = next(event["roles"] for event in log if event["type"] == "roles_dealt")
    events: list[dict] = []
    for event in log:
        kind = event["type"]
        if kind == "sheriff_checked":
            events.append(
                {"type": "sheriff_check", "night": event["night"], "target": event["target"]}
            )
        elif kind == "kill_decided":
            events.append({"type": "shot", "night": event["night"], "target": event["target"]})
        elif kind == "default_applied" and event["step"] == "kill":
            events.append({"type": "shot", "night": event["night"], "target": None})
        elif kind == "don_checked":
            events.append({"type": "don_check", "night": event["night"], "target": event["target"]})
        elif kind == "nominated":
            events.append(
                {
                    "type": "nominate",
                    "day": event["day"],
                    "by": event["by"],
                    "target": event["target"],
                }
            )
        elif kind == "votes_counted":
            events.append({"type": "vote", "day": event["day"], "round": event["round"],
                           "candidates": list(event["candidates"]), "votes": dict(event["votes"])})  # fmt: skip
        elif kind == "hands_counted":
            events.append({"type": "raise", "day": event["day"], "candidates": list(event["candidates"]),
                           "hands": list(event["up"])})  # fmt: skip
        elif kind == "foul":
            events.append(
                {"type": "foul", **_phase_of(event), "seat": event["seat"], "kind": event["kind"]}
            )
    return {
        "format": FORMAT,
        "ruleset": RULESET,
        "seats": [
            {"seat": seat, "player": names[seat - 1], "role": roles[str(seat)]} for seat in SEATS
        ],
        "events": events,
    }


def _when(event: dict) -> str:
    return f"Night {event['night']}" if "night" in event else f"Day {event.get('day', '?')}"


def transcript(log: list[dict], seat: int | None = None) -> list[str]:
    """The game as lines of text: the judge's full transcript (`seat=None`: private lines
    marked with whom they reach), or what one seat heard and was told."""
    names = log[0]["names"]
    lines = []
    for event in log:
        to = event.get("to")
        if seat is not None and to is not None and seat not in to:
            continue
        mark = (
            ""
            if to is None or seat is not None
            else f" (to {', '.join(map(str, to)) or 'the judge'})"
        )
        when = _when(event)
        kind = event["type"]
        if kind == "speech":
            heard = event.get("heard")
            text = event["text"] if heard is None else f"{heard} [cut at the limit]"
            lines.append(f"[{when}] {event['seat']} ({names[event['seat'] - 1]}): {text}")
        elif kind == "speech_out_of_turn":
            lines.append(f"[{when}]{mark} {event['seat']} out of turn: {event['text']}")
        elif kind == "vote":
            lines.append(f"[{when}] {event['seat']} votes against {event['target']}")
        elif kind == "hand":
            lines.append(
                f"[{when}] {event['seat']} {'raises a hand' if event['up'] else 'keeps the hand down'}"
            )
        elif kind == "claim":
            lines.append(f"[{when}]{mark} {event['seat']} claims {event['target'] or 'nobody'}")
        elif kind == "kill_decided":
            lines.append(f"[{when}]{mark} {event['seat']} decides: {event['target'] or 'no kill'}")
        elif kind in ("sheriff_checked", "don_checked"):
            lines.append(
                f"[{when}]{mark} {event['seat']} checks {event['target']}. Judge: {event['say']}"
            )
        elif kind == "roles_dealt":
            dealt = ", ".join(f"{s}: {r}" for s, r in event["roles"].items())
            how = "by hand" if event.get("by_hand") else f"draw {event['draw']}"
            lines.append(f"[{when}]{mark} roles dealt ({how}): {dealt}")
        elif kind == "mafia_met":
            lines.append(
                f"[{when}]{mark} the Mafia meet: {', '.join(map(str, event['black']))}; the Don is {event['don']}"
            )
        elif kind == "role_told":
            if seat is not None:
                lines.append(f"[{when}] your role: {event['role']}")
        elif kind == "default_applied":
            lines.append(f"[{when}]{mark} default for {event['seat']} ({event['step']}): {event['default']}"
                         + (f" — {event['note']}" if event.get("note") else ""))  # fmt: skip
        elif kind == "nomination_not_counted":
            lines.append(
                f"[{when}] nomination of {event['target']} by {event['by']} not counted ({event['reason']})"
            )
        elif "say" in event:
            lines.append(f"[{when}]{mark} Judge: {event['say']}")
    return lines
