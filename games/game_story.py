"""A replayed game told in words, phase by phase: the whole record a published game shows.

Nominations, votes with who voted for whom, raises, departures, the night's shots and checks,
wills, fouls and discipline, the judge's bonuses, in the order they were recorded. What the story
may show is the roles' secret (the checks, the shots): the page asks ``games.visibility`` before
it tells it. No database access here: the page passes the seats' names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import GameRecord
from games.engine.record import Phase

from .entry import COLOUR_WORDS, END_NAMES, WILL_NAMES, phase_label


@dataclass(frozen=True, slots=True)
class StoryLine:
    event: str  # the protocol's event type, for the page's markup and its tests
    text: str


@dataclass(slots=True)
class StoryPhase:
    phase: Phase
    lines: list[StoryLine] = field(default_factory=list)

    @property
    def label(self) -> str:
        return phase_label(self.phase.kind, self.phase.number)

    @property
    def anchor(self) -> str:
        return f"{self.phase.kind}-{self.phase.number}"


class _Teller:
    def __init__(self, record: GameRecord, names: dict[int, str]) -> None:
        self.record = record
        self.names = names

    def seat(self, number: int | None) -> str:
        if number is None:
            return "—"
        name = self.names.get(number, "")
        return _("%(name)s (seat %(n)s)") % {"name": name, "n": number} if name else _("seat %(n)s") % {"n": number}

    def seats(self, numbers) -> str:
        return ", ".join(self.seat(number) for number in numbers)

    # --- one line per record item ------------------------------------------------------------
    def nomination(self, item) -> str:
        return _("%(by)s nominates %(target)s.") % {"by": self.seat(item.by), "target": self.seat(item.target)}

    def vote(self, item) -> list[str]:
        parts = []
        for candidate in item.candidates:
            voters = sorted(voter for voter, target in item.ballots.items() if target == candidate)
            n = item.counts.get(candidate, len(voters))
            votes = ngettext("%(n)s vote", "%(n)s votes", n) % {"n": n}
            parts.append(f"{self.seat(candidate)} — {votes}" + (f" ({', '.join(map(str, voters))})" if voters else ""))
        heading = (_("Vote: %(tally)s.") if item.round <= 1 else _("Revote: %(tally)s.")) % {"tally": "; ".join(parts)}
        lines = [heading]
        if item.defaulted and len(item.candidates) > 1:  # a lone candidate takes every vote by rule
            lines.append(_("No vote from %(seats)s: counted against the last candidate.")
                         % {"seats": ", ".join(map(str, sorted(item.defaulted)))})
        if item.outcome == "eliminated" and item.eliminated is not None:
            lines.append(_("%(seat)s leaves by vote.") % {"seat": self.seat(item.eliminated)})
        elif item.outcome == "revote":
            lines.append(_("A tie between %(seats)s: they speak again.") % {"seats": self.seats(item.leaders)})
        elif item.outcome == "raise":
            lines.append(_("A tie again: the table decides whether %(seats)s all leave.")
                         % {"seats": self.seats(item.leaders)})
        return lines

    def raise_decision(self, item) -> str:
        values = {"seats": self.seats(item.candidates), "hands": len(item.hands),
                  "alive": len(item.alive_before), "who": ", ".join(map(str, sorted(item.hands))) or "—"}
        if item.passed:
            return _("Raise of %(seats)s: %(hands)s of %(alive)s hands (%(who)s): they leave.") % values
        return _("Raise of %(seats)s: %(hands)s of %(alive)s hands (%(who)s): they stay.") % values

    def night_shot(self, item) -> list[str]:
        lines = []
        if item.shots:
            shown = "; ".join(
                (_("%(who)s shows %(n)s") % {"who": self.seat(black), "n": number}) if number
                else _("%(who)s shows nothing") % {"who": self.seat(black)}
                for black, number in item.shots.items())
            lines.append(_("The Mafia's shots: %(shown)s.") % {"shown": shown})
        if item.killed is not None:
            lines.append(_("%(seat)s is shot.") % {"seat": self.seat(item.killed)})
        else:
            lines.append(_("The Mafia misses."))
        return lines

    def check(self, item) -> str:
        answers = {**COLOUR_WORDS, "sheriff": _("the Sheriff"), "not_sheriff": _("not the Sheriff")}
        values = {"checker": self.seat(item.checker), "target": self.seat(item.target),
                  "answer": answers.get(item.result, item.result)}
        if item.by == "don":
            return _("The Don, %(checker)s, checks %(target)s: %(answer)s.") % values
        return _("The Sheriff, %(checker)s, checks %(target)s: %(answer)s.") % values

    def will(self, item) -> str:
        who = self.seat(item.seat)
        if item.kind == "first_color":
            said = ", ".join(f"{self.seat(seat)} {COLOUR_WORDS.get(colour, colour)}"
                             for seat, colour in item.declarations.items())
            return _("%(who)s's will, %(kind)s: %(said)s.") % {"who": who, "kind": WILL_NAMES["first_color"],
                                                                "said": said or "—"}
        if item.kind == "ordered":
            return _("%(who)s's will, %(kind)s: %(said)s.") % {"who": who, "kind": WILL_NAMES["ordered"],
                                                                "said": self.seats(item.targets) or "—"}
        if item.kind == "pass_the_helm":
            return _("%(who)s passes the helm to %(to)s.") % {"who": who, "to": self.seat(item.recipient)}
        return _("%(who)s leaves no will.") % {"who": who}

    def foul(self, item) -> str:
        if item.kind == "technical":
            return _("Technical foul on %(seat)s (%(n)s).") % {"seat": self.seat(item.seat), "n": item.number}
        return _("Foul on %(seat)s (%(n)s).") % {"seat": self.seat(item.seat), "n": item.number}

    def disqualification(self, item) -> str:
        why = {"fourth_foul": _("a fourth foul"), "second_technical": _("a second technical foul")}
        return _("%(seat)s is disqualified: %(why)s.") % {"seat": self.seat(item.seat),
                                                          "why": why.get(item.cause, item.reason)}

    def declared_defeat(self, item) -> str:
        return _("%(seat)s is removed with a declared defeat: %(why)s.") % {"seat": self.seat(item.seat),
                                                                             "why": item.reason}

    def bonus(self, item) -> str:
        values = {"seat": self.seat(item.seat), "points": f"{item.points:+g}", "why": item.reason}
        if item.points < 0:
            return _("The judge's penalty to %(seat)s: %(points)s (%(why)s).") % values
        return _("The judge's bonus to %(seat)s: %(points)s (%(why)s).") % values


# The record's lists, each with the event type it comes from and how it is told.
_TOLD = (
    ("nominations", "nominate", "nomination"),
    ("votes", "vote", "vote"),
    ("raises", "raise", "raise_decision"),
    ("nights", "shot", "night_shot"),
    ("checks", None, "check"),
    ("wills", "will", "will"),
    ("fouls", "foul", "foul"),
    ("disqualifications", "disqualify", "disqualification"),
    ("bonuses", "bonus", "bonus"),
)


def game_story(record: GameRecord, names: dict[int, str]) -> list[StoryPhase]:
    """The record as phases of lines, in the order of the protocol's events."""
    teller = _Teller(record, names)
    told: dict[int, list[StoryLine]] = {}

    def tell(index: int, event: str, text) -> None:
        for line in text if isinstance(text, list) else [text]:
            told.setdefault(index, []).append(StoryLine(event, line))

    for attribute, event, method in _TOLD:
        for item in getattr(record, attribute):
            kind = event or ("don_check" if item.by == "don" else "sheriff_check")
            tell(item.index, kind, getattr(teller, method)(item))
    if record.dd is not None:
        tell(record.dd.index, "dd", teller.declared_defeat(record.dd))
    if record.surrender_index is not None:
        tell(record.surrender_index, "surrender", _("The black team surrenders."))
    for index, event in enumerate(record.events):
        if event.get("type") == "sheriff_kill_responsible":
            tell(index, "sheriff_kill_responsible", _("%(seat)s is held responsible for the Sheriff's kill.")
                 % {"seat": teller.seat(event.get("seat"))})
    if record.finished and record.end_index is not None and record.end in END_NAMES:
        tell(record.end_index, "end", _("The game ends: %(how)s.") % {"how": END_NAMES[record.end]})

    phases: list[StoryPhase] = []
    phase = Phase("night", 0)
    for index, event in enumerate(record.events):
        if "day" in event:
            phase = Phase("day", int(event["day"]))
        elif "night" in event:
            phase = Phase("night", int(event["night"]))
        lines = told.get(index)
        if not lines:
            continue
        if not phases or phases[-1].phase != phase:
            phases.append(StoryPhase(phase))
        phases[-1].lines.extend(lines)
    return phases
