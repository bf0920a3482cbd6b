"""The Mafia 1923 player's forms say what each action does, and the schedule says when it is over
(issue 27: "Explain on the player's forms what each action does ("Jail a player and a family"),
and say so when the schedule shown is over.")."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.http import HttpRequest
from django.utils import translation

from online.core import clock
from online.core.play import state_of
from online.engine.mafia1923 import ABILITIES
from online.mafia1923 import selectors
from online.mafia1923.texts import ABILITY_HELP, ability_help
from online.models import Game

pytestmark = pytest.mark.django_db
EVENT = "/online/1923/demo-mafia-1923/"


def visible(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def sheriff(client, demo_world):
    assert client.login(request=HttpRequest(), username="player", password="mafia-demo-2026")
    yield client
    clock.reset()


def test_every_action_and_the_votes_have_one_sentence_in_both_languages():
    assert set(ABILITY_HELP) == set(ABILITIES) | {"votes"}
    for ability in ABILITY_HELP:
        with translation.override("ru"):
            russian = ability_help(ability)
        assert russian and russian != str(ABILITY_HELP[ability]) and re.search("[а-я]", russian), ability


def test_the_sheriff_s_form_says_what_jailing_does(sheriff):
    page = visible(sheriff.get(f"{EVENT}actions/"))
    assert "Jail a player and a family" in page
    assert "their votes, and the votes against them, do not count" in page
    sheriff.cookies["django_language"] = "ru"
    assert str(ability_help("jail")) not in visible(sheriff.get(f"{EVENT}actions/"))
    with translation.override("ru"):
        assert ability_help("jail") in visible(sheriff.get(f"{EVENT}actions/"))


def test_the_votes_form_says_what_the_votes_do(sheriff):
    assert "the three most-voted families go to court" in visible(sheriff.get(f"{EVENT}votes/"))


def test_the_schedule_says_so_when_it_is_over(sheriff):
    game = Game.objects.get(slug="demo-mafia-1923")
    last = selectors.schedule(state_of(game))[-1]["end"]
    clock.reset()
    clock.advance(last - clock.now() - timedelta(hours=1))
    before = visible(sheriff.get(EVENT))
    assert "The schedule is over" not in before
    clock.advance(timedelta(hours=2))
    after = visible(sheriff.get(EVENT))
    assert "The schedule is over: every window below has ended." in after
    assert after.count("· ended") == len(selectors.schedule(state_of(game)))
