"""The online forum game on the embedded default (SQLite, no Redis, no beat): the demo game is
played over HTTP, and its deadline is resolved by the in-process sweep that `make run` relies on."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.http import HttpRequest

from online.core import clock, deadlines
from online.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_game_is_played_and_its_deadline_passes_without_beat(client, demo_world):
    assert settings.ONLINE_SWEEP_IN_PROCESS, "the embedded default sweeps deadlines in-process"
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


def test_a_visitor_sits_down_at_an_auto_judged_table_at_once(client):
    """`make run`'s demo: the online list links the table; a visitor with no account sits down
    and is asked to play (on SQLite, the embedded default)."""
    from online.engine.judged_table import replay
    from online.engine.judged_table.views import request_for
    from online.models import JudgedTable

    assert "/online/table/" in client.get("/online/").content.decode()
    response = client.post("/online/table/new/", {"seat": "1", "bots": "rule"})
    table = JudgedTable.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Your seat: 1" in page
    state = replay(table.log)
    assert state.winner is not None or request_for(state, 1) is not None


def test_a_staff_member_asks_for_a_simulation_run_and_it_is_played_at_once(client):
    """`make run`: no broker, so the outbox's job plays the run in-process right after the commit
    (on SQLite), and its page shows the charts."""
    from django.contrib.auth import get_user_model

    from online.models import SimulationRun

    staff = get_user_model().objects.create_user(username="staff", password="x-pass-12345", is_staff=True)
    client.force_login(staff)
    response = client.post("/organize/online/simulations/new/",
                           {"games": "5", "seed": "smoke", "spec": "rule", "compare_spec": "random"})
    run = SimulationRun.objects.get()
    assert response.status_code == 302 and run.status == SimulationRun.Status.DONE, run.error
    page = client.get(run.get_absolute_url()).content.decode()
    assert 'id="chart-win-rate"' in page and 'id="chart-difference"' in page
    assert client.get(f"/online/simulations/{run.pk}/report.json").content.decode() == run.report_text
