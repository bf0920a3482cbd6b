"""Stored standings: the public standings page and the API's JSON, rendered once per version.

Standings are read hundreds of times for each write, so a read must not render them again. The
pipeline stores the standings (``tournaments.standings.store.standings_store``) and then renders what the
readers get (``warm``): the API's JSON body, and for each language the anonymous visitor's whole
page and the standings fragment. Each is kept in the shared cache (Redis) and in a small
per-process memory under a **version** that names everything the bytes show: the snapshot's time,
the tournament's fields and switches, its club's name and address, the language, the time zone and
the edition of the templates, translations and static files. A new snapshot or any edit is a new
version, so a stale body is never served, and nothing has to be deleted; a version nobody asks for
expires from the cache. A body missing from the cache (evicted, Redis restarted, a first visit) is
rendered on demand and stored under the same key: the cache is a speed-up, never the source.

What a request costs: one query compiled once per process (the tournament, its club, the
snapshot's time and whether a recompute is pending: ``tournament_for_standings``), the switch check of ``tournaments.publication``
on that row, and the stored bytes. Secrecy is unchanged: the snapshot counts only confirmed games
with published results (``games.visibility.counted_q``), and the switch and draft checks run on
every request before anything stored is read.

What differs between visitors is never baked into the shared bytes:

- the anonymous page (no session cookie, no messages cookie, no query string) is stored whole with
  two markers put in per request: the visitor's CSRF token and the "updating…" badge;
- everyone else (signed in, a session, a query string) gets the stored fragment inside the page
  template rendered for them (navigation, log-in state, messages, their club's time zone).

Anonymous answers carry an ``ETag`` and ``Last-Modified`` and answer ``If-None-Match`` with 304.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.db.models import Exists, F, OuterRef
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.html import escape
from django.utils.http import http_date
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from clubs.middleware import club_zone
from clubs.models import Club
from core import fast_path
from core.fast_path import knows_nothing_of
from core.models import RecomputeJob
from games.rulesets import ROLE_CHOICES

from ..models import PUBLICATION_SWITCHES, Tournament
from .pages import page_context, standings_body, standings_version_key
from .selectors import tournament_standings

CSRF_MARK = "<@csrf-token@>"  # cannot come from data: a "<" in any value is escaped
UPDATING_MARK = "<@updating@>"
CACHE_SECONDS = 24 * 3600
PAGE_TEMPLATE = "tournaments/standings.html"
TABLE_TEMPLATE = "tournaments/_standings_table.html"


# --- the per-process memory in front of the shared cache ---------------------------------------


class _Recent:
    """The latest bodies this process served, by key (least recently used out first)."""

    def __init__(self, size: int):
        self.size, self.items, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key: str):
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key: str, value) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


RECENT = _Recent(128)


def clear_local() -> None:
    """Forget this process's bodies (tests that rebuild a world under the same ids and times)."""
    RECENT.clear()


def stored(key: str, render: Callable[[], bytes | str]):
    """The body under ``key``: from this process, else the shared cache, else rendered and stored.

    The shared cache is ``core.cache.ForgivingRedisCache``: with Redis down, a read is a miss and
    a write is dropped, so the body is rendered from the database (docs/pipeline.md).
    """
    value = RECENT.get(key)
    if value is None:
        value = cache.get(key)
        if value is None:
            value = render()
            store(key, value)
        RECENT.put(key, value)
    return value


def store(key: str, value) -> None:
    cache.set(key, value, timeout=CACHE_SECONDS)


# --- versions ----------------------------------------------------------------------------------


def standings_queryset():
    """Tournaments with what a standings request needs, in one query: the club, the snapshot's
    time (``snapshot_at``) and whether a standings recompute is pending (``standings_updating``)."""
    pending = (RecomputeJob.objects.filter(kind=RecomputeJob.Kind.STANDINGS, target_id=OuterRef("pk"))
               .exclude(status=RecomputeJob.Status.DONE))
    return (Tournament.objects.select_related("club")
            .annotate(snapshot_at=F("standings_snapshot__computed_at"), standings_updating=Exists(pending)))


# The columns a standings request reads: the page's header and switches, the club's name and
# address and time zone (its times are the club's), the snapshot's time and whether a recompute is pending.
_COLUMNS = ("pk", "slug", "name", "status", "starts_on", "ends_on", "venue", "tie_break_order", "win_points",
            "updated_at", *PUBLICATION_SWITCHES, "club_id", "club__name", "club__slug", "club__timezone",
            "snapshot_at", "standings_updating")
_SENTINEL = "stored-standings-slug-placeholder"
_COMPILED: dict[str, tuple[str, tuple, int]] = {}


def _compiled_sql() -> tuple[str, tuple, int]:
    """``standings_queryset`` for one slug as SQL, compiled once per process: building and
    compiling the ORM query took more time than running it on the hottest path of the site."""
    if "default" not in _COMPILED:
        query = standings_queryset().filter(slug=_SENTINEL).order_by().values_list(*_COLUMNS)[:1]
        sql, params = query.query.sql_with_params()
        _COMPILED["default"] = (sql, tuple(params), list(params).index(_SENTINEL))
    return _COMPILED["default"]


def tournament_for_standings(slug: str) -> Tournament | None:
    """The tournament with ``slug`` and its club as ``standings_queryset`` gives them (only the
    columns above are loaded), or None; one query."""
    sql, params, index = _compiled_sql()
    params = (*params[:index], slug, *params[index + 1:])
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = dict(zip(_COLUMNS, row, strict=True))
    club = Club(pk=values.pop("club_id"), name=values.pop("club__name"), slug=values.pop("club__slug"),
                timezone=values.pop("club__timezone"))
    snapshot_at, updating = values.pop("snapshot_at"), values.pop("standings_updating")
    if isinstance(values["tie_break_order"], str):  # jsonb arrives as text (Django's JSONField decodes it)
        values["tie_break_order"] = json.loads(values["tie_break_order"])
    tournament = Tournament(club=club, **values)
    tournament._state.adding, tournament._state.db = False, connection.alias
    tournament.snapshot_at, tournament.standings_updating = snapshot_at, updating
    return tournament


def edition() -> str:
    """What the standings' bytes depend on besides the data, once per process (core.fast_path.edition)."""
    return fast_path.edition(
        ("base.html", "tournaments/standings.html", "tournaments/_header.html", "tournaments/_standings_table.html"),
        ("css/site.css", "css/tournaments.css", "vendor/htmx/htmx-2.0.11.min.js", "js/site.js"))


def page_version(tournament: Tournament) -> str | None:
    """Everything the standings page of this tournament shows, as a short digest (None when the
    standings were never stored: they are computed per request then, and not kept)."""
    if tournament.snapshot_at is None:
        return None
    club = tournament.club
    parts = (tournament.pk, tournament.snapshot_at.isoformat(), tournament.updated_at.isoformat(),
             tournament.slug, tournament.name, tournament.status, str(tournament.starts_on),
             str(tournament.ends_on), tournament.venue, tuple(tournament.effective_tie_break), str(tournament.win_points),
             *(getattr(tournament, name) for name in PUBLICATION_SWITCHES),
             club.pk, club.name, club.slug, edition())
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:20]


# --- rendering ---------------------------------------------------------------------------------


def table_context(tournament: Tournament, *, updating_badge: str) -> dict:
    """The fragment's context; ``tournament`` comes from ``standings_queryset``."""
    standings = tournament_standings(tournament)
    for s in standings:
        s.role_points = [s.by_role.get(key) for key, _label in ROLE_CHOICES]
    return {"tournament": tournament, "standings": standings, "roles": ROLE_CHOICES,
            "tie_break": tournament.effective_tie_break, "freshness": {"updated_at": tournament.snapshot_at},
            "updating_badge": mark_safe(updating_badge)}


def _render_table(tournament: Tournament) -> str:
    return render_to_string(TABLE_TEMPLATE, table_context(tournament, updating_badge=UPDATING_MARK))


def _anonymous_request(tournament: Tournament, language: str) -> HttpRequest:
    """A stand-in for a visitor about whom nothing is known: no user, no session, no messages."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = reverse("tournaments:standings", args=[tournament.slug])
    request.META = {"SERVER_NAME": "localhost", "SERVER_PORT": "80"}
    request.user = AnonymousUser()
    request.LANGUAGE_CODE = language
    request.htmx = False
    return request


def _render_anonymous_page(tournament: Tournament, table: str, language: str) -> bytes:
    request = _anonymous_request(tournament, language)
    context = page_context(request, tournament, table=table, may_organize=False)
    context["csrf_token"] = mark_safe(CSRF_MARK)
    return render_to_string(PAGE_TEMPLATE, context, request=request).encode()


def _keys(tournament: Tournament, version: str, language: str) -> tuple[str, str]:
    zone = timezone.get_current_timezone_name()
    return (f"standings:table:{version}:{language}:{zone}", f"standings:page:{version}:{language}")


def stored_table(tournament: Tournament, version: str, language: str) -> str:
    return stored(_keys(tournament, version, language)[0], lambda: _render_table(tournament))


def stored_anonymous_page(tournament: Tournament, version: str, language: str) -> bytes:
    table = stored_table(tournament, version, language)
    return stored(_keys(tournament, version, language)[1],
                  lambda: _render_anonymous_page(tournament, table, language))


_MARKS = re.compile(b"(" + re.escape(CSRF_MARK.encode()) + b"|" + re.escape(UPDATING_MARK.encode()) + b")")


def _page_segments(tournament: Tournament, version: str, language: str) -> list[bytes]:
    """The stored anonymous page cut at its markers (text, mark, text, …), kept cut in this
    process: filling in a 90 kB page by ``replace`` took a tenth of the request's time."""
    key = f"segments:{version}:{language}"
    segments = RECENT.get(key)
    if segments is None:
        segments = _MARKS.split(stored_anonymous_page(tournament, version, language))
        RECENT.put(key, segments)
    return segments


def updating_badge(updating: bool) -> str:
    if not updating:
        return ""
    label = gettext("updating…")  # outside the f-string: makemessages cannot read into one
    return f' <span class="badge warn">{escape(label)}</span>'


def warm(tournament_id: int) -> None:
    """Render and store what the readers of this tournament's standings will ask for (the pipeline
    calls it after it stored them): the API's body and, in each language, the anonymous page and
    the fragment. Anything it misses is rendered on the first request."""
    slug = Tournament.objects.filter(pk=tournament_id).values_list("slug", flat=True).first()
    tournament = tournament_for_standings(slug) if slug else None
    if tournament is None or tournament.snapshot_at is None:
        return
    key = standings_version_key(tournament.pk, tournament.snapshot_at, tournament.updated_at)
    store(f"api:standings:{key}", standings_body(tournament.pk))
    version = page_version(tournament)
    with timezone.override(club_zone(tournament.club)):  # a tournament's times are its club's, whoever looks
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                table_key, page_key = _keys(tournament, version, language)
                table = _render_table(tournament)
                store(table_key, table)
                store(page_key, _render_anonymous_page(tournament, table, language))


# --- serving -----------------------------------------------------------------------------------


def _anonymous(request) -> bool:
    return not request.GET and knows_nothing_of(request)


def _vary(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, ("Cookie", "HX-Request"))
    return response


def standings_page(request, tournament: Tournament, render_page: Callable[[str], HttpResponse]) -> HttpResponse:
    """The standings page (or its htmx fragment) of a tournament this visitor may see.

    ``tournament`` comes from ``standings_queryset`` and has passed the switch check;
    ``render_page(table_html)`` renders the page around a fragment for this visitor."""
    language = translation.get_language()
    badge = updating_badge(tournament.standings_updating)
    version = page_version(tournament)
    if version is None:  # never stored: computed now, for this request only
        table = render_to_string(TABLE_TEMPLATE, table_context(tournament, updating_badge=badge))
        return _vary(HttpResponse(table) if request.htmx else render_page(table))
    if not _anonymous(request):
        table = stored_table(tournament, version, language).replace(UPDATING_MARK, badge)
        return _vary(HttpResponse(table) if request.htmx else render_page(table))

    kind = "f" if request.htmx else "p"
    tag = '"sp-' + hashlib.sha1(f"{version}:{language}:{kind}:{int(tournament.standings_updating)}"
                                .encode()).hexdigest()[:24] + '"'
    modified = http_date(max(tournament.snapshot_at, tournament.updated_at).timestamp())
    if tag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    elif request.htmx:
        response = HttpResponse(stored_table(tournament, version, language).replace(UPDATING_MARK, badge))
    else:
        fill = {CSRF_MARK.encode(): get_token(request).encode(), UPDATING_MARK.encode(): badge.encode()}
        segments = _page_segments(tournament, version, language)
        response = HttpResponse(b"".join(fill[part] if odd % 2 else part for odd, part in enumerate(segments)))
    response["ETag"] = tag
    response["Last-Modified"] = modified
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("Cookie", "HX-Request"))
    return response
