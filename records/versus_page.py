"""What the head-to-head page shows (docs/records.md, "Head-to-head"): two players' figures side
by side from the published games they shared, each linking to its games (``show``), and those
games, newest first."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.written import points
from scoring.engine.points import as_number

from .engine.pairs import FIGURES, GAME_COUNTS, head_to_head
from .record_page import NONE
from .selectors import Shared


@dataclass(frozen=True)
class Cell:
    value: str
    show: str = ""  # the figure whose games its link lists; empty: every game together


@dataclass(frozen=True)
class Row:
    label: str
    first: Cell
    second: Cell | None = None  # None: one figure of both players (it spans both columns)

    @property
    def cells(self) -> list[Cell]:
        return [self.first] if self.second is None else [self.first, self.second]


@dataclass(frozen=True)
class Listed:
    shared: Shared
    amount: int | None  # the shown figure's amount in the game (None: a count of games)


@dataclass(frozen=True)
class Versus:
    rows: list[Row]
    games: list[Listed]
    show: str  # the figure whose games are listed ("" for all)
    show_label: str
    total: int  # the figure: the listed games, or the sum of their amounts
    summed: bool
    error: bool  # ``show`` named no figure: every game is listed


def versus_figures(first, second, shared: list[Shared], show: str) -> Versus:
    """The page's figures and games list; call it inside the request (the labels are translated)."""
    sums = head_to_head([item.game for item in shared])
    count = len(shared)
    rows = [
        Row(_("Games at the same table"), Cell(str(sums["together"]))),
        Row(_("On the same team"), Cell(str(sums["same_team"]), "same_team")),
        Row(_("Won together"), Cell(str(sums["won_together"]), "won_together")),
        Row(_("Lost together"), Cell(str(sums["lost_together"]), "lost_together")),
        Row(_("On opposite teams"), Cell(str(sums["other_team"]), "other_team")),
        Row(_("Won against the other"), Cell(str(sums["first_won"]), "first_won"),
            Cell(str(sums["second_won"]), "second_won")),
        Row(_("Points"), Cell(points(as_number(sums["first_points_milli"]))),
            Cell(points(as_number(sums["second_points_milli"])))),
        Row(_("Points per game"), Cell(points(as_number(sums["first_points_milli"]) / count) if count else NONE),
            Cell(points(as_number(sums["second_points_milli"]) / count) if count else NONE)),
        Row(_("Nominated the other"), Cell(str(sums["first_nominated"]), "first_nominated"),
            Cell(str(sums["second_nominated"]), "second_nominated")),
        Row(_("Voted against the other"), Cell(str(sums["first_voted"]), "first_voted"),
            Cell(str(sums["second_voted"]), "second_voted")),
        Row(_("Checked the other"), Cell(str(sums["first_checked"]), "first_checked"),
            Cell(str(sums["second_checked"]), "second_checked")),
    ]
    error = bool(show) and show not in FIGURES
    if not show or error:
        return Versus(rows, [Listed(item, None) for item in shared], "", "", count, False, error)
    amount = FIGURES[show]
    listed = [Listed(item, amount(item.game)) for item in shared if amount(item.game)]
    label = next(row.label for row in rows for cell in (row.first, row.second) if cell and cell.show == show)
    summed = show not in GAME_COUNTS
    if show.startswith("second_"):
        label = f"{label}: {second.nickname}"
    elif show.startswith("first_"):
        label = f"{label}: {first.nickname}"
    return Versus(rows, [Listed(item.shared, item.amount if summed else None) for item in listed], show, label,
                  sum(item.amount for item in listed), summed, False)
