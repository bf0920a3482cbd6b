"""The one rule of online/core/visibility.py, as a table: who reads which thread before and after the end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser

from core.errors import ApplicationError
from online.core.play import state_of
from online.core.visibility import may_post, may_read, may_see_private, viewer_of
from online.forum import services
from online.models import Game
from tests.factories import UserFactory
from tests.online.factories import START, a_game

pytestmark = pytest.mark.django_db
THREADS = ("main", "side:mafia", "slot:1", "slot:3", "dead")

# viewer → the threads read while the game runs (slot 1 and 2 are the Mafia, slot 3 left)
WHILE_RUNNING = {
    "anonymous": {"main"},
    "spectator": {"main"},
    "following spectator": {"main", "dead"},
    "mafia 1": {"main", "side:mafia", "slot:1"},
    "town 4": {"main"},
    "dead town 3": {"main", "slot:3", "dead"},
    "moderator": set(THREADS),
}


@pytest.fixture
def world():
    game, users, moderator = a_game("mafia_goon", "mafia_goon", "townie", "townie", "townie", "townie", "townie",
                                    day_start=True)
    services.slot_modkill(game=game, number=3, note="Gone", now=START + timedelta(minutes=1))
    game = Game.objects.get(pk=game.pk)
    fan = UserFactory()
    services.follow_set(game=game, user=fan, on=True)
    viewers = {"anonymous": AnonymousUser(), "spectator": UserFactory(), "following spectator": fan, "mafia 1": users[0], "town 4": users[3],
               "dead town 3": users[2], "moderator": moderator}
    return game, viewers


@pytest.mark.parametrize("who", sorted(WHILE_RUNNING))
def test_who_reads_which_thread_while_the_game_runs(world, who):
    game, viewers = world
    viewer = viewer_of(viewers[who], game)
    state = state_of(game)
    assert {key for key in THREADS if may_read(viewer, game, state, key)} == WHILE_RUNNING[who]
    assert may_see_private(viewer, game, 1) == (who in ("mafia 1", "moderator"))


def test_the_dead_and_following_spectators_post_only_in_the_dead_thread(world):
    game, viewers = world
    state, now = state_of(game), START + timedelta(minutes=2)
    dead = viewer_of(viewers["dead town 3"], game)
    assert [key for key in THREADS if may_post(dead, game, state, key, now)] == ["slot:3", "dead"]
    spectator = viewer_of(viewers["spectator"], game)
    assert not any(may_post(spectator, game, state, key, now) for key in THREADS)
    fan = viewer_of(viewers["following spectator"], game)
    assert [key for key in THREADS if may_post(fan, game, state, key, now)] == ["dead"]
    processing = game.deadline + timedelta(seconds=1)
    town = viewer_of(viewers["town 4"], game)
    assert not may_post(town, game, state, "main", processing), "no posts while the deadline is processed"


def test_a_following_spectator_cannot_replace_in(world):
    game, viewers = world
    with pytest.raises(ApplicationError, match="spectator"):
        services.slot_replace(game=game, number=4, user=viewers["following spectator"],
                              now=START + timedelta(minutes=2))


def test_everything_opens_when_the_game_is_over_and_the_review_is_published(world):
    game, viewers = world
    services.slot_modkill(game=game, number=1, note="Gone", now=START + timedelta(minutes=3))
    services.slot_modkill(game=game, number=2, note="Gone", now=START + timedelta(minutes=4))
    game = Game.objects.get(pk=game.pk)
    assert game.is_over
    state = state_of(game)
    town = viewer_of(viewers["town 4"], game)
    assert not may_read(town, game, state, "side:mafia"), "over, not published: still closed"
    assert not may_see_private(town, game, 1)
    game = services.review_publish(game=game, now=START + timedelta(minutes=5))
    for who in ("anonymous", "spectator", "town 4"):
        viewer = viewer_of(viewers[who], game)
        assert all(may_read(viewer, game, state, key) for key in THREADS)
        assert may_see_private(viewer, game, 1)
