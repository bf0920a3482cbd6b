"""No internal code reaches a person: the main pages, rendered in Russian, show words from
translated labels, never a status's id, a snake_case name, an audit action's dotted id or an
English unit. Issue 27: "Raw values shown to people: … audit lines 'm1923.deal-adjusted',
'discipline.open', the reason 'insult' untranslated in the Russian queue, pipeline badges
'pending/running/done' and 'ms' in Russian … roles capitalised unevenly (civilian / Sheriff /
mafia / Don). Every word a person reads comes from a translated label."
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from core.models import RecomputeJob
from discipline.models import DisciplineCase
from games.rulesets import ROLE_LABELS
from online.agents.charts import ROLE_NAMES
from online.simulations.models import SimulationRun
from tests.demo_world import lay_down_demo
from tests.factories import ClubFactory
from tests.tournaments.factories import TournamentFactory, organizer_of
from tournaments.models import Evening


class _Visible(HTMLParser):
    """The text a person reads: no tags, attributes, scripts, styles or hidden templates."""

    HIDDEN = {"script", "style", "template", "textarea", "noscript"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


# What gives an internal value away in a Russian page's text: a snake_case name, an English unit, and
# every id the code itself gives a label (internal_codes: drawn from the code, not typed here).
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
UNITS = re.compile(r"\b\d+\s?ms\b")
ZONES = re.compile(r"(?<=\d\d:\d\d )(?!UTC)[A-Z]{2,5}\b")  # "17:54 MSK", "09:00 IST": «МСК», «UTC+2»
PROJECT_APPS = ("clubs", "core", "discipline", "games", "online", "ratings", "scoring", "tournaments")
# The fields a person writes (names, titles, descriptions, posts, reasons): their text is theirs and
# may be in any language, so it is taken out of a page before it is read for codes.
PERSON_WRITTEN = {"answer", "body", "city", "contact", "decision_reason", "description", "email", "family",
                  "first_name", "judge_reason", "last_name", "message", "name", "nickname", "organizer_note",
                  "reason", "review_note", "text", "title", "together", "username", "venue"}


def internal_codes() -> frozenset[str]:
    """Every id the site gives a person's words to: the models' choices (statuses, roles, rulesets,
    kinds, decisions…), the audit actions, the simulation agents' kinds, and the online games'
    roles, sides, abilities, outcomes, options and Mafia 1923's roles, abilities and statuses."""
    from django.apps import apps

    from core.actions import described
    from online.agents.spec import KIND_WORDS
    from online.forum import texts
    from online.mafia1923 import texts as mafia1923_texts
    from vocabulary import RULESET_IDS

    codes = set(RULESET_IDS) | set(KIND_WORDS) | set(described())
    for model in apps.get_models():
        if model._meta.app_label in PROJECT_APPS:
            for field in model._meta.get_fields():
                codes |= {value for value, _label in getattr(field, "choices", None) or () if isinstance(value, str)}
    for table in (texts.ROLES, texts.SIDES, texts.ABILITIES, texts.LEFT, texts.OUTCOMES, texts.VERDICTS,
                  texts.OPTION_NAMES, mafia1923_texts.ROLE_NAMES, mafia1923_texts.ABILITY_NAMES,
                  mafia1923_texts.STATUS_NAMES):
        codes |= set(table)
    return frozenset(code for code in codes if re.search("[a-z]", code))


def person_written() -> list[str]:
    """What people wrote into the database (PERSON_WRITTEN's fields), longest first."""
    from django.apps import apps
    from django.db import models

    found = set()
    for model in apps.get_models():
        fields = [field.name for field in model._meta.get_fields()
                  if isinstance(field, models.CharField | models.TextField) and field.name in PERSON_WRITTEN
                  and not field.choices]
        for row in model.objects.values_list(*fields) if fields else ():
            found |= {" ".join(value.split()) for value in row if value and value.strip()}
    return sorted(found, key=len, reverse=True)


def raw_values(text: str, *, codes=None, written=()) -> list[str]:
    """The internal values in a page's text, once what people wrote (``written``) is taken out."""
    for value in written:
        text = text.replace(value, " ¦ ")
    codes = internal_codes() if codes is None else codes
    pattern = re.compile(r"(?<![\w.-])(?:" + "|".join(re.escape(code) for code in sorted(codes, key=len, reverse=True))
                         + r")(?![\w-])")
    return sorted({m.group(0) for found in (SNAKE_CASE, UNITS, ZONES, pattern) for m in found.finditer(text)})


@pytest.mark.django_db
def test_the_codes_are_the_codes_own_and_the_patterns_find_them():
    codes = internal_codes()
    assert {"done", "pending", "setup", "fiim-2025", "discipline.open", "m1923.deal-adjusted", "rule",
            "godfather", "upheld"} <= codes
    assert raw_values("статус: done: 16 · 12 ms · m1923.deal-adjusted · game_scores · судья: insult · fiim-2025 · "
                      "rule · 17:54 MSK · 09:00 IST", codes=codes | {"insult"}) == [
        "12 ms", "IST", "MSK", "done", "fiim-2025", "game_scores", "insult", "m1923.deal-adjusted", "rule"]
    assert raw_values("готово: 16 · 12 мс · раздача исправлена · Red Square Mafia Club · Done · 17:54 МСК · "
                      "09:00 UTC+2 · 09:00 UTC", codes=codes) == []
    assert raw_values("Описание: a forum game with a cop · готово", codes=codes,
                      written=["a forum game with a cop"]) == [], "what a person wrote is theirs"


def test_one_set_of_role_labels_for_the_table_game():
    """The simulations' charts wrote "civilian", "Sheriff", "mafia", "Don": the same words as every
    other page now (games/rulesets.py ROLE_LABELS, one translation)."""
    from django.utils import translation

    with translation.override("en"):
        assert {role: str(label) for role, label in ROLE_LABELS.items()} == ROLE_NAMES
    assert ROLE_NAMES == {"civilian": "Civilian", "sheriff": "Sheriff", "mafia": "Mafia", "don": "Don"}


@pytest.mark.django_db
def test_the_pipeline_page_says_its_statuses_and_units_in_the_readers_language():
    club = ClubFactory()
    tournament = TournamentFactory(club=club)
    RecomputeJob.objects.create(kind=RecomputeJob.Kind.STANDINGS, target_id=tournament.pk, duration_ms=12,
                                status=RecomputeJob.Status.DONE, requested_at=tournament.created_at,
                                finished_at=tournament.created_at)
    client = Client(headers={"accept-language": "ru"})
    client.force_login(organizer_of(club))
    text = visible_text(client.get(reverse("pipeline:status")).content.decode())
    assert "готово: 1" in text and "в очереди: 0" in text and "12 мс" in text
    assert raw_values(text) == [], raw_values(text)


# --- the demo site, read in Russian -------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(demo_snapshot, django_db_blocker):
    """The demo data that `make run` serves, once for the module's pages (and gone after)."""
    with django_db_blocker.unblock():
        lay_down_demo(demo_snapshot)
        yield
        call_command("flush", interactive=False, verbosity=0, reset_sequences=False)


def demo_pages() -> dict[str, list[str]]:
    arkady = Player.objects.get(nickname="Arkady")
    evening = Evening.objects.get(title="Friday demo evening")
    cup = "/tournaments/red-square-cup"
    cases = [case.get_absolute_url() for case in DisciplineCase.objects.order_by("pk")]
    runs = [run.get_absolute_url() for run in SimulationRun.objects.order_by("pk")]
    return {
        "": ["/", "/tournaments/", f"{cup}/", f"{cup}/participants/", f"{cup}/seating/", f"{cup}/seating/players/",
             f"{cup}/standings/", f"{cup}/results/", f"{cup}/players/{arkady.pk}/", evening.get_absolute_url(),
             "/clubs/", "/clubs/red-square/", "/players/", arkady.get_absolute_url(), "/ratings/",
             f"/ratings/players/{arkady.pk}/", "/online/", "/online/roles/", "/online/table/", "/online/1923/",
             "/online/simulations/", *runs],
        "player": ["/online/demo-forum-game/", "/online/notifications/", "/online/1923/demo-mafia-1923/"],
        "organizer": ["/organize/", "/organize/pipeline/", "/organize/discipline/", *cases,
                      "/organize/tournaments/red-square-cup/", "/organize/tournaments/red-square-cup/seating/",
                      "/organize/tournaments/red-square-cup/applications/", f"/organize/evenings/{evening.pk}/",
                      "/organize/online/", "/organize/online/demo-forum-game/",
                      # /organize/online/1923/ (the new event's JSON settings) is rebuilt with ordinary
                      # fields on another branch (issue 27's online items): listed here when they meet
                      "/organize/online/1923/demo-mafia-1923/"],
    }


@pytest.mark.django_db
def test_the_demo_sites_main_pages_show_no_internal_value_in_russian(demo):
    """Issue 27 also names "red=rule,black=random" and "fiim-2025 scoring" (the simulations' agents
    and chart) and "'MSK' not «МСК»" (Mafia 1923's Israel time was "IST" in Russian)."""
    codes, written, found = internal_codes(), person_written(), {}
    for username, paths in demo_pages().items():
        client = Client(headers={"accept-language": "ru"})
        if username:
            client.force_login(get_user_model().objects.get(username=username))
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)
            raw = raw_values(visible_text(response.content.decode()), codes=codes, written=written)
            if raw:
                found[path] = raw
    assert not found, "\n".join(f"{path}: {raw}" for path, raw in found.items())


@pytest.mark.django_db
def test_the_rating_history_says_change_as_a_noun_and_writes_it_in_the_readers_numbers(demo):
    """The rating history's "Change" column read «Изменить» (the password form's button, a verb)
    and its values "+10.7" with an English point."""
    arkady = Player.objects.get(nickname="Arkady")
    text = visible_text(Client(headers={"accept-language": "ru"}).get(f"/ratings/players/{arkady.pk}/")
                        .content.decode())
    assert "Изменение" in text and "Изменить" not in text
    assert re.search(r"[+-]\d+,\d\b", text) and not re.search(r"[+-]\d+\.\d\b", text)


@pytest.mark.django_db
def test_the_judges_page_writes_points_in_the_readers_numbers(demo):
    """Issue 27: "standings totals show '1' among '1.70 … 0.90'" — points are written one way
    (core/written.py: two decimals, the reader's decimal mark). The judge's page of a played game
    wrote each player's total and each item as the engine's float ("0.5", "0.2")."""
    from games.models import Game

    game = Game.objects.filter(tournament__slug="red-square-cup", status=Game.Status.CONFIRMED).order_by("pk").first()
    client = Client(headers={"accept-language": "ru"})
    client.force_login(get_user_model().objects.get(username="organizer"))
    html = client.get(f"/judge/games/{game.pk}/").content.decode()
    scores = html[html.index('<table class="list scores">'):]
    scores = scores[:scores.index("</table>")]
    totals = re.findall(r'<td class="num total">([^<]*)</td>', scores)
    items = re.findall(r"<li><b>([^<]*)</b>", scores)
    assert len(totals) == 10 and items
    assert all(re.fullmatch(r"-?\d+,\d\d", value) for value in totals + items), (totals, items)
