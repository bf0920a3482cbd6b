"""The charts of a simulation report as inline SVG: no script, no library, nothing fetched.

One implementation for both places a report is shown: the standalone `report.html` that
`manage.py simulate_games` writes (English) and a run's page on the site (translated). Pure
Python: the words pass through `_`, which the page gives as Django's `gettext` and the file as
itself; the words are marked here (`_(...)`, `gettext_noop(...)`) so that `makemessages` finds
them. Every label that comes from a report (an agent spec, a seed) is escaped.

    charts = report_charts(report, _=gettext)   # [(key, "<figure>…</figure>"), …]

Each chart is laid out for a phone first: a row's label on its own line above its bars, so a
long label never squeezes the bars, and the SVG scales to its box (`width="100%"`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape

from vocabulary import CIVILIAN, DON, MAFIA, SHERIFF

from .spec import gettext_noop, spec_words

Translate = Callable[[str], str]
WIDTH = 420  # the viewBox's width: at a phone's 390 px the 13-unit text reads at about 11 px
LABEL_H, BAR_H, GAP, FONT = 17, 13, 9, 13
COLOURS = ("#2f5f8f", "#a3412d")  # the run, the compared spec (contrast ≥ 4.5 on white)


# The table's role labels, as every page writes them (games/rulesets.py ROLE_LABELS: the same words,
# one translation; tests/foundation/test_raw_values.py holds them equal).
ROLE_NAMES = {
    CIVILIAN: gettext_noop("Civilian"),
    SHERIFF: gettext_noop("Sheriff"),
    MAFIA: gettext_noop("Mafia"),
    DON: gettext_noop("Don"),
}


def identity(message: str) -> str:
    return message


def _figure(key: str, title: str, body: list[str], height: float, legend: list[str]) -> str:
    legend_html = ""
    if len(legend) > 1:
        legend_html = '<p class="chart-legend">' + " ".join(
            f'<span><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" '
            f'fill="{COLOURS[i]}"></rect></svg> {escape(name)}</span>'
            for i, name in enumerate(legend)
        ) + "</p>"  # fmt: skip
    return (
        f'<figure class="chart" id="chart-{key}"><figcaption>{escape(title)}</figcaption>{legend_html}'
        f'<svg role="img" aria-label="{escape(title)}" viewBox="0 0 {WIDTH} {height:.0f}" width="100%" '
        f'xmlns="http://www.w3.org/2000/svg" font-size="{FONT}"><title>{escape(title)}</title>'
        + "".join(body)
        + "</svg></figure>"
    )


def bars(
    key: str,
    title: str,
    rows: list[tuple[str, list[tuple[float | None, str]]]],
    legend: list[str],
    maximum: float | None = None,
) -> str:
    """Horizontal bars, one group per row: (label, [(value, text shown), one per series]).
    Negative values go left of a zero line; a missing value (None) draws no bar."""
    values = [value for _, group in rows for value, _ in group if value is not None]
    top = max([*values, maximum or 0.0, 0.0])
    bottom = min([*values, 0.0])
    span = (top - bottom) or 1.0
    plot_w = WIDTH - 110  # room on the right for the text shown
    zero = plot_w * (-bottom / span)
    body, y = [], 0.0
    for label, group in rows:
        body.append(f'<text x="0" y="{y + LABEL_H - 4:.0f}">{escape(label)}</text>')
        y += LABEL_H
        for series, (value, shown) in enumerate(group):
            length = plot_w * (abs(value) / span) if value is not None else 0.0
            x = zero - length if (value or 0) < 0 else zero
            body.append(
                f'<rect x="{x:.1f}" y="{y + 1:.1f}" width="{length:.1f}" height="{BAR_H - 2}" '
                f'fill="{COLOURS[series % 2]}"></rect>'
                f'<text x="{max(x + length, zero) + 5:.1f}" y="{y + BAR_H - 2:.1f}" font-size="{FONT - 1}">'
                f"{escape(shown)}</text>"
            )
            y += BAR_H
        y += GAP
    if bottom < 0:
        body.append(
            f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="{LABEL_H - 2}" y2="{y - GAP:.1f}" stroke="#555"></line>'
        )
    return _figure(key, title, body, y, legend)


def intervals(
    key: str,
    title: str,
    rows: list[tuple[str, float, float, float, str]],
    low: float,
    high: float,
    ticks: list[tuple[float, str]],
) -> str:
    """Points with their intervals on one axis from `low` to `high`: (label, value, interval's
    low, interval's high, text shown). A tick at 0 on an axis that crosses it is drawn darker."""
    margin = 28
    plot_w = WIDTH - 2 * margin
    span = (high - low) or 1.0

    def at(value: float) -> float:
        return margin + plot_w * (min(high, max(low, value)) - low) / span

    body, y = [], 0.0
    for series, (label, value, lo, hi, shown) in enumerate(rows):
        colour = COLOURS[series % 2]
        body.append(
            f'<text x="0" y="{y + LABEL_H - 4:.0f}">{escape(label)}</text>'
            f'<text x="0" y="{y + 2 * LABEL_H - 5:.0f}" font-size="{FONT - 1}">{escape(shown)}</text>'
        )
        y += 2 * LABEL_H
        mid = y + 8
        body.append(
            f'<line x1="{at(lo):.1f}" x2="{at(hi):.1f}" y1="{mid:.1f}" y2="{mid:.1f}" stroke="{colour}" stroke-width="2"></line>'
            f'<line x1="{at(lo):.1f}" x2="{at(lo):.1f}" y1="{mid - 5:.1f}" y2="{mid + 5:.1f}" stroke="{colour}" stroke-width="2"></line>'
            f'<line x1="{at(hi):.1f}" x2="{at(hi):.1f}" y1="{mid - 5:.1f}" y2="{mid + 5:.1f}" stroke="{colour}" stroke-width="2"></line>'
            f'<circle cx="{at(value):.1f}" cy="{mid:.1f}" r="5" fill="{colour}"></circle>'
        )  # fmt: skip
        y += 16 + GAP
    axis = y + 2
    body.append(
        f'<line x1="{margin}" x2="{WIDTH - margin}" y1="{axis:.1f}" y2="{axis:.1f}" stroke="#555"></line>'
    )
    for tick, text in ticks:
        x = at(tick)
        dark = tick == 0 and low < 0 < high
        body.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{0 if dark else axis - 4:.1f}" y2="{axis + 4:.1f}" '
            f'stroke="{"#555" if dark else "#888"}"></line>'
            f'<text x="{x:.1f}" y="{axis + 18:.1f}" text-anchor="middle" font-size="{FONT - 1}">{escape(text)}</text>'
        )
    return _figure(key, title, body, axis + 24, [row[0] for row in rows])


def _fit(label: str, limit: int = 56) -> str:
    """A spec's words as a chart's label: a long one is cut (the page's table shows it whole)."""
    return label if len(label) <= limit else label[: limit - 1] + "…"


def _percent(value: float) -> str:
    return f"{value:.1%}"


def _signed_percent(value: float) -> str:
    return f"{value:+.1%}"


def report_charts(report: dict, _: Translate = identity) -> list[tuple[str, str]]:
    """The report's charts, in the order they are shown: the red win rate with its interval
    (each spec), the head-to-head difference with its interval (with a compared spec), the mean
    points per role, the game lengths and the rule paths."""
    summaries = [report["run"]] + ([report["compare"]] if "compare" in report else [])
    charts = [("win-rate", _win_rates(summaries, _))]
    if "head_to_head" in report:
        charts.append(("difference", _difference(report["head_to_head"], summaries, _)))
    charts.append(("points", _points_per_role(summaries, _)))
    charts.append(("length", _lengths(summaries, _)))
    charts.append(("paths", _rule_paths(summaries, _)))
    return charts


def _win_rates(summaries: list[dict], _: Translate) -> str:
    rows = []
    for summary in summaries:
        rate, (low, high) = summary["red_win_rate"] or 0.0, summary["red_win_rate_ci95"]
        shown = _("%(rate)s (95%% interval %(low)s–%(high)s)") % {
            "rate": _percent(rate), "low": _percent(low), "high": _percent(high)}  # fmt: skip
        rows.append((_fit(spec_words(summary["spec"], _)), rate, low, high, shown))
    quarters = [(q / 4, _percent(q / 4)) for q in range(5)]
    title = _("Red win rate with its interval (95%)")
    return intervals("win-rate", title, rows, 0.0, 1.0, quarters)


def _difference(h2h: dict, summaries: list[dict], _: Translate) -> str:
    """The run's red win rate minus the compared spec's, on an axis centred on zero and wide
    enough for the interval (in quarters, at most ±100%)."""
    difference, (low, high) = h2h["red_win_rate_difference"], h2h["difference_ci95"]
    reach = min(1.0, max(0.25, math.ceil(max(abs(low), abs(high)) * 4) / 4))
    ticks = [
        (reach * k / 2, _signed_percent(reach * k / 2) if k else "0") for k in (-2, -1, 0, 1, 2)
    ]
    shown = _("%(difference)s (95%% interval %(low)s to %(high)s)") % {
        "difference": _signed_percent(difference), "low": _signed_percent(low),
        "high": _signed_percent(high)}  # fmt: skip
    label = _("the first agents minus the second")
    title = _("Head to head: the difference in red win rate, with its interval (95%)")
    return intervals(
        "difference", title, [(label, difference, low, high, shown)], -reach, reach, ticks
    )


def _points_per_role(summaries: list[dict], _: Translate) -> str:
    rows = []
    for role in summaries[0]["points_per_role"]:
        means = [summary["points_per_role"][role]["mean"] for summary in summaries]
        rows.append(
            (
                _(ROLE_NAMES[role]),
                [(mean, "—" if mean is None else f"{mean:+.3f}") for mean in means],
            )
        )
    title = _("Mean points per role (tournament points of the Official 2025 rules)")
    return bars("points", title, rows, [spec_words(summary["spec"], _) for summary in summaries])


def _lengths(summaries: list[dict], _: Translate) -> str:
    days = sorted({int(day) for summary in summaries for day in summary["length"]["days"]})
    rows = []
    for day in days:
        counts = [summary["length"]["days"].get(str(day), 0) for summary in summaries]
        rows.append((_("Day %(day)s") % {"day": day}, [(count, str(count)) for count in counts]))
    title = _("Game length: games by the last day played")
    return bars("length", title, rows, [spec_words(summary["spec"], _) for summary in summaries])


def _rule_paths(summaries: list[dict], _: Translate) -> str:
    rows = []
    for key, path in summaries[0]["rule_paths"].items():
        group = []
        for summary in summaries:
            data = summary["rule_paths"][key]
            shown = _("%(games)s games, %(times)s times") % {
                "games": data["games"],
                "times": data["total"],
            }
            group.append((data["games"] / max(1, summary["games"]), shown))
        rows.append((_(path["title"]), group))
    title = _("Rule paths: the share of games in which each fired")
    return bars("paths", title, rows, [spec_words(summary["spec"], _) for summary in summaries], 1.0)
