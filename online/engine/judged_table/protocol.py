"""A table's log as a `mafia-protocol/1` document (`fiim-2025`) and as a transcript.

The table's language (its settings in the log) words the transcript; the protocol has no field
for a language (`protocol-format.md`), so a protocol reads the same whatever the table spoke.

The protocol is the evidence that the judge followed the rules: the site's protocol engine
(`games.engine.replay`) and scoring (`scoring.engine`) read it like any judge's protocol.
"""

from __future__ import annotations

from vocabulary import FIIM_2025, PROTOCOL_FORMAT

from .judge import SEATS
from .phrases import ENGLISH, PHRASEBOOKS

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


def transcript(log: list[dict], seat: int | None = None) -> list[str]:
    """The game as lines of text in the table's language (`phrases.py`): the judge's full
    transcript (`seat=None`: private lines marked with whom they reach), or what one seat heard
    and was told."""
    created = log[0]
    names = created["names"]
    words = PHRASEBOOKS.get((created.get("config") or {}).get("language"), ENGLISH)
    roles, steps, defaults, reasons = words.roles, words.steps, words.defaults, words.reasons
    lines = []
    for event in log:
        to = event.get("to")
        if seat is not None and to is not None and seat not in to:
            continue
        if to is None or seat is not None:
            mark = ""
        elif to:
            mark = words.to_seats.format(seats=", ".join(map(str, to)))
        else:
            mark = words.to_judge
        when = (
            words.when["night"].format(n=event["night"])
            if "night" in event
            else words.when["day"].format(n=event.get("day", "?"))
        )
        kind = event["type"]
        if kind == "speech":
            heard = event.get("heard")
            text = event["text"] if heard is None else words.cut.format(heard=heard)
            lines.append(f"[{when}] {event['seat']} ({names[event['seat'] - 1]}): {text}")
        elif kind == "speech_out_of_turn":
            lines.append(
                f"[{when}]{mark} "
                + words.out_of_turn.format(seat=event["seat"], text=event["text"])
            )
        elif kind == "vote":
            lines.append(
                f"[{when}] "
                + words.votes_against.format(seat=event["seat"], target=event["target"])
            )
        elif kind == "hand":
            lines.append(
                f"[{when}] "
                + (words.hand_up if event["up"] else words.hand_down).format(seat=event["seat"])
            )
        elif kind == "claim":
            lines.append(
                f"[{when}]{mark} "
                + words.claims.format(seat=event["seat"], target=event["target"] or words.nobody)
            )
        elif kind == "kill_decided":
            lines.append(
                f"[{when}]{mark} "
                + words.decides.format(seat=event["seat"], target=event["target"] or words.no_kill)
            )
        elif kind in ("sheriff_checked", "don_checked"):
            lines.append(
                f"[{when}]{mark} "
                + words.checks.format(seat=event["seat"], target=event["target"], say=event["say"])
            )
        elif kind == "roles_dealt":
            dealt = ", ".join(f"{s}: {roles.get(r, r)}" for s, r in event["roles"].items())
            how = words.by_hand if event.get("by_hand") else words.draw.format(draw=event["draw"])
            lines.append(f"[{when}]{mark} " + words.roles_dealt.format(how=how, dealt=dealt))
        elif kind == "mafia_met":
            black = ", ".join(map(str, event["black"]))
            lines.append(
                f"[{when}]{mark} " + words.mafia_meet.format(black=black, don=event["don"])
            )
        elif kind == "role_told":
            if seat is not None:
                lines.append(
                    f"[{when}] "
                    + words.your_role.format(role=roles.get(event["role"], event["role"]))
                )
        elif kind == "default_applied":
            step, value = event["step"], event["default"]
            line = words.default.format(
                seat=event["seat"], step=steps.get(step, step), default=defaults.get(value, value)
            )
            lines.append(
                f"[{when}]{mark} {line}" + (f" — {event['note']}" if event.get("note") else "")
            )
        elif kind == "nomination_not_counted":
            reason, target = event["reason"], event["target"]
            phrase = words.not_counted if target is not None else words.not_counted_no_number
            line = phrase.format(target=target, by=event["by"], reason=reasons.get(reason, reason))
            lines.append(f"[{when}] {line}")
        elif "say" in event:
            lines.append(f"[{when}]{mark} " + words.judge.format(say=event["say"]))
    return lines
