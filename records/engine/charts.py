"""The record page's charts as geometry: pure Python, no words and no Django (docs/records.md,
"The charts"). The templates draw them as SVG the way the rating chart is drawn
(ratings/charts.py, templates/ratings/_chart.html): coordinates are percentages of the plot's box,
with no viewBox, so a chart stretches to any width while its labels keep the page's font size.

- `win_rate_lines`: each role's win rate per period (months merged into at most `MAX_PERIODS`
  points), one line a role, on a 0–100% axis;
- `points_bars`: the last games' points, a bar a game from the zero line, with their mean;
- `seat_heat`: seats × (games, win rate), each cell shaded by its value and carrying its number.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scoring.engine.points import as_number

MAX_PERIODS = 24  # a phone's width holds about two dozen points a line
LAST_GAMES = 30  # the points chart's games
HEAT_LEVELS = 5  # shades 0 (none) … 4 (the most)


# --- win rate by role over time ---------------------------------------------------------------
@dataclass(frozen=True)
class Marker:
    x: float
    y: float
    period: str  # the period's label (its first month)
    wins: int
    decided: int

    @property
    def percent(self) -> int:
        return round(100 * self.wins / self.decided)


@dataclass(frozen=True)
class Line:
    key: str  # the role
    segments: list[tuple[float, float, float, float]]
    markers: list[Marker]
    wins: int
    decided: int


@dataclass(frozen=True)
class RateChart:
    lines: list[Line]
    y_ticks: list[tuple[float, int]]  # (y in %, percent)
    x_ticks: list[tuple[float, str, str]]  # (x in %, period label, text-anchor)

    @property
    def is_empty(self) -> bool:
        return not any(line.markers for line in self.lines)


def merged_periods(months: list[str], limit: int = MAX_PERIODS) -> list[list[str]]:
    """The months (in order) grouped into at most ``limit`` periods of equally many months
    (the last may hold fewer): 30 months make 15 periods of two."""
    size = max(1, math.ceil(len(months) / limit))
    return [months[i:i + size] for i in range(0, len(months), size)]


def win_rate_lines(counts: dict[tuple[str, str], tuple[int, int]], months: list[str],
                   keys: list[str]) -> RateChart:
    """``counts``: (month, role) → (wins, decided games); ``months``: every month with a game, in
    order; ``keys``: the roles, in the order their lines are drawn. A role's line joins the
    periods in which it has a decided game; a period without one is skipped."""
    periods = merged_periods(months)
    lines = []
    for key in keys:
        coords, markers = [], []
        for index, period in enumerate(periods):
            wins = sum(counts.get((month, key), (0, 0))[0] for month in period)
            decided = sum(counts.get((month, key), (0, 0))[1] for month in period)
            if decided:
                x, y = _x_of(index, len(periods)), round(100 - 100 * wins / decided, 2)
                coords.append((x, y))
                markers.append(Marker(x, y, period[0], wins, decided))
        segments = [(*a, *b) for a, b in zip(coords, coords[1:], strict=False)]
        lines.append(Line(key, segments, markers, sum(m.wins for m in markers), sum(m.decided for m in markers)))
    y_ticks = [(100.0 - percent, percent) for percent in (0, 25, 50, 75, 100)]
    labels = [period[0] for period in periods]
    return RateChart(lines, y_ticks, edge_ticks([_x_of(i, len(labels)) for i in range(len(labels))], labels))


def _x_of(index: int, count: int) -> float:
    return round(index / (count - 1) * 100, 2) if count > 1 else 50.0


def edge_ticks(xs: list[float], labels: list[str]) -> list[tuple[float, str, str]]:
    """The first label at the left edge, the last at the right, one from the middle third when
    there is a third one: each label once (the rating chart's dates, ratings/charts.py)."""
    if not labels:
        return []
    first, last = labels[0], labels[-1]
    if len(labels) == 1 or first == last:
        return [(xs[0], first, "middle" if len(labels) == 1 else "start")]
    ticks = [(xs[0], first, "start")]
    middle = [(x, label) for x, label in zip(xs, labels, strict=True) if 33 <= x <= 67 and label not in (first, last)]
    if middle:
        x, label = min(middle, key=lambda item: abs(item[0] - 50))
        ticks.append((x, label, "middle"))
    ticks.append((xs[-1], last, "end"))
    return ticks


# --- points per game --------------------------------------------------------------------------
@dataclass(frozen=True)
class Bar:
    x: float  # the bar's left edge, %
    y: float  # its top, %
    width: float
    height: float
    milli: int  # the game's points, thousandths
    label: str  # the game's date
    negative: bool

    @property
    def points(self) -> float | int:
        return as_number(self.milli)


@dataclass(frozen=True)
class BarChart:
    bars: list[Bar]
    zero: float  # the zero line's y, %
    mean: float | None  # the mean line's y, %
    mean_milli: int  # the mean, thousandths (rounded)
    y_ticks: list[tuple[float, float]]  # (y in %, points)
    x_ticks: list[tuple[float, str, str]]

    @property
    def is_empty(self) -> bool:
        return not self.bars

    @property
    def mean_points(self) -> float | int:
        return as_number(self.mean_milli)


def points_bars(games: list[tuple[int, str]], axis_labels: list[str] | None = None) -> BarChart:
    """``games``: (points in thousandths, date label), oldest first; ``axis_labels``: the dates as
    the axis writes them (shorter, so two fit a phone's width; default the games' labels). The
    axis always holds 0 and at least 0…1 point, so a bar's height reads against one scale
    whatever the ruleset."""
    if not games:
        return BarChart([], 100.0, None, 0, [], [])
    values = [milli for milli, _label in games]
    low, high = min(0, *values), max(1000, *values)
    step = nice_step((high - low) / 4)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    span = high - low

    def y_of(milli: float) -> float:
        return round(100 - (milli - low) / span * 100, 2)

    slot = 100 / len(games)
    width = round(slot * 0.7, 2)
    zero = y_of(0)
    bars = []
    for index, (milli, label) in enumerate(games):
        top = y_of(max(milli, 0))
        bars.append(Bar(round(index * slot + (slot - width) / 2, 2), top, width,
                        round(abs(y_of(milli) - zero), 2), milli, label, milli < 0))
    mean_milli = round(sum(values) / len(values))
    ticks = []
    value = low
    while value <= high:
        ticks.append((y_of(value), as_number(value)))
        value += step
    centres = [round(bar.x + width / 2, 2) for bar in bars]
    if axis_labels is None:
        axis_labels = [label for _m, label in games]
    return BarChart(bars, zero, y_of(mean_milli), mean_milli, ticks, edge_ticks(centres, axis_labels))


def nice_step(raw_milli: float) -> int:
    """A round step (thousandths) at least ``raw_milli``: 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5… points."""
    for step in (100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000):
        if step >= raw_milli:
            return step
    return 100000


# --- seats × (games, win rate) ----------------------------------------------------------------
@dataclass(frozen=True)
class HeatRow:
    seat: int
    y: float  # the row's top, %
    games: int
    games_level: int
    wins: int
    decided: int
    rate_level: int | None  # None: no decided game, no rate
    middle: float  # the row's middle, %, where its numbers are written

    @property
    def percent(self) -> int | None:
        return round(100 * self.wins / self.decided) if self.decided else None


@dataclass(frozen=True)
class HeatMap:
    rows: list[HeatRow]
    height: float  # a row's height, %

    @property
    def is_empty(self) -> bool:
        return not any(row.games for row in self.rows)


def seat_heat(by_seat: dict[int, tuple[int, int, int]], seats: int) -> HeatMap:
    """``by_seat``: seat → (games, wins, decided games); every seat 1…``seats`` gets a row. The
    games' shade is the share of the busiest seat's games; the win rate's is the rate itself
    (`level`: none, under 25%, under 50%, under 75%, 75% and more); a seat without a decided game
    has no rate (None)."""
    most = max((games for games, _w, _d in by_seat.values()), default=0)
    height = round(100 / seats, 4)
    rows = []
    for seat in range(1, seats + 1):
        games, wins, decided = by_seat.get(seat, (0, 0, 0))
        rows.append(HeatRow(
            seat, round((seat - 1) * height, 4), games, level(games, most), wins, decided,
            level(wins, decided) if decided else None, round((seat - 0.5) * height, 4),
        ))
    return HeatMap(rows, height)


def level(value: int, most: int) -> int:
    """The shade of ``value`` out of ``most``: 0 for nothing, else by quarters of ``most``: 1 under
    a quarter, 2 under a half, 3 under three quarters, 4 from three quarters on."""
    if not value or not most:
        return 0
    return 1 + min(HEAT_LEVELS - 2, int((HEAT_LEVELS - 1) * value / most))
