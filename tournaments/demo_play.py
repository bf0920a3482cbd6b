"""Demo data: the demo cup's first rounds played, confirmed, published and scored (seed_demo, after
``tournaments.demo`` has seated it).

Protocols come from the engine's game simulator and go in through the same services a judge
and an organizer use, so scores, standings and ratings come out of the real pipeline.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games.engine import ProtocolError, replay
from games.engine.simulate import random_game
from games.models import Game
from games.services import (
    game_confirm,
    game_deal,
    game_publish_results,
    game_submit,
    protocol_replace,
)

from .models import Tournament
from .services import tournament_set_status

DEMO_ROUNDS_PLAYED = 4


def _finished_protocol(seed: int) -> dict:
    """The first simulated game from this seed on that the engine accepts and that has ended."""
    for attempt in range(seed, seed + 50):
        document = random_game(attempt, city_skill=0.6)
        try:
            if replay(document).finished:
                return document
        except ProtocolError:
            continue
    raise RuntimeError("the simulator gave no finished game")  # never seen in practice


def play_first_rounds(club, stdout) -> None:
    tournament = Tournament.objects.filter(club=club, slug="red-square-cup").first()
    if tournament is None or tournament.games.filter(status=Game.Status.CONFIRMED).exists():
        return
    users = get_user_model().objects
    judge, organizer = users.get(username="judge"), users.get(username="organizer")
    if tournament.status == Tournament.Status.SEATING_PUBLISHED:
        tournament_set_status(tournament=tournament, status=Tournament.Status.RUNNING, actor=organizer)
    games = (tournament.games.filter(round__number__lte=DEMO_ROUNDS_PLAYED, status=Game.Status.SETUP)
             .select_related("round").prefetch_related("seats__player").order_by("round__number", "table_number"))
    played = 0
    for game in games:
        document = _finished_protocol(seed=game.round.number * 100 + game.table_number)
        players = {seat.seat: seat.player for seat in game.seats.all()}
        roles = {seat["seat"]: seat["role"] for seat in document["seats"]}
        game = game_deal(game=game, players=players, roles=roles, expected_version=game.protocol_version,
                         actor=judge)
        game = protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                expected_version=game.protocol_version, actor=judge)
        game = game_submit(game=game, expected_version=game.protocol_version, actor=judge)
        game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)
        played += 1
    # Standings and ratings count only games whose results are published (docs/secrecy.md): the
    # organizer opens the played rounds' results, as the "game results are public" switch does.
    for game in tournament.games.filter(status=Game.Status.CONFIRMED, results_published=False):
        game_publish_results(game=game, actor=organizer)
    stdout.write(f"Demo cup: {played} games of rounds 1-{DEMO_ROUNDS_PLAYED} played, confirmed and published.")
