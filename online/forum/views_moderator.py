"""The moderator's console: setups and games, sign-ups, the deal, role messages, deadlines,
replacements, prods and modkills (with the hours since each player's last post)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubs.permissions import clubs_user_organizes
from core.errors import ApplicationError
from core.forms import form_refusal
from online.core import clock
from online.core.forms import NoteForm, NothingForm
from online.core.models import Game
from online.core.permissions import may_create, moderated
from online.core.play import state_of
from online.engine import moderator_view

from . import selectors, services
from .console_forms import HoursForm, NewForumGameForm, ReplaceForm, SlotForm
from .setup_forms import SetupForm, SetupImportForm, initial_from


def _moderates(user, game: Game) -> bool:
    """The forum game's rule: its moderator runs its console (and a superuser may)."""
    return user.pk == game.moderator_id or user.is_superuser


def _organizer_zone(user) -> str:
    """A new game's times default to the zone of the moderator's club."""
    return clubs_user_organizes(user).order_by("pk").values_list("timezone", flat=True).first() or "UTC"


@login_required
def console(request: HttpRequest) -> HttpResponse:
    if not may_create(request.user):
        raise PermissionDenied
    form = NewForumGameForm(request.POST or None, zone=_organizer_zone(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(setup=form.cleaned_data["setup"], moderator=request.user,
                                        title=form.cleaned_data["title"], time_zone=form.cleaned_data["time_zone"])
        except ApplicationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Game “%(title)s” created: sign-ups are open.") % {"title": game.title})
            return redirect("online_mod:console")
    return render(request, "online/forum/moderator/console.html", {
        "setups": selectors.forum_setups(), "form": form,
        "games": selectors.forum_games().filter(moderator=request.user).select_related("setup"),
    })


@login_required
def setup_new(request: HttpRequest) -> HttpResponse:
    """A new setup: the form (roles with counts and teams, options, phase lengths), or a JSON
    import; both checked by the same rules (online/forum/setup_forms.py). ``?from=<slug>`` starts
    from a stored setup."""
    if not may_create(request.user):
        raise PermissionDenied
    start = get_object_or_404(selectors.forum_setups(), slug=request.GET["from"]) if request.GET.get("from") else None
    form = SetupForm(initial=initial_from(start.data) if start else None)
    importer = SetupImportForm()
    if request.method == "POST":
        bound = SetupImportForm(request.POST) if request.POST.get("what") == "import" else SetupForm(request.POST)
        if bound.is_valid():
            data = bound.cleaned_data["setup"]
            try:
                setup = services.setup_create(name=data["name"], data=data, created_by=request.user)
            except ApplicationError as error:
                bound.add_error(None, error.message)
            else:
                messages.success(request, _("Setup “%(name)s” created.") % {"name": setup.name})
                return redirect("online_mod:console")
        if isinstance(bound, SetupImportForm):
            importer = bound
        else:
            form = bound
    return render(request, "online/forum/moderator/setup_form.html", {"form": form, "importer": importer,
                                                                 "start": start})


@login_required
def game_console(request: HttpRequest, slug: str) -> HttpResponse:
    game = moderated(request, selectors.forum_games().select_related("setup"), slug, _moderates)
    state = state_of(game)
    return render(request, "online/forum/moderator/game.html", {
        "game": game, "state": state, "everything": moderator_view(state),
        "activity": selectors.hours_since_last_post(game, clock.now()),
        "signups": game.signups.select_related("user"),
    })


# each action: the form its input goes through, and what it does with the cleaned input
ACTIONS = {
    "deal": (NothingForm, lambda game, data, user: services.game_deal(game=game)),
    "roles": (NothingForm, lambda game, data, user: services.role_messages_send(game=game)),
    "start": (NothingForm, lambda game, data, user: services.game_start(game=game)),
    "extend": (HoursForm, lambda game, data, user: services.deadline_extend(game=game, hours=data["hours"],
                                                                            note=data["note"])),
    "pause": (NoteForm, lambda game, data, user: services.deadline_pause(game=game, note=data["note"])),
    "resume": (NoteForm, lambda game, data, user: services.deadline_resume(game=game, note=data["note"])),
    "prod": (SlotForm, lambda game, data, user: services.slot_prod(game=game, number=data["slot"],
                                                                   note=data["note"])),
    "modkill": (SlotForm, lambda game, data, user: services.slot_modkill(game=game, number=data["slot"],
                                                                         note=data["note"])),
    "publish": (NoteForm, lambda game, data, user: services.review_publish(game=game, note=data["note"])),
    "replace": (ReplaceForm, lambda game, data, user: services.slot_replace(
        game=game, number=data["slot"], user=_account(data["username"]), note=data["note"])),
}


DONE = {
    "deal": gettext_lazy("The roles are randomised (the draw is recorded in the game's log)."),
    "roles": gettext_lazy("The role messages are sent."),
    "start": gettext_lazy("The game has started."),
    "extend": gettext_lazy("The deadline is extended; the note is in the public thread."),
    "pause": gettext_lazy("The deadline is paused; the note is in the public thread."),
    "resume": gettext_lazy("The deadline is running again; the note is in the public thread."),
    "prod": gettext_lazy("The player is prodded."),
    "modkill": gettext_lazy("The player is modkilled; the note is in the public thread."),
    "replace": gettext_lazy("The slot has its new player, who has the role message."),
    "publish": gettext_lazy("The post-game review is published."),
}


def _account(username: str):
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise ApplicationError(_("No account with that user name."), code="replace.no-account")
    return user


@require_POST
@login_required
def game_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    game = moderated(request, selectors.forum_games().select_related("setup"), slug, _moderates)
    if action not in ACTIONS:
        raise Http404
    form_class, run = ACTIONS[action]
    form = form_class(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("online_mod:game", slug=game.slug)
    try:
        run(game, form.cleaned_data, request.user)
    except ApplicationError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, str(DONE[action]))
    return redirect("online_mod:game", slug=game.slug)
