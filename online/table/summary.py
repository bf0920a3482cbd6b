"""What a person at an auto-judged table reads of the game so far (issue 27): selectors over the
table's log, site-side, never changing the judge's logged texts (logs are the truth).

- `outcomes(log)`: each day's and night's outcome from the PUBLIC events only (who was killed,
  who left the table and how, who was disqualified, why there was no vote, the count, the end).
  Pure: plain dicts, no Django.
- `summary(log)`: the same in the reader's language (gettext), one short list per day/night.
- `tally_in_words(tally)`: a vote's count as words ("Seat 5: 7 votes; seat 9: 1 vote").
- `heard(log, seat)`: every line the seat heard (`protocol.transcript`), the counts in words.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from online.engine.judged_table.protocol import transcript

PUBLIC_OUTCOMES = ("night_started", "day_started", "night_result", "votes_counted", "eliminated", "disqualified",
                   "no_vote", "game_over")  # fmt: skip


def outcomes(log: list[dict]) -> list[dict]:
    """Each day and night, in order, with its public outcomes: `{"phase", "number", "items"}`;
    an item is the event's type and its public fields. A morning's news belongs to the night
    before it. Private events (those with a `to`) are never read."""
    periods: list[dict] = []
    last_night: dict | None = None

    def period(phase: str, number: int) -> dict:
        for entry in reversed(periods):
            if entry["phase"] == phase and entry["number"] == number:
                return entry
        entry = {"phase": phase, "number": number, "items": []}
        periods.append(entry)
        return entry

    for event in log:
        if event.get("to") is not None or event.get("type") not in PUBLIC_OUTCOMES:
            continue
        kind = event["type"]
        phase = "night" if "night" in event else "day"
        number = event.get(phase, 0)
        if kind == "day_started":
            period("day", number)
            if last_night is not None:
                last_night["items"].append({"type": "killed", "seat": event.get("killed")})
            continue
        here = period(phase, number)
        if phase == "night":
            last_night = here
        if kind == "night_started":
            continue
        if kind == "night_result":
            here["items"].append({"type": "killed", "seat": event.get("killed")})
        elif kind == "votes_counted":
            here["items"].append({"type": "votes", "round": event.get("round", 1),
                                  "tally": dict(event.get("tally") or {})})  # fmt: skip
        elif kind == "eliminated":
            here["items"].append({"type": "eliminated", "seat": event["seat"], "how": event.get("how")})
        elif kind == "disqualified":
            here["items"].append({"type": "disqualified", "seat": event["seat"], "reason": event.get("reason")})
        elif kind == "no_vote":
            here["items"].append({"type": "no_vote", "reason": event.get("reason")})
        elif kind == "game_over":
            here["items"].append({"type": "game_over", "winner": event.get("winner")})
    return [entry for entry in periods if entry["items"]]


def tally_in_words(tally: dict) -> str:
    """`{"5": 7, "9": 1}` → "Seat 5: 7 votes; seat 9: 1 vote" (in the reader's language)."""
    parts = []
    for index, (seat, count) in enumerate(tally.items()):
        votes = ngettext("%(count)s vote", "%(count)s votes", count) % {"count": count}
        if index == 0:
            parts.append(_("Seat %(seat)s: %(votes)s") % {"seat": seat, "votes": votes})
        else:
            parts.append(_("seat %(seat)s: %(votes)s") % {"seat": seat, "votes": votes})
    return "; ".join(parts) if parts else _("no votes")


def _eliminated(item: dict) -> str:
    seat, how = item["seat"], item.get("how")
    if how == "vote":
        return _("Seat %(seat)s left the table by the vote.") % {"seat": seat}
    if how == "single-nomination":
        return _("Seat %(seat)s left the table as the only nominee.") % {"seat": seat}
    if how == "raise":
        return _("Seat %(seat)s left the table: the table raised hands to eliminate all.") % {"seat": seat}
    return _("Seat %(seat)s left the table.") % {"seat": seat}


def _no_vote(reason: str | None) -> str:
    if reason == "no-nominations":
        return _("No vote: nobody was nominated.")
    if reason == "day-one-single-nomination":
        return _("No vote: a single nomination on the first day.")
    if reason == "voting-cancelled":
        return _("No vote: the voting was cancelled.")
    return _("No vote.")


def _game_over(winner: str | None) -> str:
    if winner == "red":
        return _("Game over: the red team wins.")
    if winner == "black":
        return _("Game over: the black team wins.")
    return _("Game over: a draw.")


def _line(item: dict) -> str:
    kind = item["type"]
    if kind == "killed":
        if item["seat"]:
            return _("Seat %(seat)s was killed in the night.") % {"seat": item["seat"]}
        return _("Nobody was killed in the night.")
    if kind == "votes":
        tally = tally_in_words(item["tally"])
        if item.get("round", 1) > 1:
            return _("The revote: %(tally)s.") % {"tally": tally}
        return _("The vote: %(tally)s.") % {"tally": tally}
    if kind == "eliminated":
        return _eliminated(item)
    if kind == "disqualified":
        return _("Seat %(seat)s was disqualified (a fourth foul).") % {"seat": item["seat"]}
    if kind == "no_vote":
        return _no_vote(item.get("reason"))
    return _game_over(item.get("winner"))


def summary(log: list[dict]) -> list[dict]:
    """`outcomes(log)` in the reader's language: `{"title", "phase", "number", "lines"}`."""
    return [
        {
            "phase": entry["phase"],
            "number": entry["number"],
            "title": (_("Day %(n)s") if entry["phase"] == "day" else _("Night %(n)s")) % {"n": entry["number"]},
            "lines": [_line(item) for item in entry["items"]],
        }
        for entry in outcomes(log)
    ]


def heard(log: list[dict], seat: int) -> list[str]:
    """Every line `seat` heard, in the table's language (`protocol.transcript`), except that a
    vote's count reads in words in the reader's language (the logged text stays as it is)."""
    if not log:
        return []
    head = [log[0]]
    lines = transcript(head, seat=seat)
    base = len(lines)
    for event in log[1:]:
        said = transcript([*head, event], seat=seat)[base:]
        if event.get("type") == "votes_counted" and event.get("say") and event.get("tally") is not None:
            said = [line.replace(event["say"], _("Count: %(tally)s.") % {"tally": tally_in_words(event["tally"])})
                    for line in said]  # fmt: skip
        lines.extend(said)
    return lines
