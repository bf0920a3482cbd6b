"""Upcoming tournaments and evenings for the home page and a club's page."""

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("tournaments/_upcoming.html", takes_context=True)
def upcoming_events(context, club=None, limit=6):
    return {
        "request": context.get("request"),
        "club": club,
        "tournaments": list(selectors.upcoming_tournaments(club)[:limit]),
        "evenings": list(selectors.upcoming_evenings(club)[:limit]),
    }


@register.inclusion_tag("clubs/_my_applications.html")
def my_applications(player):
    """The player's own applications, on their own page (clubs' player page; whom they applied to
    is theirs alone): the tournaments app draws it, so the clubs app needs nothing of it."""
    return {"applications": selectors.player_applications(player)}
