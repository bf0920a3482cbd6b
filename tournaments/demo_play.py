"""Demo data: the demo cup's first rounds played, confirmed, published and scored (seed_demo, after
``tournaments.demo`` has seated it).

Protocols come from the engine's game simulator and go in through the same services a judge
and an organizer use, so scores, standings and ratings come out of the real pipeline.

The demo's history (the past tournaments, ``tournaments.demo_past``, and the club's evenings,
``records.demo``) is hundreds of games: going through the services and the pipeline game by game
would take minutes, so ``confirmed_fields`` and ``store_versions_and_scores`` load a finished
protocol in bulk as the services would have left it (the judge's entry and submission, the
organizer's confirmation, the stored scores); the loader then rebuilds the derived stores once.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db.models import prefetch_related_objects

from core.bulkload import bulk_create_json_as_values
from games.engine import GameRecord, ProtocolError, replay
from games.engine.simulate import random_game
from games.models import Game, ProtocolVersion
from games.services import (
    game_confirm,
    game_deal,
    game_publish_results,
    game_submit,
    protocol_replace,
)
from scoring.models import SeatScore
from scoring.services import score_record, seat_score_values

from .models import Tournament
from .services import tournament_set_status

DEMO_ROUNDS_PLAYED = 4


def finished_protocol(seed: int, *, city_skill: float = 0.6, fouls_per_phase: int = 0,
                      will_skill: float = 0.0) -> dict:
    """The first simulated game from this seed on that the engine accepts and that has ended."""
    for attempt in range(seed, seed + 50):
        document = random_game(attempt, city_skill=city_skill, fouls_per_phase=fouls_per_phase,
                               will_skill=will_skill)
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
        document = finished_protocol(game.round.number * 100 + game.table_number)
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


def confirmed_fields(document: dict, *, played_at: datetime.datetime, judge_user, organizer) -> tuple[GameRecord, dict]:
    """The replayed protocol, and a ``Game``'s fields once its judge entered and submitted it (the
    version 1 and 2) and an organizer confirmed it (3), its results published."""
    record = replay(document)
    submitted = played_at + datetime.timedelta(minutes=45)
    confirmed = submitted + datetime.timedelta(minutes=10)
    return record, {
        "ruleset": document["ruleset"], "status": Game.Status.CONFIRMED, "protocol": document, "protocol_version": 3,
        "protocol_changed_at": confirmed, "winner": record.winner or "", "end": record.end or "",
        "results_published": True, "submitted_by": judge_user, "submitted_at": submitted,
        "judge_link_closed_at": submitted, "confirmed_by": organizer, "confirmed_at": confirmed,
        "played_at": played_at,
    }


CONFIRMED_FIELDS = ("ruleset", "status", "protocol", "protocol_version", "protocol_changed_at", "winner", "end",
                    "results_published", "submitted_by", "submitted_at", "judge_link_closed_at", "confirmed_by",
                    "confirmed_at", "played_at")


def store_versions_and_scores(played: list[tuple[Game, GameRecord]], *, judge_user, organizer) -> None:
    """The protocol versions and stored scores of games saved with ``confirmed_fields`` (their seats
    saved with their players and roles). The games' seats are read in one query, not one a game
    (``seat_score_values`` reads them); the rows carry whole protocols and scores' items, so they
    go in without ``UNNEST`` (``core.bulkload.bulk_create_json_as_values``)."""
    prefetch_related_objects([game for game, _record in played], "seats")
    versions, scores = [], []
    for game, record in played:
        for version, action, author in ((1, ProtocolVersion.Action.REPLACE, judge_user),
                                        (2, ProtocolVersion.Action.SUBMIT, judge_user),
                                        (3, ProtocolVersion.Action.CONFIRM, organizer)):
            versions.append(ProtocolVersion(game=game, version=version, action=action, document=game.protocol,
                                            author=author))
        values = seat_score_values(game, record, score_record(record))
        scores.extend(SeatScore(game=game, seat=seat, **fields) for seat, fields in values.items())
    bulk_create_json_as_values(ProtocolVersion, versions, batch_size=500)
    bulk_create_json_as_values(SeatScore, scores, batch_size=1000)
