"""Issue 14, "Bad input", the API: each input that was a server error is a clear 4xx that changes nothing
(docs/input-validation.md). The fuzz suites (test_form_fuzz.py, tests/api/test_schemathesis.py)
pin the same without naming fields; these name the ones the stress found."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.test import Client

from core import strictjson
from games.models import Game
from tests.api.conftest import client_for, pro_document

NON_FINITE = ["1e400", "NaN", "-Infinity", "Infinity"]
DEEP = "[" * 5000 + "]" * 5000


def _is_json_error(response, status: int | None = None) -> dict:
    assert response["Content-Type"].startswith("application/json"), (response.status_code, response.content[:200])
    body = response.json()
    assert isinstance(body.get("code"), str) and isinstance(body.get("detail"), str) and body["detail"], body
    if status is not None:
        assert response.status_code == status, body
    return body


# --- the one JSON parser -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["[NaN]", '{"a": -Infinity}', '{"a": 1e400}', "Infinity", DEEP,
                                  '["\\u0000"]', '{"\\ud800": 1}'])
def test_the_strict_parser_refuses_with_a_rule(text):
    with pytest.raises(strictjson.JSONInputError) as refused:
        strictjson.loads(text)
    assert refused.value.rule.startswith("json.") and str(refused.value)


def test_the_strict_parser_takes_ordinary_json():
    assert strictjson.loads(b'{"a": [1, 2.5, "x"], "b": null}') == {"a": [1, 2.5, "x"], "b": None}
    assert strictjson.loads("[" * 64 + "]" * 64) is not None  # the limit itself is allowed


# --- the API ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", NON_FINITE)
def test_a_non_finite_number_in_a_protocol_is_refused_everywhere(world, number):
    game, client = world.running, client_for(world.judge)
    version = game.protocol_version
    document = json.dumps(pro_document(events=11)).replace('"seats": [', f'"extra": {number}, "seats": [', 1)
    put = client.put(f"/api/v1/games/{game.pk}/protocol/", document, content_type="application/json",
                     HTTP_IF_MATCH=f'"{version}"')
    _is_json_error(put, 400)
    event = client.post(f"/api/v1/games/{game.pk}/protocol/events/",
                        f'{{"type": "foul", "day": 1, "seat": 2, "extra": {number}}}',
                        content_type="application/json", HTTP_IF_MATCH=f'"{version}"')
    _is_json_error(event, 400)
    organizer = client_for(world.organizer)
    seats = json.dumps(pro_document()).replace('"player_id"', '"x"').replace(
        '"seat": 1, ', f'"seat": 1, "player_id": {number}, ', 1)
    body = _is_json_error(organizer.post(f"/api/v1/clubs/{world.club.slug}/protocols/", seats,
                                         content_type="application/json"), 400)
    assert body["code"] == "parse_error"
    upload = io.BytesIO(seats.encode())
    upload.name = "game.json"
    _is_json_error(organizer.post(f"/api/v1/clubs/{world.club.slug}/protocols/", {"file": upload},
                                  format="multipart"), 400)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("game.json", seats)
    refused = organizer.post(f"/api/v1/clubs/{world.club.slug}/protocols/", archive.getvalue(),
                             content_type="application/zip")
    assert _is_json_error(refused, 422)["code"] == "import"
    game.refresh_from_db()
    assert game.protocol_version == version  # nothing changed


def test_a_non_finite_number_built_in_python_is_refused_before_storage(world):
    """A document that reaches the services from Python (a command, a test) is checked too."""
    from core.errors import ApplicationError
    from games import services

    document = pro_document(events=11)
    document["events"][10]["extra"] = float("nan")
    with pytest.raises(ApplicationError) as refused:
        services.protocol_replace(game=world.running, document=document,
                                  expected_version=world.running.protocol_version, actor=world.judge)
    assert refused.value.extra == {"event_index": 10, "rule": "document.not-finite"}


@pytest.mark.parametrize("path", ["/api/v1/auth/token/", "games/{pk}/protocol/events/",
                                  "clubs/{slug}/protocols/", "games/{pk}/publication/"])
def test_deep_json_is_a_400_on_every_json_post(world, path):
    url = path if path.startswith("/") else "/api/v1/" + path.format(pk=world.running.pk, slug=world.club.slug)
    response = client_for(world.organizer).post(url, DEEP, content_type="application/json", HTTP_IF_MATCH='"1"')
    assert _is_json_error(response, 400)["code"] == "parse_error"


def test_deep_json_on_the_protocol_put(world):
    game = world.running
    response = client_for(world.judge).put(f"/api/v1/games/{game.pk}/protocol/", DEEP,
                                           content_type="application/json",
                                           HTTP_IF_MATCH=f'"{game.protocol_version}"')
    _is_json_error(response, 400)


def test_a_long_reason_in_an_event_is_refused(world):
    game = world.running
    response = client_for(world.judge).post(
        f"/api/v1/games/{game.pk}/protocol/events/",
        {"type": "disqualify", "day": 1, "seat": 2, "reason": "x" * 1_000_000}, format="json",
        HTTP_IF_MATCH=f'"{game.protocol_version}"')
    body = _is_json_error(response, 422)
    assert body["rule"] == "document.text-too-long"
    assert Game.objects.get(pk=game.pk).protocol_version == game.protocol_version


@pytest.mark.parametrize("url", ["/api/v1/games/abc/", "/api/v1/games/99999999999999999999/",
                                 "/api/v1/clubs/no%20such/", "/api/v1/tournaments/%E2%98%83/",
                                 "/api/v1/no-such-thing/", "/api/v1/players/-1/rating-history/"])
def test_api_404s_are_json(world, url):
    assert _is_json_error(Client().get(url), 404)["code"] == "not_found"


@pytest.mark.parametrize("url", ["/api/v1/clubs/%00/", "/api/v1/players/?q=%00", "/api/v1/ratings/?club=a%00"])
def test_a_nul_under_the_api_is_a_json_400(world, url):
    assert _is_json_error(Client().get(url), 400)["code"] == "bad_request"


def test_a_3mb_body_is_a_json_400(world):
    response = client_for(world.organizer).generic(
        "POST", "/api/v1/auth/token/", "username=" + "a" * 3_000_000,
        content_type="application/x-www-form-urlencoded")
    assert _is_json_error(response, 400)["code"] == "too_large"


def test_405_and_validation_errors_are_json_in_the_one_shape(world):
    assert _is_json_error(Client().delete("/api/v1/clubs/"), 405)["code"] == "method_not_allowed"
    body = _is_json_error(Client().post("/api/v1/auth/token/", {}, content_type="application/json"), 400)
    assert body["code"] == "invalid" and "username" in body["field_errors"]


def test_a_server_error_under_the_api_is_json(world, monkeypatch):
    from clubs import api as clubs_api

    def boom(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(clubs_api.ClubViewSet, "list", boom)
    response = Client(raise_request_exception=False).get("/api/v1/clubs/")
    assert _is_json_error(response, 500)["code"] == "server_error"


def test_the_api_refuses_a_1mb_application_message(world):
    response = client_for(world.player).post(f"/api/v1/tournaments/{world.tournament.slug}/applications/",
                                             {"message": "x" * 1_000_000}, format="json")
    assert response.status_code in (400, 409), response.content[:200]
    _is_json_error(response)


def test_the_schema_answers_json_when_asked(world):
    response = Client().get("/api/schema/?format=json")
    assert response.status_code == 200 and "json" in response["Content-Type"]
    assert json.loads(response.content)["openapi"].startswith("3.")


