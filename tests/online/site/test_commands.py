"""replay_online_game prints the outcome from a game's log; seed_demo holds playable online games."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.http import HttpRequest

from online.forum import services
from online.models import Game
from tests.online.factories import START, a_game

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command("replay_online_game", *args, stdout=out)
    return out.getvalue()


def test_replay_prints_the_outcome_of_the_stored_log(tmp_path):
    game, users, _ = a_game("mafia_goon", "townie", "townie", "townie", "townie", day_start=True)
    for n, user in enumerate(users[1:4], start=1):
        services.vote_cast(game=game, user=user, target=1, now=START.replace(minute=20 + n))
    outcome = json.loads(run(game.slug))
    assert outcome["result"]["winner"] == "town"
    assert [p["left"]["how"] for p in outcome["players"] if p.get("left")] == ["lynched"]
    log = tmp_path / "log.json"
    log.write_text(run(game.slug, "--log"))
    assert json.loads(run("--file", str(log))) == outcome
    with pytest.raises(CommandError):
        run("no-such-game")


def test_seed_demo_holds_a_forum_game_in_progress_and_one_open_for_sign_ups(client, demo_world):
    call_command("seed_demo", stdout=io.StringIO())  # a second run on the demo is harmless
    playing = Game.objects.get(slug="demo-forum-game")
    assert playing.status == Game.Status.RUNNING and playing.phase == "D1"
    assert Game.objects.get(slug="demo-sign-ups").signups.count() == 3
    assert client.login(request=HttpRequest(), username="player", password="mafia-demo-2026")  # axes asks for the request
    response = client.get(playing.get_absolute_url())
    assert "Your role" in response.content.decode()
    client.post(f"/online/{playing.slug}/vote/", {"target": "4"})
    assert playing.votes.filter(voter=1, target=4).exists()


def test_the_demo_game_writes_every_deadline_one_way_in_its_zone(client, demo_world):
    """The heading and the opening post's "Day 1 begins. Deadline: …" give the same text, in the
    game's zone (the demo club's), never the log's raw ISO time."""
    import re

    from online.core.zones import game_time

    playing = Game.objects.get(slug="demo-forum-game")
    assert playing.time_zone == "Europe/Moscow", "the demo club's zone"
    written = game_time(playing.deadline, playing)
    body = client.get(playing.get_absolute_url()).content.decode()
    assert body.count(written) >= 2, "the heading and the opening post say the same"
    visible = re.sub(r"<[^>]+>", "", body)
    assert not re.search(r"\d\d:\d\d(:\d\d)?Z", visible), "no raw ISO time on the page"


def test_game_time_is_the_game_s_zone_with_its_label():
    from datetime import UTC, datetime

    from online.core.zones import game_time

    moment = datetime(2026, 11, 24, 6, 0, tzinfo=UTC)
    assert game_time(moment, Game(time_zone="Europe/Moscow")) == "Tue 24 Nov 2026, 09:00 MSK"
    assert game_time("2026-11-24T06:00:00Z", Game(time_zone="UTC")) == "Tue 24 Nov 2026, 06:00 UTC"
    assert game_time(moment, Game(time_zone="Asia/Yekaterinburg")) == "Tue 24 Nov 2026, 11:00 UTC+5"
    assert game_time(moment, Game(time_zone="Europe/Moscow"), with_date=False) == "09:00 MSK"
