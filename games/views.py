"""The judge's entry page, the judge's tables, the public result page, organizer actions.

Views stay thin: find the game and who is asking, call a service, render a partial.
Every POST carries the version its page was built on; a stale one gets the current table.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass

from django.contrib import messages
from django.db import transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template import loader
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.middleware import use_club_timezone
from clubs.models import Player
from clubs.permissions import clubs_user_judges, user_may_organize
from clubs.selectors import listed_players
from core.errors import ApplicationError
from core.forms import form_refusal, whole_number
from core.locking import for_update
from core.polling import fragment_answer, kept_fragment_body, with_server_time
from tournaments.models import Evening

from . import entry, links, live_poll, refusals, selectors, services
from .entry_parts import HEADER as PARTS_HEADER
from .entry_parts import EntryParts, shown_parts
from .final_scores import final_scores
from .forms import EntryRequestKeyForm, HostTapForm, NewGameForm
from .game_page import game_page
from .live import host_digest, live_context
from .middleware import server_timing
from .models import Game
from .permissions import token_opens, user_may_enter
from .rulesets import ROLE_LABELS, RulesetChoice, seat_numbers
from .visibility import (
    FINISHED_STATUSES,
    everyone_may_watch_live,
    may_see_roles,
    may_watch_live,
    protocol_visible,
)

TEMPLATE = "games/entry.html"

logger = logging.getLogger(__name__)


@dataclass
class Access:
    """Who is at the table: the game, whether through the private link, and the acting user."""

    game: Game
    via_link: bool
    actor: object  # a User or None
    base: str  # the page's URL; actions live under it
    link_state: links.LinkState | None = None  # through the link: open or read-only

    @property
    def writable(self) -> bool:
        """May this visitor change the table? Through the link only while it is open."""
        return not self.via_link or self.link_state == links.LinkState.OPEN

    def url(self, action: str) -> str:
        return f"{self.base}{action}/"


def _access(request: HttpRequest, pk: int | None = None, token: str | None = None, *,
            lock: bool = False) -> Access | HttpResponse:
    """Who is at the table. ``lock=True`` (an action, inside its transaction) reads the game under
    the row lock, once: the service then checks and saves on this very read."""
    if token is not None:
        game = selectors.game_for_entry(token=token, lock=lock)
        if game is None or not token_opens(game, token):
            return _dead_link(request, None)  # mistyped, or replaced by a new link
        state = links.link_state(game)
        if state in (links.LinkState.EXPIRED, links.LinkState.REVOKED):
            return _dead_link(request, state)
        # The private link acts for the table's judge; a logged-in visitor acts as themselves.
        actor = request.user if request.user.is_authenticated else (game.judge.user if game.judge else None)
        return Access(game, True, actor, reverse("entry:link", kwargs={"token": token}), state)
    if not request.user.is_authenticated:
        return render(request, "games/no_access.html", status=403)
    game = selectors.game_for_entry(pk=pk, lock=lock)
    if game is None or not user_may_enter(request.user, game):
        raise Http404  # never say that a game exists to someone who may not see it
    return Access(game, False, request.user, reverse("entry:page", kwargs={"pk": game.pk}))


def _dead_link(request: HttpRequest, state: links.LinkState | None) -> HttpResponse:
    """A link that opens nothing: say why (expired, withdrawn, or unknown: mistyped or replaced) and
    whom to ask, and nothing of the game — not even which game it was."""
    response = render(request, "games/link_dead.html", {"state": state},
                      status=404 if state is None else 410)
    if request.htmx:
        response["HX-Refresh"] = "true"  # an open entry page reloads and shows this page whole
    return response


def _context(request: HttpRequest, access: Access, *, error: ApplicationError | None = None) -> dict:
    game = access.game
    table = selectors.game_table(game)
    # Every form carries the CSRF token (for the no-JavaScript fallback) and the version the
    # page was built on (the conflict rule); rendered once here, used by every form.
    hidden_fields = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
                                '<input type="hidden" name="version" value="{}">',
                                get_token(request), game.protocol_version)
    context = {
        "hidden_fields": hidden_fields,
        # the table's parts (games/entry_parts.py): what changes on every version is no change
        "entry_parts": EntryParts(volatile=(str(hidden_fields), f'data-version="{game.protocol_version}"')),
        "game": game, "table": table, "access": access, "base": access.base, "via_link": access.via_link,
        "writable": access.writable,
        "error": error, "conflict": error is not None and error.code == "conflict",
        "show_roles": may_see_roles(request.user, game, via_link=access.via_link),
        "rulesets": RulesetChoice,
        "table_seats": seat_numbers(game.ruleset),  # the ruleset's table: the shot's numbers
    }
    if not access.writable:
        context["read_only_message"] = links.read_only_message(game)
        context["link_expires_at"] = links.link_expires_at(game)
    if table.replay_error is not None:
        context["replay_error_text"] = refusals.explain(table.replay_error.rule, table.replay_error.params)
        return context
    if table.record is None or table.actions.deal_open:
        # The deal: at setup, and again (to correct a card) until the first event. A tournament
        # table's players are its seating: the judge gives out the roles only.
        context["seating_fixed"] = game.tournament_id is not None
        seated = {seat.seat: seat for seat in game.seats.select_related("player")}
        context["deal_rows"] = [
            {"seat": number, "nickname": seated[number].player.nickname if number in seated and seated[number].player else "",
             "role": seated[number].role if number in seated else ""}
            for number in seat_numbers(game.ruleset)
        ]
        context["role_choices"] = ROLE_LABELS.items()
    if table.record is None:
        return context
    state = table.state
    seats = entry.seat_views(table)
    alive = [seat for seat in seats if seat.alive]
    context.update(seats=seats, alive_seats=alive, state=state, phase=table.phase,
                   fouls_open=not state.finished and access.writable,
                   phase_label=entry.phase_label(table.phase.kind, table.phase.number))
    events = table.record.events
    context["last_event"] = entry.describe_event(events[-1]) if events else ""
    if state.finished or game.status in (Game.Status.FINISHED, Game.Status.CONFIRMED):
        context["result_end"] = entry.END_NAMES.get(state.end, state.end)
        context["scores"] = _scores(table)
        context["may_publish"] = not access.via_link and user_may_organize(request.user, game.club)
        context["may_reopen"] = context["may_publish"]  # only organizers, by login (the service checks)
        if context["may_publish"]:
            context.update(_confirmation(request.user, game))
        context["black_seats"] = [seat for seat in seats if seat.team == "black"]
        return context
    # What may be recorded next is the engine's answer (games/engine/actions.py), as the actions
    # and the API read it; the page only shows it.
    actions = table.actions
    tiles = {seat.number: seat for seat in alive}
    context.update(
        candidates=list(actions.candidates),
        vote_rows=[(candidate, f"against_{candidate}") for candidate in actions.candidates[:-1]],
        last_candidate=actions.candidates[-1] if actions.candidates else None,
        vote_open=actions.vote, raise_open=actions.raise_decision, nominate_open=actions.nominate,
        nominations=list(zip(state.nominations, state.nominators, strict=False)) if actions.in_recorded_phase else [],
        majority=actions.majority,
        # After the day's first vote the day moves on: its tally instead of the nomination form.
        vote_tallies=entry.vote_tallies(table),
    )
    if table.phase.is_night:
        context["night_stages"] = [(choice.stage, entry.STAGE_NAMES[choice.stage],
                                    [tiles[seat] for seat in choice.targets]) for choice in actions.night_stages]
        context["night_results"] = entry.night_results(table)
        context["living_blacks"] = list(actions.living_blacks)
        context["don_decides"] = actions.shot_by_don
        context["shown_numbers"] = range(1, table.ruleset.seat_count + 1)
    context["next_phase"] = (actions.next_phase.key, entry.phase_label(actions.next_phase.kind, actions.next_phase.number))
    if actions.previous_phase is not None:
        previous = actions.previous_phase
        context["previous_phase"] = (previous.key, entry.phase_label(previous.kind, previous.number))
    if access.writable:
        context["host"] = _host_view(game, table.record)
        # nominations and fouls in the speech: the entry's own actions, the speaker preset
        context["speech"] = entry.speech_taps(context["host"]["speaker"], table)
    context["wills"] = [
        {"seat": will.seat, "kinds": [(kind, entry.WILL_NAMES[kind]) for kind in will.kinds],
         "max_targets": will.max_targets, "slots": [(place, f"target_{place}") for place in range(1, will.max_targets + 1)]}
        for will in actions.wills
    ]
    return context


def _confirmation(user, game: Game) -> dict:
    """The workflow block for an organizer by login: the Confirm button, or where it would be, why
    not and who else may (the two-person rule, services.confirm_refusal); and, while they may
    confirm a submitted protocol, the warning that a change of theirs would make them an author."""
    if game.status != Game.Status.FINISHED or game.submitted_at is None:
        return {}
    authors = services.protocol_authors(game)
    refusal = services.confirm_refusal(user, game, authors)
    if refusal is None:
        return {"may_confirm": True, "author_warning": _(
            "This protocol is submitted. A change of yours withdraws the submission and makes you one of its "
            "authors: you could no longer confirm it. Go on?")}
    if refusal.code != "own_protocol":
        return {}
    return {"confirm_refusal": refusal,
            "other_confirmers": [player.nickname for player in selectors.other_confirmers(game, authors)]}


def _scores(table) -> list[dict] | None:
    """Every player's score with its items, as stored scores are: with the discipline decisions
    that change a penalty applied (docs/discipline.md)."""
    try:
        result = final_scores(table.record, table.game.pk)
    except Exception:  # a scoring bug must not hide the protocol from the judge: log it, show the rest
        logger.exception("game %s: the final summary could not be scored", table.game.pk)
        return None
    if result is None:
        return None
    players = result.to_dict()["players"]
    for player in players:
        player["role_name"] = ROLE_LABELS.get(player["role"], player["role"])
    return players


def _organizer_tools(request: HttpRequest, access: Access) -> dict:
    """What the whole entry page adds for an organizer by login: the judge's link, and before a
    tournament table's first event, the form that seats another participant."""
    game = access.game
    if access.via_link or not user_may_organize(request.user, game.club):
        return {}
    tools = {"organizer_tools": True}
    if (game.tournament_id is not None and game.status in (Game.Status.SETUP, Game.Status.IN_PROGRESS)
            and not (game.protocol or {}).get("events")):
        tools["seat_rows"] = sorted(game.seats.select_related("player"), key=lambda seat: seat.seat)
        tools["seat_candidates"] = selectors.seat_change_candidates(game)
    return tools


# Posted fields a question's "yes" form does not repeat (it has its own token and version).
NOT_REPEATED = ("csrfmiddlewaretoken", "version", "confirmed")


def _refusal_context(request: HttpRequest, access: Access, error: ApplicationError, action: str) -> dict:
    """Where the refusal goes and what it marks: the action's form (the script puts the message
    right after it), the field at fault, and for a question the posted fields to send again."""
    context = {"error_action": action, "error_field": error.extra.get("field", "")}
    if error.code == "confirm":
        context["error_url"] = access.url(action)
        context["error_posted"] = [(name, value) for name in request.POST if name not in NOT_REPEATED
                                   for value in request.POST.getlist(name)]
    return context


def _render(request: HttpRequest, access: Access, *, error: ApplicationError | None = None, partial: bool,
            action: str = ""):
    context = _context(request, access, error=error)
    if error is not None:
        context.update(_refusal_context(request, access, error, action))
    if partial:
        # The table fragment uses nothing of the context processors (the navigation bar, the
        # messages and the user's menu are outside it), and the navigation's costs a logged-in
        # judge two queries per tap: render it from its own context (with the request, for
        # {% game_roles_visible %}).
        context["request"] = request
        # host mode's panel alone, after a tap (static/js/host.js: a tap changes nothing else)
        host_only = request.htmx.target == "host" and "host" in context
        response = HttpResponse(loader.render_to_string("games/_host.html" if host_only else f"{TEMPLATE}#table",
                                                        context))
        changed = None if host_only or error is not None else context["entry_parts"].changed_since(
            shown_parts(request.headers.get(PARTS_HEADER, "")))
        if changed is not None:  # the page shows the same table's shape: only what changed goes
            response = HttpResponse("".join(part.html for part in changed))
            response["HX-Reswap"] = "none"  # static/js/entry.js puts them in
            response[PARTS_HEADER] = "changed"
    else:
        context.update(_organizer_tools(request, access))
        response = render(request, TEMPLATE, context)
    response["X-Protocol-Version"] = str(context["game"].protocol_version)
    if error is not None:
        response["X-Entry-Refused"] = error.code
    return response


@server_timing
@require_GET
def entry_page(request: HttpRequest, pk: int | None = None, token: str | None = None):
    access = _access(request, pk=pk, token=token)
    if isinstance(access, HttpResponse):
        return access
    response = _render(request, access, partial=bool(request.htmx))
    response["Cache-Control"] = "no-store"  # a tablet waking up must never show an old table
    response["Vary"] = "HX-Request, Cookie"
    return response


# Each action: (service call, whether it appends an event built from the form).
EVENT_ACTIONS = {
    "nominate", "vote", "raise", "shot", "don_check", "sheriff_check", "will", "foul",
    "technical_foul", "disqualify", "dd", "surrender", "bonus", "sheriff_kill_responsible",
}


def _ask(question: str | None) -> None:
    """Ask the judge before recording (entry.question): the page shows the question next to the
    control with a button that posts the same form again, ``confirmed``."""
    if question:
        raise ApplicationError(question, code="confirm")


def _perform(request: HttpRequest, access: Access, action: str) -> Game:
    """Run the action's service on the game ``_access`` read under the lock, in the caller's
    transaction (the services' ``.locked`` forms: no second read, no savepoint)."""
    data = request.POST
    game, actor, via_link = access.game, access.actor, access.via_link
    if via_link:
        links.refuse_link_write(game)  # before the form is read: a closed link hears nothing
    version = data.get("version")
    if action in EVENT_ACTIONS:
        table = selectors.game_table(game)
        if table.replay_error is not None:
            raise ApplicationError(refusals.explain(table.replay_error.rule, table.replay_error.params), code="refused")
        if table.record is None:
            raise ApplicationError(_("Deal the seats and roles first."), code="setup")
        event = entry.build_event(action, data, table)
        _ask(entry.question(action, event, data, table))
        return services.protocol_append_event.locked(game=game, event=event, expected_version=version,
                                                     actor=actor, via_link=via_link)
    if action == "undo":
        return services.protocol_undo_last.locked(game=game, expected_version=version, actor=actor, via_link=via_link)
    if action == "phase":
        try:
            key = int(data.get("phase_key", ""))
        except ValueError:
            raise ApplicationError(_("Unknown phase."), code="form") from None
        table = selectors.game_table(game)
        if table.record is not None and table.replay_error is None:
            _ask(entry.question(action, None, data, table))
        return services.game_move_phase.locked(game=game, phase_key=key, expected_version=version, actor=actor,
                                               via_link=via_link)
    if action == "deal":
        players, roles = {}, {}
        # A tournament table is dealt with its seating (the service checks any player named here).
        seated = services.seated_players(game) if game.tournament_id is not None else {}
        for seat in seat_numbers(game.ruleset):
            nickname = (data.get(f"player_{seat}") or "").strip()
            player = listed_players().filter(nickname__iexact=nickname).first() if nickname else seated.get(seat)
            if player is None:
                raise ApplicationError(
                    _("Seat %(seat)s: no player called “%(name)s”.") % {"seat": seat, "name": nickname}
                    if nickname else _("Seat %(seat)s needs a player.") % {"seat": seat}, code="deal",
                    extra={"field": f"player_{seat}"})
            players[seat] = player
            roles[seat] = data.get(f"role_{seat}", "")
        return services.game_deal.locked(game=game, players=players, roles=roles,
                                         random_roles=data.get("random") == "1", expected_version=version,
                                         actor=actor, via_link=via_link)
    if action == "submit":
        return services.game_submit.locked(game=game, expected_version=version, actor=actor, via_link=via_link)
    if action == "reopen":
        return services.game_edit_after_confirmation.locked(game=game, reason=data.get("reason", ""),
                                                            expected_version=version, actor=actor, via_link=via_link)
    raise Http404


@server_timing
@require_POST
def entry_action(request: HttpRequest, action: str, pk: int | None = None, token: str | None = None):
    if token is None and not request.user.is_authenticated:
        return render(request, "games/no_access.html", status=403)
    error = made = None
    # One transaction: the game read once under its row lock (with all the page shows of it), then
    # the service's checks and writes on that read. After the commit, the fragment is rendered from
    # the saved document and the record the service replayed, without another query.
    with transaction.atomic():
        access = _access(request, pk=pk, token=token, lock=True)
        if isinstance(access, HttpResponse):
            return access
        try:
            key = _request_key(request)
            made = selectors.version_made_by_request(access.game, key)
            if made is None:  # a request seen before is answered with the table, not applied again
                before = access.game.protocol_version
                access.game = _perform(request, access, action)
                if access.game.protocol_version != before:
                    services.protocol_version_keep_request_key(game=access.game, request_key=key)
                    made = access.game.protocol_version
        except ApplicationError as refused:
            error = refused
            transaction.set_rollback(True)  # a refused action saves nothing
    if error is not None:
        access.game = selectors.game_for_entry(pk=access.game.pk)  # the table as it is now
    if not request.htmx:
        if error is not None and error.code == "confirm":
            return _render(request, access, error=error, partial=False, action=action)  # its question, whole
        # Post/redirect/get without JavaScript: the message travels in the session.
        if error is not None:
            messages.error(request, error.message)
        return redirect(access.base)
    response = _render(request, access, error=error, partial=True, action=action)
    if made is not None:
        response["X-Request-Version"] = str(made)  # the version this request made (the offline queue's chain)
    return response


def _request_key(request: HttpRequest) -> str:
    form = EntryRequestKeyForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(form_refusal(form), code="form")
    return form.cleaned_data["request_key"]


@require_GET
def entry_service_worker(request: HttpRequest):
    """The entry page's service worker (docs/entry.md, "Offline entry"). Served from the site's root
    so that it may look after the judges' pages under /judge/ and /t/; the same for everyone."""
    response = render(request, "games/entry_sw.js", content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # a new version of the worker reaches the phones at once
    return response


@require_GET
def player_options(request: HttpRequest, pk: int | None = None, token: str | None = None):
    """Nickname search for the deal's seats (a <datalist>'s options)."""
    access = _access(request, pk=pk, token=token)
    if isinstance(access, HttpResponse):
        return access
    query = next((value for key, value in request.GET.items() if key.startswith("player_")), "")
    players = selectors.player_search(query or request.GET.get("q", ""))
    return render(request, f"{TEMPLATE}#player_options", {"players": players})


@require_GET
def event_log(request: HttpRequest, pk: int | None = None, token: str | None = None):
    """The recorded events in the judge's words, newest first (opened on demand)."""
    access = _access(request, pk=pk, token=token)
    if isinstance(access, HttpResponse):
        return access
    events = access.game.protocol.get("events", []) if may_see_roles(
        request.user, access.game, via_link=access.via_link) else []
    described = [(index + 1, entry.describe_event(event)) for index, event in enumerate(events)][::-1]
    template = f"{TEMPLATE}#event_log" if request.htmx else "games/event_log.html"
    return render(request, template, {"events": described, "game": access.game, "base": access.base})


@require_GET
def history(request: HttpRequest, pk: int | None = None, token: str | None = None):
    access = _access(request, pk=pk, token=token)
    if isinstance(access, HttpResponse):
        return access
    return render(request, "games/history.html", {
        "game": access.game, "base": access.base, "versions": selectors.game_history(access.game),
    })


# --- organizers ----------------------------------------------------------------------------------


@require_POST
def organizer_action(request: HttpRequest, pk: int, action: str):
    if not request.user.is_authenticated:
        return render(request, "games/no_access.html", status=403)
    if action not in ("confirm", "publish", "unpublish"):
        raise Http404
    error = None
    # A Confirm is one transaction: the game read once, under its row lock, and the organizer asked
    # about once; the service checks and saves on that read (issue 31: a Confirm's statements).
    with transaction.atomic() if action == "confirm" else contextlib.nullcontext():
        games = selectors.game_queryset()
        game = get_object_or_404(for_update(games) if action == "confirm" else games, pk=pk)
        if not user_may_organize(request.user, game.club):
            raise Http404
        access = Access(game, False, request.user, reverse("entry:page", kwargs={"pk": game.pk}))
        try:
            if action == "confirm":
                access.game = services.game_confirm.locked(
                    game=game, expected_version=request.POST.get("version"), actor=request.user,
                    actor_organizes=True)
            else:
                access.game = services.game_publish_results(game=game, actor=request.user,
                                                            published=action == "publish")
        except ApplicationError as refused:
            error = refused
            if action == "confirm":
                transaction.set_rollback(True)  # a refused Confirm saves nothing
    if error is not None:
        access.game = selectors.game_queryset().get(pk=game.pk)
    if not request.htmx:
        if error is not None:
            messages.error(request, error.message)
        return redirect(access.base)
    return _render(request, access, error=error, partial=True)


def _organizer_game(request: HttpRequest, pk: int) -> Game | HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "games/no_access.html", status=403)
    game = get_object_or_404(selectors.game_queryset(), pk=pk)
    if not user_may_organize(request.user, game.club):
        raise Http404
    return game


def _back(request: HttpRequest, game: Game):
    """To the page the button was on (``next``), else the game's entry page."""
    target = request.POST.get("next", "")
    # An address (a path), never a view name: redirect("1e400") tried reverse() and was a 500.
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = reverse("entry:page", kwargs={"pk": game.pk})
    return HttpResponseRedirect(target)


def _link_service(request: HttpRequest, pk: int, service, done: str):
    game = _organizer_game(request, pk)
    if isinstance(game, HttpResponse):
        return game
    try:
        service(game=game, actor=request.user)
    except ApplicationError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, done % {"game": game})
    return _back(request, game)


@require_POST
def judge_link_rotate(request: HttpRequest, pk: int):
    """A new private link for the table; the old one stops at once."""
    return _link_service(request, pk, services.judge_link_rotate,
                         _("%(game)s: a new judge's link is issued; the old one no longer works."))


@require_POST
def judge_link_revoke(request: HttpRequest, pk: int):
    """Withdraw the table's private link."""
    return _link_service(request, pk, services.judge_link_revoke,
                         _("%(game)s: the judge's link is withdrawn."))


@require_POST
def seat_change(request: HttpRequest, pk: int):
    """An organizer seats another participant at a tournament table (games.services.game_seat_change)."""
    game = _organizer_game(request, pk)
    if isinstance(game, HttpResponse):
        return game
    chosen = whole_number(request.POST.get("player"), minimum=1)
    player = Player.objects.filter(pk=chosen).first() if chosen is not None else None
    try:
        if player is None:
            raise ApplicationError(_("Choose the player to seat."), code="form")
        services.game_seat_change(game=game, seat=request.POST.get("seat"), player=player, actor=request.user,
                                  reason=request.POST.get("reason", ""))
    except ApplicationError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Seat %(seat)s: %(player)s is seated.")
                         % {"seat": request.POST.get("seat"), "player": player.nickname})
    return _back(request, game)


# --- the judge's tables and new games -------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def my_tables(request: HttpRequest):
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    clubs = clubs_user_judges(request.user).order_by("name")
    form_error = None
    if request.method == "POST":
        form = NewGameForm(request.POST, clubs=clubs)
        try:
            if not form.is_valid():
                raise ApplicationError(form.first_error(), code="form")
            game = services.game_create(club=form.cleaned_data["club"], actor=request.user,
                                        evening=form.cleaned_data["evening"],
                                        ruleset=form.cleaned_data["ruleset"] or None)
        except ApplicationError as refused:
            form_error = refused.message
        else:
            return redirect("entry:page", pk=game.pk)
    games = list(selectors.games_for_judge(request.user)[:100])
    evenings = Evening.objects.filter(club__in=clubs).exclude(status=Evening.Status.FINISHED).order_by("-starts_at")[:20]
    today = timezone.localdate()
    current = [game for game in games if not _earlier(game, today)]
    return render(request, "games/my_tables.html", {
        "groups": _table_groups(request.user, current), "earlier": _earlier_by_day(games, today), "games": games,
        "clubs": clubs, "evenings": evenings, "rulesets": RulesetChoice.choices, "form_error": form_error,
    })


def _play_order(game: Game) -> tuple:
    """The open tables as the judge will play them: the one in play first, then the tables not
    played yet by day, event, round and table. Seating makes every round's table at once, so
    "newest first" put a tournament's last round on top."""
    return (game.status != Game.Status.IN_PROGRESS, _day(game), game.tournament_id or 0,
            game.round.number if game.round else 0, game.table_number or 0, game.created_at)


def _day(game: Game):
    return timezone.localdate(game.played_at or game.created_at)


def _earlier(game: Game, today) -> bool:
    """A table of an earlier day that waits for nobody: confirmed or annulled. Today's tables, and
    every table still open for entry, submitted or to confirm, stay on top."""
    return game.status in (Game.Status.CONFIRMED, Game.Status.ANNULLED) and _day(game) < today


def _earlier_by_day(games: list[Game], today) -> list[tuple[object, list[Game]]]:
    """The earlier tables by the day they were played, the newest day first, for the page's fold
    (23 old tables made a phone's page 3,900 px tall; issue 28)."""
    days: dict[object, list[Game]] = {}
    for game in games:
        if _earlier(game, today):
            days.setdefault(_day(game), []).append(game)
    return sorted(days.items(), key=lambda item: item[0], reverse=True)


def _table_groups(user, games: list[Game]) -> list[tuple[str, str, list[Game]]]:
    """The judge's tables by what they need, in that order: protocols this user may confirm (an
    organizer's), tables still open for entry, protocols submitted and waiting for an organizer,
    confirmed, annulled. The open ones in play order (_play_order); the other groups keep the
    selector's order (newest first); empty groups go."""
    organizes: dict[int, bool] = {}

    def group(game: Game) -> str:
        if game.status == Game.Status.FINISHED and game.submitted_at is not None:
            if game.club_id not in organizes:
                organizes[game.club_id] = user_may_organize(user, game.club)
            return "to_confirm" if organizes[game.club_id] else "submitted"
        if game.status in (Game.Status.CONFIRMED, Game.Status.ANNULLED):
            return str(game.status)
        return "open"

    titles = {"to_confirm": _("To confirm"), "open": _("Open: to enter"),
              "submitted": _("Submitted: waiting for an organizer"), "confirmed": _("Confirmed"),
              "annulled": _("Annulled")}
    grouped: dict[str, list[Game]] = {key: [] for key in titles}
    for game in games:
        grouped[group(game)].append(game)
    grouped["open"].sort(key=_play_order)
    return [(key, title, grouped[key]) for key, title in titles.items() if grouped[key]]


# --- the public page -----------------------------------------------------------------------------


@require_GET
def game_detail(request: HttpRequest, pk: int):
    """A game's public page (games/game_page.py). A tournament's game has one address, inside
    its tournament, under the tournament's publication switches: this one sends the visitor there."""
    game = get_object_or_404(selectors.game_queryset(), pk=pk)
    if game.tournament_id is not None:
        return redirect("tournaments:game", slug=game.tournament.slug, pk=game.pk)
    roles_visible = may_see_roles(request.user, game)
    if game.status not in FINISHED_STATUSES and not roles_visible:
        raise Http404  # a running game is nobody else's business
    page = game_page(game, roles_visible=roles_visible, story_visible=protocol_visible(request, game))
    return render(request, "games/detail.html",
                  {"game": game, "page": page, "may_enter": user_may_enter(request.user, game)})


# --- the live view: a running table as the hall sees it (games/live.py) ---------------------------


def _watched(request: HttpRequest, pk: int) -> Game:
    """A table the visitor may watch: a club evening's, or a tournament's whose seating is public."""
    game = get_object_or_404(selectors.game_queryset(), pk=pk)
    if not may_watch_live(request, game):
        raise Http404
    return game


@require_GET
def game_live(request: HttpRequest, pk: int):
    game = _watched(request, pk)
    use_club_timezone(game.club)
    return render(request, "games/live.html", live_context(game))


@require_GET
def game_live_table(request: HttpRequest, pk: int):
    """The live fragment, polled by static/js/live.js (core/polling.py: 304 while unchanged), rendered
    once per change of the table for all its spectators."""
    generation_read = live_poll.generation(pk)  # before the row: a change after it starts a new one
    game = _watched(request, pk)
    # the row's own moments make the key unique to this game's life, not only to its id
    changed = game.protocol_changed_at.timestamp() if game.protocol_changed_at else 0
    # and host mode's state (the speaker, the clock): a tap reaches the hall at the next poll
    key = (f"live:{game.pk}:{game.created_at.timestamp()}:{game.protocol_version}:{changed}:"
           f"{game.entry_phase_key}:{game.status}:{int(game.results_published)}:{host_digest(game.host_state)}:"
           f"{get_language()}")
    tag, body = kept_fragment_body(
        key, lambda: loader.render_to_string("games/_live_table.html", live_context(game), request))
    # the next polls are answered by games/live_poll.py: anyone's, with these bytes, where everyone
    # may watch; otherwise only those that already hold this tag
    if everyone_may_watch_live(game):
        live_poll.keep_public_answer(game.pk, generation_read, get_language(), tag, body.encode())
    else:
        live_poll.mark_current(game.pk, generation_read, tag)
    response = fragment_answer(request, body, tag)
    return with_server_time(response)


# --- host mode: the speaker and the clock (games/host.py) ----------------------------------------


def _host_view(game: Game, record) -> dict:
    names = {info.seat: info.player for info in record.seats}
    return entry.host_view(game.host_state or {}, services.host_context(game, record), names, timezone.now())


@require_http_methods(["GET", "POST"])
def entry_host(request: HttpRequest, pk: int | None = None, token: str | None = None):
    """Host mode's state as JSON (GET), or one tap (POST: ``op``, ``seat``, ``kind``); without
    JavaScript a tap comes back to the page."""
    if token is None and not request.user.is_authenticated:
        return render(request, "games/no_access.html", status=403)
    access = _access(request, pk=pk, token=token)
    if isinstance(access, HttpResponse):
        return access
    game = access.game
    if request.method == "POST":
        form = HostTapForm(request.POST)
        try:
            if not form.is_valid():
                raise ApplicationError(form_refusal(form), code="form")
            services.game_host_tap(game=game, actor=access.actor, via_link=access.via_link, **form.cleaned_data)
        except ApplicationError as refused:
            if not request.headers.get("Accept", "").startswith("application/json"):
                messages.error(request, refused.message)
                return redirect(access.base)
            return JsonResponse({"error": refused.message}, status=400)
        if not request.headers.get("Accept", "").startswith("application/json"):
            return redirect(access.base)
        game.refresh_from_db(fields=["host_state", "entry_phase_key", "protocol"])
    record = selectors.game_table(game).record
    if record is None:  # not dealt, or a protocol the engine no longer replays
        return JsonResponse({"error": _("Deal the seats and roles first.")}, status=400)
    return JsonResponse(_host_view(game, record))
