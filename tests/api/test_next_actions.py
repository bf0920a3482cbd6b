"""`GET /games/{id}/protocol/next/`: what the judge may record next, the same answer the entry page shows."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import next_actions, replay
from games.selectors import game_table

pytestmark = pytest.mark.django_db


def test_the_judge_reads_the_engines_answer_in_the_tables_phase(world):
    game = world.running
    response = world.client("judge").get(f"/api/v1/games/{game.pk}/protocol/next/")
    assert response.status_code == 200
    assert response["ETag"] == f'"{game.protocol_version}"'
    body = response.json()
    table = game_table(game)
    expected = next_actions(replay(game.protocol), table.phase)
    assert body["phase"] == {"kind": expected.phase.kind, "number": expected.phase.number}
    assert body["nominate"] == expected.nominate and body["vote"] == expected.vote
    assert body["candidates"] == list(expected.candidates) and body["vote_round"] == expected.vote_round
    assert [stage["stage"] for stage in body["night_stages"]] == [choice.stage for choice in expected.night_stages]
    assert body["wills"] == [{"seat": will.seat, "kinds": list(will.kinds), "max_targets": will.max_targets}
                             for will in expected.wills]


def test_the_api_and_the_entry_page_agree(world):
    game = world.running
    api = world.client("judge").get(f"/api/v1/games/{game.pk}/protocol/next/").json()
    browser = Client()
    browser.force_login(world.judge)
    page = browser.get(reverse("entry:page", kwargs={"pk": game.pk}))
    assert page.status_code == 200
    context = page.context
    assert context["nominate_open"] == api["nominate"]
    assert context["vote_open"] == api["vote"] and context["raise_open"] == api["raise_decision"]
    assert list(context["candidates"]) == api["candidates"]
    assert context["next_phase"][0] == next_actions(replay(game.protocol), game_table(game).phase).next_phase.key
    assert [will["seat"] for will in context["wills"]] == [will["seat"] for will in api["wills"]]
    if "night_stages" in context:
        assert [stage for stage, _name, _tiles in context["night_stages"]] == [
            stage["stage"] for stage in api["night_stages"]]


@pytest.mark.parametrize("actor", ["anonymous", "player", "other_judge", "other_organizer"])
def test_a_running_club_game_is_nobody_elses_business(world, actor):
    response = world.client(actor).get(f"/api/v1/games/{world.running.pk}/protocol/next/")
    assert response.status_code == 404, response.content


@pytest.mark.parametrize("actor", ["player", "other_judge", "other_organizer"])
def test_a_visible_game_tells_an_outsider_it_is_not_theirs_to_enter(world, actor):
    response = world.client(actor).get(f"/api/v1/games/{world.finished.pk}/protocol/next/")
    assert response.status_code == 403, response.content


@pytest.mark.parametrize("actor", ["judge", "organizer"])
def test_a_finished_game_offers_nothing_more(world, actor):
    body = world.client(actor).get(f"/api/v1/games/{world.finished.pk}/protocol/next/").json()
    assert body["finished"] and not body["nominate"] and not body["vote"] and body["night_stages"] == []


def test_a_game_not_dealt_yet_has_nothing_to_record(world):
    game = world.table_two
    game.protocol = {}
    game.save(update_fields=["protocol"])
    response = world.client("organizer").get(f"/api/v1/games/{game.pk}/protocol/next/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
