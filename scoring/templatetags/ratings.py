from django import template

from scoring.charts import rating_line_chart
from scoring.models import PlayerRating
from scoring.ratings import display_rating
from scoring.selectors import player_rating_history

register = template.Library()


@register.filter
def rating(value) -> int | str:
    return "" if value is None else display_rating(value)


@register.filter
def signed_rating(value) -> str:
    if value is None:
        return ""
    rounded = round(value, 1)
    return f"+{rounded}" if rounded > 0 else str(rounded)


@register.inclusion_tag("scoring/_player_rating_card.html", takes_context=True)
def player_rating_card(context, player):
    viewer = getattr(context.get("request"), "user", None)
    history = list(player_rating_history(player, viewer=viewer).only("overall_after", "rated_at", "game_id"))
    chart = rating_line_chart([e.overall_after for e in history], [f"{e.rated_at:%Y-%m-%d}" for e in history])
    return {"player": player, "rating": PlayerRating.objects.filter(player=player).first(), "chart": chart}
