"""Upcoming tournaments and evenings for the home page and a club's page; a club's past evenings."""

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


@register.inclusion_tag("tournaments/_past_evenings.html")
def past_evenings(club, limit=5):
    """A club's latest evenings over, linked to their pages and to the whole list."""
    return {"club": club, "evenings": list(selectors.past_evenings(club)[:limit])}


@register.inclusion_tag("clubs/_my_applications.html")
def my_applications(player):
    """The player's own applications, on their own page (clubs' player page; whom they applied to
    is theirs alone): the tournaments app draws it, so the clubs app needs nothing of it."""
    return {"applications": selectors.player_applications(player)}
