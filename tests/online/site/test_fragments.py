"""Every GET route of the online games, opened directly and by htmx (issue 27: "`/online/<slug>/votes/`
opened directly is an unstyled fragment: a full page for a direct visit, the fragment for htmx").
The routes come from the URL conf (online.urls and online.mafia1923.urls), so a new fragment
route is walked too: a direct visit answers a whole page (or a redirect to one), never a bare
fragment."""

from __future__ import annotations

import re

import pytest
from django.http import HttpRequest
from django.urls import URLPattern, reverse

from online import urls
from online.mafia1923 import urls as mafia1923_urls
from online.models import Game
from online.simulations.models import SimulationRun

pytestmark = pytest.mark.django_db


def routes():
    for module in (urls, mafia1923_urls):
        for pattern in module.urlpatterns:
            assert isinstance(pattern, URLPattern)
            yield f"{module.app_name}:{pattern.name}", list(pattern.pattern.converters)


@pytest.fixture
def world(client, demo_world):
    assert client.login(request=HttpRequest(), username="player", password="mafia-demo-2026")
    table = client.post(reverse("online:table_new"), {"seat": "1"})
    return {"token": table["Location"].rstrip("/").split("/")[-1],
            "pk": SimulationRun.objects.order_by("pk").first().pk, "index": 0}


def url_of(name: str, params: list[str], world: dict) -> str:
    kwargs = {}
    for param in params:
        if param == "slug":
            kwargs["slug"] = (Game.objects.get(slug="demo-mafia-1923").slug if name.startswith("m1923")
                              else "demo-setup-seven" if name.startswith("online:setup") or name == "online:night_order"
                              else "demo-forum-game")
            if name in ("online:night_order", "online:setup_json"):
                kwargs["slug"] = Game.objects.get(slug="demo-forum-game").setup.slug
        else:
            kwargs[param] = world[param]
    return reverse(name, kwargs=kwargs)


def test_every_route_opened_directly_is_a_whole_page(client, world):
    walked = []
    for name, params in routes():
        url = url_of(name, params, world)
        direct = client.get(url)
        if direct.status_code in (404, 405):  # a POST-only route (an action, the table's clock), or
            continue  # what is not there yet (the table's protocol before its end): nothing to open
        assert direct.status_code in (200, 302, 403), (url, direct.status_code)  # 403: the review, closed
        walked.append(name)
        if direct.status_code == 302:
            direct = client.get(direct["Location"])
            assert direct.status_code in (200, 403), url
        if "html" not in direct.get("Content-Type", ""):
            continue  # a download (setup.json, protocol.json, a transcript)
        assert re.search(r"<html\b", direct.content.decode()), f"{url} opened directly is a bare fragment"
    assert {"online:vote_count", "online:game", "m1923:votes", "m1923:actions", "online:table"} <= set(walked)


def test_the_vote_count_is_a_fragment_for_htmx_and_a_page_for_a_visit(client, world):
    url = reverse("online:vote_count", kwargs={"slug": "demo-forum-game"})
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<section id="vote-count"') and "<html" not in fragment
    page = client.get(url).content.decode()
    assert "<html" in page and 'id="vote-count"' in page and 'href="/online/demo-forum-game/"' in page
