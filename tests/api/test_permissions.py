"""The permission matrix: every endpoint × anonymous, a player, the table's judge, another judge of
the club, the club's organizer and another club's organizer. Statuses, and roles never leak."""

from __future__ import annotations

import json

import pytest

from tests.api.conftest import ACTORS, pro_document
from tournaments.models import PUBLICATION_SWITCHES

pytestmark = pytest.mark.django_db

ROLE_WORDS = ('"civilian"', '"sheriff"', '"mafia"', '"don"')


def leaks_roles(response) -> bool:
    body = response.content.decode()
    return any(word in body for word in ROLE_WORDS)


def expect(matrix: dict[str, int]) -> list[tuple[str, int]]:
    assert set(matrix) == set(ACTORS)
    return list(matrix.items())


# --- reading games -------------------------------------------------------------------------------

# A club game still being played: only its judge and the club's organizers know it exists.
RUNNING = {"anonymous": 404, "player": 404, "judge": 200, "other_judge": 404, "organizer": 200,
           "other_organizer": 404}
# A finished game, results not published: everyone sees the table; roles only for those who enter.
FINISHED_ROLES = {"anonymous": False, "player": False, "judge": True, "other_judge": False, "organizer": True,
                  "other_organizer": False}


@pytest.mark.parametrize(("actor", "status"), expect(RUNNING))
def test_a_running_game_and_its_protocol(world, actor, status):
    client = world.client(actor)
    game = client.get(f"/api/v1/games/{world.running.pk}/")
    protocol = client.get(f"/api/v1/games/{world.running.pk}/protocol/")
    assert (game.status_code, protocol.status_code) == (status, status)
    if status == 200:
        assert all(seat["role"] for seat in game.json()["seats"])
        assert protocol["ETag"] == f'"{world.running.protocol_version}"'
    else:
        assert not leaks_roles(game) and not leaks_roles(protocol)
    ids = [g["id"] for g in client.get("/api/v1/games/?limit=200").json()["results"]]
    assert (world.running.pk in ids) == (status == 200)


@pytest.mark.parametrize(("actor", "roles"), list(FINISHED_ROLES.items()))
def test_a_finished_unpublished_game_shows_no_roles_to_outsiders(world, actor, roles):
    client = world.client(actor)
    game = client.get(f"/api/v1/games/{world.finished.pk}/")
    assert game.status_code == 200
    data = game.json()
    assert data["roles_visible"] is roles
    assert all(bool(seat["role"]) is roles for seat in data["seats"])
    assert (data["winner"] is not None) is roles
    protocol = client.get(f"/api/v1/games/{world.finished.pk}/protocol/")
    assert protocol.status_code == (200 if roles else 403)
    if not roles:
        assert not leaks_roles(game) and not leaks_roles(protocol)
        assert "events" not in protocol.json()


@pytest.mark.parametrize("actor", ACTORS)
def test_a_published_game_is_open_to_everyone(world, actor):
    client = world.client(actor)
    data = client.get(f"/api/v1/games/{world.published.pk}/").json()
    assert data["roles_visible"] is True and data["winner"] == "black"
    protocol = client.get(f"/api/v1/games/{world.published.pk}/protocol/")
    assert protocol.status_code == 200
    assert protocol.json()["format"] == "mafia-protocol/1"


@pytest.mark.parametrize("actor", ACTORS)
def test_the_game_list_never_carries_roles(world, actor):
    response = world.client(actor).get("/api/v1/games/")
    assert response.status_code == 200
    assert not leaks_roles(response)


# --- tournaments and their switches --------------------------------------------------------------

SWITCHED_ENDPOINTS = {
    "publish_participants": "participants/",
    "publish_seating": "rounds/",
    "publish_standings": "standings/",
    "publish_protocols": "protocols/",
}


@pytest.mark.parametrize("switch", list(SWITCHED_ENDPOINTS))
@pytest.mark.parametrize("actor", ACTORS)
def test_tournament_parts_open_with_their_switch_only(world, actor, switch):
    url = f"/api/v1/tournaments/{world.tournament.slug}/{SWITCHED_ENDPOINTS[switch]}"
    client = world.client(actor)
    organizer = actor == "organizer"
    assert client.get(url).status_code == (200 if organizer else 403)
    for other in PUBLICATION_SWITCHES:  # every other switch on: still closed
        setattr(world.tournament, other, other != switch)
    world.tournament.save()
    assert client.get(url).status_code == (200 if organizer else 403)
    setattr(world.tournament, switch, True)
    world.tournament.save()
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("actor", ACTORS)
def test_a_draft_tournament_is_a_404_to_all_but_its_organizers(world, actor):
    world.tournament.status = "draft"
    for switch in PUBLICATION_SWITCHES:
        setattr(world.tournament, switch, True)
    world.tournament.save()
    expected = 200 if actor == "organizer" else 404
    client = world.client(actor)
    for part in ("", "participants/", "rounds/", "standings/", "protocols/"):
        assert client.get(f"/api/v1/tournaments/{world.tournament.slug}/{part}").status_code == expected, part
    slugs = [t["slug"] for t in client.get("/api/v1/tournaments/").json()["results"]]
    assert (world.tournament.slug in slugs) == (actor == "organizer")


# Tournament games: the table with the seating switch; roles with the results switch and the
# game's own publication; the protocol with the protocols switch.
@pytest.mark.parametrize("actor", ACTORS)
def test_tournament_games_follow_the_switches_and_the_game_rule(world, actor):
    client = world.client(actor)
    game = world.table_one
    enters = actor in ("judge", "organizer")
    assert client.get(f"/api/v1/games/{game.pk}/").status_code == (200 if enters else 404)
    world.tournament.publish_seating = True
    world.tournament.save()
    data = client.get(f"/api/v1/games/{game.pk}/").json()
    assert data["roles_visible"] is enters
    world.tournament.publish_results = world.tournament.publish_protocols = True
    world.tournament.save()
    data = client.get(f"/api/v1/games/{game.pk}/").json()
    assert data["roles_visible"] is enters  # the game itself is not published yet
    assert client.get(f"/api/v1/games/{game.pk}/protocol/").status_code == (200 if enters else 403)
    game.results_published = True
    game.save(update_fields=["results_published"])
    assert client.get(f"/api/v1/games/{game.pk}/").json()["roles_visible"] is True
    assert client.get(f"/api/v1/games/{game.pk}/protocol/").status_code == 200


@pytest.mark.parametrize("actor", ACTORS)
def test_the_protocol_export_gives_the_public_only_what_it_may_read(world, actor):
    world.tournament.publish_protocols = True
    world.tournament.save()
    response = world.client(actor).get(f"/api/v1/tournaments/{world.tournament.slug}/protocols/")
    assert response.status_code == 200
    documents = response.json()
    if actor in ("judge", "organizer"):
        assert len(documents) == 1  # table one; table two is not dealt
    else:
        assert documents == [] and not leaks_roles(response)


def test_the_list_filter_and_the_visibility_rule_agree(world):
    """games.api_access.visible_games (a filter) against game_visible (per game), for every actor."""
    from django.test import RequestFactory
    from rest_framework.request import Request

    from games.api_access import game_visible, visible_games
    from games.models import Game

    for tournament_switches in (False, True):
        world.tournament.publish_seating = world.tournament.publish_results = tournament_switches
        world.tournament.save()
        for actor in ACTORS:
            user = world.user(actor)
            request = Request(RequestFactory().get("/"))
            request._force_auth_user = None
            from django.contrib.auth.models import AnonymousUser

            request.user = user or AnonymousUser()
            by_rule = {g.pk for g in Game.objects.select_related("tournament", "club", "judge")
                       if game_visible(request, g)}
            assert set(visible_games(user).values_list("pk", flat=True)) == by_rule, (actor, tournament_switches)


# --- writing protocols -----------------------------------------------------------------------------

# Entering: the table's judge and the club's organizers. Others: 404 where they may not see the
# game (a running club game), 403 where they may (a finished one); anonymous: 403 (read-only).
ENTER_RUNNING = {"anonymous": 403, "player": 404, "judge": 200, "other_judge": 404, "organizer": 200,
                 "other_organizer": 404}
ENTER_VISIBLE = {"anonymous": 403, "player": 403, "judge": 200, "other_judge": 403, "organizer": 200,
                 "other_organizer": 403}


@pytest.mark.parametrize(("actor", "status"), expect(ENTER_RUNNING))
def test_appending_an_event(world, actor, status):
    game = world.running
    event = pro_document()["events"][10]
    response = world.client(actor).post(f"/api/v1/games/{game.pk}/protocol/events/", event, format="json",
                                         HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == status
    game.refresh_from_db()
    assert len(game.protocol["events"]) == (11 if status == 200 else 10)
    if status != 200:
        assert not leaks_roles(response)


@pytest.mark.parametrize(("actor", "status"), expect(ENTER_VISIBLE))
def test_undoing_on_a_finished_game_that_everyone_can_see(world, actor, status):
    game = world.published
    response = world.client(actor).post(f"/api/v1/games/{game.pk}/protocol/undo/",
                                         HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == status


@pytest.mark.parametrize(("actor", "status"), expect(ENTER_RUNNING))
def test_replacing_the_protocol(world, actor, status):
    game = world.running
    response = world.client(actor).put(f"/api/v1/games/{game.pk}/protocol/", pro_document(events=12),
                                       format="json", HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == status
    game.refresh_from_db()
    assert len(game.protocol["events"]) == (12 if status == 200 else 10)


CONFIRM = {"anonymous": 403, "player": 403, "judge": 403, "other_judge": 403, "organizer": 200,
           "other_organizer": 403}


@pytest.mark.parametrize(("actor", "status"), expect(CONFIRM))
def test_confirming(world, actor, status):
    game = world.finished
    response = world.client(actor).post(f"/api/v1/games/{game.pk}/confirm/",
                                         HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == status
    game.refresh_from_db()
    assert (game.status == "confirmed") is (status == 200)


def test_the_organizer_who_entered_a_protocol_cannot_confirm_it(world):
    client = world.client("organizer")
    game = world.finished
    client.post(f"/api/v1/games/{game.pk}/protocol/undo/", HTTP_IF_MATCH=f'"{game.protocol_version}"')
    game.refresh_from_db()
    event = pro_document()["events"][-1]
    response = client.post(f"/api/v1/games/{game.pk}/protocol/events/", event, format="json",
                           HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == 200
    game.refresh_from_db()
    judge = world.client("judge")
    assert judge.post(f"/api/v1/games/{game.pk}/submit/", HTTP_IF_MATCH=f'"{game.protocol_version}"').status_code \
        in (200, 409)  # already submitted before the undo: the service says so
    game.refresh_from_db()
    response = client.post(f"/api/v1/games/{game.pk}/confirm/", HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == 403
    assert response.json()["code"] == "own_protocol"
    game.refresh_from_db()
    assert game.status == "finished"


PUBLISH = CONFIRM


@pytest.mark.parametrize(("actor", "status"), expect(PUBLISH))
def test_publishing_results(world, actor, status):
    game = world.finished
    response = world.client(actor).post(f"/api/v1/games/{game.pk}/publication/", {"published": True},
                                         format="json")
    assert response.status_code == status
    game.refresh_from_db()
    assert game.results_published is (status == 200)


IMPORT = {"anonymous": 403, "player": 403, "judge": 403, "other_judge": 403, "organizer": 201,
          "other_organizer": 403}


@pytest.mark.parametrize(("actor", "status"), expect(IMPORT))
def test_importing_into_a_club(world, actor, status):
    from games.models import Game

    before = Game.objects.count()
    response = world.client(actor).post(f"/api/v1/clubs/{world.club.slug}/protocols/", pro_document(),
                                        format="json")
    assert response.status_code == status
    assert Game.objects.count() == before + (1 if status == 201 else 0)


# --- applications ------------------------------------------------------------------------------------


def test_applications_submit_and_withdraw_own_only(world):
    world.tournament.status = "registration_open"
    world.tournament.save()
    url = f"/api/v1/tournaments/{world.tournament.slug}/applications/"
    assert world.client("anonymous").post(url, {"message": "hi"}, format="json").status_code == 403
    mine = world.client("player").post(url, {"message": "hi"}, format="json")
    assert mine.status_code == 201 and mine.json()["status"] == "pending"
    again = world.client("player").post(url, {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "duplicate"
    application = mine.json()["id"]
    assert world.client("judge").post(f"/api/v1/applications/{application}/withdraw/").status_code == 404
    assert world.client("organizer").get(f"/api/v1/applications/{application}/").status_code == 404
    listed = world.client("player").get("/api/v1/applications/").json()["results"]
    assert [a["id"] for a in listed] == [application]
    withdrawn = world.client("player").post(f"/api/v1/applications/{application}/withdraw/")
    assert withdrawn.status_code == 200 and withdrawn.json()["application"]["status"] == "withdrawn"


def test_the_token_endpoint(world):
    from rest_framework.test import APIClient

    world.player.set_password("a-good-password-1")
    world.player.save()
    client = APIClient()
    bad = client.post("/api/v1/auth/token/", {"username": world.player.username, "password": "nope"}, format="json")
    assert bad.status_code == 400
    good = client.post("/api/v1/auth/token/", {"username": world.player.username, "password": "a-good-password-1"},
                       format="json")
    assert good.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {good.json()['token']}")
    assert client.get("/api/v1/applications/").status_code == 200


def test_read_endpoints_answer_everyone(world):
    client = world.client("anonymous")
    for url in ("/api/v1/clubs/", f"/api/v1/clubs/{world.club.slug}/", "/api/v1/players/?q=Player",
                f"/api/v1/players/{world.judge_player.pk}/", "/api/v1/ratings/?track=red",
                f"/api/v1/players/{world.judge_player.pk}/rating-history/", "/api/v1/evenings/",
                f"/api/v1/players/{world.judge_player.pk}/record/?role=red",
                f"/api/v1/players/{world.judge_player.pk}/record/games/",
                "/api/v1/tournaments/", f"/api/v1/tournaments/{world.tournament.slug}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        json.loads(response.content)
