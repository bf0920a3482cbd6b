"""The record page's charts as geometry (records/engine/charts.py): pure, no words."""

from __future__ import annotations

import pytest

from records.engine.charts import (
    edge_ticks,
    level,
    merged_periods,
    nice_step,
    points_bars,
    seat_heat,
    win_rate_lines,
)


def test_months_merge_into_at_most_24_periods():
    months = [f"m{i}" for i in range(30)]
    periods = merged_periods(months)
    assert len(periods) == 15 and all(len(period) == 2 for period in periods)
    assert merged_periods(months[:24]) == [[month] for month in months[:24]]
    assert merged_periods(months[:25])[-1] == ["m24"]  # 25 months: 13 periods of two, the last of one
    assert merged_periods([]) == []


def test_a_roles_line_joins_the_periods_it_has_decided_games_in():
    counts = {("Jan", "civilian"): (1, 2), ("Mar", "civilian"): (3, 3), ("Feb", "sheriff"): (0, 1),
              ("Feb", "civilian"): (0, 0)}
    chart = win_rate_lines(counts, ["Jan", "Feb", "Mar"], ["civilian", "sheriff", "mafia"])
    civilian, sheriff, mafia = chart.lines
    # 50% in January (x 0), no decided game in February, 100% in March (x 100): one segment
    assert [(m.x, m.y, m.period, m.percent) for m in civilian.markers] == [(0.0, 50.0, "Jan", 50), (100.0, 0.0, "Mar", 100)]
    assert civilian.segments == [(0.0, 50.0, 100.0, 0.0)] and (civilian.wins, civilian.decided) == (4, 5)
    assert [(m.x, m.y) for m in sheriff.markers] == [(50.0, 100.0)] and sheriff.segments == []
    assert mafia.markers == [] and not chart.is_empty
    assert chart.y_ticks == [(100.0, 0), (75.0, 25), (50.0, 50), (25.0, 75), (0.0, 100)]
    assert chart.x_ticks == [(0.0, "Jan", "start"), (50.0, "Feb", "middle"), (100.0, "Mar", "end")]
    assert win_rate_lines({}, [], ["civilian"]).is_empty


def test_merged_months_sum_their_games():
    months = [f"m{i:02}" for i in range(48)]
    counts = {(month, "don"): (1, 1) for month in months[:2]} | {("m02", "don"): (0, 1)}
    line = win_rate_lines(counts, months, ["don"]).lines[0]
    assert [(m.period, m.wins, m.decided) for m in line.markers] == [("m00", 2, 2), ("m02", 0, 1)]


def test_the_points_bars_stand_on_the_zero_line_with_their_mean():
    chart = points_bars([(1000, "d1"), (-500, "d2"), (0, "d3"), (2500, "d4")])
    # the axis: -0.5 … 2.5 rounded to steps of 1 point → -1 … 3 (4 points: 25% a point)
    assert [value for _y, value in chart.y_ticks] == [-1, 0, 1, 2, 3]
    assert chart.zero == 75.0 and chart.mean_milli == 750 and chart.mean == pytest.approx(56.25)
    first, negative, nothing, last = chart.bars
    assert (first.y, first.height, first.negative) == (50.0, 25.0, False)
    assert (negative.y, negative.height, negative.negative) == (75.0, 12.5, True)
    assert nothing.height == 0 and last.y == 12.5
    assert first.x == pytest.approx(3.75) and first.width == 17.5  # a quarter each, 70% of it a bar
    assert [label for _x, label, _a in chart.x_ticks] == ["d1", "d2", "d4"]  # the middle one nearest the centre
    shorter = points_bars([(1000, "d1"), (-500, "d2"), (0, "d3"), (2500, "d4")], ["s1", "s2", "s3", "s4"])
    assert [label for _x, label, _a in shorter.x_ticks] == ["s1", "s2", "s4"]  # the axis's own labels
    assert [bar.label for bar in shorter.bars] == ["d1", "d2", "d3", "d4"]  # each bar's title keeps its day
    assert points_bars([]).is_empty


def test_a_small_range_still_shows_one_point():
    chart = points_bars([(100, "d1")])
    assert chart.y_ticks[0][1] == 0 and chart.y_ticks[-1][1] == 1


def test_nice_steps():
    assert [nice_step(raw) for raw in (50, 100, 180, 300, 900, 1200, 4000, 10**6)] == [
        100, 100, 200, 500, 1000, 2000, 5000, 100000]


def test_the_heat_map_has_a_row_a_seat_with_its_numbers_and_shades():
    heat = seat_heat({1: (8, 6, 8), 2: (2, 0, 2), 4: (1, 1, 0)}, seats=10)
    assert len(heat.rows) == 10 and heat.height == 10.0
    one, two, three, four = heat.rows[:4]
    assert (one.games, one.percent, one.games_level, one.rate_level) == (8, 75, 4, 4)
    assert (two.games, two.percent, two.games_level, two.rate_level) == (2, 0, 2, 0)
    assert (three.games, three.percent, three.games_level, three.rate_level) == (0, None, 0, None)
    assert four.percent is None and four.rate_level is None  # a game without a winner: no rate
    assert (one.y, one.middle, heat.rows[9].y) == (0.0, 5.0, 90.0)
    assert seat_heat({}, seats=10).is_empty


def test_levels_by_quarters():
    assert [level(value, 8) for value in (0, 1, 2, 3, 4, 5, 6, 7, 8)] == [0, 1, 2, 2, 3, 3, 4, 4, 4]
    assert level(3, 0) == 0


def test_edge_ticks_write_each_label_once():
    assert edge_ticks([], []) == []
    assert edge_ticks([50.0], ["a"]) == [(50.0, "a", "middle")]
    assert edge_ticks([0.0, 100.0], ["a", "a"]) == [(0.0, "a", "start")]
