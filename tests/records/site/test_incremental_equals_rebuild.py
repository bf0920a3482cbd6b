"""PROPERTY (issue 29, "How it runs"): the store kept game by game by the pipeline equals the
store `rebuild_player_records` writes from scratch, its rows and its players' totals, after any
sequence of publications, hidings, reopenings and corrections of several games: from the facts
the pipeline kept, and replaying every game (``--rescore``)."""

import random

import pytest
from django.core.management import call_command

from games.engine.scenario import Scenario
from games.models import Game
from games.visibility import counted_q
from records.models import PlayerTotals, SeatRecord
from tests.discipline.helpers import dd_game, disqualification_game, red_disqualification_game
from tournaments.services.events import publication_set

from .kit import publish, reopen, rows, totals

pytestmark = pytest.mark.django_db


def quiet_red_win():
    """The same deal as the discipline scenarios (blacks 8, 9, 10; the Sheriff 7): the Night 1
    victim's Last Will Ordered names two blacks (guessed two), and three blacks are voted out."""
    return (Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
            .day(1).nominate(1, 8).vote({8: []}).will(8)
            .night(1).shot(1).will(1, ordered=[9, 10])
            .day(2).nominate(2, 9).vote({9: []}).will(9)
            .night(2).shot(3).will(3)
            .day(3).nominate(4, 10).vote({10: []}))


VERSIONS = (red_disqualification_game, disqualification_game, dd_game, quiet_red_win)


def _step(cup, run, rng: random.Random, games: list[Game]) -> str:
    """One random action an organizer may take on one of the games; returns what it did."""
    index = rng.randrange(len(games))
    game = Game.objects.get(pk=games[index].pk)
    if game.status == Game.Status.FINISHED:  # reopened earlier: confirmed again, or not yet
        action = rng.choice(["confirm", "publish", "hide"])
    else:
        action = rng.choice(["publish", "hide", "correct", "reopen", "switch off", "switch on"])
    if action == "confirm":
        game = run(cup.confirm, game)
    elif action in ("publish", "hide"):
        game = run(publish, cup, game, action == "publish")
    elif action == "correct":  # reopened with other events and confirmed again
        game = run(cup.confirm, run(reopen, cup, game, rng.choice(VERSIONS)()))
    elif action == "reopen":
        game = run(reopen, cup, game, rng.choice((None, rng.choice(VERSIONS)())))
    else:
        run(publication_set, tournament=cup.tournament, actor=cup.organizer, publish_results=action == "switch on")
    games[index] = game
    return action


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_store_kept_by_the_pipeline_equals_a_rebuild(cup, run, seed):
    rng = random.Random(seed)
    games = [run(cup.confirm, run(cup.play, rng.choice(VERSIONS)())) for _ in range(3)]
    done = [_step(cup, run, rng, games) for _ in range(12)]
    kept, kept_totals = rows(), totals()
    counted = set(Game.objects.filter(counted_q()).values_list("pk", flat=True))
    assert {row["game_id"] for row in kept} == counted, done
    assert len(kept) == 10 * len(counted)
    assert sum(row["games"] for row in kept_totals if row["scope"] == "all") == len(
        [row for row in kept if row["player_id"] is not None]), done
    for rescore in ((), ("--rescore",)):
        SeatRecord.objects.all().delete()
        PlayerTotals.objects.all().delete()
        call_command("rebuild_player_records", "--quiet", *rescore)
        assert rows() == kept, (done, rescore)
        assert totals() == kept_totals, (done, rescore)
