"""What the record page shows of a player's `Totals` (docs/records.md, "The record page"): the
figures in groups of labelled lines, each value written as the page shows it (the win rate and its
interval as percentages, points with two decimals), the rules by their share of the points, and the
nominations and votes by the other player's role."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.written import points
from games.rulesets import ROLE_LABELS
from scoring.rule_names import rule_name
from vocabulary import BLACK_ROLES, RED_ROLES, ROLES

from .engine import RulePoints, Totals

NONE = "—"  # a figure over no games (a rate, a mean)


@dataclass(frozen=True)
class Line:
    label: str
    value: str
    figure: str = ""  # the line's name for tests and scripts (data-figure), when it has one


@dataclass(frozen=True)
class Group:
    title: str
    lines: list[Line]


@dataclass(frozen=True)
class ByRoleRow:
    """One line of the nominations and votes table: the other seat's role (or a colour)."""

    label: str
    nominated: int
    nominated_by: int
    voted: int
    voted_by: int
    colour: bool  # a colour's sum, not one role


@dataclass(frozen=True)
class Figures:
    groups: list[Group]
    rules: list[tuple[str, RulePoints]]  # (the rule's name, its sums), the largest share first
    by_role: list[ByRoleRow]


def figures(totals: Totals) -> Figures:
    """The page's figures, in the reader's language (call it inside the request)."""
    return Figures(
        groups=_groups(totals),
        rules=sorted(((rule_name(entry.rule), entry) for entry in totals.rule_points),
                     key=lambda named: (-abs(named[1].milli), named[0])),
        by_role=_by_role_rows(totals),
    )


def _groups(t: Totals) -> list[Group]:
    if t.decided:
        low, high = t.win_rate_interval()
        rate, interval = f"{round(100 * t.wins / t.decided)}%", f"{round(100 * low)}–{round(100 * high)}%"
    else:
        rate = interval = NONE
    undecided = [Line(_("Games without a winner"), str(t.undecided))] if t.undecided else []
    return [
        Group(_("Results"), [
            Line(_("Games"), str(t.games), "games"), Line(_("Wins"), str(t.wins), "wins"),
            Line(_("Losses"), str(t.losses)), *undecided, Line(_("Win rate"), rate, "win-rate"),
            Line(f"95% {pgettext('the range a win rate likely lies in', 'interval')}", interval, "interval"),
        ]),
        Group(_("Points"), [
            Line(_("Sum"), points(t.points), "points"),
            Line(_("Per game"), points(t.mean_points) if t.games else NONE, "mean"),
        ]),
        Group(_("First night"), [
            Line(_("Shot on the first night"), str(t.shot_first_night)),
            Line(_("First-night wills"), str(t.first_night_wills)),
            Line(_("Guessed three blacks"), str(t.guessed_three)),
            Line(_("Guessed two blacks"), str(t.guessed_two)),
        ]),
        Group(_("Discipline"), [
            Line(_("Fouls"), str(t.fouls_ordinary)), Line(_("Technical fouls"), str(t.fouls_technical)),
            Line(_("Declared defeats (DD)"), str(t.declared_defeats)),
            Line(_("Disqualifications (DQ)"), str(t.disqualified)),
        ]),
        Group(_("Checks received"), [
            Line(_("Checked by the Don"), str(t.checked_by_don)),
            Line(_("Checked by the Sheriff"), str(t.checked_by_sheriff)),
        ]),
    ]


def _by_role_rows(totals: Totals) -> list[ByRoleRow]:
    def row(label, roles, colour):
        counts = [sum(getattr(totals, name)[role] for role in roles)
                  for name in ("nominated", "nominated_by", "voted", "voted_by")]
        return ByRoleRow(str(label), *counts, colour=colour)

    red = [role for role in ROLES if role in RED_ROLES]
    black = [role for role in ROLES if role in BLACK_ROLES]
    colour = "the other player's colour"
    return [*(row(ROLE_LABELS[role], [role], False) for role in red), row(pgettext(colour, "Red"), red, True),
            *(row(ROLE_LABELS[role], [role], False) for role in black), row(pgettext(colour, "Black"), black, True)]
