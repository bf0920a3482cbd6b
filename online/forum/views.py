"""Pages of online games: thin views over services (writes) and selectors (reads). Every read of
a thread, role or result asks online/core/visibility.py."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST
from django.views.decorators.vary import vary_on_headers

from clubs.selectors import person_name
from core.errors import ApplicationError
from core.forms import form_refusal
from online.core import clock
from online.core.models import Game, GameEvent, Setup
from online.core.play import state_of
from online.core.visibility import (
    DEAD,
    MAIN,
    may_post,
    may_read,
    may_see_private,
    review_open,
    sees_everything,
    viewer_of,
)
from online.engine import night_order as engine_night_order
from online.engine import processing, view_for
from online.engine.forum.roles import ROLES

from . import selectors, services
from .player_forms import NightActionForm, PostForm, SignupForm, VoteForm
from .setup_forms import export_json
from .texts import catalogue

PAGE_SIZE = 50


def game_list(request: HttpRequest) -> HttpResponse:
    return render(request, "online/forum/game_list.html", {
        "running": selectors.games_in_progress(),
        "open": selectors.games_open_for_signups(),
        "finished": selectors.games_finished()[:20],
    })


def night_order(request: HttpRequest, slug: str) -> HttpResponse:
    setup = get_object_or_404(Setup, slug=slug)
    return render(request, "online/forum/night_order.html", {"setup": setup, "stages": engine_night_order(setup.data)})


def setup_json(request: HttpRequest, slug: str) -> HttpResponse:
    """A setup as JSON (the engine's format; the moderator's JSON import takes it back). Public,
    like the night order page that lists the same roles."""
    setup = get_object_or_404(Setup, slug=slug)
    response = HttpResponse(export_json(setup.data), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{setup.slug}.json"'
    return response


def role_catalogue(request: HttpRequest) -> HttpResponse:
    """Every role of the forum game: its team, its night action and the stage it acts in."""
    return render(request, "online/forum/roles.html", {"roles": catalogue(), "stages": engine_night_order(None)})


def _game(slug: str) -> Game:
    return get_object_or_404(selectors.forum_games().select_related("setup", "moderator"), slug=slug)


def _thread_keys(game: Game, state) -> list[str]:
    keys = [MAIN]
    if state.dealt:
        keys += sorted({f"side:{slot.side}" for slot in state.slots if state.setup.side(slot.side).thread})
        keys += [f"slot:{slot.number}" for slot in state.slots]
        keys.append(DEAD)
    return keys


def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    state = state_of(game)
    viewer = viewer_of(request.user, game)
    now = clock.now()
    key = request.GET.get("thread", MAIN)
    if not may_read(viewer, game, state, key):
        raise Http404
    only = request.GET.get("slot")
    only = int(only) if only and only.isdigit() else None
    posts = selectors.thread_posts(game, viewer, key, slot=only)
    page = Paginator(posts, PAGE_SIZE).get_page(request.GET.get("page") or _page_of(posts, request.GET.get("post", ""))
                                                or _last_page(posts))
    mine = view_for(state, viewer.number) if viewer.number is not None else None
    living_others = [slot for slot in state.slots if slot.alive and slot.number != viewer.number]
    # the vote control offers only players a vote may name: not an Innocent Child (public from the start)
    votable = [slot for slot in living_others if not _unvotable(state, slot.number)]
    context = {
        "game": game, "state": state, "viewer": viewer, "thread": key, "page": page, "only": only,
        "threads": [k for k in _thread_keys(game, state) if may_read(viewer, game, state, k)],
        "may_post": request.user.is_authenticated and may_post(viewer, game, state, key, now),
        "processing": state.started and not game.is_over and processing(state, now),
        "mine": mine, "slots": state.slots, "living_others": living_others, "votable": votable,
        "count": selectors.named_vote_count(game),
        "signed_up": game.signups.filter(user=request.user).exists() if request.user.is_authenticated else False,
        "following": request.user.is_authenticated and game.follows.filter(user=request.user).exists(),
        "review": review_open(game),
        "names": {slot.number: slot.name for slot in state.slots},
        "abilities": _night_abilities(mine, state),
        "quote": _quote(posts, request.GET.get("quote", "")),
    }
    return render(request, "online/forum/game.html", context)


def _unvotable(state, number: int) -> bool:

    role = ROLES.get(state.revealed.get(number, ""))
    return state.ruleset == "forum" and role is not None and role.unvotable


def _quote(posts, raw: str) -> str:
    """The text that quotes post ``raw`` of this thread (only a post the viewer may read)."""
    post = posts.filter(pk=int(raw), system=False).first() if raw.isdigit() else None
    if post is None:
        return ""
    who = (_("Moderator") if post.by_moderator else (post.name or post.slot.name) if post.slot is not None
           else person_name(post.author) if post.author is not None else "")
    return f"[quote={who}]{post.body}[/quote]\n>>{post.pk}\n"


def _page_of(posts, raw: str) -> int | None:
    """The page that holds post ``raw`` (a vote history's link, a >>123 link), if it is in the thread."""
    if not raw.isdigit() or not posts.filter(pk=int(raw)).exists():
        return None
    return posts.filter(pk__lt=int(raw)).count() // PAGE_SIZE + 1


def _last_page(posts) -> int:
    return max(1, -(-posts.count() // PAGE_SIZE))


def _night_abilities(mine, state) -> list[dict]:
    if not mine or "role" not in mine or state.phase is None or state.phase.kind != "night" or state.phase.number == 0:
        return []
    if not mine["alive"]:
        return []
    submitted = {(a["slot"], a["ability"]): a["target"] for a in mine.get("actions", [])}
    return [{**ability, "submitted": submitted.get((mine["slot"], ability["id"]))}
            for ability in mine["role"]["abilities"] if ability["uses_left"] is None or ability["uses_left"] > 0]


def _count_etag(request: HttpRequest, slug: str) -> str | None:
    """The count changes only with the game's log: its length, the language and the day asked
    for name one version, so a poll that finds nothing new is answered 304 without a render."""
    row = Game.objects.filter(slug=slug).values_list("pk", "event_count", "time_zone").first()
    if row is None:
        return None
    return f'"count-{row[0]}-{row[1]}-{get_language()}-{row[2]}-{request.GET.get("phase", "")[:8]}"'


@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@condition(etag_func=_count_etag)
@vary_on_headers("HX-Request")
def vote_count(request: HttpRequest, slug: str) -> HttpResponse:
    """The live vote count (htmx polls it every few seconds: the browser revalidates with its
    ETag, and an unchanged count costs one small query); ``?phase=D1`` an ended day's count.
    The fragment for htmx; a direct visit gets it in a full page (issue 27)."""
    game = _game(slug)
    phase = request.GET.get("phase") or None
    count = selectors.named_vote_count(game, phase)
    template = "online/forum/_vote_count.html" if request.htmx else "online/forum/vote_count_page.html"
    response = render(request, template, {"game": game, "count": count})
    response["Cache-Control"] = "private, no-cache"
    return response


def _back(game: Game, thread: str = MAIN) -> HttpResponse:
    url = game.get_absolute_url()
    return redirect(url if thread == MAIN else f"{url}?thread={thread}")


def _done(request: HttpRequest, call, success: str | None = None) -> bool:
    try:
        call()
    except ApplicationError as error:
        messages.error(request, error.message)
        return False
    if success:
        messages.success(request, success)
    return True


@require_POST
@login_required
def post_create(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    form = PostForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return _back(game)
    key = form.cleaned_data["thread"]
    holder = {}

    def call():
        holder["post"] = services.post_create(game=game, user=request.user, thread_key=key,
                                              body=form.cleaned_data["body"])
    if _done(request, call):
        tag = holder["post"].tag or {}
        if tag.get("refused"):
            messages.warning(request, _("Your post is up, but its vote was not counted: %(reason)s")
                             % {"reason": services.refusal_text(tag["refused"])})
        elif tag.get("status") in ("unknown", "ambiguous"):
            messages.warning(request, _("Your post is up, but its vote names no single player."))
    return _back(game, key)




@require_POST
@login_required
def vote(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    form = VoteForm(request.POST)
    error = None
    if not form.is_valid():  # nothing is written: "Choose a player" sent as a vote is refused
        error = next(iter(form.errors.values()))[0]
    else:
        target = None if form.cleaned_data["unvote"] else form.cleaned_data["target"]
        try:
            game = services.vote_cast(game=game, user=request.user, target=target).game  # as the vote left it
        except ApplicationError as refused:
            error = refused.message
    if request.htmx:  # the updated count, with the refusal if any
        return render(request, "online/forum/_vote_count.html",
                      {"game": game, "count": selectors.named_vote_count(game), "error": error})
    if error:
        messages.error(request, error)
    return _back(game)


@require_POST
@login_required
def night_action(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    form = NightActionForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return _back(game)
    ability, target = form.cleaned_data["ability"], form.target(request.POST)
    _done(request, lambda: services.night_action_submit(game=game, user=request.user, ability=ability, target=target),
          _("Your night action is recorded; the last one you send counts."))
    return _back(game)


@require_POST
@login_required
def signup(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    form = SignupForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
    elif form.cleaned_data["leave"]:
        _done(request, lambda: services.signup_leave(game=game, user=request.user), _("You have left the game."))
    else:
        _done(request, lambda: services.signup_join(game=game, user=request.user),
              _("You have signed up."))
    return _back(game)


@require_POST
@login_required
def follow(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    services.follow_set(game=game, user=request.user, on="stop" not in request.POST)  # the button's name only
    return _back(game)


def review(request: HttpRequest, slug: str) -> HttpResponse:
    """The post-game review: every role and every night action, once the game is over (the
    moderator sees it all along)."""
    game = _game(slug)
    viewer = viewer_of(request.user, game)
    if not sees_everything(viewer, game):
        return render(request, "online/forum/review_closed.html", {"game": game}, status=403)
    state = state_of(game)
    actions = GameEvent.objects.filter(game=game, type__in=("night_action_submitted", "action_resolved",
                                                            "private_result")).order_by("index")
    names = {slot.number: slot.name for slot in state.slots}
    days = [phase.id for phase in state.phases if phase.kind == "day"]
    return render(request, "online/forum/review.html", {
        "game": game, "state": state, "names": names, "actions": [event.data for event in actions],
        "counts": [selectors.named_vote_count(game, day) for day in days],
        "players": [{"slot": slot, "private": may_see_private(viewer, game, slot.number)} for slot in state.slots],
        "threads": [key for key in _thread_keys(game, state) if may_read(viewer, game, state, key)],
    })
