"""A rating chart drawn on the server as SVG: no chart library, nothing from a CDN.

Coordinates are percentages of the plot's box, with no viewBox: the chart stretches to any width
while its labels keep the page's font size (a 640-unit viewBox drawn 330 px wide on a phone shrank
11-unit labels to 6 px). The plot's box leaves room for the labels in CSS (site.css)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class LineChart:
    segments: list[tuple[float, float, float, float]]  # (x1, y1, x2, y2) in % of the plot
    y_ticks: list[tuple[float, int]]  # (y in %, rating label)
    x_ticks: list[tuple[float, str, str]]  # (x in %, date label, text-anchor): each date once
    markers: list[tuple[float, float, str]]  # (x, y, title) per game, for hover titles

    @property
    def is_empty(self) -> bool:
        return not self.markers


def rating_line_chart(values: list[float], labels: list[str]) -> LineChart:
    """Scale ``values`` (one per game, in order; ``labels`` their dates) into line segments with a
    few rounded rating ticks, and at most three date labels, none repeated."""
    if not values:
        return LineChart([], [], [], [])
    low, high = min(values), max(values)
    if high - low < 20:  # a flat line still needs some vertical room
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    span = high - low

    def y_of(value: float) -> float:
        return round(100 - (value - low) / span * 100, 2)

    def x_of(index: int) -> float:
        return round(index / (len(values) - 1) * 100, 2) if len(values) > 1 else 50.0

    coords = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    tick_step = _nice_step(span / 4)
    ticks = []
    value = int(low // tick_step + 1) * tick_step
    while value <= high:
        ticks.append((y_of(value), int(value)))
        value += tick_step
    markers = [(x, y, f"{label}: {round(v)}") for (x, y), v, label in zip(coords, values, labels, strict=True)]
    segments = [(*a, *b) for a, b in zip(coords, coords[1:], strict=False)]
    return LineChart(segments, ticks, _date_ticks(coords, labels), markers)


def _date_ticks(coords: list[tuple[float, float]], labels: list[str]) -> list[tuple[float, str, str]]:
    """The first date at the left edge, the last at the right, and one from the middle third when
    there is a third date: each date written once, however many games were played that day."""
    if not labels:
        return []
    first, last = labels[0], labels[-1]
    if len(coords) == 1 or first == last:
        return [(coords[0][0], first, "middle" if len(coords) == 1 else "start")]
    ticks = [(0.0, first, "start")]
    middle = [(x, label) for (x, _y), label in zip(coords, labels, strict=True)
              if 33 <= x <= 67 and label not in (first, last)]
    if middle:
        x, label = min(middle, key=lambda item: abs(item[0] - 50))
        ticks.append((x, label, "middle"))
    ticks.append((100.0, last, "end"))
    return ticks


def _nice_step(raw: float) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500):
        if step >= raw:
            return step
    return 1000
