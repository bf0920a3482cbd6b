"""The pages of a "Mafia 1923" event for players and spectators (/online/1923/): thin views over
online/mafia1923/services.py (writes) and online/mafia1923/selectors.py (reads); what each viewer
sees is decided by online/core/visibility.py only."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ApplicationError
from core.forms import form_refusal
from games.middleware import server_timing
from online.core import clock
from online.core.models import Game
from online.core.play import state_of
from online.core.visibility import sees_everything, viewer_of

from . import selectors, services
from .forms import ActionForm, EntryForm, FamilyVoteForm, QuestionForm
from .models import Entry
from .texts import ability_help, ability_name, role_name


def _event(slug: str) -> Game:
    return get_object_or_404(selectors.events(), slug=slug)


def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "online/mafia1923/list.html", {"events": selectors.events().order_by("-created_at")})


def _context(request: HttpRequest, game: Game) -> dict:
    state = state_of(game)
    viewer = viewer_of(request.user, game)
    return {"game": game, "state": state, "viewer": viewer, "phase": state.phase,
            "zone": str(selectors.zone_of(state)), "me": selectors.me(game, state, viewer),
            "everything": sees_everything(viewer, game), "names": selectors.names(state)}


def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = _event(slug)
    context = _context(request, game)
    state, viewer = context["state"], context["viewer"]
    entry = selectors.entry_of(game, request.user)
    now = clock.now()
    schedule = [{**window, "over": window["end"] <= now} for window in selectors.schedule(state)]
    context.update({
        "entry": entry, "levels": Entry.Level.choices, "requests": Entry.Request.choices,
        "open": not state.dealt and not game.slots.exists() and not viewer.moderator,
        "schedule": schedule, "schedule_over": bool(schedule) and schedule[-1]["over"], "public": selectors.public_feed(game, state)[:12],
        "private": selectors.private_feed(game, state, viewer, viewer.number) if viewer.number else [],
        "role": role_name(context["me"]["role"]) if context["me"] else None,
        "families": selectors.families(state) if state.dealt else [],
        "signed_up": game.m1923_entries.count(),
    })
    return render(request, "online/mafia1923/event.html", context)


@require_POST
@login_required
def signup(request: HttpRequest, slug: str) -> HttpResponse:
    game = _event(slug)
    form = EntryForm(request.POST)
    try:
        if not form.is_valid():
            raise ApplicationError(form_refusal(form), code="form")
        data = form.cleaned_data
        if data["withdraw"]:
            services.entry_withdraw(game=game, user=request.user)
            messages.success(request, _("You have withdrawn your sign-up."))
        else:
            services.entry_create(game=game, user=request.user, level=data["level"],
                                  request=data["request"] or Entry.Request.INDIVIDUAL, together=data["together"],
                                  language=data["language"] or (get_language() or "en")[:2])
            messages.success(request, _("You are signed up."))
    except ApplicationError as error:
        messages.error(request, error.message)
    return redirect("m1923:event", slug=game.slug)


def _form_page(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    game = _event(slug)
    if request.method == "POST":  # straight to the service: nothing of the page is built for a submission
        if not request.user.is_authenticated:
            return redirect("login")
        try:
            _submit(request, game, kind)
        except ApplicationError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Received. You may change it until the window closes; the last one counts."))
        return redirect(f"m1923:{kind}", slug=game.slug)
    context = _context(request, game)
    state, viewer, me = context["state"], context["viewer"], context["me"]
    available = selectors.may_do(state, viewer.number, kind) if me else []
    living = selectors.known_living(state)
    own_family = me["family"] if me else None
    family_members = [slot for slot in living if me and slot.number != me["slot"]
                      and selectors.ext(state).family_of.get(slot.number) == own_family]
    context.update({
        "available": [{**a, "name": ability_name(a["ability"]), "help": ability_help(a["ability"]),
                       "submitted": me["submitted"].get(a["ability"])}
                      for a in available if a["ability"] != "votes"],
        "votes": next((a for a in available if a["ability"] == "votes"), None),
        "living": living, "family_names": list(selectors.ext(state).families),
        "other_families": [f for f in selectors.ext(state).families if f != own_family],
        "family_members": family_members, "kind": kind, "votes_help": ability_help("votes"),
        "quota": selectors.kill_quota(state) if state.dealt and state.phase else 0,
    })
    return render(request, "online/mafia1923/form.html", context)


def _submit(request: HttpRequest, game: Game, kind: str) -> None:
    now = clock.now()
    form = FamilyVoteForm(request.POST) if kind == "votes" else ActionForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(form_refusal(form), code="form")
    data = form.cleaned_data
    if kind == "votes":
        services.votes_cast(game=game, user=request.user, family=data["family"] or None, player=data["player"],
                            now=now)
        return
    withdraw = bool(data["withdraw"])
    services.action_submit(game=game, user=request.user, ability=data["ability"],
                           player=None if withdraw else data["player"],
                           players=None if withdraw else data["players"],
                           family=None if withdraw else (data["family"] or None), now=now)


@server_timing  # the view's own wall and CPU time in a header (benchmarks/mafia1923_site.py)
def actions(request: HttpRequest, slug: str) -> HttpResponse:
    """The one form for actions (night, and the day roles'): only what the player may do now."""
    return _form_page(request, slug, "actions")


@server_timing
def votes(request: HttpRequest, slug: str) -> HttpResponse:
    """The one form for the day's two votes."""
    return _form_page(request, slug, "votes")


def family(request: HttpRequest, slug: str, index: int) -> HttpResponse:
    game = _event(slug)
    context = _context(request, game)
    rows = selectors.families(context["state"])
    if not 1 <= index <= len(rows):
        raise Http404
    chosen = rows[index - 1]
    context.update({"family": chosen, "totals": selectors.family_totals(context["state"], chosen["name"]),
                    "mine": bool(context["me"] and context["me"]["family"] == chosen["name"])})
    return render(request, "online/mafia1923/family.html", context)


def board(request: HttpRequest, slug: str) -> HttpResponse:
    """The public board: deaths and vote totals, window by window (what spectators get)."""
    game = _event(slug)
    context = _context(request, game)
    context.update({"board": selectors.board(context["state"])})
    return render(request, "online/mafia1923/board.html", context)


@login_required
def questions(request: HttpRequest, slug: str) -> HttpResponse:
    """The private channel to the moderators: one's own questions and their answers."""
    game = _event(slug)
    context = _context(request, game)
    if request.method == "POST":
        try:
            form = QuestionForm(request.POST)
            if not form.is_valid():
                raise ApplicationError(form_refusal(form), code="form")
            services.question_ask(game=game, user=request.user, body=form.cleaned_data["body"])
        except ApplicationError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Your question has been sent to the moderators."))
        return redirect("m1923:questions", slug=game.slug)
    context["questions"] = selectors.questions_for(game, context["viewer"])
    return render(request, "online/mafia1923/questions.html", context)
