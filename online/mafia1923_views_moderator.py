"""The moderators' console of a "Mafia 1923" event (/organize/online/1923/): sign-ups and the
forming of families (with the requests that could not be met), the deal's review and
adjustment, the roster, every pending action, the window's draft with its overrides, publishing,
exile and strikes, the questions channel, the webhook, the audit. Only the event's moderators."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.audit import audit_trail
from core.errors import ApplicationError
from online.engine.mafia1923 import OPTIONS, ROLES, announcements

from . import clock
from . import mafia1923_selectors as selectors
from . import mafia1923_services as services
from .mafia1923_formation import form_families
from .mafia1923_models import Entry, Override
from .mafia1923_texts import private_lines, public_lines, role_name
from .models import Game
from .play import state_of
from .views_moderator import may_create
from .visibility import may_see_draft, viewer_of


def _moderated(request: HttpRequest, slug: str) -> Game:
    game = get_object_or_404(selectors.events(), slug=slug)
    if not viewer_of(request.user, game).moderator:
        raise PermissionDenied
    return game


@login_required
def console(request: HttpRequest) -> HttpResponse:
    if not may_create(request.user):
        raise PermissionDenied
    if request.method == "POST":
        try:
            pool = json.loads(request.POST.get("pool") or "[]")
            options = json.loads(request.POST.get("options") or "{}")
            if not isinstance(pool, list) or not isinstance(options, dict):
                raise ValueError
        except ValueError:
            messages.error(request, _("The role pool is a JSON list and the settings a JSON object."))
        else:
            try:
                game = services.event_create(title=request.POST.get("title", ""), moderator=request.user, pool=pool,
                                             options=options, webhook_url=request.POST.get("webhook", ""))
            except ApplicationError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Event “%(title)s” created: sign-ups are open.") % {"title": game.title})
                return redirect("m1923_mod:event", slug=game.slug)
        return redirect("m1923_mod:console")
    mine = [game for game in selectors.events().order_by("-created_at") if viewer_of(request.user, game).moderator]
    return render(request, "online/mafia1923/moderator/console.html", {
        "events": mine, "options": OPTIONS, "roles": ROLES,
        "default_pool": json.dumps([{"role": r, "count": 1} for r in ("doctor", "detective", "bodyguard")]),
    })


@login_required
def event(request: HttpRequest, slug: str) -> HttpResponse:
    game = _moderated(request, slug)
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


def _changes(post) -> dict[int, object]:
    slot = post.get("slot", "")
    if not slot.isdigit():
        raise ApplicationError(_("Choose a player."), code="slot.unknown")
    role = post.get("role", "")
    return {int(slot): {"role": role, "mafia": True} if post.get("mafia") and role != "mafia_member" else role}


def _number(value) -> int:
    return int(value) if isinstance(value, str) and value.isdigit() else 0


def _account(username: str):
    user = get_user_model().objects.filter(username=(username or "").strip()).first()
    if user is None:
        raise ApplicationError(_("No account with that user name."), code="moderator.no-account")
    return user


ACTIONS = {
    "form": lambda game, post, user: _formed(services.families_form(game=game, actor=user)),
    "move": lambda game, post, user: services.entry_move(game=game, entry_id=_number(post.get("entry")),
                                                         family=post.get("family", ""), reason=post.get("reason", ""),
                                                         actor=user),
    "deal": lambda game, post, user: services.event_enrol_and_deal(game=game, actor=user),
    "redeal": lambda game, post, user: services.deal_again(game=game, actor=user),
    "adjust": lambda game, post, user: services.deal_adjust(game=game, changes=_changes(post),
                                                            reason=post.get("reason", ""), actor=user),
    "start": lambda game, post, user: services.event_start(game=game, actor=user),
    "override": lambda game, post, user: services.override_add(
        game=game, kind=post.get("kind", ""), slot=_number(post.get("slot")) or None, text=post.get("text", ""),
        reason=post.get("reason", ""), actor=user),
    "publish": lambda game, post, user: services.draft_publish(game=game, actor=user),
    "exile": lambda game, post, user: services.player_exile(game=game, number=_number(post.get("slot")),
                                                            note=post.get("note", ""), actor=user),
    "strike": lambda game, post, user: services.player_strike(game=game, number=_number(post.get("slot")),
                                                              note=post.get("note", ""), actor=user),
    "answer": lambda game, post, user: services.question_answer(
        game=game, question_id=_number(post.get("question")), answer=post.get("answer", ""),
        actor=user),
    "moderator": lambda game, post, user: services.moderator_add(game=game, user=_account(post.get("username")),
                                                                 actor=user),
    "webhook": lambda game, post, user: services.webhook_set(game=game, url=post.get("url", ""), actor=user),
}


def _formed(unmet: list[dict]) -> str:
    return _("Families formed; %(n)d requests could not be met.") % {"n": len(unmet)} if unmet else ""


@require_POST
@login_required
def action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    game = _moderated(request, slug)
    if action not in ACTIONS:
        raise Http404
    try:
        said = ACTIONS[action](game, request.POST, request.user)
    except ApplicationError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, said if isinstance(said, str) and said else _("Done."))
    return redirect("m1923_mod:event", slug=game.slug)
