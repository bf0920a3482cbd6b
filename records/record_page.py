"""What the record page shows of a player's `Totals` (docs/records.md, "The record page"): the
figures in groups of labelled lines, each value written as the page shows it (the win rate and its
interval as percentages, points with two decimals), the rules by their share of the points, and the
nominations and votes by the other player's role."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.written import date_only, day, month, points
from games.rulesets import LARGEST_TABLE, ROLE_LABELS
from scoring.rule_names import rule_name
from vocabulary import BLACK, BLACK_ROLES, RED, RED_ROLES, ROLES

from .engine import RulePoints, Totals, charts
from .selectors import RULE_FIGURE

NONE = "—"  # a figure over no games (a rate, a mean)


@dataclass(frozen=True)
class Line:
    label: str
    value: str
    figure: str = ""  # the line's name for tests and scripts (data-figure), when it has one
    fact: str = ""  # the figure whose games its link lists (records.selectors.FIGURES); empty: every game


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
    key: str  # the role or the colour, as the figures name it (records.selectors.FIGURES)

    @property
    def cells(self) -> list[tuple[int, str]]:
        """(count, figure) per column: nominated, nominated by, voted against, votes from."""
        return [(getattr(self, field), f"{field}_{self.key}") for field in _BY_ROLE_COLUMNS]


@dataclass(frozen=True)
class Figures:
    groups: list[Group]
    rules: list[tuple[str, RulePoints]]  # (the rule's name, its sums), the largest share first
    by_role: list[ByRoleRow]

    def label(self, fact: str) -> str:
        """What the page calls the figure ("Fouls", "Nominated: Black", a rule's name)."""
        for group in self.groups:
            for line in group.lines:
                if line.fact == fact:
                    return line.label
        headers = dict(zip(_BY_ROLE_COLUMNS, by_role_headers(), strict=True))
        for row in self.by_role:
            for field in _BY_ROLE_COLUMNS:
                if fact == f"{field}_{row.key}":
                    return f"{headers[field]}: {row.label}"
        if fact.startswith(RULE_FIGURE):
            return rule_name(fact.removeprefix(RULE_FIGURE))
        return {"decided": _("Games with a winner")}.get(fact, fact)


_BY_ROLE_COLUMNS = ("nominated", "nominated_by", "voted", "voted_by")


def by_role_headers() -> list[str]:
    """The nominations and votes table's column headers, in `_BY_ROLE_COLUMNS` order."""
    return [_("Nominated"), _("Nominated by"), _("Voted against"), _("Votes from")]


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
    undecided = [Line(_("Games without a winner"), str(t.undecided), "undecided", "undecided")] if t.undecided else []
    # a figure's name (data-figure) is its fact's, written with dashes; the games, points and mean
    # are over every game of the filters: their link lists every game (no fact)
    return [
        Group(_("Results"), [
            Line(_("Games"), str(t.games), "games"), Line(_("Wins"), str(t.wins), "wins", "wins"),
            Line(_("Losses"), str(t.losses), "losses", "losses"), *undecided,
            Line(_("Win rate"), rate, "win-rate", "decided"),
            Line(f"95% {pgettext('the range a win rate likely lies in', 'interval')}", interval, "interval", "decided"),
        ]),
        Group(_("Points"), [
            Line(_("Sum"), points(t.points), "points"),
            Line(_("Per game"), points(t.mean_points) if t.games else NONE, "mean"),
        ]),
        Group(_("First night"), [
            _counted(_("Shot on the first night"), t, "shot_first_night"),
            _counted(_("First-night wills"), t, "first_night_wills"),
            _counted(_("Guessed three blacks"), t, "guessed_three"),
            _counted(_("Guessed two blacks"), t, "guessed_two"),
        ]),
        Group(_("Discipline"), [
            _counted(_("Fouls"), t, "fouls_ordinary"), _counted(_("Technical fouls"), t, "fouls_technical"),
            _counted(_("Declared defeats (DD)"), t, "declared_defeats"),
            _counted(_("Disqualifications (DQ)"), t, "disqualified"),
        ]),
        Group(_("Checks received"), [
            _counted(_("Checked by the Don"), t, "checked_by_don"),
            _counted(_("Checked by the Sheriff"), t, "checked_by_sheriff"),
        ]),
    ]


def _counted(label: str, totals: Totals, fact: str) -> Line:
    """A line whose figure is the totals' field of the fact's name, linking to its games."""
    return Line(label, str(getattr(totals, fact)), fact.replace("_", "-"), fact)


def _by_role_rows(totals: Totals) -> list[ByRoleRow]:
    def row(label, roles, colour, key):
        counts = [sum(getattr(totals, name)[role] for role in roles) for name in _BY_ROLE_COLUMNS]
        return ByRoleRow(str(label), *counts, colour=colour, key=key)

    red = [role for role in ROLES if role in RED_ROLES]
    black = [role for role in ROLES if role in BLACK_ROLES]
    colour = "the other player's colour"
    return [*(row(ROLE_LABELS[role], [role], False, role) for role in red), row(pgettext(colour, "Red"), red, True, RED),
            *(row(ROLE_LABELS[role], [role], False, role) for role in black),
            row(pgettext(colour, "Black"), black, True, BLACK)]


# --- the charts (docs/records.md, "The charts") -----------------------------------------------
@dataclass(frozen=True)
class Charts:
    win_rate: charts.RateChart
    role_names: dict[str, str]  # a line's role → its label
    points: charts.BarChart
    seats: charts.HeatMap

    @property
    def rate_lines(self) -> list[tuple[charts.Line, str, int]]:
        """(line, its role's label, its series number 1…4) of the roles with a decided game."""
        return [(line, self.role_names[line.key], number)
                for number, line in enumerate(self.win_rate.lines, start=1) if line.markers]


def record_charts(monthly, last, by_seat) -> Charts:
    """The three charts from `records.selectors.monthly_results`, `last_points` and
    `seat_results`, with their labels in the reader's language (call it inside the request)."""
    months = sorted({first_day for first_day, _role, _wins, _decided in monthly})
    labels = {first_day: month(first_day) for first_day in months}
    counts = {(labels[first_day], role): (wins, decided) for first_day, role, wins, decided in monthly}
    return Charts(
        win_rate=charts.win_rate_lines(counts, [labels[first_day] for first_day in months], list(ROLES)),
        role_names={role: str(ROLE_LABELS[role]) for role in ROLES},
        points=charts.points_bars([(milli, day(played_at)) for played_at, milli in last],
                                  [date_only(played_at) for played_at, _milli in last]),
        seats=charts.seat_heat(by_seat, LARGEST_TABLE),
    )
