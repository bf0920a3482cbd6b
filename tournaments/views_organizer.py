"""Organizers' pages: every view is wrapped by a gate from ``tournaments.permissions``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.models import Player
from clubs.permissions import clubs_user_organizes
from core.errors import ApplicationError
from core.forms import form_refusal
from games.models import Game
from games.selectors import games_with_links

from . import queue, selectors, services
from .csv_export import applications_csv
from .forms import (
    BroadcastForm,
    DecisionForm,
    EveningForm,
    GenerateForm,
    NoteForm,
    PublicationForm,
    StatusForm,
    SwapForm,
    TableJudgesForm,
    TournamentForm,
)
from .models import Application, Evening, Tournament
from .permissions import (
    back,
    organizes_application,
    organizes_club,
    organizes_evening,
    organizes_tournament,
)


@login_required
def dashboard(request):
    """The organizer's page: first their queue (what waits for them, and the tables in play with
    the judges' links), then their clubs' tournaments and evenings."""
    user = request.user
    return render(request, "tournaments/organize/dashboard.html", {
        "clubs": clubs_user_organizes(user).order_by("name"),
        "tournaments": selectors.organizer_tournaments(user),
        "evenings": selectors.organizer_evenings(user)[:50],
        "counts": queue.request_queue_counts(request),
        "protocols": queue.protocols(user), "protocols_of_others": queue.protocols_of_others(user),
        "cases": queue.cases(user), "applications": queue.applications(user),
        "tables": queue.tables_in_play(user),
    })


def _form_errors(form, exc: ApplicationError):
    form.add_error(None, exc.message)


@organizes_club
@require_http_methods(["GET", "POST"])
def tournament_create(request, club):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = form.service_fields()
        try:
            tournament = services.tournament_create(club=club, actor=request.user, **fields)
        except ApplicationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Tournament created as a draft."))
            return redirect("organize:tournament", slug=tournament.slug)
    return render(request, "tournaments/organize/tournament_form.html", {"form": form, "club": club})


@organizes_tournament
@require_http_methods(["GET", "POST"])
def tournament_edit(request, tournament):
    form = TournamentForm(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(tournament=tournament, actor=request.user, **form.service_fields())
        except ApplicationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect("organize:tournament", slug=tournament.slug)
    return render(request, "tournaments/organize/tournament_form.html",
                  {"form": form, "club": tournament.club, "tournament": tournament})


def _rounds_with_links(tournament) -> list[dict]:
    """Each round's tables for the judges' links; a round whose games are all confirmed (or
    annulled) is folded away."""
    rounds: list[dict] = []
    for game in games_with_links(tournament=tournament):
        if not rounds or rounds[-1]["round"].pk != game.round_id:
            rounds.append({"round": game.round, "games": [], "done": True})
        rounds[-1]["games"].append(game)
        if game.status not in (Game.Status.CONFIRMED, Game.Status.ANNULLED):
            rounds[-1]["done"] = False
    return rounds


@organizes_tournament
def tournament_manage(request, tournament):
    rounds = _rounds_with_links(tournament)
    return render(request, "tournaments/organize/tournament_manage.html", {
        "tournament": tournament, "counts": selectors.application_counts(tournament),
        "publication": PublicationForm(instance=tournament),
        "broadcast": BroadcastForm(initial={"delay": tournament.broadcast_delay}),
        "transitions": [Tournament.Status(s) for s in tournament.allowed_transitions()],
        "games": sum(len(r["games"]) for r in rounds), "link_rounds": rounds,
    })


@organizes_tournament
@require_POST
def tournament_broadcast_issue(request, tournament):
    """A new broadcast link with its delay (docs/tournaments.md, "The broadcast view")."""
    form = BroadcastForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
    else:
        services.broadcast_issue(tournament=tournament, actor=request.user, delay=form.cleaned_data["delay"])
        messages.success(request, _("A new broadcast link is issued; the old one no longer works."))
    return redirect(reverse("organize:tournament", kwargs={"slug": tournament.slug}) + "#broadcast")


@organizes_tournament
@require_POST
def tournament_broadcast_revoke(request, tournament):
    try:
        services.broadcast_revoke(tournament=tournament, actor=request.user)
        messages.success(request, _("The broadcast link is withdrawn."))
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("organize:tournament", kwargs={"slug": tournament.slug}) + "#broadcast")


@organizes_tournament
@require_POST
def tournament_status(request, tournament):
    form = StatusForm(request.POST, choices=Tournament.Status.choices)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("organize:tournament", slug=tournament.slug)
    services.tournament_set_status(tournament=tournament, status=form.cleaned_data["status"], actor=request.user)
    messages.success(request, _("Status changed."))
    return redirect("organize:tournament", slug=tournament.slug)


@organizes_tournament
@require_POST
def tournament_publication(request, tournament):
    form = PublicationForm(request.POST)
    if form.is_valid():
        services.publication_set(tournament=tournament, actor=request.user, **form.cleaned_data)
        messages.success(request, _("Publication saved."))
    return redirect("organize:tournament", slug=tournament.slug)


# --- applications -----------------------------------------------------------------------------


def _applications_page(request, event, *, template_context):
    status = request.GET.get("status") or None
    if status not in (None, *Application.Status.values):
        status = None
    applications = list(selectors.application_list(event, status=status))
    context = {"event": event, "applications": applications, "counts": selectors.application_counts(event),
               "status": status, "statuses": Application.Status.choices, **template_context}
    return render(request, "tournaments/organize/applications.html", context)


@organizes_tournament
def tournament_applications(request, tournament):
    return _applications_page(request, tournament, template_context={
        "tournament": tournament,
        "csv_url": reverse("organize:tournament_applications_csv", kwargs={"slug": tournament.slug})})


@organizes_tournament
def tournament_applications_csv(request, tournament):
    return applications_csv(tournament, selectors.application_list(tournament))


@organizes_application
@require_POST
def application_decide(request, application):
    form = DecisionForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(_("Unknown decision."))
    application = services.application_decide(application=application, status=form.cleaned_data["status"],
                                              actor=request.user)
    return _application_changed(request, application, _("%(player)s: %(status)s.")
                                % {"player": application.player.nickname,
                                   "status": application.get_status_display()})


@organizes_application
@require_POST
def application_withdraw(request, application):
    application = Application.objects.select_related("player").get(pk=application.pk)
    services.application_withdraw(application=application, actor=request.user)
    application.refresh_from_db()
    return _application_changed(request, application, _("%(player)s withdrawn.")
                                % {"player": application.player.nickname})


@organizes_application
@require_POST
def application_note(request, application):
    form = NoteForm(request.POST)
    if form.is_valid():
        application = services.application_set_note(application=application, note=form.cleaned_data["note"],
                                                     actor=request.user)
    return _application_changed(request, application, _("Note saved."))


def _application_changed(request, application, message: str):
    """htmx: the row (and, out of band, the counts; a promotion may have changed other rows, so
    the client reloads the list on ``applications-changed``); plain POST: redirect back."""
    event = application.event
    if request.htmx:
        application = selectors.application_list(event).get(pk=application.pk)
        response = render(request, "tournaments/organize/applications.html#changed", {
            "a": application, "event": event, "counts": selectors.application_counts(event),
        })
        response["HX-Trigger"] = "applications-changed"
        return response
    messages.success(request, message)
    if application.tournament_id:
        fallback = reverse("organize:tournament_applications", kwargs={"slug": application.tournament.slug})
    else:
        fallback = reverse("organize:evening", kwargs={"pk": application.evening_id})
    return back(request, fallback)


# --- seating ----------------------------------------------------------------------------------


def _seating_context(request, tournament, **forms):
    rounds = list(selectors.rounds_with_games(tournament))
    players = Player.objects.filter(pk__in=[s.player_id for r in rounds for g in r.games.all()
                                            for s in g.seats.all() if s.player_id]) | Player.objects.filter(
        applications__tournament=tournament, applications__status=Application.Status.ACCEPTED)
    players = players.distinct().order_by("nickname")
    judges = selectors.club_judges(tournament.club)
    current = {}
    for rnd in rounds:
        for game in rnd.games.all():
            current.setdefault(game.table_number, game.judge_id)
    return {
        "link_round": _round_in_play(tournament, rounds),
        "tournament": tournament, "rounds": rounds, "report": selectors.seating_report(tournament),
        "counts": selectors.application_counts(tournament),
        "generate_form": forms.get("generate_form") or GenerateForm(initial={"seed": tournament.seating_seed}),
        "swap_form": forms.get("swap_form") or SwapForm(players=players, rounds=[r.number for r in rounds]),
        "judges_form": forms.get("judges_form") or TableJudgesForm(
            tables=max([tournament.tables, *[g.table_number for r in rounds for g in r.games.all()]]),
            judges=judges, initial_judges=current),
        "started": any(g.status != Game.Status.SETUP for r in rounds for g in r.games.all()),
        "clashes": selectors.judge_clashes(tournament, rounds=rounds),
        "has_final": any(r.is_final for r in rounds),
    }


def _round_in_play(tournament, rounds) -> int | None:
    """The round being played (the first with a table not yet finished), whose tables' cards on the
    seating page carry their judges' links; its games get the relations the link panel reads
    (games_tags.judge_link_panel) from the page's own tournament, so the links cost no query."""
    for rnd in rounds:
        games = rnd.games.all()
        if any(game.status in (Game.Status.SETUP, Game.Status.IN_PROGRESS) for game in games):
            for game in games:
                game.club, game.tournament = tournament.club, tournament
            return rnd.pk
    return None


@organizes_tournament
def seating_manage(request, tournament):
    return render(request, "tournaments/organize/seating.html", _seating_context(request, tournament))


@organizes_tournament
@require_POST
def seating_generate(request, tournament):
    form = GenerateForm(request.POST)
    if not form.is_valid():
        return render(request, "tournaments/organize/seating.html",
                      _seating_context(request, tournament, generate_form=form), status=400)
    tournament = services.seating_generate(tournament=tournament, actor=request.user, seed=form.cleaned_data["seed"])
    messages.success(request, _("Seating generated with seed %(seed)s.") % {"seed": tournament.seating_seed})
    return redirect("organize:seating", slug=tournament.slug)


@organizes_tournament
@require_POST
def seating_swap(request, tournament):
    players = Player.objects.all()
    rounds = list(tournament.rounds.values_list("number", flat=True))
    form = SwapForm(request.POST, players=players, rounds=rounds)
    if not form.is_valid():
        return render(request, "tournaments/organize/seating.html",
                      _seating_context(request, tournament, swap_form=form), status=400)
    data = form.cleaned_data
    services.seating_swap(tournament=tournament, round_number=data["round_number"], player_a=data["player_a"],
                          player_b=data["player_b"], actor=request.user)
    messages.success(request, _("Swapped %(a)s and %(b)s in round %(r)s.")
                     % {"a": data["player_a"], "b": data["player_b"], "r": data["round_number"]})
    return redirect(reverse("organize:seating", kwargs={"slug": tournament.slug}) + "#report")


@organizes_tournament
@require_POST
def seating_judges(request, tournament):
    form = TableJudgesForm(request.POST, tables=max(tournament.tables, 1) + 10,
                           judges=list(selectors.club_judges(tournament.club)), initial_judges={})
    if not form.is_valid():
        raise ApplicationError(_("Choose judges of this club."))
    judges = {t: j for t, j in form.judges().items() if f"table_{t}" in request.POST}
    services.table_judges_assign(tournament=tournament, judges=judges, actor=request.user)
    messages.success(request, _("Judges assigned."))
    return redirect("organize:seating", slug=tournament.slug)


@organizes_tournament
@require_POST
def seating_publish(request, tournament):
    services.seating_publish(tournament=tournament, actor=request.user)
    messages.success(request, _("Seating published."))
    return redirect("organize:seating", slug=tournament.slug)


@organizes_tournament
@require_POST
def final_create(request, tournament):
    services.final_create(tournament=tournament, actor=request.user)
    messages.success(request, _("The final is seated."))
    return redirect("organize:seating", slug=tournament.slug)


# --- evenings ---------------------------------------------------------------------------------


@organizes_club
@require_http_methods(["GET", "POST"])
def evening_create(request, club):
    form = EveningForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            evening = services.evening_create(club=club, actor=request.user, **form.cleaned_data)
        except ApplicationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Evening created and open for applications."))
            return redirect("organize:evening", pk=evening.pk)
    return render(request, "tournaments/organize/evening_form.html", {"form": form, "club": club})


@organizes_evening
@require_http_methods(["GET", "POST"])
def evening_edit(request, evening):
    form = EveningForm(request.POST or None, instance=Evening.objects.get(pk=evening.pk))
    if request.method == "POST" and form.is_valid():
        services.evening_update(evening=evening, actor=request.user, **form.cleaned_data)
        messages.success(request, _("Saved."))
        return redirect("organize:evening", pk=evening.pk)
    return render(request, "tournaments/organize/evening_form.html",
                  {"form": form, "club": evening.club, "evening": evening})


@organizes_evening
def evening_manage(request, evening):
    return _applications_page(request, evening, template_context={
        "evening": evening, "link_games": games_with_links(evening=evening),
        "transitions": [Evening.Status(s) for s in evening.allowed_transitions()],
        "csv_url": reverse("organize:evening_applications_csv", kwargs={"pk": evening.pk})})


@organizes_evening
@require_POST
def evening_status(request, evening):
    form = StatusForm(request.POST, choices=Evening.Status.choices)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("organize:evening", pk=evening.pk)
    services.evening_set_status(evening=evening, status=form.cleaned_data["status"], actor=request.user)
    messages.success(request, _("Status changed."))
    return redirect("organize:evening", pk=evening.pk)


@organizes_evening
def evening_applications_csv(request, evening):
    return applications_csv(evening, selectors.application_list(evening))


