"""Every URL pattern of the URL conf, and how to visit it in the secrecy world (tests/secrecy/world.py).

``patterns()`` walks ``django.urls.get_resolver()``: every page, export, feed, API endpoint and
schema the site serves, admin included. ``visits(world)`` turns each into the GET requests the
secrecy test makes, from ``VISITS``: an explicit table, pattern name → the kwargs (and extra query
strings or headers) taken from the world. A pattern without an entry makes the test fail with a
message naming it — a new page is walked before it is merged.

To add a page: add ``"namespace:name": lambda w: {...kwargs...}`` below (a list of ``Visit`` for
several variants). Point it at the secret games (``w.secret``, ``w.evening_game``), their
tournament or evening, their players — wherever a leak would show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from django.contrib import admin
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs.models import Player


@dataclass(frozen=True)
class Pattern:
    key: str  # "namespace:name", or the route of an unnamed pattern
    route: str
    params: frozenset[str]
    name: str | None


@dataclass(frozen=True)
class Visit:
    kwargs: dict = field(default_factory=dict)
    query: str = ""
    headers: dict = field(default_factory=dict)
    url: str | None = None  # a literal URL (unnamed patterns)


def _params(pattern) -> set[str]:
    converters = getattr(pattern.pattern, "converters", None)
    return set(converters) if converters else set(pattern.pattern.regex.groupindex)


def patterns(resolver: URLResolver | None = None, route: str = "", namespace: str = "",
             params: frozenset[str] = frozenset()) -> Iterator[Pattern]:
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from patterns(entry, route + str(entry.pattern), inner, params | _params(entry))
        elif isinstance(entry, URLPattern):
            full = route + str(entry.pattern)
            name = f"{namespace}{entry.name}" if entry.name else None
            yield Pattern(name or full, full, frozenset(params | _params(entry)), name)


# A private link is the judge's key: whoever holds it acts for the judge (tests/secrecy's entitled
# tests use the real one). The visitors walked here do not hold it.
NOT_THE_LINK = "not-the-judges-link"

Entry = Callable[["object"], dict | list[Visit]]

VISITS: dict[str, Entry] = {
    # --- public pages ---------------------------------------------------------------------------
    "home": lambda w: {},
    "healthz": lambda w: {},
    "healthz_live": lambda w: {},
    "favicon": lambda w: {},
    "clubs:list": lambda w: {},
    "clubs:detail": lambda w: {"slug": w.club.slug},
    "players:list": lambda w: [Visit(), Visit(query="q=Player"), Visit(query="q=Guest")],
    # a player of the secret table, and the guest whose application is pending
    "players:detail": lambda w: [Visit({"pk": w.secret.seats.get(seat=1).player_id}),
                                 Visit({"pk": w.guest.pk})],
    "ratings:leaderboard": lambda w: [Visit(), Visit(query="track=red"), Visit(query="track=black"),
                                      Visit(query=f"club={w.club.slug}&min_games=1")],
    "ratings:player": lambda w: [Visit({"pk": w.secret.seats.get(seat=seat).player_id}) for seat in (1, 4)]
    + [Visit({"pk": w.guest.pk})],
    # the record holds published games only: a secret table's players, with and without filters
    "records:player": lambda w: [Visit({"pk": w.secret.seats.get(seat=seat).player_id}) for seat in (1, 4)]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id}, query="role=black&seat=1"), Visit({"pk": w.guest.pk})]
    # the online game's players (its deal is a secret too): their record's online games
    + [Visit({"pk": _online_player(w, number)}, query="online_page=1") for number in (1, 2)]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id}, query=f"fact={fact}")
       for fact in ("wins", "guessed_three", "nominated_black", "rule:first-color-will")]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id}, query=f"evening={w.evening.pk}")],
    "records:games_csv": lambda w: [Visit({"pk": w.secret.seats.get(seat=seat).player_id}) for seat in (1, 4)]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id}, query="role=black&seat=1"), Visit({"pk": w.guest.pk})],
    # leagues (issue 29): a series whose tournament holds the secret table; its organizers' forms
    "leagues:list": lambda w: {},
    "leagues:league": lambda w: {"league": w.extra["league"]},
    "leagues:series": lambda w: {"league": w.extra["league"], "series": w.extra["series"]},
    "leagues:series_csv": lambda w: {"league": w.extra["league"], "series": w.extra["series"]},
    # two players of the secret table side by side, with each figure's games; the pending guest
    "records:versus": lambda w: [
        Visit({"pk": w.secret.seats.get(seat=1).player_id, "other_pk": w.secret.seats.get(seat=seat).player_id},
              query=query) for seat in (2, 4) for query in ("", "show=same_team", "show=first_voted")]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id, "other_pk": w.guest.pk})],
    # the leaderboards and a club's season count published games only: every statistic's kind,
    # every scope, a bad value, the htmx table
    "records:leaderboards": lambda w: [
        Visit(), Visit(query="statistic=wins&min_games=1"), Visit(query=f"statistic=win_rate&club={w.club.slug}&min_games=0"),
        Visit(query="statistic=mean&since=2026-11-01&until=2026-11-30&min_games=1"),
        Visit(query="statistic=shot_first_night&min_games=x&club=nowhere"),
        Visit(query="statistic=guessed_two", headers={"HX-Request": "true"})],
    "seasons:list": lambda w: {"slug": w.club.slug},
    "seasons:detail": lambda w: [
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}),
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}, query="statistic=win_rate&min_games=0"),
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}, query="statistic=fouls",
              headers={"HX-Request": "true"})],
    "seasons:csv": lambda w: {"slug": w.club.slug, "pk": w.extra["season"]},
    # the organizers' forms: a visitor is sent to log in, another club's player refused
    "seasons:create": lambda w: {"slug": w.club.slug},
    "seasons:edit": lambda w: {"slug": w.club.slug, "pk": w.extra["season"]},
    "tournaments:list": lambda w: {},
    "tournaments:evenings": lambda w: [Visit(query=f"club={w.club.slug}"), Visit(query="club=no-such-club")],
    "tournaments:evening": lambda w: {"pk": w.evening.pk},
    "tournaments:evening_apply": lambda w: {"pk": w.evening.pk},
    "tournaments:evening_withdraw": lambda w: {"pk": w.evening.pk},
    # A guest's status link is their secret (like a judge's link): the walk tries a wrong one.
    "tournaments:application": lambda w: {"token": NOT_THE_LINK},
    "tournaments:application_withdraw": lambda w: {"token": NOT_THE_LINK},
    "tournaments:detail": lambda w: {"slug": w.tournament.slug},
    "tournaments:apply": lambda w: {"slug": w.tournament.slug},
    "tournaments:withdraw": lambda w: {"slug": w.tournament.slug},
    "tournaments:participants": lambda w: {"slug": w.tournament.slug},
    "tournaments:seating": lambda w: {"slug": w.tournament.slug},
    "tournaments:seating_players": lambda w: {"slug": w.tournament.slug},
    "tournaments:standings": lambda w: [Visit({"slug": w.tournament.slug}),
                                        Visit({"slug": w.tournament.slug}, headers={"HX-Request": "true"})],
    "tournaments:standings_print": lambda w: {"slug": w.tournament.slug},
    "tournaments:standings_csv": lambda w: {"slug": w.tournament.slug},
    "tournaments:player": lambda w: [Visit({"slug": w.tournament.slug, "pk": w.secret.seats.get(seat=seat).player_id})
                                     for seat in (1, 4, 6)],
    "tournaments:results": lambda w: {"slug": w.tournament.slug},
    "tournaments:game": lambda w: [Visit({"slug": w.tournament.slug, "pk": w.secret.pk}),
                                   Visit({"slug": w.tournament.slug, "pk": w.other.pk})],
    "tournaments:protocol": lambda w: {"slug": w.tournament.slug, "pk": w.secret.pk},
    "games:detail": lambda w: [Visit({"pk": w.secret.pk}), Visit({"pk": w.evening_game.pk})],
    # the live view: the page, and the fragment it polls (with a stale tag, as a browser sends)
    "games:live": lambda w: [Visit({"pk": w.secret.pk}), Visit({"pk": w.evening_game.pk})],
    "games:live_table": lambda w: [Visit({"pk": w.secret.pk}), Visit({"pk": w.evening_game.pk}),
                                   Visit({"pk": w.secret.pk}, headers={"If-None-Match": '"stale"'})],
    "tournaments:live": lambda w: {"slug": w.tournament.slug},
    # the stream's broadcast view shows the roles: only its secret link opens it (a wrong one here)
    "broadcast:tournament": lambda w: {"token": NOT_THE_LINK},
    "broadcast:game": lambda w: {"token": NOT_THE_LINK, "pk": w.secret.pk},
    "broadcast:game_table": lambda w: {"token": NOT_THE_LINK, "pk": w.secret.pk},
    # online games: every thread of the secret online game, one player's posts, the count
    "online:list": lambda w: {},
    "online:table_home": lambda w: {},
    "online:table_new": lambda w: {},
    "online:table": lambda w: [Visit({"token": w.extra["judged_table"]}),
                               Visit({"token": w.extra["judged_table"]}, headers={"HX-Request": "true"})],
    "online:table_answer": lambda w: {"token": w.extra["judged_table"]},
    "online:table_clock": lambda w: {"token": w.extra["judged_table"]},
    "online:table_heard": lambda w: {"token": w.extra["judged_table"]},
    "online:table_protocol": lambda w: {"token": w.extra["judged_table"]},
    "online:table_transcript": lambda w: {"token": w.extra["judged_table"]},
    "online:notifications": lambda w: {},
    "online:simulations": lambda w: [Visit(), Visit(query="page=2")],
    "online:simulation": lambda w: {"pk": w.extra["simulation_run"]},
    "online:simulation_json": lambda w: {"pk": w.extra["simulation_run"]},
    "online:night_order": lambda w: {"slug": w.extra["online_setup"]},
    "online:roles": lambda w: {},
    "online:setup_json": lambda w: {"slug": w.extra["online_setup"]},
    "online:game": lambda w: [Visit({"slug": w.extra["online_game"]}, query=query) for query in (
        "", "thread=main", "thread=side:mafia", "thread=side:town", "thread=dead", "slot=1",
        *(f"thread=slot:{n}" for n in range(1, 8)), *(f"thread=main&slot={n}" for n in range(1, 8)))],
    "online:vote_count": lambda w: [Visit({"slug": w.extra["online_game"]}),
                                    Visit({"slug": w.extra["online_game"]}, headers={"HX-Request": "true"})],
    "online:review": lambda w: {"slug": w.extra["online_game"]},
    # POST-only (a GET answers 405)
    "online:post": lambda w: {"slug": w.extra["online_game"]},
    "online:vote": lambda w: {"slug": w.extra["online_game"]},
    "online:action": lambda w: {"slug": w.extra["online_game"]},
    "online:signup": lambda w: {"slug": w.extra["online_game"]},
    "online:follow": lambda w: {"slug": w.extra["online_game"]},
    "online_mod:console": lambda w: {},
    "online_mod:setup_new": lambda w: [Visit({}), Visit({}, query=f"from={w.extra['online_setup']}")],
    "online_mod:simulation_new": lambda w: {},
    "online_mod:game": lambda w: {"slug": w.extra["online_game"]},
    "online_mod:action": lambda w: {"slug": w.extra["online_game"], "action": "deal"},
    # Mafia 1923: the secret event (its seed deals differently in the two worlds), every page
    "m1923:list": lambda w: {},
    "m1923:event": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923:actions": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923:votes": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923:family": lambda w: [Visit({"slug": w.extra["m1923_event"], "index": index}) for index in (1, 2)],
    "m1923:board": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923:questions": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923:signup": lambda w: {"slug": w.extra["m1923_event"]},  # POST-only
    "m1923_mod:console": lambda w: {},
    "m1923_mod:event": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923_mod:setup_json": lambda w: {"slug": w.extra["m1923_event"]},
    "m1923_mod:action": lambda w: [Visit({"slug": w.extra["m1923_event"], "action": action})
                                   for action in ("publish", "override", "exile")],  # POST-only
    # --- organizers' and judges' pages (closed to the visitors walked) ----------------------------
    "pipeline:status": lambda w: {},
    "leagues:league_create": lambda w: {},
    "leagues:league_edit": lambda w: {"league": w.extra["league"]},
    "leagues:table_create": lambda w: {"league": w.extra["league"]},
    "leagues:version_create": lambda w: {"league": w.extra["league"], "pk": w.extra["points_table"]},
    "leagues:table_rename": lambda w: {"league": w.extra["league"], "pk": w.extra["points_table"]},
    # POST-only (a GET answers 405)
    "leagues:version_delete": lambda w: {"league": w.extra["league"], "pk": w.extra["points_table"],
                                         "version": w.extra["points_version"]},
    "leagues:series_create": lambda w: {"league": w.extra["league"]},
    "leagues:series_edit": lambda w: {"league": w.extra["league"], "series": w.extra["series"]},
    "leagues:series_tournament_add": lambda w: {"league": w.extra["league"], "series": w.extra["series"]},
    # POST-only (a GET answers 405)
    "leagues:series_tournament_remove": lambda w: {"league": w.extra["league"], "series": w.extra["series"],
                                                   "pk": w.tournament.pk},
    "leagues:series_recompute": lambda w: {"league": w.extra["league"], "series": w.extra["series"]},
    "discipline:queue": lambda w: {},
    "discipline:case": lambda w: {"pk": w.extra["case"]},
    "discipline:decide": lambda w: {"pk": w.extra["case"]},
    "discipline:reopen": lambda w: {"pk": w.extra["case"]},
    "discipline:note": lambda w: {"pk": w.extra["case"]},
    "discipline:chief_judge": lambda w: {"pk": w.tournament.pk},
    "discipline_player:appeal": lambda w: {"pk": w.extra["case"]},
    "organize:dashboard": lambda w: {},
    "organize:tournament_create": lambda w: {"club": w.club.slug},
    "organize:evening_create": lambda w: {"club": w.club.slug},
    "organize:tournament": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_edit": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_status": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_publication": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_broadcast_issue": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_broadcast_revoke": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_applications": lambda w: {"slug": w.tournament.slug},
    "organize:tournament_applications_csv": lambda w: {"slug": w.tournament.slug},
    "organize:seating": lambda w: {"slug": w.tournament.slug},
    "organize:seating_generate": lambda w: {"slug": w.tournament.slug},
    "organize:seating_swap": lambda w: {"slug": w.tournament.slug},
    "organize:seating_judges": lambda w: {"slug": w.tournament.slug},
    "organize:seating_publish": lambda w: {"slug": w.tournament.slug},
    "organize:final_create": lambda w: {"slug": w.tournament.slug},
    "organize:evening": lambda w: {"pk": w.evening.pk},
    "organize:evening_edit": lambda w: {"pk": w.evening.pk},
    "organize:evening_status": lambda w: {"pk": w.evening.pk},
    "organize:evening_applications_csv": lambda w: {"pk": w.evening.pk},
    "organize:application_decide": lambda w: {"pk": w.extra["guest_application"]},
    "organize:application_withdraw": lambda w: {"pk": w.extra["guest_application"]},
    "organize:application_note": lambda w: {"pk": w.extra["guest_application"]},
    "games_organize:action": lambda w: {"pk": w.secret.pk, "action": "publish"},
    # POST-only (a GET answers 405); walked all the same, so a page added under them is seen.
    "games_organize:link_rotate": lambda w: {"pk": w.secret.pk},
    "games_organize:link_revoke": lambda w: {"pk": w.secret.pk},
    "games_organize:seat_change": lambda w: {"pk": w.secret.pk},
    "entry:service_worker": lambda w: {},
    "entry:my_tables": lambda w: {},
    "entry:page": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "entry:players": lambda w: {"pk": w.secret.pk},
    "entry:history": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "entry:log": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "entry:host": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "entry:action": lambda w: {"pk": w.secret.pk, "action": "undo"},
    "entry:link": lambda w: {"token": NOT_THE_LINK},
    "entry:link_players": lambda w: {"token": NOT_THE_LINK},
    "entry:link_history": lambda w: {"token": NOT_THE_LINK},
    "entry:link_log": lambda w: {"token": NOT_THE_LINK},
    "entry:link_host": lambda w: {"token": NOT_THE_LINK},
    "entry:link_action": lambda w: {"token": NOT_THE_LINK, "action": "undo"},
    # --- accounts and language ----------------------------------------------------------------------
    "sign_up": lambda w: {},
    "login": lambda w: {},
    "logout": lambda w: {},
    "password_change": lambda w: {},
    "password_change_done": lambda w: {},
    "password_reset": lambda w: {},
    "password_reset_done": lambda w: {},
    "password_reset_confirm": lambda w: {"uidb64": "MQ", "token": "set-password"},
    "password_reset_complete": lambda w: {},
    "set_language": lambda w: {},
    # --- the API ---------------------------------------------------------------------------------------
    "api:v1:token": lambda w: {},
    "api:v1:leaderboard": lambda w: [Visit(), Visit(query="track=red"), Visit(query="track=black")],
    "api:v1:rating-history": lambda w: [Visit({"pk": w.secret.seats.get(seat=seat).player_id}) for seat in (1, 4)]
    + [Visit({"pk": w.guest.pk})],
    # a player's record: the totals and the games of the secret table's players, with a filter
    "api:v1:player-record": lambda w: [Visit({"pk": w.secret.seats.get(seat=seat).player_id}) for seat in (1, 4)]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id}, query="role=black&seat=1"), Visit({"pk": w.guest.pk})],
    "api:v1:player-record-games": lambda w: [Visit({"pk": w.secret.seats.get(seat=seat).player_id})
                                             for seat in (1, 4)]
    + [Visit({"pk": w.secret.seats.get(seat=1).player_id}, query="role=black"), Visit({"pk": w.guest.pk})],
    "api:v1:tournament-protocols": lambda w: [Visit({"slug": w.tournament.slug}),
                                              Visit({"slug": w.tournament.slug}, query="as=zip")],
    "api:v1:club-protocols": lambda w: [Visit({"slug": w.club.slug}), Visit({"slug": w.club.slug}, query="as=zip"),
                                        Visit({"slug": w.club.slug}, query=f"evening={w.evening.pk}")],
    # leagues, series and club seasons (issue 29): the series whose tournament holds the secret
    # table, the club's season around both secret games, its leaderboards by the wins and the rate
    "api:v1:league-list": lambda w: {},
    "api:v1:league-detail": lambda w: {"league": w.extra["league"]},
    "api:v1:series-detail": lambda w: {"league": w.extra["league"], "series": w.extra["series"]},
    "api:v1:season-list": lambda w: {"slug": w.club.slug},
    "api:v1:season-detail": lambda w: [
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}),
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}, query="statistic=wins&min_games=1"),
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}, query="statistic=win_rate&min_games=0"),
        Visit({"slug": w.club.slug, "pk": w.extra["season"]}, query="statistic=luck")],
    "api:v1:club-list": lambda w: {},
    "api:v1:club-detail": lambda w: {"slug": w.club.slug},
    "api:v1:player-list": lambda w: [Visit(), Visit(query="q=Guest")],
    "api:v1:player-detail": lambda w: [Visit({"pk": w.secret.seats.get(seat=1).player_id}), Visit({"pk": w.guest.pk})],
    "api:v1:tournament-list": lambda w: {},
    "api:v1:tournament-detail": lambda w: {"slug": w.tournament.slug},
    "api:v1:tournament-applications": lambda w: {"slug": w.tournament.slug},
    "api:v1:tournament-participants": lambda w: {"slug": w.tournament.slug},
    "api:v1:tournament-rounds": lambda w: {"slug": w.tournament.slug},
    "api:v1:tournament-standings": lambda w: {"slug": w.tournament.slug},
    "api:v1:evening-list": lambda w: {},
    "api:v1:evening-detail": lambda w: {"pk": w.evening.pk},
    "api:v1:evening-applications": lambda w: {"pk": w.evening.pk},
    "api:v1:application-list": lambda w: {},
    "api:v1:application-detail": lambda w: {"pk": w.extra["outsider_application"]},
    "api:v1:application-withdraw": lambda w: {"pk": w.extra["outsider_application"]},
    "api:v1:game-list": lambda w: [Visit(), Visit(query=f"tournament={w.tournament.slug}"),
                                   Visit(query=f"evening={w.evening.pk}"), Visit(query="status=confirmed")],
    "api:v1:game-detail": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "api:v1:game-protocol": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "api:v1:game-events": lambda w: {"pk": w.secret.pk},
    "api:v1:game-undo": lambda w: {"pk": w.secret.pk},
    "api:v1:game-next-actions": lambda w: [Visit({"pk": game.pk}) for game in w.secret_games],
    "api:v1:game-submit": lambda w: {"pk": w.secret.pk},
    "api:v1:game-confirm": lambda w: {"pk": w.secret.pk},
    "api:v1:game-publication": lambda w: {"pk": w.secret.pk},
    "api:schema": lambda w: {},
    "api:docs": lambda w: {},
    "api:redoc": lambda w: {},
}

# The admin's patterns come from its registry (each model admin's five pages), so a newly
# registered model is walked without an entry here; a pattern the admin adds otherwise still needs
# one. Objects: the secret game, its seats, scores and versions where the model has them.
ADMIN_SITE_VISITS: dict[str, Entry] = {
    "admin:index": lambda w: {},
    "admin:login": lambda w: {},
    "admin:logout": lambda w: {},
    "admin:password_change": lambda w: {},
    "admin:password_change_done": lambda w: {},
    "admin:autocomplete": lambda w: {},
    "admin:jsi18n": lambda w: {},
    "admin:view_on_site": lambda w: {"content_type_id": w.extra["game_content_type"], "object_id": w.secret.pk},
    "admin:app_list": lambda w: [Visit({"app_label": label}) for label in ("games", "scoring", "tournaments")],
    "admin:auth_user_password_change": lambda w: {"id": w.outsider.pk},
    "admin/(?P<url>.*)$": lambda w: [Visit(url="/admin/no-such-page/")],
}


def _online_player(w, number: int) -> int:
    """The listed player of the online game's slot (the walk's players have accounts)."""
    return Player.objects.get(user__online_slots__game__slug=w.extra["online_game"],
                              user__online_slots__number=number).pk


def _admin_object(w, model) -> object:
    from games.models import Game

    if model is Game:
        return w.secret.pk
    related = {field.name for field in model._meta.get_fields()}
    objects = model._default_manager.order_by("pk")
    if "game" in related:
        objects = objects.filter(game=w.secret)
    first = objects.values_list("pk", flat=True).first()
    return first if first is not None else 0


def _admin_visits() -> dict[str, Entry]:
    visits = dict(ADMIN_SITE_VISITS)
    for model in admin.site._registry:
        opts = model._meta
        base = f"admin:{opts.app_label}_{opts.model_name}"
        visits[f"{base}_changelist"] = lambda w: {}
        visits[f"{base}_add"] = lambda w: {}
        for page in ("change", "history", "delete"):
            visits[f"{base}_{page}"] = lambda w, model=model: {"object_id": _admin_object(w, model)}
        # the admin's redirect from /admin/<app>/<model>/<id>/ to the change page
        visits[f"admin/{opts.app_label}/{opts.model_name}/<path:object_id>/"] = (
            lambda w, model=model, opts=opts: [Visit(url=f"/admin/{opts.app_label}/{opts.model_name}/"
                                                     f"{_admin_object(w, model)}/")])
    return visits


def table() -> dict[str, Entry]:
    return {**VISITS, **_admin_visits()}


def missing_entries() -> list[Pattern]:
    """Patterns of the URL conf the table does not say how to visit."""
    known = table()
    return [pattern for pattern in patterns() if pattern.key not in known]


def stale_entries() -> list[str]:
    keys = {pattern.key for pattern in patterns()}
    return sorted(set(table()) - keys)


def _url(pattern: Pattern, visit: Visit) -> str:
    if visit.url is not None:
        url = visit.url
    else:
        kwargs = {key: value for key, value in visit.kwargs.items() if key in pattern.params}
        missing = pattern.params - set(kwargs)
        assert not missing, f"{pattern.key}: the table gives no {sorted(missing)}"
        url = reverse(pattern.name, kwargs=kwargs)
    return f"{url}?{visit.query}" if visit.query else url


def visits(world) -> list[tuple[str, str, dict]]:
    """(pattern key, URL, headers) of every GET the walk makes, in a stable order."""
    known = table()
    out = []
    for pattern in patterns():
        assert pattern.key in known, f"{pattern.key!r} ({pattern.route}) is not in tests/secrecy/urlwalk.py's VISITS"
        entry = known[pattern.key](world)
        for visit in entry if isinstance(entry, list) else [Visit(entry)]:
            out.append((pattern.key, _url(pattern, visit), dict(visit.headers)))
    return out


# --- what legitimately differs between two renders ---------------------------------------------------

CSRF = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1…"),
    (re.compile(r'("X-CSRFToken": ")[^"]+'), r"\1…"),
    (re.compile(r'(request\.headers\["X-CSRFTOKEN"\] = ")[^"]+'), r"\1…"),  # Swagger UI's page
]
IGNORED_HEADERS = {"set-cookie", "server-timing"}


def normalised(body: bytes) -> str:
    text = body.decode("utf-8", errors="replace")
    for pattern, replacement in CSRF:
        text = pattern.sub(replacement, text)
    return text
