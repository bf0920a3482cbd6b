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
