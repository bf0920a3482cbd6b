from django import template
from django.utils import formats

from core import written
from ratings.charts import LineChart, rating_line_chart
from ratings.engine import display_rating
from ratings.selectors import player_rating_history

from ..models import PlayerRating

register = template.Library()


@register.filter
def rating(value) -> int | str:
    return "" if value is None else display_rating(value)


@register.filter
def signed_rating(value) -> str:
    """A rating's change with its sign, one decimal in the reader's language ("+10.7", «+10,7»)."""
    if value is None:
        return ""
    rounded = round(value, 1)
    text = formats.number_format(rounded, 1)
    return f"+{text}" if rounded > 0 else text


@register.inclusion_tag("ratings/_player_rating_card.html", takes_context=True)
def player_rating_card(context, player):
    viewer = getattr(context.get("request"), "user", None)
    history = list(player_rating_history(player, viewer=viewer))
    chart = history_chart(history)
    return {"player": player, "rating": PlayerRating.objects.filter(player=player).first(), "chart": chart}


def played_on(entry) -> str:
    """The day a rated game was played, as its club's calendar has it."""
    return written.day(entry.rated_at, entry.game)


def history_chart(history) -> LineChart:
    """The rating after each game of ``history`` (oldest first; each entry's game and club loaded)."""
    return rating_line_chart([e.overall_after for e in history], [played_on(e) for e in history])

