"""The leaderboards page (docs/records.md, "Leaderboards"): a statistic over the published games,
all time or a club's, within a period; htmx asks for the table alone."""

from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from . import selectors
from .leaderboard_forms import LeaderboardForm
from .leaderboards import STATISTICS


@require_GET
@vary_on_headers("HX-Request")
def leaderboards(request):
    form = LeaderboardForm(request.GET)
    form.is_valid()  # the errors are shown; the fields without one filter
    statistic = form.chosen_statistic()
    template = "records/leaderboards.html#results" if request.htmx else "records/leaderboards.html"
    return render(request, template, {
        "form": form, "statistic": STATISTICS[statistic],
        "rows": selectors.kept_leaderboard(statistic, **form.filters()),
    })
