"""The moderators' console of a "Mafia 1923" event (/organize/online/1923/): sign-ups and the
forming of families (with the requests that could not be met), the deal's review and
adjustment, the roster, every pending action, the window's draft with its overrides, publishing,
exile and strikes, the questions channel, the webhook, the audit. Only the event's moderators."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.audit import audit_trail
from core.errors import ApplicationError
from core.forms import form_refusal
from online.core import clock
from online.core.forms import NothingForm
from online.core.models import Game
from online.core.permissions import may_create, moderated
from online.core.play import state_of
from online.core.visibility import may_see_draft, viewer_of
from online.engine.mafia1923 import OPTIONS, ROLES, announcements

from . import selectors, services
from .formation import form_families
from .forms import (
    AdjustForm,
    AnswerForm,
    ModeratorForm,
    MoveForm,
    NewEventForm,
    OverrideForm,
    SlotNoteForm,
    WebhookForm,
    setup_export,
)
from .models import Entry, Override
from .texts import private_lines, public_lines, role_name


def _moderates(user, game: Game) -> bool:
    """The event's rule: its moderators (the game's own and those its console added)."""
    return viewer_of(user, game).moderator


@login_required
def console(request: HttpRequest) -> HttpResponse:
    if not may_create(request.user):
        raise PermissionDenied
    form = NewEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.event_create(title=data["title"], moderator=request.user, pool=data["pool"],
                                         options=data["options"], webhook_url=data["webhook"])
        except ApplicationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Event “%(title)s” created: sign-ups are open.") % {"title": game.title})
            return redirect("m1923_mod:event", slug=game.slug)
    mine = [game for game in selectors.events().order_by("-created_at") if viewer_of(request.user, game).moderator]
    return render(request, "online/mafia1923/moderator/console.html", {
        "events": mine, "options": OPTIONS, "roles": ROLES, "form": form,
    })


@login_required
def setup_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's setup as the new-event form imports it (its roles and settings), to download."""
    game = moderated(request, selectors.events(), slug, _moderates)
    response = JsonResponse(setup_export(game.setup.data), json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{game.slug}.setup.json"'
    return response


@login_required
def event(request: HttpRequest, slug: str) -> HttpResponse:
    game = moderated(request, selectors.events(), slug, _moderates)
    state = state_of(game)
    viewer = viewer_of(request.user, game)
    now = clock.now()
    entries = list(Entry.objects.filter(game=game).select_related("user"))
    players = [e for e in entries if e.plays]
    preview = form_families(players) if not game.slots.exists() else None
    who = selectors.names(state)
    draft = None
    if state.pending is not None and may_see_draft(viewer):
        future = services.draft_state(state, now)
        said = announcements(future, game.phase)
        overrides = list(Override.objects.filter(game=game, phase=game.phase).select_related("by"))
        draft = {"phase": game.phase, "publish_at": game.deadline, "overrides": overrides,
                 "public": public_lines(said["public"], who, [o.text for o in overrides if o.kind == "public-note"]),
                 "private": [{"slot": n, "name": who.get(n), "lines": private_lines({"results": r}, who),
                              "withheld": any(o.kind == "withhold" and o.slot == n for o in overrides)}
                             for n, r in sorted(said["private"].items())]}
    return render(request, "online/mafia1923/moderator/event.html", {
        "game": game, "state": state, "zone": str(selectors.zone_of(state)),
        "entries": entries, "spectators": [e for e in entries if not e.plays], "players": players,
        "preview": preview, "roster": selectors.roster(state) if state.dealt else [],
        "pending": selectors.pending_actions(state) if state.started else [], "draft": draft,
        "questions": selectors.questions_for(game, viewer), "names": who,
        "audit": audit_trail(game)[:50], "roles": {k: role_name(k) for k in ROLES},
        "webhook": getattr(getattr(game, "m1923", None), "webhook_url", ""),
        "kinds": Override.Kind.choices, "schedule": selectors.schedule(state),
        "second_roles": state.setup.option("mafia_second_roles"),
        "roster_actions": [("exile", _("Exile")), ("strike", _("Improper vote"))],
    })


def _account(username: str):
    user = get_user_model().objects.filter(username=(username or "").strip()).first()
    if user is None:
        raise ApplicationError(_("No account with that user name."), code="moderator.no-account")
    return user


# each action: the form its input goes through, and what it does with the cleaned input
ACTIONS = {
    "form": (NothingForm, lambda game, data, user: _formed(services.families_form(game=game, actor=user))),
    "move": (MoveForm, lambda game, data, user: services.entry_move(
        game=game, entry_id=data["entry"], family=data["family"], reason=data["reason"], actor=user)),
    "deal": (NothingForm, lambda game, data, user: services.event_enrol_and_deal(game=game, actor=user)),
    "redeal": (NothingForm, lambda game, data, user: services.deal_again(game=game, actor=user)),
    "adjust": (AdjustForm, lambda game, data, user: services.deal_adjust(
        game=game, changes=data["changes"], reason=data["reason"], actor=user)),
    "start": (NothingForm, lambda game, data, user: services.event_start(game=game, actor=user)),
    "override": (OverrideForm, lambda game, data, user: services.override_add(
        game=game, kind=data["kind"], slot=data["slot"], text=data["text"], reason=data["reason"], actor=user)),
    "publish": (NothingForm, lambda game, data, user: services.draft_publish(game=game, actor=user)),
    "exile": (SlotNoteForm, lambda game, data, user: services.player_exile(
        game=game, number=data["slot"], note=data["note"], actor=user)),
    "strike": (SlotNoteForm, lambda game, data, user: services.player_strike(
        game=game, number=data["slot"], note=data["note"], actor=user)),
    "answer": (AnswerForm, lambda game, data, user: services.question_answer(
        game=game, question_id=data["question"], answer=data["answer"], actor=user)),
    "moderator": (ModeratorForm, lambda game, data, user: services.moderator_add(
        game=game, user=_account(data["username"]), actor=user)),
    "webhook": (WebhookForm, lambda game, data, user: services.webhook_set(game=game, url=data["url"], actor=user)),
}


def _formed(unmet: list[dict]) -> str:
    return _("Families formed; %(n)d requests could not be met.") % {"n": len(unmet)} if unmet else ""


@require_POST
@login_required
def action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    game = moderated(request, selectors.events(), slug, _moderates)
    if action not in ACTIONS:
        raise Http404
    form_class, run = ACTIONS[action]
    form = form_class(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("m1923_mod:event", slug=game.slug)
    data = {**form.cleaned_data, "changes": form.changes()} if isinstance(form, AdjustForm) else form.cleaned_data
    try:
        said = run(game, data, request.user)
    except ApplicationError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, said if isinstance(said, str) and said else _("Done."))
    return redirect("m1923_mod:event", slug=game.slug)
