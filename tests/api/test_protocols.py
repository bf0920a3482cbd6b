"""If-Match on protocol writes (412/428, nothing changes), engine refusals (422 with the event
index), import with its per-document report, export → import → export round trip, standings."""

from __future__ import annotations

import copy
import io
import json
import zipfile

import pytest
from django.core.management import call_command

from clubs.models import ClubMembership
from games.models import Game, ProtocolVersion
from tests.api.conftest import client_for, fiim_document, pro_document
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return game.protocol_version, json.dumps(game.protocol, sort_keys=True), ProtocolVersion.objects.filter(
        game=game).count()


# --- If-Match ------------------------------------------------------------------------------------


def test_the_protocol_carries_its_version_as_an_etag_and_a_write_moves_it(world):
    client = world.client("judge")
    url = f"/api/v1/games/{world.running.pk}/protocol/"
    read = client.get(url)
    assert read["ETag"] == f'"{world.running.protocol_version}"'
    event = pro_document()["events"][10]
    written = client.post(url + "events/", event, format="json", HTTP_IF_MATCH=read["ETag"])
    assert written.status_code == 200
    assert written["ETag"] == f'"{world.running.protocol_version + 1}"'
    assert written.json()["events"][-1] == event
    assert client.get(url)["ETag"] == written["ETag"]


@pytest.mark.parametrize(("header", "status"), [(None, 428), ("*", 428), ('"1"', 412), ('"999"', 412),
                                                 ('"abc"', 412), ('W/"1"', 412)])
@pytest.mark.parametrize("write", ["append", "replace", "undo", "submit"])
def test_a_stale_or_missing_if_match_changes_nothing(world, header, status, write):
    game = world.running
    before = snapshot(game)
    client = world.client("judge")
    headers = {} if header is None else {"HTTP_IF_MATCH": header}
    base = f"/api/v1/games/{game.pk}/"
    if write == "append":
        response = client.post(base + "protocol/events/", pro_document()["events"][10], format="json", **headers)
    elif write == "replace":
        response = client.put(base + "protocol/", pro_document(events=20), format="json", **headers)
    elif write == "undo":
        response = client.post(base + "protocol/undo/", **headers)
    else:
        response = client.post(base + "submit/", **headers)
    assert response.status_code == status
    body = response.json()
    assert body["code"] == ("precondition_required" if status == 428 else "conflict")
    if status == 412:
        assert body["current_version"] == game.protocol_version
        assert response["ETag"] == f'"{game.protocol_version}"'
    assert snapshot(game) == before


def test_two_clients_with_the_same_version_one_wins_the_other_gets_412(world):
    game = world.running
    tag = f'"{game.protocol_version}"'
    events = pro_document()["events"]
    first = world.client("judge").post(f"/api/v1/games/{game.pk}/protocol/events/", events[10], format="json",
                                       HTTP_IF_MATCH=tag)
    second = world.client("organizer").post(f"/api/v1/games/{game.pk}/protocol/events/", events[10],
                                            format="json", HTTP_IF_MATCH=tag)
    assert (first.status_code, second.status_code) == (200, 412)
    game.refresh_from_db()
    assert len(game.protocol["events"]) == 11


def test_an_event_the_engine_refuses_is_a_422_with_its_index_and_nothing_changes(world):
    game = world.running
    before = snapshot(game)
    bad = {"type": "sheriff_check", "night": 0, "target": 3}  # Pro Mafia's Night 0 has no events
    response = world.client("judge").post(f"/api/v1/games/{game.pk}/protocol/events/", bad, format="json",
                                          HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "refused" and body["event_index"] == 10 and body["detail"]
    assert snapshot(game) == before


def test_a_replaced_document_keeps_its_optional_fields_and_a_confirmed_game_is_409(world):
    game = world.running
    document = pro_document(events=15)
    document["x_note"] = "a client's own field"
    response = world.client("judge").put(f"/api/v1/games/{game.pk}/protocol/", document, format="json",
                                         HTTP_IF_MATCH=f'"{game.protocol_version}"')
    assert response.status_code == 200
    assert response.json()["x_note"] == "a client's own field"
    confirmed = world.published
    Game.objects.filter(pk=confirmed.pk).update(status="confirmed")
    response = world.client("judge").put(f"/api/v1/games/{confirmed.pk}/protocol/", fiim_document(),
                                         format="json", HTTP_IF_MATCH=f'"{confirmed.protocol_version}"')
    assert response.status_code == 409 and response.json()["code"] == "confirmed"


def test_a_game_in_setup_is_dealt_by_its_first_put(world):
    game = world.table_two
    client = world.client("other_judge")
    read = client.get(f"/api/v1/games/{game.pk}/protocol/")
    assert read.status_code == 404 and read["ETag"] == '"0"'
    response = client.put(f"/api/v1/games/{game.pk}/protocol/", pro_document(events=5), format="json",
                          HTTP_IF_MATCH='"0"')
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.status == "in_progress" and len(game.protocol["events"]) == 5
    assert [s.player.nickname for s in game.seats.order_by("seat")] == [f"Player {n}" for n in range(1, 11)]


def test_a_tournament_table_is_dealt_with_its_seating_only(world):
    game = world.table_two
    document = pro_document(events=5)
    document["seats"][2]["player"] = world.judge_player.nickname  # not the seating's seat 3
    response = world.client("other_judge").put(f"/api/v1/games/{game.pk}/protocol/", document, format="json",
                                                HTTP_IF_MATCH='"0"')
    assert response.status_code == 422 and response.json()["code"] == "seating"
    game.refresh_from_db()
    assert game.protocol_version == 0 and game.seats.get(seat=3).player.nickname == "Player 3"


# --- import --------------------------------------------------------------------------------------


def _organizer_of_new_club():
    club = ClubFactory()
    return club, MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER).player.user


def test_a_refused_document_refuses_the_batch_and_the_report_names_it(world):
    club, organizer = _organizer_of_new_club()
    bad_event = pro_document()
    bad_event["events"][3] = {"type": "vote", "day": 1, "round": 1, "candidates": [99], "votes": {}}
    unknown_player = pro_document()
    unknown_player["seats"][4]["player"] = "Nobody At All"
    batch = [pro_document(), bad_event, unknown_player, "not a document"]
    response = client_for(organizer).post(f"/api/v1/clubs/{club.slug}/protocols/", batch, format="json")
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "import"
    report = {row["index"]: row for row in body["documents"]}
    assert set(report) == {1, 2, 3}
    assert report[1]["event_index"] == 3
    assert report[2]["rule"] == "seat.unknown-player" and "Nobody At All" in report[2]["message"]
    assert not Game.objects.filter(club=club).exists()


def test_a_zip_upload_and_a_file_upload_import(world):
    club, organizer = _organizer_of_new_club()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.json", json.dumps(pro_document()))
        archive.writestr("b.json", json.dumps(fiim_document()))
        archive.writestr("readme.txt", "not a protocol")
    client = client_for(organizer)
    buffer.name = "games.zip"
    buffer.seek(0)
    response = client.post(f"/api/v1/clubs/{club.slug}/protocols/?submit=true", {"file": buffer},
                           format="multipart")
    assert response.status_code == 201, response.content
    games = response.json()["games"]
    assert [g["name"] for g in games] == ["a.json", "b.json"] and all(g["submitted"] for g in games)
    raw = client.post(f"/api/v1/clubs/{club.slug}/protocols/", data=buffer.getvalue(),
                      content_type="application/zip")
    assert raw.status_code == 201
    assert Game.objects.filter(club=club).count() == 4


def test_export_then_import_then_export_gives_the_same_documents(world):
    world.tournament.publish_protocols = True
    world.tournament.save()
    organizer = world.client("organizer")
    table_two = world.table_two
    entered = world.client("other_judge").put(f"/api/v1/games/{table_two.pk}/protocol/", pro_document(events=30),
                                              format="json", HTTP_IF_MATCH='"0"')
    assert entered.status_code == 200
    exported = organizer.get(f"/api/v1/tournaments/{world.tournament.slug}/protocols/").json()
    assert len(exported) == 2
    as_zip = organizer.get(f"/api/v1/tournaments/{world.tournament.slug}/protocols/?as=zip")
    assert as_zip["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(as_zip.content)) as archive:
        assert [json.loads(archive.read(name)) for name in archive.namelist()] == exported

    club, new_organizer = _organizer_of_new_club()
    client = client_for(new_organizer)
    imported = client.post(f"/api/v1/clubs/{club.slug}/protocols/", data=as_zip.content,
                           content_type="application/zip")
    assert imported.status_code == 201
    again = client.get(f"/api/v1/clubs/{club.slug}/protocols/").json()
    assert again == exported
    originals = [copy.deepcopy(d) for d in (pro_document(), pro_document(events=30))]
    for original, document in zip(originals, again, strict=True):  # modulo the added player_id
        for seat in document["seats"]:
            seat.pop("player_id")
        assert document == original


def test_the_export_of_a_tournament_honours_the_switch_for_the_public(world):
    url = f"/api/v1/tournaments/{world.tournament.slug}/protocols/"
    assert world.client("anonymous").get(url).status_code == 403
    world.tournament.publish_protocols = True
    world.tournament.save()
    assert world.client("anonymous").get(url).json() == []
    Game.objects.filter(pk=world.table_one.pk).update(results_published=True)
    assert len(world.client("anonymous").get(url).json()) == 1


# --- standings ---------------------------------------------------------------------------------------


def test_standings_are_cached_by_snapshot_and_change_when_it_does(world, django_assert_max_num_queries):
    from tournaments.standings.store import standings_store

    world.tournament.publish_standings = True
    world.tournament.save()
    standings_store(tournament_id=world.tournament.pk)
    client = world.client("anonymous")
    url = f"/api/v1/tournaments/{world.tournament.slug}/standings/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    with django_assert_max_num_queries(1):
        cached = client.get(url)
    assert cached.content == first.content
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    Game.objects.filter(pk=world.table_one.pk).update(status="confirmed", results_published=True)
    from games.models import Game as G
    from scoring.services import game_scores_recompute

    game_scores_recompute(game_id=G.objects.get(pk=world.table_one.pk).pk)
    standings_store(tournament_id=world.tournament.pk)
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"]
    assert fresh.json()["games"] == 1 and len(fresh.json()["rows"]) == 10
    world.tournament.publish_standings = False  # a cached body never outlives its switch
    world.tournament.save()
    assert client.get(url).status_code == 403
    assert world.client("organizer").get(url).content == fresh.content


# --- the schema and its documentation ---------------------------------------------------------------


def test_the_schema_validates_without_a_warning(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
    assert "/api/v1/games/{id}/protocol/" in (tmp_path / "schema.yml").read_text()


def test_the_documentation_pages_use_the_vendored_files_only(client):
    from django.contrib.staticfiles import finders

    for url in ("/api/docs/", "/api/redoc/"):
        page = client.get(url).content.decode()
        assert "/static/drf_spectacular_sidecar/" in page
        assert "cdn" not in page.lower() and "unpkg" not in page.lower()
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert finders.find("drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js")
    assert client.get("/api/schema/").status_code == 200
