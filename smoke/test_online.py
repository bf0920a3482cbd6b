"""The online forum game on the embedded default (SQLite, no Redis, no beat): the demo game is
played over HTTP, and its deadline is resolved by the in-process sweep that `make run` relies on."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.http import HttpRequest

from online import clock, deadlines
from online.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_game_is_played_and_its_deadline_passes_without_beat(client):
    assert settings.ONLINE_SWEEP_IN_PROCESS, "the embedded default sweeps deadlines in-process"
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    game = Game.objects.get(slug="demo-forum-game")
    assert client.login(request=HttpRequest(), username="player", password="mafia-demo-2026")  # axes asks for the request
    response = client.post(f"/online/{game.slug}/vote/", {"target": "3"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "L-" in response.content.decode()
    client.post(f"/online/{game.slug}/post/", {"thread": "main", "body": "Morning! UNVOTE"})
    assert game.votes.filter(voter=1).count() == 2
    clock.reset()
    try:
        clock.advance(game.deadline - clock.now())
        deadlines._last_sweep = 0.0
        page = client.get(game.get_absolute_url()).content.decode()  # the request runs the sweep
        assert Game.objects.get(pk=game.pk).phase == "N1"
        assert "Night 1" in page
    finally:
        clock.reset()
