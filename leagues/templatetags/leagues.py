"""``{% load leagues %}``: a series' points, kept in thousandths, written in the reader's language
with as many decimals as they have (at most three): 25, 13.5, 7.333 (Russian «13,5»); and
``{% player_series player %}``, the player's series places on their page (clubs' template: the
page's app sits below this one, so the page loads this tag rather than importing upwards)."""

from decimal import Decimal

from django import template
from django.utils import formats

from leagues.engine import MILLI
from leagues.selectors import player_series_places

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


@register.inclusion_tag("leagues/_player_series.html")
def player_series(player):
    """The player's places in the series they have a counted result in (the player's page)."""
    return {"places": player_series_places(player)}
