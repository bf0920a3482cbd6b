"""What the record page shows of a player's `Totals` (docs/records.md, "The record page"): the
figures a template cannot compute (the win rate and its interval as percentages, the rules by
their share of the points), in the order the page reads them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import pgettext_lazy

from games.rulesets import ROLE_LABELS
from scoring.rule_names import rule_name
from vocabulary import BLACK_ROLES, RED_ROLES, ROLES

from .engine import RulePoints, Totals


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
    totals: Totals
    win_rate: int | None  # percent of the games with a winner; None without one
    interval: tuple[int, int] | None
    rules: list[tuple[str, RulePoints]]  # (the rule's name, its sums), the largest share first
    by_role: list[ByRoleRow]


def figures(totals: Totals) -> Figures:
    low, high = totals.win_rate_interval()
    decided = totals.decided
    return Figures(
        totals=totals,
        win_rate=round(100 * totals.wins / decided) if decided else None,
        interval=(round(100 * low), round(100 * high)) if decided else None,
        rules=sorted(((rule_name(entry.rule), entry) for entry in totals.rule_points),
                     key=lambda named: (-abs(named[1].milli), named[0])),
        by_role=_by_role_rows(totals),
    )


def _by_role_rows(totals: Totals) -> list[ByRoleRow]:
    def row(label, roles, colour):
        counts = [sum(getattr(totals, name)[role] for role in roles)
                  for name in ("nominated", "nominated_by", "voted", "voted_by")]
        return ByRoleRow(str(label), *counts, colour=colour)

    red = [role for role in ROLES if role in RED_ROLES]
    black = [role for role in ROLES if role in BLACK_ROLES]
    return [*(row(ROLE_LABELS[role], [role], False) for role in red), row(pgettext_lazy("the other player's colour", "Red"), red, True),
            *(row(ROLE_LABELS[role], [role], False) for role in black), row(pgettext_lazy("the other player's colour", "Black"), black, True)]
