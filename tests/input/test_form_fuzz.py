"""Garbage into every form of the site, as every kind of person: no server error (issue 14).

Nobody has to remember a field: the forms are found, not listed. Every URL pattern of the URL conf
is visited (tests/secrecy/urlwalk.py knows how to fill each one's arguments) as an anonymous
visitor, a player (the one a discipline case is about), the judge and the organizer, in the
secrecy world (tests/secrecy/world.py) plus a game in progress, so the judge's entry page shows its
event forms. Each page's forms (``<form>``: ``action`` or ``hx-post``/``hx-get``, the method,
every ``input``/``select``/``textarea``/named ``button``) are collected; then Hypothesis posts to
each form, as the person who saw it, values where each field is either its own default or garbage:
a NUL, 100,000 characters, ``1e400``/``NaN``/``-Infinity``, bad UTF-8, 5,000-deep JSON,
numbers too large for the database, digits ``int()`` refuses. Every answer must be below 500.

Bounded and deterministic: ``derandomize=True``, ``EXAMPLES`` per form.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import quote_from_bytes, urljoin, urlsplit

import pytest
from django.test import Client
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services as games
from games.models import DisciplineCase
from games.rulesets import Ruleset
from tests.secrecy.urlwalk import visits
from tests.secrecy.world import START, UNFROZEN, build

EXAMPLES = 2
DEEP = "[" * 5000 + "]" * 5000
GARBAGE = [
    "\x00", "a\x00b", "x" * 100_000, "1e400", "NaN", "-Infinity", "inf", b"\xff\xfe\xc3(", DEEP,
    "abc", "", " ", "99999999999999999999999", "-1", "0", "\u00b2", "\u0663", "<b>", "' OR 1=1 --",
    "\ud800".encode("utf-8", "surrogatepass"),
]
# The admin is Django's; the API has Schemathesis; /healthz is 503 without a worker (no form).
SKIPPED = ("/admin/", "/api/", "/static/", "/i18n/", "/healthz")


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
                             ruleset=Ruleset.FIIM_2025)  # the ruleset with bonus points: one form more
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


def collect_forms(world, people: dict) -> dict[tuple, tuple[str, Form]]:
    # one visit per page (query variants show the same forms)
    urls = sorted({url.split("?")[0] for key, url, headers in visits(world) if not url.startswith(SKIPPED)})
    urls += [f"/judge/games/{world.running.pk}/", f"/t/{world.running.judge_token}/"]
    found: dict[tuple, tuple[str, Form]] = {}
    for who, user in people.items():
        client = _client(user)
        for url in urls:
            response = client.get(url)
            assert response.status_code < 500, (who, url, response.status_code)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            parser = FormParser(url)
            parser.feed(response.content.decode("utf-8", "replace"))
            for form in parser.forms:
                path = urlsplit(form.action).path
                if path.startswith(SKIPPED) or not form.fields:
                    continue
                form.action = path
                found.setdefault((who, *form.key()), (who, form))
    return found


def _fuzz(form: Form, user, counter: list) -> None:
    @given(data=st.fixed_dictionaries({
        name: st.one_of(st.just(default), st.sampled_from(GARBAGE), st.text(max_size=8))
        for name, default in form.fields.items()}))
    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), print_blob=False)
    def post_garbage(data):
        client = _client(user)
        body = _body(data)
        if form.method == "get":
            response = client.get(f"{form.action}?{body}")
        else:
            response = client.generic("POST", form.action, body, content_type="application/x-www-form-urlencoded")
        counter.append(response.status_code)
        assert response.status_code < 500, (form.action, response.status_code)

    post_garbage()


@pytest.mark.django_db
def test_garbage_in_every_form_is_never_a_server_error():
    started = time.perf_counter()
    with freeze_time(START, ignore=UNFROZEN) as clock:
        world = build("a", clock)
        world.running = _running_game(world)
        people = _people(world)
        forms = collect_forms(world, people)
        actions = {form.action for _, form in forms.values()}
        # The forms the stress found server errors in are among those found here.
        for expected in ("/players/", "/ratings/", f"/judge/games/{world.running.pk}/disqualify/",
                         "/judge/",
                         f"/organize/discipline/{world.extra['case']}/note/",
                         f"/discipline/{world.extra['case']}/"):
            assert expected in actions, (expected, sorted(actions))
        failures, counter = [], []
        for who, form in forms.values():
            try:
                _fuzz(form, people[who], counter)
            except Exception as failure:  # noqa: BLE001  (collected, reported together)
                failures.append(f"{form.method.upper()} {form.action} as {who}: {failure!r}"[:2000])
    assert not failures, "\n\n".join(failures)
    print(f"form fuzz: {len(forms)} forms, {len(counter)} requests, {time.perf_counter() - started:.1f} s")
    assert len(forms) >= 20
