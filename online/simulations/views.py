"""Simulation runs of the auto-judged table: the list, a run's page with its charts, its report
as JSON (public: aggregates of finished bot games), and the form that asks for a run (the
moderators of online games: ``online.core.permissions.may_create``). Thin views over online/simulations/services.py.
"""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ApplicationError
from online.agents.charts import report_charts
from online.core.permissions import may_create

from .models import SimulationRun
from .selectors import simulation_run, simulation_runs
from .services import simulation_request

PER_PAGE = 25


class SimulationForm(forms.Form):
    """The shape of the input; what it means is the service's to check (simulation_request)."""

    games = forms.IntegerField(label=gettext_lazy("Games"), min_value=1, initial=200)
    seed = forms.CharField(label=gettext_lazy("Seed"), max_length=64, initial="site")
    spec = forms.CharField(label=gettext_lazy("Agents"), max_length=200, initial="rule",
                           help_text=gettext_lazy("rule, random or sloppy; by team (red=rule,black=random) or seat (1=random,rule)"))  # fmt: skip
    compare_spec = forms.CharField(label=gettext_lazy("Compared agents (optional)"), max_length=200, required=False,
                                   help_text=gettext_lazy("played on the same seeds, head to head"))  # fmt: skip
    config = forms.CharField(label=gettext_lazy("Table settings as JSON (optional)"), required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=gettext_lazy('e.g. {"speech_limit": 100, "limit_unit": "tokens"}'))  # fmt: skip

    def clean_config(self) -> dict:
        text = self.cleaned_data["config"].strip()
        if not text:
            return {}
        try:
            return json.loads(text)
        except ValueError:
            raise forms.ValidationError(_("The table settings are not valid JSON.")) from None


def simulation_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(simulation_runs(), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "online/simulations/list.html", {
        "page": page, "may_request": may_create(request.user),
        "max_games": settings.TABLE_SIMULATION_MAX_GAMES,
    })


@login_required
def simulation_new(request: HttpRequest) -> HttpResponse:
    if not may_create(request.user):
        raise PermissionDenied
    form = SimulationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            run = simulation_request(requested_by=request.user, **form.cleaned_data)
        except ApplicationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Simulation run %(id)s asked for.") % {"id": run.pk})
            return redirect(run)
    return render(request, "online/simulations/new.html", {
        "form": form, "max_games": settings.TABLE_SIMULATION_MAX_GAMES,
    }, status=400 if form.errors else 200)


def _run(pk: int) -> SimulationRun:
    run = simulation_run(pk)
    if run is None:
        raise Http404
    return run


def simulation_page(request: HttpRequest, pk: int) -> HttpResponse:
    run = _run(pk)
    report = run.report if run.status == SimulationRun.Status.DONE else None
    # The SVG is built by online/agents/charts.py, which escapes every label it writes.
    charts = [mark_safe(chart) for _key, chart in report_charts(report, _)] if report else []  # noqa: S308
    return render(request, "online/simulations/run.html", {
        "run": run, "report": report, "charts": charts, "may_request": may_create(request.user),
        "finished": run.status in (SimulationRun.Status.DONE, SimulationRun.Status.FAILED),
        "summaries": _summaries(report), "head_to_head": _head_to_head(report),
    })


def _summaries(report: dict | None) -> list[dict]:
    """Each spec's summary with its rate and interval in percent (the table above the charts)."""
    if not report:
        return []
    found = [report["run"]] + ([report["compare"]] if "compare" in report else [])
    return [{**summary, "rate_percent": (summary["red_win_rate"] or 0) * 100,
             "low_percent": summary["red_win_rate_ci95"][0] * 100,
             "high_percent": summary["red_win_rate_ci95"][1] * 100} for summary in found]


def _head_to_head(report: dict | None) -> dict | None:
    if not report or "head_to_head" not in report:
        return None
    h2h = report["head_to_head"]
    low, high = h2h["difference_ci95"]
    return {"difference": f"{h2h['red_win_rate_difference'] * 100:+.1f}", "low": f"{low * 100:+.1f}",
            "high": f"{high * 100:+.1f}", "games_with_another_winner": h2h["games_with_another_winner"]}


def simulation_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The report exactly as the command's report.json holds it (a run not done: 404)."""
    run = _run(pk)
    if run.status != SimulationRun.Status.DONE or not run.report_text:
        raise Http404
    return HttpResponse(run.report_text, content_type="application/json; charset=utf-8")
