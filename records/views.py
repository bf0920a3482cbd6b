from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from clubs.selectors import listed_players

from . import selectors
from .forms import RecordFilterForm
from .record_page import figures

GAMES_PER_PAGE = 25


@require_GET
@vary_on_headers("HX-Request")
def player_record(request, pk):
    """A player's record from the published games, for the filters asked for (docs/records.md,
    "The record page"); htmx asks for the results alone."""
    player = get_object_or_404(listed_players(), pk=pk)
    form = RecordFilterForm(request.GET, player=player)
    form.is_valid()  # the errors are shown; the fields without one filter
    filters = form.filters()
    games = selectors.player_records(player, **filters).select_related("tournament", "evening", "club")
    template = "records/player_record.html#results" if request.htmx else "records/player_record.html"
    return render(request, template, {
        "player": player, "form": form, "query": form.query(),
        "figures": figures(selectors.player_totals(player, **filters)),
        "page": Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page")),
    })
