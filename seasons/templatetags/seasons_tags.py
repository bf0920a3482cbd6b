"""``{% load seasons_tags %}{% player_seasons player %}``: the player's places in their clubs'
seasons, on the player's page (a clubs template: clubs sits below seasons, so the page loads this
tag rather than importing upwards)."""

from django import template

from seasons.selectors import player_season_places

register = template.Library()


@register.inclusion_tag("seasons/_player_seasons.html")
def player_seasons(player):
    return {"places": player_season_places(player)}
