"""The rating chart (ratings/charts.py, templates/ratings/_chart.html): each date labelled once,
and numbers the SVG can read in every language."""

import re

from django.template.loader import render_to_string
from django.utils import translation

from ratings.charts import rating_line_chart


def test_a_day_of_many_games_is_labelled_once():
    chart = rating_line_chart([1500, 1510, 1505, 1520], ["24.11.2026"] * 4)
    assert [label for _x, label, _anchor in chart.x_ticks] == ["24.11.2026"]


def test_first_middle_and_last_dates_each_once():
    days = ["01.11", "01.11", "08.11", "15.11", "15.11", "22.11", "22.11"]
    chart = rating_line_chart([1500 + i for i in range(len(days))], days)
    labels = [label for _x, label, _anchor in chart.x_ticks]
    assert labels[0] == "01.11" and labels[-1] == "22.11" and len(labels) == len(set(labels)) == 3
    assert [anchor for *_rest, anchor in chart.x_ticks] == ["start", "middle", "end"]


def test_the_svg_has_dotted_numbers_in_russian():
    """Russian writes 12,5 and 1 505: in an SVG attribute that is no coordinate at all."""
    chart = rating_line_chart([1500.0, 1512.5, 1499.25], ["01.11.2026", "02.11.2026", "03.11.2026"])
    with translation.override("ru"):
        svg = render_to_string("ratings/_chart.html", {"chart": chart})
    numbers = re.findall(r'(?<![\w-])(?:x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"', svg)
    assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?%?", n) for n in numbers), numbers
    assert re.findall(r'class="tick" [^>]*>(\d+)<', svg)  # rating ticks without a thousands separator
