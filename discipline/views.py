"""Discipline review pages (docs/discipline.md).

Reviewers' pages (``urls_discipline``, under /organize/discipline/): the queue, a case, and the
decision, reopen and note actions — for the club's organizers and the tournament's chief judge.
The player's page (``urls_discipline_player``): their case and the appeal form.
Views stay thin: who may is asked of ``discipline_selectors``, writes go to ``discipline``.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.selectors import listed_players
from core.errors import ApplicationError
from core.forms import form_refusal
from tournaments.models import Tournament

from . import selectors
from . import services as discipline
from .forms import AppealForm, ChiefJudgeForm, DecideForm, NoteForm, ReopenForm
from .models import DisciplineCase


def _reviewed_case(view):
    """Load the case and let only its reviewers in (404 for anyone else: cases are not public)."""

    @wraps(view)
    @login_required
    def wrapper(request, pk: int):
        case = get_object_or_404(selectors.case_queryset(), pk=pk)
        if not selectors.user_may_review_case(request.user, case):
            raise Http404
        try:
            return view(request, case)
        except ApplicationError as exc:
            messages.error(request, exc.message)
            return redirect(case.get_absolute_url())

    return wrapper


def _choice(value: str | None, choices) -> str | None:
    return value if value in {key for key, _label in choices} else None


@require_GET
@login_required
def queue(request):
    if not selectors.user_reviews_any_cases(request.user):
        raise PermissionDenied
    status = _choice(request.GET.get("status", DisciplineCase.Status.PENDING), DisciplineCase.Status.choices)
    kind = _choice(request.GET.get("kind"), DisciplineCase.Kind.choices)
    try:
        tournament_id = int(request.GET.get("tournament") or 0) or None
    except ValueError:
        tournament_id = None
    cases = selectors.cases_for_reviewer(request.user, tournament_id=tournament_id, status=status, kind=kind)
    context = {
        "cases": cases[:200], "status": status or "", "kind": kind or "", "tournament_id": tournament_id,
        "statuses": DisciplineCase.Status.choices, "kinds": DisciplineCase.Kind.choices,
        "tournaments": selectors.reviewer_tournaments(request.user),
        "organized": selectors.organized_tournaments(request.user)[:20],
    }
    template = "discipline/queue.html#queue-table" if request.htmx else "discipline/queue.html"
    return render(request, template, context)


@require_POST
@login_required
def chief_judge(request, pk: int):
    tournament = get_object_or_404(Tournament, pk=pk)
    form = ChiefJudgeForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("discipline:queue")
    nickname = form.cleaned_data["nickname"]
    try:
        player = None
        if nickname:
            player = listed_players().filter(nickname__iexact=nickname).first()
            if player is None:
                raise ApplicationError(_("No player is called %(nickname)s.") % {"nickname": nickname})
        discipline.tournament_set_chief_judge(tournament=tournament, player=player, actor=request.user)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Saved."))
    return redirect("discipline:queue")


@require_GET
@_reviewed_case
def case_detail(request, case):
    return render(request, "discipline/case.html", {
        "case": case,
        "context_lines": selectors.case_protocol_context(case),
        "notes": case.notes.select_related("author__player"),
        "appeal": getattr(case, "appeal", None),
        "history": selectors.case_history(case),
        "refusal": selectors.decide_refusal(request.user, case),
        "decisions": [(value, DisciplineCase.Decision(value).label) for value in selectors.allowed_decisions(case)],
        "may_reopen": case.status in (DisciplineCase.Status.UPHELD, DisciplineCase.Status.AMENDED,
                                      DisciplineCase.Status.OVERTURNED)
        and case.decision not in discipline.FINAL_DECISIONS and case.game.status != case.game.Status.ANNULLED,
    })


@require_POST
@_reviewed_case
def case_decide(request, case):
    form = DecideForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(form_refusal(form), code="form")
    discipline.case_decide(case=case, decision=form.cleaned_data["decision"], reason=form.cleaned_data["reason"],
                           actor=request.user)
    messages.success(request, _("Decided."))
    return redirect(case.get_absolute_url())


@require_POST
@_reviewed_case
def case_reopen(request, case):
    form = ReopenForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(form_refusal(form), code="form")
    discipline.case_reopen(case=case, reason=form.cleaned_data["reason"], actor=request.user)
    messages.success(request, _("The case is open again."))
    return redirect(case.get_absolute_url())


@require_POST
@_reviewed_case
def case_note(request, case):
    form = NoteForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(form_refusal(form), code="form")
    discipline.case_add_note(case=case, text=form.cleaned_data["text"], actor=request.user)
    messages.success(request, _("Note added."))
    return redirect(case.get_absolute_url())


# --- the player's side -------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def appeal(request, pk: int):
    """The player's own case: what was decided, and the appeal form until the deadline."""
    case = get_object_or_404(selectors.case_queryset(), pk=pk)
    if case.player is None or case.player.user_id != request.user.pk:
        raise Http404
    if request.method == "POST":
        form = AppealForm(request.POST)
        try:
            if not form.is_valid():
                raise ApplicationError(form_refusal(form), code="form")
            discipline.case_appeal(case=case, text=form.cleaned_data["text"], actor=request.user)
        except ApplicationError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Your appeal is filed."))
        return redirect("discipline_player:appeal", pk=case.pk)
    return render(request, "discipline/appeal.html", {
        "case": case, "appeal": getattr(case, "appeal", None),
        "may_appeal": selectors.user_may_appeal(request.user, case),
    })
