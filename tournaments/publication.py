"""Per-tournament publication switches: each public view declares the switch that opens it.

    @public_when("publish_standings")
    def standings(request, tournament): ...

The decorator loads the tournament from the ``slug`` in the URL and passes it to the view. The
page's times are in the club's time zone. The page is served when the switch is on, or always to organizers of the tournament's club. With
``public_when(None)`` the page is public as soon as the tournament is out of draft. Every
decorated view is recorded in ``PUBLIC_VIEWS`` (name → switch), and a test walks that registry so a
new public page cannot forget its switch.
"""

from __future__ import annotations

from functools import wraps

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _

from clubs.middleware import use_club_timezone
from games.visibility import tournament_visible

from .models import PUBLICATION_SWITCHES, Tournament

# view function's qualified name → switch (None: public once out of draft)
PUBLIC_VIEWS: dict[str, str | None] = {}

SWITCH_LABELS = {
    "publish_participants": _("participants"),
    "publish_seating": _("seating"),
    "publish_standings": _("standings"),
    "publish_results": _("game results"),
    "publish_protocols": _("full protocols"),
}


def visible_parts(request, tournament: Tournament) -> dict[str, bool]:
    """Which of the tournament's pages this visitor may open (for the tab bar)."""
    return {name: tournament_visible(request, tournament, name) for name in
            ("publish_participants", "publish_seating", "publish_standings", "publish_results",
             "publish_protocols")}


def public_when(switch: str | None, *, load=None):
    """``load``: a callable giving the tournament of a slug, or None (default: with its club)."""
    if switch is not None and switch not in PUBLICATION_SWITCHES:
        raise ValueError(f"Unknown publication switch {switch!r}")

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            if load is None:
                tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
            elif (tournament := load(slug)) is None:
                raise Http404
            use_club_timezone(tournament.club)
            if tournament.status == Tournament.Status.DRAFT and not tournament_visible(request, tournament, None):
                return render(request, "tournaments/not_published.html",
                              {"tournament": tournament, "draft": True}, status=404)
            if not tournament_visible(request, tournament, switch):
                return render(request, "tournaments/not_published.html",
                              {"tournament": tournament, "what": SWITCH_LABELS.get(switch)}, status=403)
            request.may_organize = request._may_organize_cache[tournament.club_id]
            return view(request, tournament, *args, **kwargs)

        wrapper.publication_switch = switch
        PUBLIC_VIEWS[f"{view.__module__}.{view.__qualname__}"] = switch
        return wrapper

    return decorator
