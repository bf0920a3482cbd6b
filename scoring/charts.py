"""A rating chart drawn on the server as SVG: no chart library, nothing from a CDN."""

from dataclasses import dataclass


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y …"
    y_ticks: list[tuple[float, int]]  # (y position, rating label)
    first_label: str
    last_label: str
    markers: list[tuple[float, float, str]]  # (x, y, title) per game, for hover titles

    @property
    def is_empty(self) -> bool:
        return not self.points


def rating_line_chart(values: list[float], labels: list[str], *, width: int = 640, height: int = 220,
                      padding: int = 32) -> LineChart:
    """Scale ``values`` (one per game, in order) into a polyline with a few rounded ticks."""
    if not values:
        return LineChart(width, height, "", [], "", "", [])
    low, high = min(values), max(values)
    if high - low < 20:  # a flat line still needs some vertical room
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    span = high - low
    inner_w, inner_h = width - 2 * padding, height - 2 * padding
    step = inner_w / max(len(values) - 1, 1)

    def y_of(value: float) -> float:
        return padding + inner_h - (value - low) / span * inner_h

    coords = [(padding + i * step, y_of(v)) for i, v in enumerate(values)]
    tick_step = _nice_step(span / 4)
    first_tick = int(low // tick_step + 1) * tick_step
    ticks = []
    value = first_tick
    while value <= high:
        ticks.append((round(y_of(value), 1), int(value)))
        value += tick_step
    markers = [(round(x, 1), round(y, 1), f"{label}: {round(v)}")
               for (x, y), v, label in zip(coords, values, labels, strict=True)]
    return LineChart(
        width, height, " ".join(f"{x:.1f},{y:.1f}" for x, y in coords), ticks,
        labels[0] if labels else "", labels[-1] if labels else "", markers,
    )


def _nice_step(raw: float) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500):
        if step >= raw:
            return step
    return 1000
