"""The stored standings (tournaments/standings/stored.py): the public page and the API serve bytes the
pipeline rendered, replaced when the standings change, never past a closed switch, with nothing of
one visitor in another's page."""

import logging
import re
from decimal import Decimal
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core import outbox
from core.models import RecomputeJob
from games.models import Game
from tests.factories import UserPlayerFactory
from tournaments import tasks
from tournaments.models import Tournament
from tournaments.standings import stored as stored_standings
from tournaments.standings.store import run_standings, standings_store

from .factories import TournamentFactory, accepted_players, make_round, organizer_of, scored_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    tournament = TournamentFactory(tables=1, publish_standings=True, status=Tournament.Status.RUNNING)
    players = accepted_players(tournament, 10)
    game = scored_game(tournament, make_round(tournament, 1), 1,
                       [(p, "civilian", i < 7, Decimal(i) / 10, []) for i, p in enumerate(players)])
    standings_store(tournament_id=tournament.pk)
    stored_standings.clear_local()
    tournament.players, tournament.game = players, game
    return tournament


def blanked(response) -> str:
    """The page with its CSRF tokens blanked (masked anew on every request)."""
    return re.sub(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+', r"\1", response.content.decode())


def url(tournament):
    return reverse("tournaments:standings", kwargs={"slug": tournament.slug})


def test_an_anonymous_visit_costs_one_query_and_is_served_with_etag_and_last_modified(
        cup, client, django_assert_max_num_queries):
    first = client.get(url(cup))
    assert first.status_code == 200 and first["ETag"] and first["Last-Modified"]
    assert cup.players[9].nickname in first.content.decode()
    with django_assert_max_num_queries(1):
        again = Client().get(url(cup))
    assert again.status_code == 200 and again["ETag"] == first["ETag"]
    with django_assert_max_num_queries(1):
        assert client.get(url(cup), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_the_api_costs_one_query(cup, client, django_assert_max_num_queries):
    api = f"/api/v1/tournaments/{cup.slug}/standings/"
    assert client.get(api).status_code == 200
    with django_assert_max_num_queries(1):
        assert client.get(api).status_code == 200


def test_the_pipeline_stores_the_rendered_bodies_and_a_visit_renders_nothing(cup, django_assert_max_num_queries):
    standings_store(tournament_id=cup.pk)
    stored_standings.warm(cup.pk)
    stored_standings.clear_local()  # another process: only the shared cache has them
    with mock.patch.object(stored_standings, "_render_anonymous_page", side_effect=AssertionError), \
            mock.patch.object(stored_standings, "_render_table", side_effect=AssertionError), \
            django_assert_max_num_queries(1):
        page = Client().get(url(cup))
    assert page.status_code == 200 and cup.players[9].nickname in page.content.decode()
    with django_assert_max_num_queries(1):
        assert Client().get(f"/api/v1/tournaments/{cup.slug}/standings/").json()["games"] == 1


def test_the_stored_body_is_replaced_when_the_standings_change(cup, client):
    before = client.get(url(cup))
    leader = cup.players[9].nickname
    newcomer = cup.players[0]
    game = scored_game(cup, make_round(cup, 2), 1, [(p, "civilian", False, Decimal("5") if p == newcomer else 0, [])
                                                     for p in cup.players])
    assert blanked(client.get(url(cup))) == blanked(before)  # not counted until stored again
    standings_store(tournament_id=cup.pk)
    after = client.get(url(cup), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    text = after.content.decode()
    assert text.index(newcomer.nickname) < text.index(leader)
    Game.objects.filter(pk=game.pk).update(results_published=False)
    standings_store(tournament_id=cup.pk)
    text = client.get(url(cup)).content.decode()
    assert text.index(leader) < text.index(newcomer.nickname)


def test_a_stored_body_is_never_served_once_the_switch_is_off_or_in_draft(cup, client):
    assert client.get(url(cup)).status_code == 200
    api = f"/api/v1/tournaments/{cup.slug}/standings/"
    Tournament.objects.filter(pk=cup.pk).update(publish_standings=False)  # even without updated_at moving
    closed = client.get(url(cup))
    assert closed.status_code == 403 and cup.players[9].nickname not in closed.content.decode()
    assert client.get(api).status_code == 403
    organizer = Client()
    organizer.force_login(organizer_of(cup.club))
    assert cup.players[9].nickname in organizer.get(url(cup)).content.decode()
    Tournament.objects.filter(pk=cup.pk).update(publish_standings=True, status=Tournament.Status.DRAFT)
    assert client.get(url(cup)).status_code == 404 and client.get(api).status_code == 404


def test_a_hidden_game_leaves_the_standings_with_its_recompute(cup, client):
    assert cup.players[9].nickname in client.get(url(cup)).content.decode()
    Game.objects.filter(pk=cup.game.pk).update(results_published=False)
    standings_store(tournament_id=cup.pk)
    page = client.get(url(cup)).content.decode()
    assert "No confirmed games yet." not in page  # the participants stay listed
    assert re.search(r"<strong>0.00</strong>", page) and "<strong>0.90</strong>" not in page


def test_nothing_of_one_visitor_is_in_anothers_page(cup):
    user = UserPlayerFactory().user
    signed_in = Client()
    signed_in.force_login(user)
    mine = signed_in.get(url(cup)).content.decode()
    assert "Log out" in mine and "Log in" not in mine
    assert "ETag" not in signed_in.get(url(cup)).headers  # a page with a person's nav is not shared
    first, second = Client(), Client()
    a, b = first.get(url(cup)), second.get(url(cup))
    for response, client in ((a, first), (b, second)):
        page = response.content.decode()
        assert "Log in" in page and "Log out" not in page and user.username not in page
        assert stored_standings.CSRF_MARK not in page and stored_standings.UPDATING_MARK not in page
        token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
        assert client.cookies["csrftoken"].value and len(token) == 64
    assert re.search(r'"X-CSRFToken": "([^"]+)"', a.content.decode()).group(1) != \
        re.search(r'"X-CSRFToken": "([^"]+)"', b.content.decode()).group(1)
    assert "Cookie" in a["Vary"] and "HX-Request" in a["Vary"]


def test_the_anonymous_page_s_form_posts_with_its_token(cup):
    client = Client(enforce_csrf_checks=True)
    page = client.get(url(cup)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    answer = client.post(reverse("set_language"), {"language": "ru", "next": url(cup), "csrfmiddlewaretoken": token})
    assert answer.status_code == 302
    assert 'lang="ru"' in client.get(url(cup)).content.decode()


def test_each_language_has_its_own_stored_page(cup):
    english = Client().get(url(cup), HTTP_ACCEPT_LANGUAGE="en")
    russian = Client().get(url(cup), HTTP_ACCEPT_LANGUAGE="ru")
    assert 'lang="en"' in english.content.decode() and 'lang="ru"' in russian.content.decode()
    assert english["ETag"] != russian["ETag"]
    assert "Accept-Language" in english["Vary"]


def test_the_updating_badge_follows_the_pending_recompute(cup, client):
    quiet = client.get(url(cup))
    assert "updating…" not in quiet.content.decode()
    RecomputeJob.objects.update_or_create(kind=RecomputeJob.Kind.STANDINGS, target_id=cup.pk,
                                          defaults={"status": RecomputeJob.Status.PENDING,
                                                    "requested_at": timezone.now()})
    busy = client.get(url(cup), HTTP_IF_NONE_MATCH=quiet["ETag"])
    assert busy.status_code == 200 and "updating…" in busy.content.decode()
    fragment = client.get(url(cup), HTTP_HX_REQUEST="true")
    assert "updating…" in fragment.content.decode() and "<html" not in fragment.content.decode()


def test_a_dead_cache_serves_from_the_database(cup, client, settings, caplog):
    """The site's own cache (core.cache.ForgivingRedisCache) at an address where no Redis answers:
    its reads are misses and its writes are dropped, so the page and the API come from the database."""
    settings.CACHES = {"default": {"BACKEND": "core.cache.ForgivingRedisCache",
                                   "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
                                   "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}}}
    stored_standings.clear_local()  # nothing rendered in this process: the dead cache is asked
    with caplog.at_level(logging.WARNING, logger="core.cache"):
        page = client.get(url(cup))
        api = client.get(f"/api/v1/tournaments/{cup.slug}/standings/")
    assert page.status_code == 200 and cup.players[9].nickname in page.content.decode()
    assert api.status_code == 200 and api.json()["games"] == 1
    assert any(record.name == "core.cache" for record in caplog.records), "the dead Redis was never asked"


def test_standings_never_stored_are_computed_per_request(client):
    tournament = TournamentFactory(tables=1, publish_standings=True, status=Tournament.Status.RUNNING)
    players = accepted_players(tournament, 10)
    scored_game(tournament, make_round(tournament, 1), 1,
                [(p, "civilian", False, Decimal(i), []) for i, p in enumerate(players)])
    page = client.get(url(tournament))
    assert page.status_code == 200 and "ETag" not in page
    assert "Computed from the published games just now." in page.content.decode()


def test_the_pipeline_renders_the_bodies_after_it_stores_the_standings(cup, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a real worker: in-process runs render on first visit
    with mock.patch.object(tasks.warm_standings, "apply_async") as send:
        run_standings(cup.pk)
    # A task of its own, behind the pipeline's standings: the next run does not wait for it.
    send.assert_called_once_with((cup.pk,), retry=False, priority=outbox.LATER)
    with mock.patch.object(stored_standings, "warm") as warm:
        tasks.warm_standings(cup.pk)
    warm.assert_called_once_with(cup.pk)
    with mock.patch.object(stored_standings, "warm", side_effect=RuntimeError("template")):
        tasks.warm_standings(cup.pk)  # a failed rendering fails nothing: readers render it


def test_a_rendering_is_skipped_while_another_standings_run_is_to_come(cup):
    """Ten Confirms at once give a standings run and its follow-up: the first run's rendering would
    be replaced before anyone read it, so it is left to the run to come, which sends its own."""
    job = RecomputeJob.objects.create(kind=RecomputeJob.Kind.STANDINGS, target_id=cup.pk,
                                      status=RecomputeJob.Status.PENDING, requested_at=timezone.now())
    with mock.patch.object(stored_standings, "warm") as warm:
        tasks.warm_standings(cup.pk)
        warm.assert_not_called()
        RecomputeJob.objects.filter(pk=job.pk).update(status=RecomputeJob.Status.DONE)
        tasks.warm_standings(cup.pk)
    warm.assert_called_once_with(cup.pk)
