"""The entry page's translation between the table and the protocol.

From the judge's taps (form fields) to ``mafia-protocol/1`` events, and from the replayed
table to what the page shows. No database access here: views call this, services save.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ApplicationError, checked_text
from games.engine.rulesets import DON_DECIDES
from vocabulary import BLACK, RED, TEAMS

from .host import next_speaker, time_left
from .rulesets import ROLE_LABELS, seat_numbers
from .selectors import EntryTable

HOW_NAMES = {
    "vote": gettext_lazy("voted out"), "raise": gettext_lazy("raised"),
    "shot": gettext_lazy("shot"), "disqualified": gettext_lazy("disqualified"),
}
STAGE_NAMES = {
    "shot": gettext_lazy("Night shot"), "don_check": gettext_lazy("Don's check"),
    "sheriff_check": gettext_lazy("Sheriff's check"),
}
WILL_NAMES = {
    "first_color": gettext_lazy("First Color"), "ordered": gettext_lazy("Last Will Ordered"),
    "pass_the_helm": gettext_lazy("Pass the Helm"), "none": gettext_lazy("No will"),
}
# A First Color declaration's and a Sheriff's check's colour, in words.
COLOUR_WORDS = {RED: gettext_lazy("red"), BLACK: gettext_lazy("black")}
END_NAMES = {
    "all_black_out": gettext_lazy("all black players are out"),
    "parity": gettext_lazy("the black team reached parity"),
    "dd": gettext_lazy("declared defeat"), "surrender": gettext_lazy("the black team surrendered"),
}


TIMER_NAMES = {
    "mafia_meet": gettext_lazy("Mafia meeting"), "speech": gettext_lazy("Speech"),
    "shortened_speech": gettext_lazy("Speech after three fouls"), "split_speech": gettext_lazy("Split speech"),
    "farewell": gettext_lazy("Farewell speech"), "sheriff_check": gettext_lazy("Sheriff's check"),
    "don_check": gettext_lazy("Don's check"),
}


def host_view(state: dict, table_now: dict, names: dict[int, str], now) -> dict:
    """Host mode as the page shows it (games/host.py's state, read at ``now``): the speaker and the
    next one with their names, today's order, the clock, the timers one tap away."""
    if state.get("day") != table_now["day"]:  # a new phase: its opener next, the clock stopped
        seconds = table_now["timers"]["speech"]
        state = {"day": table_now["day"], "speaker": None, "kind": "speech", "seconds": seconds, "left": seconds}
    order = table_now["order"]
    following = next_speaker(state, order)
    kind = state.get("kind", "speech")
    return {
        "speaker": state.get("speaker"), "speaker_name": names.get(state.get("speaker"), ""),
        "done": bool(state.get("done")),  # the day's last speaker has spoken
        "next": following, "next_name": names.get(following, ""),
        "order": [{"seat": seat, "name": names.get(seat, ""), "now": seat == state.get("speaker")} for seat in order],
        "kind": kind, "kind_label": str(TIMER_NAMES.get(kind, kind)), "seconds": state.get("seconds", 0),
        "left": round(time_left(state, now), 1), "running": bool(state.get("running_since")),
        "timers": [{"kind": name, "label": str(TIMER_NAMES.get(name, name)), "seconds": seconds}
                   for name, seconds in table_now["timers"].items()],
    }


def speech_taps(speaker: int | None, table: EntryTable) -> dict | None:
    """What host mode offers during ``speaker``'s speech (docs/entry.md, "Host mode"): the seats the
    speaker may nominate with one tap, and the speaker's foul. None when nobody at the table speaks.

    The taps post the entry page's own ``nominate`` and ``foul`` actions, so the engine still
    decides; this only leaves out what it would refuse: a seat that has left, a seat already on
    today's list, nominations once the day's voting has begun. A speaker who has nominated today
    has had their nomination of this speech ("each player nominates once a day" under fiim-2025,
    once per speech under Pro Mafia): the panel names it and offers no second one (the full form
    still records one where the rules allow it)."""
    actions, state, phase = table.actions, table.state, table.phase
    if speaker is None or actions is None or phase is None or not phase.is_day or actions.finished:
        return None
    if speaker not in state.alive:  # a farewell speech: no nomination, no foul at the table
        return None
    today = actions.in_recorded_phase
    listed = state.nominations if today else ()
    nominators = state.nominators if today else ()
    nominated = [target for by, target in zip(nominators, listed, strict=False) if by == speaker]
    targets = [] if nominated or not actions.nominate else [seat for seat in sorted(state.alive) if seat not in listed]
    return {"speaker": speaker, "nominate_open": actions.nominate, "targets": targets, "nominated": nominated,
            "fouls": state.fouls[speaker].ordinary}


def phase_label(kind: str, number: int) -> str:
    return (_("Day %(n)s") if kind == "day" else _("Night %(n)s")) % {"n": number}


# --- reading the form --------------------------------------------------------------------------


def _seat(data: QueryDict, name: str, what: str, seats: range, *, optional: bool = False) -> int | None:
    return _parse_seat(data.get(name) or "", what, seats, optional=optional, field=name)


def _parse_seat(raw: str, what: str, seats: range, *, optional: bool = False, field: str = "") -> int | None:
    """A seat of the table (``seats``, the ruleset's), or the form's refusal naming ``what``."""
    raw = raw.strip()
    if raw in ("", "none") and optional:
        return None
    refusal = ApplicationError(_("Pick %(what)s.") % {"what": what}, code="form", extra={"field": field} if field else {})
    try:
        seat = int(raw)
    except ValueError:
        raise refusal from None
    if seat not in seats:
        raise refusal
    return seat


def _seats(data: QueryDict, name: str, seats: range) -> list[int]:
    chosen = []
    for raw in data.getlist(name):
        try:
            seat = int(raw)
        except ValueError:
            seat = None
        if seat not in seats:
            raise ApplicationError(_("Seats are numbers from 1 to %(last)s.") % {"last": seats[-1]}, code="form")
        if seat not in chosen:
            chosen.append(seat)
    return chosen


def _text(data: QueryDict, name: str, what: str) -> str:
    text = checked_text(data.get(name))
    if not text:
        raise ApplicationError(_("Write %(what)s.") % {"what": what}, code="form", extra={"field": name})
    return text


def _phased(table: EntryTable, event: dict) -> dict:
    event[table.phase.kind] = table.phase.number
    return event


def build_event(action: str, data: QueryDict, table: EntryTable) -> dict:
    """The event the judge's form describes; ApplicationError when the form is incomplete.

    Whether the event is allowed at this point is the engine's decision, not this function's.
    """
    state = table.state
    seats = seat_numbers(table.game.ruleset)
    if action == "nominate":
        return _phased(table, {"type": "nominate", "by": _seat(data, "by", _("who nominates"), seats),
                               "target": _seat(data, "target", _("the nominated seat"), seats)})
    if action == "vote":
        candidates = list(state.voting[1]) if state.voting and state.voting[0] == "revote" else list(state.nominations)
        if not candidates:
            raise ApplicationError(_("Nobody is on the voting list."), code="form")
        votes: dict[str, int] = {}
        for candidate in candidates[:-1]:  # the last candidate gets whoever is left
            for voter in _seats(data, f"against_{candidate}", seats):
                if str(voter) in votes:
                    raise ApplicationError(
                        _("Seat %(voter)s is marked against two candidates.") % {"voter": voter}, code="form"
                    )
                votes[str(voter)] = candidate
        return _phased(table, {"type": "vote", "round": state.next_vote_round or 1,
                               "candidates": candidates, "votes": votes})
    if action == "raise":
        candidates = list(state.voting[1]) if state.voting else []
        return _phased(table, {"type": "raise", "candidates": candidates, "hands": _seats(data, "hands", seats)})
    if action == "shot":
        if table.ruleset is not None and table.ruleset.shot_rule == DON_DECIDES:
            return _phased(table, {"type": "shot", "target": _seat(data, "target", _("the target"), seats, optional=True)})
        shots = {}
        for seat in living_blacks(table):
            # Nothing is preselected: "—" (nothing shown) is a tap like a number.
            if not (data.get(f"shot_{seat}") or "").strip():
                raise ApplicationError(_("Pick what seat %(seat)s showed: a number, or “—” for nothing.")
                                       % {"seat": seat}, code="form", extra={"field": f"shot_{seat}"})
            shots[str(seat)] = _seat(data, f"shot_{seat}", _("what seat %(seat)s showed") % {"seat": seat},
                                     seats, optional=True)
        event = {"type": "shot", "shots": shots}
        responsible = _seats(data, "responsible", seats)
        if responsible:
            event["responsible"] = responsible
        return _phased(table, event)
    if action in ("don_check", "sheriff_check"):
        return _phased(table, {"type": action, "target": _seat(data, "target", _("the checked seat"), seats)})
    if action == "will":
        return build_will(data, seats)
    if action in ("foul", "technical_foul"):
        kind = "technical" if action == "technical_foul" else "ordinary"
        return _phased(table, {"type": "foul", "seat": _seat(data, "seat", _("the seat"), seats), "kind": kind})
    if action in ("disqualify", "dd"):
        return _phased(table, {"type": action, "seat": _seat(data, "seat", _("the seat"), seats),
                               "reason": _text(data, "reason", _("the reason"))})
    if action == "surrender":
        return _phased(table, {"type": "surrender"})
    if action == "bonus":
        try:
            points = float((data.get("points") or "").replace(",", "."))
            if not math.isfinite(points):  # "nan", "inf": float() takes them, a protocol does not
                raise ValueError(points)
        except ValueError:
            raise ApplicationError(_("Points are a number, such as 0.3 or -0.2."), code="form") from None
        return {"type": "bonus", "seat": _seat(data, "seat", _("the seat"), seats), "points": points,
                "reason": _text(data, "reason", _("the reason"))}
    if action == "sheriff_kill_responsible":
        return {"type": "sheriff_kill_responsible", "seat": _seat(data, "seat", _("the responsible black"), seats)}
    raise ApplicationError(_("Unknown action."), code="form")


def build_will(data: QueryDict, seats: range) -> dict:
    seat = _seat(data, "seat", _("whose will it is"), seats)
    kind = data.get("kind", "")
    event: dict = {"type": "will", "seat": seat, "kind": kind}
    if kind == "first_color":
        declarations = {}
        for target in seats:
            color = data.get(f"color_{target}", "")
            if color in TEAMS:
                declarations[str(target)] = color
        event["declarations"] = declarations
    elif kind == "ordered":
        targets = []
        # The page's tiles: one row per place in the order (target_1, target_2, …); "targets" is
        # the list form (an older page, the HTTP tests).
        ordered = [data.get(f"target_{place}", "") for place in seats]
        for raw in [raw for raw in ordered if raw] or data.getlist("targets"):
            if raw.strip():
                targets.append(_parse_seat(raw, _("a seat"), seats))
        event["targets"] = targets
    elif kind == "pass_the_helm":
        event["recipient"] = _seat(data, "recipient", _("who takes the helm"), seats)
    elif kind != "none":
        raise ApplicationError(_("Pick the kind of will."), code="form")
    return event


# --- showing the table ---------------------------------------------------------------------------


def in_recorded_phase(table: EntryTable) -> bool:
    """Is the page still in the phase of the last recorded event (so today's list applies)?"""
    return table.actions.in_recorded_phase


def living_blacks(table: EntryTable) -> list[int]:
    return list(table.actions.living_blacks)


@dataclass
class SeatView:
    number: int
    nickname: str
    role: str
    role_name: str
    team: str
    alive: bool
    ordinary: int
    technical: int
    shortened: bool
    gone: str = ""  # how and when the seat left
    nominated: bool = False

    @property
    def dots(self) -> str:
        """Ordinary fouls as filled dots out of three (a fourth means disqualification)."""
        return "●" * self.ordinary + "○" * max(0, 3 - self.ordinary)


def seat_views(table: EntryTable) -> list[SeatView]:
    record, state = table.record, table.state
    nominated = set(state.nominations) if in_recorded_phase(table) else set()
    views = []
    for info in record.seats:
        fouls = state.fouls[info.seat]
        departure = record.departure_of(info.seat)
        gone = ""
        if departure is not None:
            gone = f"{HOW_NAMES[departure.how]} · {phase_label(departure.phase.kind, departure.phase.number)}"
        views.append(SeatView(
            number=info.seat, nickname=info.player, role=info.role, role_name=str(ROLE_LABELS[info.role]),
            team=info.team, alive=info.seat in state.alive, ordinary=fouls.ordinary,
            technical=fouls.technical, shortened=fouls.shortened_speech, gone=gone,
            nominated=info.seat in nominated,
        ))
    return views


def night_results(table: EntryTable) -> list[str]:
    """What the current night has recorded so far, for the judge (with the checks' answers)."""
    phase = table.phase
    if phase is None or not phase.is_night:
        return []
    lines = []
    for shot in table.record.nights:
        if shot.night == phase.number:
            if shot.killed is not None:
                lines.append(_("Shot: seat %(seat)s is killed.") % {"seat": shot.killed})
            else:
                lines.append(_("Shot: a miss."))
    for check in table.record.checks:
        if check.night == phase.number:
            answers = {**COLOUR_WORDS, "sheriff": _("the Sheriff"), "not_sheriff": _("not the Sheriff")}
            who = _("Don") if check.by == "don" else _("Sheriff")
            lines.append(_("%(who)s checked seat %(seat)s: %(answer)s.")
                         % {"who": who, "seat": check.target, "answer": answers.get(check.result, check.result)})
    return lines


def describe_event(event: dict) -> str:
    """One event in the judge's words (for the log and the undo button)."""
    kind = event.get("type")
    phase = ""
    if "day" in event:
        phase = phase_label("day", event["day"]) + ": "
    elif "night" in event:
        phase = phase_label("night", event["night"]) + ": "
    if kind == "nominate":
        text = _("%(by)s nominates %(target)s") % event
    elif kind == "vote":
        text = _("vote (round %(round)s) on %(list)s") % {
            "round": event.get("round"), "list": ", ".join(map(str, event.get("candidates", [])))}
    elif kind == "raise":
        text = _("raise of %(list)s: %(hands)s hands") % {
            "list": ", ".join(map(str, event.get("candidates", []))), "hands": len(event.get("hands", []))}
    elif kind == "shot":
        if "shots" in event:
            shown = ", ".join(f"{seat}→{number or '–'}" for seat, number in event["shots"].items())
            text = _("shot (%(shown)s)") % {"shown": shown}
        else:
            text = _("shot at %(target)s") % {"target": event.get("target") or "–"}
    elif kind == "don_check":
        text = _("Don checks %(target)s") % event
    elif kind == "sheriff_check":
        text = _("Sheriff checks %(target)s") % event
    elif kind == "will":
        text = _("will of %(seat)s: %(kind)s") % {"seat": event.get("seat"),
                                                   "kind": WILL_NAMES.get(event.get("kind"), event.get("kind"))}
    elif kind == "foul":
        text = (_("technical foul on %(seat)s") if event.get("kind") == "technical" else _("foul on %(seat)s")) % event
    elif kind == "disqualify":
        text = _("%(seat)s disqualified") % event
    elif kind == "dd":
        text = _("declared defeat by %(seat)s") % event
    elif kind == "surrender":
        text = _("the black team surrenders")
    elif kind == "bonus":
        text = _("%(points)s points to %(seat)s") % event
    elif kind == "sheriff_kill_responsible":
        text = _("%(seat)s held responsible for the Sheriff's kill") % event
    else:
        text = str(kind)
    return phase + text


# --- what the page asks before it records -------------------------------------------------------


def pending_vote(table: EntryTable) -> list[int]:
    """Today's candidates while a vote or the raise decision is still due (else [])."""
    return list(table.actions.vote_due)


def _seat_list(seats) -> str:
    return ", ".join(map(str, seats))


def question(action: str, event: dict | None, data: QueryDict, table: EntryTable) -> str | None:
    """What the judge is asked before ``action`` is recorded (once: the answer posts ``confirmed``),
    or None. A vote nobody is marked in (every vote defaults to the last candidate; with a single
    candidate every vote is theirs by rule, so nothing to ask), a move to the
    next phase that skips a due vote, a disqualification, a DD, a surrender."""
    if data.get("confirmed") == "1":
        return None
    if action == "vote" and event is not None and not event["votes"] and len(event["candidates"]) > 1:
        candidates = event["candidates"]
        alive = len(table.state.alive)
        tally = ", ".join(
            _("seat %(seat)s — %(n)s") % {"seat": seat, "n": alive if seat == candidates[-1] else 0}
            for seat in candidates)
        return _("Nobody is marked, so all %(n)s votes go against seat %(seat)s, the last candidate. "
                 "The tally to record: %(tally)s. Record this vote?") % {
            "n": alive, "seat": candidates[-1], "tally": tally}
    if action == "phase":
        pending = pending_vote(table)
        try:
            forward = int(data.get("phase_key", "")) > table.phase.key
        except ValueError:
            forward = False
        if pending and forward:
            return _("Seats %(seats)s are on the voting list and not voted on yet: moving on skips today's "
                     "vote, and nobody leaves by vote today. Move on anyway?") % {"seats": _seat_list(pending)}
    if action == "disqualify" and event is not None:
        return _("Disqualify seat %(seat)s (%(reason)s)? They leave the table at once, without a will.") % event
    if action == "dd" and event is not None:
        return _("Declared defeat for seat %(seat)s (%(reason)s)? Their team loses and the game ends now.") % event
    if action == "surrender":
        return _("The black team surrenders: red wins and the game ends now. Record it?")
    return None


def vote_tallies(table: EntryTable) -> list[str]:
    """Today's recorded vote rounds and raise decision, one line each, in the judge's words."""
    phase = table.phase
    if phase is None or not phase.is_day or not in_recorded_phase(table):
        return []
    lines = []
    for vote in table.record.votes:
        if vote.day != phase.number:
            continue
        counts = ", ".join(_("seat %(seat)s — %(n)s") % {"seat": seat, "n": n} for seat, n in vote.counts.items())
        if vote.outcome == "eliminated":
            outcome = _("seat %(seat)s is voted out") % {"seat": vote.eliminated}
        elif vote.outcome == "revote":
            outcome = _("a tie: revote among %(seats)s") % {"seats": _seat_list(vote.leaders)}
        else:
            outcome = _("the tie stays: the raise decision on %(seats)s") % {"seats": _seat_list(vote.leaders)}
        lines.append(_("Round %(round)s: %(counts)s → %(outcome)s.") % {
            "round": vote.round, "counts": counts, "outcome": outcome})
    for decision in table.record.raises:
        if decision.day == phase.number:
            lines.append(_("Raise decision: %(n)s hands → %(outcome)s.") % {
                "n": len(decision.hands),
                "outcome": _("seats %(seats)s leave") % {"seats": _seat_list(decision.candidates)}
                if decision.passed else _("everyone stays")})
    return lines
