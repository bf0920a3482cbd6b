"""Garbage into every POST route of the URL conf, as every kind of person (issue 25).

"Enumerate every route of the URL conf that accepts POST (and PUT/PATCH/DELETE under `/api/`), as
anonymous, player, judge, organizer and moderator, with Hypothesis garbage, overlong text, NUL,
non-finite numbers and ids of other clubs' objects in every field the handler reads; no 5xx, no
row written by a refused request. A new POST route is fuzzed without anyone adding it to a list."

Unlike the form fuzz (tests/input/test_form_fuzz.py: the forms a page shows), nothing here is read
from the pages. The routes are every pattern of the URL conf (``tests/secrecy/urlwalk.py``, whose
table fills each pattern's arguments from the secrecy world — a new pattern fails there until it
has an entry), each also at the game in progress where it takes a game. A route accepts a method
unless every person's empty request answers 405. The fields are the ones **the handler reads**:
``QueryDict`` records every key asked of it (``get``, ``[]``, ``getlist``, ``in`` — which is how
Django's forms and DRF's serializers read a body too), so an empty request tells the first
fields, and each garbage request the fields read behind them. Each field then gets garbage: a NUL,
100,000 characters, ``1e400``/``NaN``/``-Infinity``, bad UTF-8, numbers too large for the
database, digits ``int()`` refuses, and the ids of another club's game, player, tournament and
evening. Every answer must be below 500; a refused request (4xx, a page answered again with a
form's errors, or an error message) must write no row: PostgreSQL's per-transaction counters
(``pg_stat_xact_user_tables``) must not move, outside the session and the log-in tables.

Bounded and deterministic: ``derandomize=True``, ``EXAMPLES`` requests per route and person.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from urllib.parse import quote_from_bytes

import pytest
from django.contrib import messages
from django.db import connection, transaction
from django.http import QueryDict
from django.test import Client
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Player
from discipline.models import DisciplineCase
from games import services as games
from games.rulesets import RulesetChoice
from tests.input.test_form_fuzz import FormParser
from tests.secrecy import urlwalk
from tests.secrecy.world import START, UNFROZEN, build
from tournaments.models import Evening, Tournament

EXAMPLES = 2
DEEP = "[" * 5000 + "]" * 5000
GARBAGE = [
    "\x00", "a\x00b", "x" * 100_000, "1e400", "NaN", "-Infinity", "inf", b"\xff\xfe\xc3(", DEEP, "abc", "",
    "99999999999999999999999", "-1", "0", "\u00b2", "\u0663", "<b>", "' OR 1=1 --", "[]", "{}",
    "\ud800".encode("utf-8", "surrogatepass"),
]
METHODS = ("POST",)
API_METHODS = ("POST", "PUT", "PATCH", "DELETE")  # under /api/
# Django's admin and Django's own static/i18n views are Django's; /healthz answers any method with the
# health of the machine (503 without a Celery worker, as here). Everything else is the site's.
SKIPPED = ("/admin/", "/static/", "/i18n/", "/healthz")
PEOPLE = ("anonymous", "player", "judge", "organizer", "moderator")
# Tables a refused request may still write: the session (a message waits there for the next page),
# log-in attempts and lock-outs, and the language a signed-in person reads the online games in (kept
# on their first visit of an online page for the e-mails: online/core/languages.py), whatever the input.
MAY_CHANGE_ON_REFUSAL = {"django_session", "axes_accessattempt", "axes_accesslog", "axes_accessfailurelog",
                         "online_languagepreference"}


# --- which keys a handler reads ---------------------------------------------------------------------

class KeysRead:
    """While on, every key asked of any QueryDict (a request's POST or GET) is recorded."""

    def __init__(self):
        self.keys: set[str] = set()
        self._saved = {}

    def __enter__(self):
        recorder = self

        def wrap(name):
            original = getattr(QueryDict, name)

            def recording(self, key, *args, **kwargs):
                if isinstance(key, str):
                    recorder.keys.add(key)
                return original(self, key, *args, **kwargs)
            self._saved[name] = original
            setattr(QueryDict, name, recording)

        for name in ("get", "__getitem__", "getlist", "__contains__", "pop"):
            wrap(name)
        return self

    def __exit__(self, *exc):
        for name, original in self._saved.items():
            setattr(QueryDict, name, original)


# --- the routes --------------------------------------------------------------------------------------

@dataclass
class Route:
    key: str
    urls: list[str]
    methods: set[str] = field(default_factory=set)


def _running_game(world):
    """A game in progress at the evening: the entry routes read their fields only for a game
    that is being played."""
    game = games.game_create(club=world.club, actor=world.judge.user, evening=world.evening, judge=world.judge,
                             ruleset=RulesetChoice.FIIM_2025)
    players = {seat: player for seat, player in enumerate(world.players[:10], start=1)}
    return games.game_deal(game=game, players=players, random_roles=True, expected_version=game.protocol_version,
                           actor=world.judge.user)


def _other_club_ids(world) -> list[str]:
    """Ids of another club's objects (its player, tournament, evening): a handler given one must
    refuse it, not act on it."""
    club = Club.objects.create(name="Other Club", slug="other-club", city="Kazan", timezone="Europe/Moscow")
    player = Player.objects.create(nickname="Other Player", home_club=club, city="Kazan")
    tournament = Tournament.objects.create(club=club, name="Other Cup", slug="other-cup", starts_on=START.date(),
                                           ends_on=START.date())
    evening = Evening.objects.create(club=club, title="Other Friday", starts_at=START)
    return sorted({str(obj.pk) for obj in (club, player, tournament, evening)})


def routes(world) -> list[Route]:
    """Every pattern of the URL conf, with the URLs the secrecy walk visits it at (its table fills
    every pattern's arguments), plus the game in progress and its private link where a route takes
    a game."""
    found: dict[str, Route] = {}
    for key, url, _headers in urlwalk.visits(world):
        path = url.split("?")[0]
        if path.startswith(SKIPPED):
            continue
        route = found.setdefault(key, Route(key, []))
        for candidate in _at_the_running_game(world, path):
            if candidate not in route.urls:
                route.urls.append(candidate)
    # one finished game's URL is as good as another's: the first, and the game in progress
    running = (f"/{world.running.pk}/", world.running.judge_token)
    for route in found.values():
        route.urls = route.urls[:1] + [url for url in route.urls[1:] if any(mark in url for mark in running)]
    return list(found.values())


def _at_the_running_game(world, path: str) -> list[str]:
    paths = [path]
    running = world.running
    if urlwalk.NOT_THE_LINK in path:
        paths.append(path.replace(urlwalk.NOT_THE_LINK, running.judge_token))
    for game in world.secret_games:
        for form in (f"/games/{game.pk}/", f"/judge/games/{game.pk}/", f"/api/v1/games/{game.pk}/"):
            if form in path:
                paths.append(path.replace(form, form.replace(str(game.pk), str(running.pk))))
    return list(dict.fromkeys(paths))


# --- the people --------------------------------------------------------------------------------------

def _people(world) -> dict[str, object]:
    case = DisciplineCase.objects.get(pk=world.extra["case"])
    return {"anonymous": None, "player": case.game.seats.get(seat=case.seat).player.user,
            "judge": world.judge.user, "organizer": world.organizer,
            # the online games' moderator is the organizer in the world; a staff member moderates too
            "moderator": _staff_moderator()}


def _staff_moderator():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username="staff-moderator", password="secret-pass-123",
                                                is_staff=True)


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


# --- the requests ------------------------------------------------------------------------------------

def _encode(value: str | bytes) -> str:
    raw = value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")
    return quote_from_bytes(raw, safe="")


def _body(data: dict) -> str:
    return "&".join(f"{_encode(key)}={_encode(value)}" for key, value in data.items())


def _writes() -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT relname, n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_xact_user_tables")
        return {name: count for name, count in cursor.fetchall() if count}


def _refused(response) -> bool:
    if 400 <= response.status_code < 500:
        return True
    request = getattr(response, "wsgi_request", None)
    queued = getattr(getattr(request, "_messages", None), "_queued_messages", [])
    if any(message.level >= messages.ERROR for message in queued):
        return True
    for context in (response.context or []) if response.context is not None else []:
        for value in getattr(context, "flatten", lambda: {})().values():
            if hasattr(value, "is_bound") and getattr(value, "is_bound", False) and getattr(value, "errors", None):
                return True
    return False


@dataclass
class Outcome:
    requests: int = 0
    failures: list[str] = field(default_factory=list)


def _send(client: Client, method: str, url: str, data: dict, outcome: Outcome, who: str) -> object:
    before = _writes()
    response = client.generic(method, url, _body(data), content_type="application/x-www-form-urlencoded")
    outcome.requests += 1
    if response.status_code >= 500:
        outcome.failures.append(f"{method} {url} as {who}: {response.status_code} with {sorted(data)}")
    elif _refused(response):
        written = {name: count - before.get(name, 0) for name, count in _writes().items()
                   if count != before.get(name, 0) and name not in MAY_CHANGE_ON_REFUSAL}
        if written:
            outcome.failures.append(f"{method} {url} as {who}: refused ({response.status_code}) "
                                    f"but wrote {written} with {sorted(data)}")
    return response


NUL_VALUES = [value for value in GARBAGE if isinstance(value, str) and "\x00" in value]
# every field at once meets each of SWEPT; each field alone meets each of PER_FIELD, the others at
# their plausible values; Hypothesis mixes all of GARBAGE
SWEPT = ["abc", "x" * 100_000, "1e400", "NaN", b"\xff\xfe\xc3(", DEEP, "99999999999999999999999", "\u00b2"]
PER_FIELD = ["abc", "x" * 100_000, "1e400", "99999999999999999999999", "\u00b2"]
NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")  # a field's name, not a key built from garbage ("target-1e400")


def _defaults(client: Client, url: str, keys: set[str]) -> dict[str, str]:
    """Plausible values for the fields: what the page at the same address offers in its forms (a
    console's setup, a select's first choice), else "1"; so that each field's garbage is met with
    the other fields as a person would send them, and reaches the check behind theirs."""
    offered: dict[str, str] = {}
    response = client.get(url)
    if response.status_code == 200 and "html" in response.get("Content-Type", ""):
        parser = FormParser(url)
        parser.feed(response.content.decode("utf-8", "replace"))
        for form in parser.forms:
            for name, value in form.fields.items():
                if isinstance(value, str) and value:
                    offered.setdefault(name, value)
    return {key: offered.get(key, "1") for key in keys}


def _fuzz(client: Client, method: str, url: str, keys: set[str], values: list, outcome: Outcome, who: str) -> None:
    """Every field with every garbage value, the others at their plausible values (a NUL is refused
    for the whole request by config/input_guard.py, so it is sent once, in every field); then
    Hypothesis mixes garbage across the fields."""
    defaults = _defaults(client, url, keys)

    def send(data):
        with transaction.atomic():  # what an accepted request changed is undone for the next one
            _send(client, method, url, data, outcome, who)
            transaction.set_rollback(True)

    send({key: NUL_VALUES[0] for key in keys})
    for value in values:
        send({key: value for key in keys})
    for key in sorted(keys):
        for value in PER_FIELD:
            send({**defaults, key: value})

    @given(data=st.fixed_dictionaries({name: st.sampled_from([defaults[name], *GARBAGE, *values])
                                       for name in sorted(keys)}))
    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), print_blob=False)
    def send_garbage(data):
        send(data)

    send_garbage()


# --- the tests ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def post_world(django_db_setup, django_db_blocker):
    """Built once for the module inside a transaction rolled back at its end; each test runs in a
    savepoint of it. The clock stays frozen at the world's instants."""
    with django_db_blocker.unblock(), freeze_time(START, ignore=UNFROZEN) as clock, transaction.atomic():
        started = os.times().elapsed
        world = build("a", clock)
        world.running = _running_game(world)
        world.other_ids = _other_club_ids(world)
        people = _people(world)
        found = routes(world)
        print(f"post fuzz: the world built, {len(found)} routes in {os.times().elapsed - started:.1f} s")
        yield world, people, found
        transaction.set_rollback(True)


def _methods(route: Route) -> tuple[str, ...]:
    return API_METHODS if route.urls[0].startswith("/api/") else METHODS


def _accepts(client: Client, method: str, url: str) -> bool:
    with transaction.atomic():
        response = client.generic(method, url, "", content_type="application/x-www-form-urlencoded")
        transaction.set_rollback(True)
    return response.status_code != 405


def _probe(world, people, found) -> dict[tuple[str, str], list[str]]:
    """(route key, method) → the URLs of it that accept the method: asked as the organizer, who may
    do the most (a view's method check comes before or after its permission check, never says 405
    for a method it takes)."""
    accepted: dict[tuple[str, str], list[str]] = {}
    for route in found:
        for method in _methods(route):
            for url in route.urls:
                # a client of its own per request: the log-out route is a POST route too
                if _accepts(_client(people["organizer"]), method, url):
                    accepted.setdefault((route.key, method), []).append(url)
    return accepted


@pytest.fixture(scope="module")
def post_routes(post_world, django_db_blocker):
    world, people, found = post_world
    with django_db_blocker.unblock():
        return _probe(world, people, found)


def test_every_post_route_of_the_url_conf_is_found(post_world, post_routes, db):
    """The routes come from the URL conf (through the walk's table, which fails for a pattern it
    has no entry for); the probe finds the ones that take POST (and PUT/PATCH/DELETE under the API)."""
    world, people, found = post_world
    keys = {key for key, method in post_routes}
    assert {route.key for route in found} >= keys
    # the routes issue 25 found 500s at, and a sample of each kind, are among them
    for expected in ("online_mod:console", "m1923_mod:console", "online_mod:action", "m1923_mod:action",
                     "entry:action", "entry:link_action", "discipline:decide", "discipline_player:appeal",
                     "organize:tournament_create", "api:v1:game-events", "api:v1:game-submit"):
        assert expected in keys, (expected, sorted(keys))


@pytest.mark.parametrize("who", PEOPLE)
def test_garbage_in_every_field_a_post_handler_reads_is_never_a_server_error_nor_a_write(
        post_world, post_routes, db, who):
    world, people, found = post_world
    started = os.times().elapsed
    values = [*SWEPT, *world.other_ids]
    outcome = Outcome()
    fuzzed = set()
    for (key, method), urls in sorted(post_routes.items()):
        for url in urls:
            client = _client(people[who])  # its own session per route: the log-out route is a POST route too
            with KeysRead() as recorder:
                with transaction.atomic():
                    _send(client, method, url, {}, outcome, who)
                    transaction.set_rollback(True)
                keys = set(recorder.keys)
                if keys:
                    _fuzz(client, method, url, keys, values, outcome, who)
                    # the fields read behind the first refusals: once more with all of them
                    behind = {key for key in recorder.keys - keys if NAME.fullmatch(key)}
                    if behind:
                        _fuzz(client, method, url, keys | behind, values, outcome, who)
            fuzzed.add((key, method))
    assert fuzzed == set(post_routes)
    assert not outcome.failures, f"{len(outcome.failures)} failures:\n" + "\n".join(outcome.failures[:60])
    print(f"post fuzz as {who}: {len(post_routes)} route-methods, {outcome.requests} requests, "
          f"{os.times().elapsed - started:.1f} s")

