
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template import loader
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from clubs.selectors import listed_players
from core import fast_path

from . import selectors
from .csv_export import games_csv
from .engine.charts import LAST_GAMES
from .fast import PAGE_ASSETS
from .forms import RecordFilterForm
from .generation import kept
from .record_page import figures, record_charts
from .versus_page import versus_figures

GAMES_PER_PAGE = 25


@require_GET
def player_record(request, pk):
    """A player's record from the published games, for the filters asked for (docs/records.md,
    "The record page"); htmx asks for the results alone. A figure's link narrows the games list
    to the games it counts (``fact``, "Each figure's games"). The form and the results are kept
    rendered until the store next changes ("Speed"): a second reader of the same record, filters
    and language costs a cache read. An anonymous visitor's answer is tagged (``ETag``, 304), the
    same for all of them, so the fast path (records/fast.py) answers them in front of Django."""
    player = get_object_or_404(listed_players(), pk=pk)
    part = "results" if request.htmx else "seated"
    asked = tuple(sorted((name, tuple(values)) for name, values in request.GET.lists() if name != ONLINE_PAGE))
    language = get_language()
    html = kept("record-page", (player.pk, language, part, asked), lambda: _seated(request, player, part))
    # the online games are not the store's: never kept, rendered for every page
    online = "" if request.htmx else loader.render_to_string(
        "records/_online_games.html", online_games_context(request, player))
    edition = fast_path.edition(("records/player_record.html", "records/_online_games.html", "base.html"),
                                PAGE_ASSETS)

    def respond():
        if request.htmx:
            return HttpResponse(html)
        return render(request, "records/player_record.html", {
            "player": player, "seated": mark_safe(html), "online": mark_safe(online),  # noqa: S308 (the templates' own)
        })

    return fast_path.tagged_answer(request, "record", (edition, language, part, player.nickname, html, online), respond)


def _seated(request, player, part: str) -> str:
    """The filters' form and the results (``seated``), or the results alone, rendered."""
    form = RecordFilterForm(request.GET, player=player)
    form.is_valid()  # the errors are shown; the fields without one filter
    filters, fact = form.filters(), form.figure()
    games = selectors.figure_records(player, fact, **filters) if fact else selectors.player_records(player, **filters)
    page = Paginator(games.select_related("tournament", "evening", "club"), GAMES_PER_PAGE).get_page(
        request.GET.get("page"))
    for row in page:
        row.amount = selectors.seat_amount(row, fact) if fact else None
    shown = figures(selectors.player_totals(player, **filters))
    condition = selectors.figure_condition(fact) if fact else None
    here, kept_query = reverse("records:player", args=[player.pk]), form.query(fact=False)
    return loader.render_to_string(f"records/player_record.html#{part}", {
        "player": player, "form": form, "query": form.query(), "applied": len(filters), "part": part,
        # a figure's link: this page, these filters, the figure's games (``fact=…``); or every game
        "figure_base": f"{here}?{kept_query}&fact=" if kept_query else f"{here}?fact=",
        "every_game": f"{here}?{kept_query}" if kept_query else here,
        "figures": shown, "page": page,
        "fact": fact and {"label": shown.label(fact), "total": selectors.figure_total(player, fact, **filters),
                          "summed": condition.amount is not None or condition.rule is not None},
        # the player of "at the same table as", for the head-to-head link: (id, nickname)
        "mate": filters.get("with_player") and (filters["with_player"], form.mates[filters["with_player"]]),
        "charts": record_charts(selectors.monthly_results(player, **filters),
                                selectors.last_points(player, LAST_GAMES, **filters),
                                selectors.seat_results(player, **filters)),
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
    them: a bad value is left out), a figure's games when the page lists those."""
    player = get_object_or_404(listed_players(), pk=pk)
    form = RecordFilterForm(request.GET, player=player)
    form.is_valid()
    filters, fact = form.filters(), form.figure()
    rows = selectors.figure_records(player, fact, **filters) if fact else selectors.player_records(player, **filters)
    rows = rows.select_related("tournament", "evening", "club")
    return games_csv(request, player, rows)


@require_GET
def versus(request, pk, other_pk):
    """Two players side by side in the published games they shared (docs/records.md,
    "Head-to-head"); ``show`` narrows the games list to a figure's games."""
    players = listed_players()
    first, second = get_object_or_404(players, pk=pk), get_object_or_404(players, pk=other_pk)
    if first.pk == second.pk:
        raise Http404("a player has no head-to-head with themselves")
    page = versus_figures(first, second, selectors.shared_games(first, second), request.GET.get("show", ""))
    return render(request, "records/versus.html", {"first": first, "second": second, "versus": page})
