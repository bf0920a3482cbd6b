"""The main paths on the embedded default (SQLite, Celery eager, local-memory cache), end to end:
the demo site crawled as each kind of visitor, and whole games entered through the entry page's
HTTP actions, confirmed and published, with scores, standings and ratings following."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import ClubMembership
from games.engine import replay
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.models import Game
from ratings.models import PlayerRating, RatingEntry
from scoring.models import SeatScore
from tests.factories import MembershipFactory
from tests.games.driving import HTMX, Judge
from tests.games.factories import dealt_game
from vocabulary import BLACK

pytestmark = pytest.mark.django_db(transaction=True)

# Links a crawler must not follow: they act (log out, switch language) or leave the site's pages.
NOT_FOLLOWED = ("/accounts/logout/", "/i18n/", "/admin/", "/static/")
PAGES_PER_VISITOR = 400


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)


def crawl(client, start: str = "/") -> dict[str, int]:
    """Every page reachable by links from ``start`` (breadth first, GET only): path → status."""
    seen: dict[str, int] = {}
    queue = [start]
    while queue and len(seen) < PAGES_PER_VISITOR:
        path = queue.pop(0)
        if path in seen:
            continue
        response = client.get(path)
        seen[path] = response.status_code
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        parser = _Links()
        parser.feed(response.content.decode())
        for href in parser.links:
            url = urlsplit(urldefrag(urljoin(path, href))[0])
            if url.scheme not in ("", "http") or url.netloc not in ("", "testserver"):
                continue
            target = url.path + (f"?{url.query}" if url.query else "")
            if target not in seen and not target.startswith(NOT_FOLLOWED):
                queue.append(target)
    return seen


def test_the_settings_are_the_embedded_default(settings):
    from django.db import connection

    assert connection.vendor == "sqlite"
    assert settings.CELERY_TASK_ALWAYS_EAGER
    assert settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")


@pytest.mark.parametrize("username", [None, "player", "judge", "organizer"])
def test_the_demo_site_answers_every_linked_page_without_a_server_error(client, demo_world, username):
    if username is not None:
        client.force_login(get_user_model().objects.get(username=username))
    pages = crawl(client)
    broken = {path: status for path, status in pages.items() if status >= 500}
    assert not broken, broken
    assert len(pages) > 20  # the crawl reached the site, not only the home page
    if username in ("judge", "organizer"):
        assert any(path.startswith("/judge/games/") for path in pages)


def test_the_demo_judge_plays_on_in_the_game_in_progress(client, demo_world):
    """The demo's game in progress takes the next action through its entry page (the action that
    answered 500 on SQLite when the locked read was hand-written SQL)."""
    game = Game.objects.get(status=Game.Status.IN_PROGRESS, judge__user__username="judge")
    client.force_login(get_user_model().objects.get(username="judge"))
    base = reverse("entry:page", kwargs={"pk": game.pk})
    page = client.get(base)
    assert page.status_code == 200
    seat = next(s for s in range(1, 11) if f'data-seat="{s}"' in page.content.decode())
    response = client.post(f"{base}foul/", {"version": game.protocol_version, "seat": seat}, headers=HTMX)
    assert response.status_code == 200 and "X-Entry-Refused" not in response
    assert int(response["X-Protocol-Version"]) == game.protocol_version + 1


@pytest.mark.parametrize("example", [full_pro_mafia_game, full_fiim_game])
def test_a_whole_game_entered_confirmed_and_published_over_http(client, example):
    scenario = example()
    game = dealt_game(roles=scenario.roles, ruleset=scenario.ruleset)
    judge = Judge(client, game)
    for event in scenario.build()["events"]:
        judge.enter(event)
    judge.post("submit")
    game.refresh_from_db()
    expected = scenario.replay()
    assert (game.status, game.winner) == (Game.Status.FINISHED, expected.winner)
    assert replay(game.protocol).to_result() == expected.to_result()
    assert SeatScore.objects.filter(game=game).count() == 10

    organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user
    client.force_login(organizer)
    for action in ("confirm", "publish"):
        response = client.post(reverse("games_organize:action", kwargs={"pk": game.pk, "action": action}),
                               {"version": judge.version}, headers=HTMX)
        assert response.status_code == 200 and "X-Entry-Refused" not in response, action
    game.refresh_from_db()
    assert (game.status, game.results_published) == (Game.Status.CONFIRMED, True)
    # The pipeline ran in-process: every seated player is rated from this game.
    assert RatingEntry.objects.filter(game=game).count() == 10
    assert PlayerRating.objects.count() == 10
    client.logout()
    public = client.get(reverse("games:detail", kwargs={"pk": game.pk}))
    said = "the Mafia wins" if expected.winner == BLACK else "the city wins"  # games/_result.html's words
    assert public.status_code == 200 and said in public.content.decode()
