from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from clubs.selectors import listed_players

from . import selectors
from .csv_export import games_csv
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
        **({} if request.htmx else online_games_context(request, player)),  # not in the #results partial
    })


ONLINE_PAGE = "online_page"  # the online list's own pager, beside the games list's ``page``


def online_games_context(request, player) -> dict:
    """The record page's online games (templates/records/_online_games.html): the player's games
    over with their roles public, newest first, paginated apart from the seated games."""
    page = Paginator(selectors.player_online_games(player), GAMES_PER_PAGE).get_page(request.GET.get(ONLINE_PAGE))
    kept = request.GET.copy()
    kept.pop(ONLINE_PAGE, None)
    return {"online_page": page, "online_rows": selectors.online_game_rows(page.object_list),
            "online_query": kept.urlencode()}


@require_GET
def player_games_csv(request, pk):
    """The record page's games list for its filters, as CSV (the filters read as the page reads
    them: a bad value is left out)."""
    player = get_object_or_404(listed_players(), pk=pk)
    form = RecordFilterForm(request.GET, player=player)
    form.is_valid()
    rows = selectors.player_records(player, **form.filters()).select_related("tournament", "evening", "club")
    return games_csv(request, player, rows)
