"""The leaderboards page (docs/records.md, "Leaderboards"): a statistic over the published games,
all time or a club's, within a period; htmx asks for the table alone.

The form and the table are kept rendered until the store next changes (records.generation), per
query, part, language and time zone: a second reader costs a cache read. An anonymous visitor's
answer carries an ``ETag`` (304 to whoever holds it) and is the same for all of them, which lets the
fast path (records/fast.py) answer them in front of Django."""


from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from core import fast_path

from . import selectors
from .fast import PAGE_ASSETS
from .generation import kept
from .leaderboard_forms import LeaderboardForm
from .leaderboards import STATISTICS

PAGE_TEMPLATE = "records/leaderboards.html"


@require_GET
def leaderboards(request):
    part = "results" if request.htmx else "filtered"
    asked = tuple(sorted((name, tuple(values)) for name, values in request.GET.lists()))
    language = get_language()
    html = kept("leaderboards-page", (language, timezone.get_current_timezone_name(), part, asked),
                lambda: _filtered(request, part))
    edition = fast_path.edition((PAGE_TEMPLATE, "base.html"), PAGE_ASSETS)
    return fast_path.tagged_answer(request, "lb", (edition, language, part, html),
                                   lambda: HttpResponse(html) if request.htmx else _page(request, html))


def _page(request, html: str) -> HttpResponse:
    return render(request, PAGE_TEMPLATE, {"filtered": mark_safe(html)})  # noqa: S308 (the template's own rendering)


def _filtered(request, part: str) -> str:
    """The form and the table (``filtered``), or the table alone (``results``), rendered."""
    form = LeaderboardForm(request.GET)
    form.is_valid()  # the errors are shown; the fields without one filter
    statistic = form.chosen_statistic()
    filters = form.filters()
    return loader.render_to_string(f"{PAGE_TEMPLATE}#{part}", {
        "form": form, "statistic": STATISTICS[statistic], "part": part, "applied": len(filters),
        "rows": selectors.kept_leaderboard(statistic, **filters),
    })

