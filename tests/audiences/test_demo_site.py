"""The demo site that `make run` serves, page by page, in Chromium at a phone's size and a laptop's,
in English and in Russian, as a visitor, a player and the organizer: the public pages, the online
games (the forum game, Mafia 1923, the auto-judged table, the simulations) and the organizer's
consoles. Every page is pictured for the screenshot tour (scripts/tour.sh) and must look finished
(tests/browser_kit.look_problems): no words in unreadable colours, nothing scrolling sideways, no
words cut off, and a laptop's top bar on one line.

Issue 27: "The 'Withdraw' buttons on /organize/ are blank red bars … At 390 px, tables scroll
sideways with no hint and hide what people look for … The organizer's top bar wraps to two lines
at 1024 px (both languages) … the screenshot tour covers the online games and the organizer's
consoles too."
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from clubs.models import Player
from discipline.models import DisciplineCase
from tests.browser_kit import log_in, look_problems, snapshot
from tournaments.models import Evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "mafia-demo-2026"  # the demo's accounts (clubs/management/commands/seed_demo.py)


def demo_pages() -> dict[str, list[str]]:
    """Each visitor's pages on the demo data."""
    arkady = Player.objects.get(nickname="Arkady")
    evening = Evening.objects.get(title="Friday demo evening")
    case = DisciplineCase.objects.order_by("pk").first()
    cup = "/tournaments/red-square-cup"
    return {
        "visitor": ["/", "/tournaments/", f"{cup}/", f"{cup}/seating/", f"{cup}/standings/", f"{cup}/results/",
                    evening.get_absolute_url(), "/clubs/red-square/", "/players/", "/ratings/",
                    f"/ratings/players/{arkady.pk}/", "/online/", "/online/roles/", "/online/table/",
                    "/online/simulations/"],
        "player": ["/online/demo-forum-game/", "/online/notifications/", "/online/1923/demo-mafia-1923/",
                   arkady.get_absolute_url()],
        "organizer": ["/organize/", "/organize/pipeline/", "/organize/discipline/", case.get_absolute_url(),
                      "/organize/tournaments/red-square-cup/", "/organize/tournaments/red-square-cup/seating/",
                      f"/organize/evenings/{evening.pk}/", "/organize/online/", "/organize/online/demo-forum-game/",
                      "/organize/online/1923/", "/organize/online/1923/demo-mafia-1923/"],
    }


def test_the_demo_site_looks_finished(browser_context, live_server, size, language):
    call_command("seed_demo", stdout=io.StringIO())
    base, seen = live_server.url, {}
    for visitor, paths in demo_pages().items():
        page = browser_context.new_page()
        if visitor != "visitor":
            log_in(page, base, visitor, PASSWORD)
        for number, path in enumerate(paths, start=1):
            response = page.goto(f"{base}{path}")
            assert response.status == 200, (path, response.status)
            snapshot(page, f"demo-{visitor}-{size}-{language}-{number:02d}")
            problems = look_problems(page, laptop=size == "laptop")
            if problems:
                seen[path] = problems
        page.close()
    assert not seen, "\n".join(f"{path}: {problems}" for path, problems in seen.items())
