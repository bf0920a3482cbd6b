"""Garbage into every form of the site, as every kind of person: no server error (issue 14).

Nobody has to remember a field: the forms are found, not listed. The secrecy world
(tests/secrecy/world.py) plus a game in progress (so the judge's entry page shows its event forms)
is built once for the module. Every URL pattern of the URL conf (tests/secrecy/urlwalk.py knows how
to fill each one's arguments) whose view can render a template with a form (``<form>``, found in
the templates and followed through ``{% include %}``; the view's code and the project code it names
are read for template names) is visited as each kind of person: an anonymous visitor, a player (the
one a discipline case is about), the judge and the organizer — one test each. Each page's forms
(``action`` or ``hx-post``/``hx-get``, the method, every ``input``/``select``/``textarea``/named
``button``) are collected, one per URL pattern of the action and set of fields; then Hypothesis
posts to each form, as the person who saw it, values where each field is either its own default or
garbage: a NUL, 100,000 characters, ``1e400``/``NaN``/``-Infinity``, bad UTF-8, 5,000-deep JSON,
numbers too large for the database, digits ``int()`` refuses. Every answer must be below 500.

Bounded and deterministic: ``derandomize=True`` (a fixed seed), ``EXAMPLES`` per form.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote_from_bytes, urljoin, urlsplit

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from discipline.models import DisciplineCase
from games import services as games
from games.rulesets import RulesetChoice
from tests.secrecy.urlwalk import visits
from tests.secrecy.world import START, UNFROZEN, build

EXAMPLES = 3
DEEP = "[" * 5000 + "]" * 5000
GARBAGE = [
    "\x00", "a\x00b", "x" * 100_000, "1e400", "NaN", "-Infinity", "inf", b"\xff\xfe\xc3(", DEEP,
    "abc", "", " ", "99999999999999999999999", "-1", "0", "\u00b2", "\u0663", "<b>", "' OR 1=1 --",
    "\ud800".encode("utf-8", "surrogatepass"),
]
# The admin is Django's; the API has Schemathesis; /healthz is 503 without a worker (no form).
SKIPPED = ("/admin/", "/api/", "/static/", "/i18n/", "/healthz")
PEOPLE = ("anonymous", "player", "judge", "organizer")
# The forms the stress found server errors in, each where its person finds it.
EXPECTED = {
    "anonymous": lambda w: ["/players/", "/ratings/", "/accounts/login/"],
    "player": lambda w: ["/players/", f"/discipline/{w.extra['case']}/"],
    "judge": lambda w: ["/judge/", f"/judge/games/{w.running.pk}/disqualify/"],
    "organizer": lambda w: [f"/organize/discipline/{w.extra['case']}/note/"],
}


# --- which pages can show a form: read from the templates and the views' code --------------------

INCLUDE = re.compile(r"""{%\s*include\s+["']([\w/.-]+\.html)""")
INCLUSION_TAG = re.compile(r"""inclusion_tag\(\s*["']([\w/.-]+\.html)["'][^)]*\)\s*def (\w+)""")
FORM = re.compile(r"<form\b|hx-(?:post|get)=")
PROJECT = ("clubs", "games", "tournaments", "scoring", "core", "config", "online", "leagues", "records", "seasons")


@functools.cache
def template_sources() -> dict[str, str]:
    sources = {}
    for root in django_settings.TEMPLATES[0]["DIRS"]:
        for path in Path(root).rglob("*.html"):
            sources[path.relative_to(root).as_posix()] = path.read_text(encoding="utf-8")
    return sources


@functools.cache
def inclusion_tags() -> dict[str, str]:
    """The project's inclusion tags: the tag's name → its template."""
    tags = {}
    for path in Path(django_settings.BASE_DIR).glob("*/templatetags/*.py"):
        tags.update({tag: name for name, tag in INCLUSION_TAG.findall(path.read_text(encoding="utf-8"))})
    return tags


def with_includes(names: frozenset[str]) -> set[str]:
    """The templates and everything they include ({% include %}, inclusion tags), all the way down."""
    found, todo = set(), set(names)
    while todo:
        name = todo.pop()
        found.add(name)
        text = template_sources().get(name, "")
        todo |= set(INCLUDE.findall(text)) | {template for tag, template in inclusion_tags().items()
                                              if re.search(rf"{{%\s*{tag}\b", text)}
        todo -= found
    return found


@functools.cache
def form_templates() -> frozenset[str]:
    """Every template with a form in it; base.html's forms are on every page (the home page's visit
    collects them) and do not make a page one to visit."""
    return frozenset(name for name, text in template_sources().items() if FORM.search(text)) - {"base.html"}


def _project_function(value) -> bool:
    return inspect.isfunction(value) and (value.__module__ or "").split(".")[0] in PROJECT


@functools.cache
def _definitions(filename: str) -> dict[str, tuple[set[str], set[str]]]:
    """Each function's and class's name in a file → the names and the strings in its code."""
    found: dict[str, tuple[set[str], set[str]]] = {}
    for node in ast.walk(ast.parse(Path(filename).read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names, strings = found.setdefault(node.name, (set(), set()))
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name):
                    names.add(inner.id)
                elif isinstance(inner, ast.Attribute):
                    names.add(inner.attr)
                elif isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                    strings.add(inner.value)
    return found


def _code(value) -> tuple[set[str], set[str]]:
    """The names and the strings in a function's or a class's code."""
    try:
        names, strings = _definitions(inspect.getsourcefile(value)).get(value.__name__, (set(), set()))
    except (OSError, TypeError):
        return set(), set()
    return set(names), set(strings)


@functools.cache
def view_templates(view, depth: int = 3) -> frozenset[str]:
    """The template names a view's code (and the project functions it names, ``depth`` calls down) holds."""
    view = getattr(view, "view_class", None) or inspect.unwrap(view)
    names, strings = _code(view)
    strings |= set(filter(None, [getattr(view, "template_name", None)]))
    module = inspect.getmodule(view)
    strings |= {getattr(module, name) for name in names if isinstance(getattr(module, name, None), str)}
    templates = {text.split("#")[0] for text in strings if text.split("#")[0].endswith(".html")}
    for name in names:
        value = getattr(module, name, None)
        if depth and value is not view and _project_function(value):
            templates |= view_templates(value, depth - 1)
    return frozenset(templates)


def _view(url: str):
    try:
        return resolve(urlsplit(url).path).func
    except Resolver404:
        return None


def pages_with_forms(world) -> list[str]:
    """The URLs to visit: every walked page whose view can render a form, the home page (base.html's
    forms) and the running game's entry pages; one visit per page (query variants show the same forms)."""
    urls = {url.split("?")[0] for key, url, headers in visits(world) if not url.startswith(SKIPPED)}
    chosen = {url for url in urls if (view := _view(url)) and with_includes(view_templates(view)) & form_templates()}
    return sorted(chosen | {"/", f"/judge/games/{world.running.pk}/", f"/t/{world.running.judge_token}/"})


@dataclass
class Form:
    method: str
    action: str
    fields: dict[str, str | bytes] = field(default_factory=dict)

    def key(self) -> tuple:
        return self.method, self.action, tuple(sorted(self.fields))


class FormParser(HTMLParser):
    def __init__(self, page_url: str):
        super().__init__(convert_charrefs=True)
        self.page_url, self.forms, self.current, self.select = page_url, [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            method = "post" if (a.get("method", "get").lower() == "post" or "hx-post" in a) else "get"
            action = a.get("hx-post") or a.get("hx-get") or a.get("action") or self.page_url
            self.current = Form(method, urljoin(self.page_url, action))
            self.forms.append(self.current)
        elif self.current is None:
            return
        if tag in ("input", "button") and (a.get("formaction") or a.get("hx-post")):
            # a button that sends its form elsewhere (the entry page's foul / disqualify / DD row)
            target = urljoin(self.page_url, a.get("hx-post") or a["formaction"])
            self.forms.append(Form("post", target, self.current.fields))
        if tag in ("input", "button") and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a and a["name"] in self.current.fields:
                return
            self.current.fields.setdefault(a["name"], a.get("value") or "")
        elif tag == "textarea" and a.get("name"):
            self.current.fields.setdefault(a["name"], "")
        elif tag == "select" and a.get("name"):
            self.select = a["name"]
        elif tag == "option" and self.select and (self.select not in self.current.fields or "selected" in a):
            self.current.fields[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def _encode(value: str | bytes) -> str:
    raw = value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")
    return quote_from_bytes(raw, safe="")


def _body(data: dict) -> str:
    return "&".join(f"{_encode(key)}={_encode(value)}" for key, value in data.items())


def _running_game(world):
    """A game in progress at the evening: the entry page then shows every event's form."""
    game = games.game_create(club=world.club, actor=world.judge.user, evening=world.evening, judge=world.judge,
                             ruleset=RulesetChoice.FIIM_2025)  # the ruleset with bonus points: one form more
    players = {seat: player for seat, player in enumerate(world.players[:10], start=1)}
    return games.game_deal(game=game, players=players, random_roles=True, expected_version=game.protocol_version,
                           actor=world.judge.user)


def _people(world) -> dict[str, object]:
    case = DisciplineCase.objects.get(pk=world.extra["case"])
    return {"anonymous": None, "player": case.game.seats.get(seat=case.seat).player.user,
            "judge": world.judge.user, "organizer": world.organizer}


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _route(path: str) -> str:
    """The URL pattern an action resolves to: forms differing only in an id are one form."""
    try:
        return resolve(path).route
    except Resolver404:
        return path


def collect_forms(client: Client, urls: list[str]) -> dict[tuple, Form]:
    found: dict[tuple, Form] = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, (url, response.status_code)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = FormParser(url)
        parser.feed(response.content.decode("utf-8", "replace"))
        for form in parser.forms:
            path = urlsplit(form.action).path
            if path.startswith(SKIPPED) or not form.fields:
                continue
            form.action = path
            found.setdefault((form.method, _route(path), tuple(sorted(form.fields))), form)
    return found


def _fuzz(form: Form, client: Client, counter: list) -> None:
    @given(data=st.fixed_dictionaries({
        name: st.one_of(st.just(default), st.sampled_from(GARBAGE), st.text(max_size=8))
        for name, default in form.fields.items()}))
    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), print_blob=False)
    def post_garbage(data):
        body = _body(data)
        if form.method == "get":
            response = client.get(f"{form.action}?{body}")
        else:
            response = client.generic("POST", form.action, body, content_type="application/x-www-form-urlencoded")
        counter.append(response.status_code)
        assert response.status_code < 500, (form.action, response.status_code)

    post_garbage()


@pytest.fixture(scope="module")
def fuzz_world(django_db_setup, django_db_blocker):
    """Built once for the module inside a transaction rolled back at its end; each person's test runs
    in a savepoint of it (pytest-django's ``db``), so what one person's garbage changed is gone for
    the next. The clock stays frozen at the world's instants."""
    with django_db_blocker.unblock(), freeze_time(START, ignore=UNFROZEN) as clock, transaction.atomic():
        started = os.times().elapsed
        world = build("a", clock)
        world.running = _running_game(world)
        urls = pages_with_forms(world)
        print(f"form fuzz: the world built and {len(urls)} pages chosen in {os.times().elapsed - started:.1f} s")
        yield world, _people(world), urls
        transaction.set_rollback(True)


def test_only_pages_that_can_show_a_form_are_visited(fuzz_world, db):
    """The reading of templates and views finds every template with a form behind some walked page,
    and leaves out pages that cannot show one (the exports, the feeds)."""
    world, people, urls = fuzz_world
    walked = {url.split("?")[0] for key, url, headers in visits(world) if not url.startswith(SKIPPED)}
    reached = set().union(*(with_includes(view_templates(_view(url))) for url in urls if _view(url)))
    assert form_templates() - reached == set()
    assert len(urls) < len(walked)


@pytest.mark.parametrize("who", PEOPLE)
def test_garbage_in_every_form_is_never_a_server_error(fuzz_world, db, who):
    world, people, urls = fuzz_world
    started = os.times().elapsed
    client = _client(people[who])
    forms = collect_forms(client, urls)
    visited = os.times().elapsed - started
    routes = {route for method, route, fields in forms}
    for expected in EXPECTED[who](world):
        assert _route(expected) in routes, (expected, sorted(routes))
    failures, counter = [], []
    for form in forms.values():
        try:
            _fuzz(form, client, counter)
        except Exception as failure:  # noqa: BLE001  (collected, reported together)
            failures.append(f"{form.method.upper()} {form.action} as {who}: {failure!r}"[:2000])
    assert not failures, "\n\n".join(failures)
    print(f"form fuzz as {who}: {len(urls)} pages in {visited:.1f} s, {len(forms)} forms, {len(counter)} requests, "
          f"{os.times().elapsed - started:.1f} s")
    assert len(counter) >= len(forms)
