"""``{% load leagues %}``: a series' points, kept in thousandths, written in the reader's language
with as many decimals as they have (at most three): 25, 13.5, 7.333 (Russian «13,5»)."""

from decimal import Decimal

from django import template
from django.utils import formats

from leagues.engine import MILLI

register = template.Library()


def decimals(milli: int) -> int:
    for places, unit in ((0, MILLI), (1, 100), (2, 10)):
        if milli % unit == 0:
            return places
    return 3


def plain_points(milli: int) -> str:
    """Thousandths for a machine (a CSV cell): a point before the decimals, whatever the language."""
    return f"{Decimal(milli) / MILLI:.{decimals(milli)}f}"


@register.filter
def milli_points(value) -> str:
    if value in (None, ""):
        return ""
    milli = int(value)
    return formats.number_format(Decimal(milli) / MILLI, decimals(milli))
