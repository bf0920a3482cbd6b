"""The engine's refusals in the words a judge uses, in the visitor's language.

The engine stays pure: a ``ProtocolError`` carries a stable ``rule`` code and JSON-simple
``params`` (games/engine/errors.py). Here each code becomes one translated sentence
("Seat 4 already left the table on Day 2 (voted out) and cannot be nominated."), and the form
field that caused it, so the entry page can mark it. The entry page and the API both word
refusals through ``explain``; the API keeps the code, the event index and the params as well.

A code without its own sentence (a malformed document: the API's and the importer's business,
never the entry page's) gets a general one that still names the code.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from core.errors import ApplicationError
from games.engine import ProtocolError
from vocabulary import DON, SHERIFF

HOW = {
    "vote": gettext_lazy("voted out"), "raise": gettext_lazy("raised"),
    "shot": gettext_lazy("shot"), "disqualified": gettext_lazy("disqualified"),
}
ROLE = {DON: pgettext_lazy("the checker", "the Don"), SHERIFF: pgettext_lazy("the checker", "the Sheriff")}
STAGE = {
    "shot": gettext_lazy("night shot"), "don_check": gettext_lazy("Don's check"),
    "sheriff_check": gettext_lazy("Sheriff's check"),
}

# One sentence per code. %(gone)s is "on Day 2 (voted out)" when the seat's departure is known.
SENTENCES = {
    "nominate.by-departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and cannot nominate."),
    "nominate.target-departed": gettext_lazy(
        "Seat %(seat)s already left the table %(gone)s and cannot be nominated."),
    "nominate.already-nominated": gettext_lazy("Seat %(seat)s is already on the voting list."),
    "nominate.second-by-player": gettext_lazy(
        "Seat %(seat)s has already nominated today: each player nominates once a day."),
    "nominate.after-voting": gettext_lazy("The voting has begun: no more nominations today."),
    "vote.candidate-departed": gettext_lazy(
        "Seat %(seat)s already left the table %(gone)s and cannot be voted on."),
    "vote.voter-departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and does not vote."),
    "vote.no-candidates": gettext_lazy("Nobody is on the voting list."),
    "vote.round-out-of-sequence": gettext_lazy(
        "This vote is out of turn: the table has changed. Reload the page and record it again."),
    "vote.candidates-not-nominated": gettext_lazy("The vote is on the voting list only: %(seats)s."),
    "vote.candidates-order": gettext_lazy("The vote follows the order of the voting list: %(seats)s."),
    "vote.candidates-not-tied": gettext_lazy("The revote is among the tied candidates only: %(seats)s."),
    "vote.single-nomination-day-one": gettext_lazy(
        "On Day 1 a single nomination gets no vote: nobody leaves today, go to the night."),
    "vote.raise-pending": gettext_lazy(
        "The revote kept the tie (%(seats)s): the raise decision comes next."),
    "vote.day-decided": gettext_lazy("Today's vote is already decided."),
    "vote.duplicate-seat": gettext_lazy("Seat %(seat)s is marked twice."),
    "vote.not-a-candidate": gettext_lazy("Seat %(seat)s votes for someone who is not a candidate."),
    "raise.without-unchanged-tie": gettext_lazy(
        "A raise decision comes only after a revote that kept the same tie."),
    "raise.candidates-not-tied": gettext_lazy("The raise decision is about the tied candidates only."),
    "raise.hand-departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and does not raise a hand."),
    "night.stage-repeated": gettext_lazy("Tonight's %(stage)s is already recorded."),
    "night.order": gettext_lazy(
        "Too late for the %(stage)s: a later step of tonight is already recorded (undo it first)."),
    "shot.target-departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and cannot be shot."),
    "shot.shooter-departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and does not shoot."),
    "shot.shooter-not-black": gettext_lazy("Seat %(seat)s is red and does not shoot."),
    "shot.shooter-missing": gettext_lazy("Pick what seat %(seat)s showed: a number, or “—” for nothing."),
    "shot.duplicate-seat": gettext_lazy("Seat %(seat)s shows twice."),
    "shot.responsible-without-miss": gettext_lazy("Black players are held responsible for a miss only."),
    "shot.responsible-not-shooter": gettext_lazy("Seat %(seat)s is not a black player at the table."),
    "check.self": gettext_lazy("%(role)s cannot check their own seat %(seat)s."),
    "check.target-departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and cannot be checked."),
    "check.checker-departed": gettext_lazy(
        "%(role)s (seat %(seat)s) already left the table %(gone)s and does not check."),
    "check.checker-shot-tonight": gettext_lazy(
        "%(role)s (seat %(seat)s) was killed by tonight's shot and does not check."),
    "will.not-departed": gettext_lazy("Seat %(seat)s is still at the table: no will yet."),
    "will.after-disqualification": gettext_lazy("Seat %(seat)s was disqualified and leaves no will."),
    "will.duplicate": gettext_lazy("Seat %(seat)s has already left a will."),
    "will.first-color-not-allowed": gettext_lazy(
        "Only the First Out (seat %(first_out)s) leaves a First Color Will."),
    "will.ordered-not-allowed": gettext_lazy(
        "The First Out leaves a First Color Will or passes the helm, not a Last Will Ordered."),
    "will.too-many-targets": gettext_lazy(
        "Too many seats: with %(players)s players left, the will names up to %(limit)s."),
    "will.too-many-declarations": gettext_lazy("Too many seats: a First Color Will names up to %(limit)s."),
    "will.duplicate-seat": gettext_lazy("A seat is named twice in the will."),
    "will.target-not-at-table": gettext_lazy(
        "Seat %(seat)s was no longer at the table (left %(gone)s): the will cannot name them."),
    "will.kind-unknown": gettext_lazy("Pick the kind of will."),
    "foul.departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s: no more fouls for them."),
    "disqualify.departed": gettext_lazy("Seat %(seat)s already left the table %(gone)s and cannot be disqualified."),
    "event.after-end": gettext_lazy("The game is over: only the judge's assessments may follow."),
    "phase.backwards": gettext_lazy(
        "The protocol is already in %(current)s: nothing more can be recorded in an earlier phase."),
    "phase.wrong-kind": gettext_lazy("This is not recorded in this phase."),
    "bonus.not-in-ruleset": gettext_lazy("This ruleset has no judge's bonus points."),
    "sheriff-kill-responsible.not-black": gettext_lazy("Only a black player is held responsible."),
    "sheriff-kill-responsible.no-first-night-kill": gettext_lazy(
        "Blacks are held responsible only when the Sheriff was shot on the first night."),
    "sheriff-kill-responsible.duplicate": gettext_lazy("This black player is already held responsible."),
}
GENERAL = gettext_lazy("The rules refuse this (%(rule)s).")

# The entry page's form field behind a code, to mark it ("seat" fields are named per form).
FIELDS = {
    "nominate.by-departed": "by", "nominate.second-by-player": "by",
    "nominate.target-departed": "target", "nominate.already-nominated": "target",
    "shot.target-departed": "target", "check.self": "target", "check.target-departed": "target",
    "foul.departed": "seat", "disqualify.departed": "seat",
}


def phase_words(kind: str, number: int) -> str:
    return (_("Day %(n)s") if kind == "day" else _("Night %(n)s")) % {"n": number}


def _words(params: dict) -> dict:
    """The params as the sentences use them: the departure as "on Day 2 (voted out)", a role and a
    stage in words, the current phase named."""
    words = {key: value for key, value in params.items() if isinstance(value, (int, str))}
    if "left_kind" in params and "left_number" in params:
        words["gone"] = _("on %(phase)s (%(how)s)") % {
            "phase": phase_words(params["left_kind"], params["left_number"]),
            "how": HOW.get(params.get("left_how"), params.get("left_how", ""))}
    else:
        words["gone"] = ""
    if "role" in params:
        role = str(ROLE.get(params["role"], params["role"]))
        words["role"] = role[:1].upper() + role[1:]  # not str.capitalize(): "The Don", never "The don"
    if "stage" in params:
        words["stage"] = STAGE.get(params["stage"], params["stage"])
    if "current_kind" in params:
        words["current"] = phase_words(params["current_kind"], params["current_number"])
    return words


def explain(rule: str, params: dict | None = None) -> str:
    """The refusal ``rule`` with ``params`` as one sentence in the active language."""
    params = params or {}
    sentence = SENTENCES.get(rule)
    if sentence is None:
        return GENERAL % {"rule": rule}
    try:
        text = sentence % _words(params)
    except (KeyError, TypeError, ValueError):  # a code raised without the params its sentence names
        return GENERAL % {"rule": rule}
    return " ".join(text.split())  # an empty %(gone)s leaves no double space


def refusal(error: ProtocolError) -> ApplicationError:
    """The engine's refusal as the services raise it: the sentence for people; the code, the event
    index, the params and the field to mark for programs (the API answers them all)."""
    extra = {"event_index": error.event_index, "rule": error.rule, "params": error.params}
    field = FIELDS.get(error.rule)
    if field is not None:
        extra["field"] = field
    return ApplicationError(explain(error.rule, error.params), code="refused", extra=extra)
