"""Property: however the games arrive and change, the ratings the pipeline keeps by incremental
recomputes (``ratings_recompute(from_game_id=…)`` from the game that changed, as the outbox's
runner calls it) are exactly those of a full rebuild (``manage.py rebuild_ratings``): the same
history rows and the same current ratings, to the last bit."""

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from ratings.models import PlayerRating, RatingEntry
from ratings.services import ratings_recompute
from tests.factories import ClubFactory, PlayerFactory

from .test_rating_services import START, confirmed_game, snapshot

pytestmark = pytest.mark.django_db

PLAYERS = 14

# One step: a new game (its day, which ten of the players sit from which offset, the winner), or a
# change to an earlier game (the winner flipped, the confirmation taken back, the results hidden).
new_game = st.tuples(st.just("game"), st.integers(0, 20), st.integers(0, PLAYERS - 10),
                     st.sampled_from(["red", "black"]))
change = st.tuples(st.sampled_from(["flip", "unconfirm", "unpublish", "republish"]), st.integers(0, 50))
steps = st.lists(st.one_of(new_game, change), min_size=1, max_size=12)


def apply(step, club, players, games: list[Game]) -> int | None:
    """Make the change; the game the ratings must be recomputed from (None: nothing to do)."""
    kind = step[0]
    if kind == "game":
        _, day, offset, winner = step
        game = confirmed_game(club, players[offset:offset + 10], day=day, winner=winner)
        games.append(game)
        return game.pk
    if not games:
        return None
    game = games[step[1] % len(games)]
    if kind == "flip":
        game.winner = "black" if game.winner == "red" else "red"
    elif kind == "unconfirm":
        game.status = Game.Status.FINISHED
    elif kind == "unpublish":
        game.results_published = False
    else:
        game.status, game.results_published = Game.Status.CONFIRMED, True
    game.save()
    return game.pk


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_incremental_recomputes_equal_a_full_rebuild(steps):
    Game.objects.all().delete()
    RatingEntry.objects.all().delete()
    PlayerRating.objects.all().delete()
    club = ClubFactory()
    players = [PlayerFactory() for _ in range(PLAYERS)]
    games: list[Game] = []
    for step in steps:
        from_game = apply(step, club, players, games)
        if from_game is not None:
            ratings_recompute(from_game_id=from_game)
    incremental = snapshot()
    ratings_recompute()
    assert snapshot() == incremental


def test_games_at_the_same_moment_are_rated_by_id_both_ways():
    """Ties on the time are broken by the game's id, in the rebuild's one query as in a recompute."""
    club = ClubFactory()
    players = [PlayerFactory() for _ in range(12)]
    later = confirmed_game(club, players[2:12], day=1, winner="black")
    earlier = confirmed_game(club, players[0:10], day=1, winner="red")
    ratings_recompute(from_game_id=later.pk)
    ratings_recompute(from_game_id=earlier.pk)
    incremental = snapshot()
    ratings_recompute()
    assert snapshot() == incremental
    assert list(RatingEntry.objects.order_by("rated_at", "game_id").values_list("game_id", flat=True)
                .distinct()) == [later.pk, earlier.pk]
    assert later.played_at == START + timedelta(days=1)
