"""No internal code reaches a person: the main pages, rendered in Russian, show words from
translated labels, never a status's id, a snake_case name, an audit action's dotted id or an
English unit. Issue 27: "Raw values shown to people: … audit lines 'm1923.deal-adjusted',
'discipline.open', the reason 'insult' untranslated in the Russian queue, pipeline badges
'pending/running/done' and 'ms' in Russian … roles capitalised unevenly (civilian / Sheriff /
mafia / Don). Every word a person reads comes from a translated label."
"""

from __future__ import annotations

import io
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


# What gives an internal value away in a Russian page's text.
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
AUDIT_ID = re.compile(r"\b(?:application|discipline|evening|final|game|judge_link|m1923|membership|player|"
                      r"protocol|seating|tournament)\.[a-z][a-z_-]+\b")
CODES = re.compile(r"\b(?:pending|running|done|failed|setup|in_progress|finished|confirmed|annulled|"
                   r"civilian|sheriff|mafia|don|insult|leak|upheld|amended|overturned|void|accepted|rejected|"
                   r"waitlisted|withdrawn|draft|registration_open)\b|\b\d+\s?ms\b")


def raw_values(text: str) -> list[str]:
    return sorted({m.group(0) for pattern in (SNAKE_CASE, AUDIT_ID, CODES) for m in pattern.finditer(text)})


def test_the_patterns_find_what_they_are_for():
    assert raw_values("статус: done: 16 · 12 ms · m1923.deal-adjusted · game_scores · судья: insult") == [
        "12 ms", "done", "game_scores", "insult", "m1923.deal-adjusted"]
    assert raw_values("готово: 16 · 12 мс · раздача исправлена · Red Square Mafia Club · Don't") == []


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
def demo(django_db_setup, django_db_blocker):
    """The demo data that `make run` serves, once for the module's pages (and gone after)."""
    with django_db_blocker.unblock():
        call_command("seed_demo", stdout=io.StringIO())
        yield
        call_command("flush", interactive=False, verbosity=0)


def demo_pages() -> dict[str, list[str]]:
    arkady = Player.objects.get(nickname="Arkady")
    evening = Evening.objects.get(title="Friday demo evening")
    cup = "/tournaments/red-square-cup"
    cases = [case.get_absolute_url() for case in DisciplineCase.objects.order_by("pk")]
    return {
        "": ["/", "/tournaments/", f"{cup}/", f"{cup}/participants/", f"{cup}/seating/", f"{cup}/seating/players/",
             f"{cup}/standings/", f"{cup}/results/", f"{cup}/players/{arkady.pk}/", evening.get_absolute_url(),
             "/clubs/", "/clubs/red-square/", "/players/", arkady.get_absolute_url(), "/ratings/",
             f"/ratings/players/{arkady.pk}/", "/online/", "/online/roles/", "/online/table/", "/online/1923/"],
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
    found = {}
    for username, paths in demo_pages().items():
        client = Client(headers={"accept-language": "ru"})
        if username:
            client.force_login(get_user_model().objects.get(username=username))
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)
            raw = raw_values(visible_text(response.content.decode()))
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
