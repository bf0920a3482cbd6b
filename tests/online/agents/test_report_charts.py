"""The report's charts (online/agents/charts.py): one implementation for the command's
report.html and the site's page; labels escaped; negative means left of zero."""

from __future__ import annotations

import re

from online.agents.charts import bars, report_charts
from online.agents.simulate import build_report, report_html, simulate


def test_the_standalone_report_draws_the_charts_of_the_page():
    report = build_report(simulate(3, "c", "rule"), simulate(3, "c", "random"))
    page = report_html(report)
    charts = report_charts(report)
    assert [key for key, _ in charts] == ["win-rate", "difference", "points", "length", "paths"]
    for _, chart in charts:
        assert chart in page


def test_the_words_pass_through_the_translation():
    report = build_report(simulate(2, "c", "rule"))
    charts = dict(report_charts(report, lambda text: f"«{text}»"))
    assert "«Red win rate with its interval (95%)»" in charts["win-rate"]
    assert "«votes to eliminate all»" in charts["paths"] and "«Sheriff»" in charts["points"]


def test_a_label_from_a_report_is_escaped():
    report = build_report(simulate(2, "c", "rule"))
    report["run"]["spec"] = '<script>alert("x")</script>'
    joined = "".join(chart for _, chart in report_charts(report))
    assert "<script>" not in joined and "&lt;script&gt;" in joined


def test_a_negative_value_is_drawn_left_of_the_zero_line():
    chart = bars("t", "T", [("loss", [(-0.5, "-0.5")]), ("win", [(1.0, "+1.0")])], ["a"])
    rects = [tuple(float(v) for v in m) for m in re.findall(r'<rect x="([-\d.]+)" y="[\d.]+" width="([\d.]+)"', chart)]
    zero = float(re.search(r'<line x1="([\d.]+)"', chart).group(1))
    (loss_x, loss_w), (win_x, win_w) = rects
    assert abs(loss_x + loss_w - zero) < 0.2 and abs(win_x - zero) < 0.2 and abs(win_w - 2 * loss_w) < 0.2


def test_a_long_spec_is_cut_in_the_charts_labels():
    report = build_report(simulate(2, "c", "rule"))
    report["run"]["spec"] = ",".join(f"{seat}=rule" for seat in range(1, 11)) + ",black=random"
    win_rate = dict(report_charts(report))["win-rate"]
    assert "black: random players; seat 1: rule-based bots" in win_rate and "…</text>" in win_rate
    assert "the others: rule-based bots</text>" not in win_rate
