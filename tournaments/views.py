"""Public pages: each tournament page declares the publication switch that opens it."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.middleware import use_club_timezone
from clubs.models import Club
from clubs.permissions import user_may_organize
from clubs.selectors import listed_players
from core.errors import ApplicationError
from core.ratelimits import limit
from games.game_page import game_page
from games.live import live_context
from games.models import Game
from games.permissions import user_may_enter
from games.rulesets import ROLE_CHOICES
from games.visibility import FINISHED_STATUSES, may_see_roles, protocol_visible

from . import selectors, services
from .csv_export import standings_csv
from .forms import ApplyForm
from .models import Application, Evening, Tournament
from .permissions import error_response
from .publication import public_when, visible_parts
from .standings import selectors as standings_selectors
from .standings import stored as stored_standings
from .standings.pages import page_context


def _context(request, tournament, **extra):
    return {"tournament": tournament, "may_organize": getattr(request, "may_organize", False),
            "visible": visible_parts(request, tournament), **extra}


def tournament_list(request):
    return render(request, "tournaments/tournament_list.html",
                  {"tournaments": selectors.tournament_list_public()[:100]})


@public_when(None)
def detail(request, tournament):
    context = _context(request, tournament, counts=selectors.application_counts(tournament),
                       application=selectors.visitor_application(tournament, request),
                       form=ApplyForm(guest=not request.user.is_authenticated))
    return render(request, "tournaments/tournament_detail.html", context)


def _apply(request, event, *, tournament=None, evening=None):
    guest = not request.user.is_authenticated
    form = ApplyForm(request.POST or None, guest=guest)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            application = services.application_submit(
                tournament=tournament, evening=evening, user=request.user,
                guest_name=data.get("guest_name", ""), guest_contact=data.get("guest_contact", ""),
                message=data["message"],
            )
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Your application for %(event)s is in. The organizers will decide soon.")
                             % {"event": event.name})
            if application.status_token:
                # A guest: their application's own page, remembered in this browser too.
                tokens = [t for t in request.session.get(selectors.GUEST_APPLICATIONS, [])
                          if t != application.status_token]
                request.session[selectors.GUEST_APPLICATIONS] = [*tokens, application.status_token][-20:]
                status_url = reverse("tournaments:application", kwargs={"token": application.status_token})
                if services.application_status_mail(application=application,
                                                    url=request.build_absolute_uri(status_url)):
                    messages.info(request, _("We have sent this page's address to %(address)s.")
                                  % {"address": application.player.contact})
                return redirect(status_url)
            return redirect(event.get_absolute_url())
    return render(request, "tournaments/apply.html", {"event": event, "form": form, "guest": guest,
                                                      "tournament": tournament, "evening": evening})


@public_when(None)
@require_http_methods(["GET", "POST"])
@limit("applications")
def apply(request, tournament):
    return _apply(request, tournament, tournament=tournament)


def _withdraw(request, event, application, *, done_url=None):
    """GET (or a POST without ``confirm``, from a page that did not ask): the question, on a page
    of its own. A POST with ``confirm``: the withdrawal."""
    if application is None:
        raise Http404
    done_url = done_url or event.get_absolute_url()
    if request.method != "POST" or not request.POST.get("confirm"):
        return render(request, "tournaments/withdraw_confirm.html", {
            "event": event, "application": application, "back_url": done_url,
            "may_withdraw": Application.Status.WITHDRAWN in application.allowed_transitions()})
    try:
        services.application_withdraw(application=application, actor=request.user)
    except ApplicationError as exc:
        return error_response(request, exc, fallback=done_url)
    messages.success(request, _("You have withdrawn from %(event)s.") % {"event": event.name})
    return redirect(done_url)


@login_required
@require_http_methods(["GET", "POST"])
def withdraw(request, slug):
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    use_club_timezone(tournament.club)
    return _withdraw(request, tournament, selectors.player_application(tournament, request.user))


def _guest_application(token):
    application = selectors.application_by_token(token)
    if application is None:
        raise Http404
    use_club_timezone(application.event.club)
    return application


def application_status(request, token):
    """A guest's application by its status link: the status, and a way to withdraw."""
    application = _guest_application(token)
    return render(request, "tournaments/application_status.html",
                  {"application": application, "event": application.event})


@require_http_methods(["GET", "POST"])
def application_status_withdraw(request, token):
    application = _guest_application(token)
    return _withdraw(request, application.event, application,
                     done_url=reverse("tournaments:application", kwargs={"token": token}))


@public_when("publish_participants")
def participants(request, tournament):
    players = list(selectors.participants(tournament))
    return render(request, "tournaments/participants.html", _context(request, tournament, players=players))


@public_when("publish_seating")
def seating(request, tournament):
    rounds = list(selectors.rounds_with_games(tournament))
    return render(request, "tournaments/seating.html", _context(request, tournament, rounds=rounds))


@public_when("publish_seating")
def seating_players(request, tournament):
    rounds, rows = selectors.seating_by_player(tournament)
    return render(request, "tournaments/seating_players.html",
                  _context(request, tournament, rounds=rounds, rows=rows))


def _standings_context(request, tournament):
    standings = standings_selectors.tournament_standings(tournament)
    roles = list(ROLE_CHOICES)
    for s in standings:
        s.role_points = [s.by_role.get(key) for key, _label in roles]
    return _context(request, tournament, standings=standings, roles=roles,
                    tie_break=tournament.effective_tie_break,
                    freshness=standings_selectors.standings_freshness(tournament))


@public_when("publish_standings", load=stored_standings.tournament_for_standings)
def standings(request, tournament):
    """Served from the stored rendering (tournaments/standings/stored.py): one query."""
    return stored_standings.standings_page(request, tournament, lambda table: render(
        request, "tournaments/standings.html",
        page_context(request, tournament, table=table, may_organize=request.may_organize)))


@public_when("publish_standings")
def standings_print(request, tournament):
    return render(request, "tournaments/standings_print.html", _standings_context(request, tournament))


@public_when("publish_standings")
def standings_export(request, tournament):
    context = _standings_context(request, tournament)
    return standings_csv(tournament, context["standings"], context["roles"])


@public_when("publish_standings")
def player(request, tournament, pk):
    player = get_object_or_404(listed_players(), pk=pk)
    games = selectors.player_games(tournament, player, viewer=request.user)
    standing = next((s for s in standings_selectors.tournament_standings(tournament) if s.player_id == player.pk), None)
    if standing is None and not games:
        raise Http404
    return render(request, "tournaments/player.html",
                  _context(request, tournament, player=player, games=games, standing=standing))


@public_when("publish_results")
def results(request, tournament):
    rounds = list(selectors.rounds_with_games(tournament, viewer=request.user))
    return render(request, "tournaments/results.html", _context(request, tournament, rounds=rounds))


@public_when("publish_results")
def game(request, tournament, pk):
    """The game's one page (games/game_page.py), inside its tournament."""
    try:
        game = selectors.game_with_seats(tournament, pk)
    except Game.DoesNotExist as exc:
        raise Http404 from exc
    page = game_page(game, roles_visible=may_see_roles(request.user, game),
                     story_visible=protocol_visible(request, game))
    return render(request, "tournaments/game.html",
                  _context(request, tournament, game=game, page=page, may_enter=user_may_enter(request.user, game)))


@public_when("publish_seating")
def live(request, tournament):
    """Every table of the tournament being played now, each followed live (games/live.py)."""
    tables = [live_context(game) for game in selectors.live_games(tournament)]
    return render(request, "tournaments/live.html", _context(request, tournament, tables=tables))


@public_when("publish_protocols")
def protocol(request, tournament, pk):
    """The whole record in words (the game page's story) and the document to download."""
    try:
        game = selectors.game_with_seats(tournament, pk)
    except Game.DoesNotExist as exc:
        raise Http404 from exc
    roles_visible = may_see_roles(request.user, game)
    if game.status not in FINISHED_STATUSES and not roles_visible:
        raise Http404  # a running game is nobody else's business
    page = game_page(game, roles_visible=roles_visible, story_visible=protocol_visible(request, game))
    return render(request, "tournaments/protocol.html", _context(request, tournament, game=game, page=page),
                  status=200 if page.story_visible else 403)


# --- club evenings ----------------------------------------------------------------------------


EVENINGS_PER_PAGE = 30


def evening_list(request):
    """A club's evenings over, newest first, paginated (``?club=<slug>``, required)."""
    club = get_object_or_404(Club, slug=request.GET.get("club", ""))
    use_club_timezone(club)
    page = Paginator(selectors.past_evenings(club), EVENINGS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "tournaments/evening_list.html",
                  {"club": club, "page": page, "query": urlencode({"club": club.slug})})


def evening_detail(request, pk):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    use_club_timezone(evening.club)
    return render(request, "tournaments/evening_detail.html", {
        "evening": evening, "counts": selectors.application_counts(evening),
        "players": selectors.evening_players(evening), "games": selectors.evening_games(evening, request.user),
        "application": selectors.visitor_application(evening, request),
        "form": ApplyForm(guest=not request.user.is_authenticated),
        "may_organize": user_may_organize(request.user, evening.club),
    })


@require_http_methods(["GET", "POST"])
@limit("applications")
def evening_apply(request, pk):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    use_club_timezone(evening.club)
    return _apply(request, evening, evening=evening)


@login_required
@require_http_methods(["GET", "POST"])
def evening_withdraw(request, pk):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    use_club_timezone(evening.club)
    application = selectors.player_application(evening, request.user)
    if application is not None and application.player.user_id != request.user.pk:
        raise PermissionDenied
    return _withdraw(request, evening, application)
