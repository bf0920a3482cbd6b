"""Demo data: three finished tournaments of the past year, their final standings public (seed_demo,
after the demo cup). The league's series (``leagues.demo``) scores them.

Each is made, opened, filled with twenty of the demo players, seated, published, run and finished
through the services an organizer uses (so the audit trail and the seating are real); its games
are the engine's simulated protocols loaded in bulk (``demo_play.confirmed_fields``), and its
standings stored once at the end (``standings_store``, the pipeline's runner). The ratings and
the players' records are rebuilt by ``records.demo``, which comes after. Safe to run again.
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs.management.commands.seed_demo import DEMO_NICKNAMES
from clubs.models import Player
from games.models import Game, GameSeat

from . import services
from .demo_play import (
    CONFIRMED_FIELDS,
    confirmed_fields,
    finished_protocol,
    store_versions_and_scores,
)
from .models import Application, Tournament
from .standings.store import standings_store

# (address, name, days before today): the first two before the league table's newer version, the
# third after it (leagues.demo).
PAST_TOURNAMENTS = (
    ("red-square-open-1", "Red Square Open, stage 1", 290),
    ("red-square-open-2", "Red Square Open, stage 2", 180),
    ("red-square-open-3", "Red Square Open, stage 3", 70),
)
PLAYERS = 20  # two tables
ROUNDS = 4
JUDGES = ("Judge Julia", "Judge Nadia")


def _play(tournament: Tournament, rng: random.Random, *, judge_user, organizer) -> None:
    """Every game of the tournament finished, confirmed and published, in bulk."""
    games = list(tournament.games.filter(status=Game.Status.SETUP).prefetch_related("seats__player")
                 .select_related("round").order_by("round__number", "table_number"))
    seats, played = [], []
    for game in games:
        document = finished_protocol(rng.randrange(2**31), city_skill=rng.choice((0.4, 0.6, 0.8)), will_skill=0.5)
        by_seat = {seat.seat: seat for seat in game.seats.all()}
        for entry in document["seats"]:
            seat = by_seat[entry["seat"]]
            entry["player"], entry["player_id"] = seat.player.nickname, seat.player_id
            seat.role = entry["role"]
            seats.append(seat)
        played_at = datetime.datetime.combine(tournament.starts_on, datetime.time(11, 0), tzinfo=datetime.UTC) \
            + datetime.timedelta(minutes=70 * game.round.number)
        record, fields = confirmed_fields(document, played_at=played_at, judge_user=judge_user, organizer=organizer)
        for name, value in fields.items():
            setattr(game, name, value)
        played.append((game, record))
    Game.objects.bulk_update(games, CONFIRMED_FIELDS)
    GameSeat.objects.bulk_update(seats, ["role"])
    store_versions_and_scores(played, judge_user=judge_user, organizer=organizer)


def build_past_tournaments(club, stdout) -> list[Tournament]:
    users = get_user_model().objects
    judge_user, organizer = users.filter(username="judge").first(), users.filter(username="organizer").first()
    players = list(Player.objects.filter(nickname__in=DEMO_NICKNAMES).order_by("pk"))
    judges = list(Player.objects.filter(nickname__in=JUDGES, memberships__club=club).order_by("nickname"))
    if judge_user is None or organizer is None or len(players) < PLAYERS or len(judges) < 2:
        return []
    today = timezone.localdate()
    made = []
    for number, (slug, name, days_ago) in enumerate(PAST_TOURNAMENTS, start=1):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is not None:
            made.append(tournament)
            continue
        rng = random.Random(f"demo-past-{number}")
        day = today - datetime.timedelta(days=days_ago)
        tournament = services.tournament_create(
            club=club, actor=organizer, name=name, slug=slug, starts_on=day, ends_on=day, tables=2,
            qualifying_rounds=ROUNDS, venue=club.contact.splitlines()[0] if club.contact else "",
            description="A one-day stage of the league's series: four rounds at two tables.")
        services.tournament_set_status(tournament=tournament, status=Tournament.Status.REGISTRATION_OPEN,
                                       actor=organizer)
        for player in sorted(rng.sample(players, PLAYERS), key=lambda p: p.pk):
            application = Application.objects.create(tournament=tournament, player=player)
            services.application_decide(application=application, status=Application.Status.ACCEPTED,
                                        actor=organizer)
        services.seating_generate(tournament=tournament, actor=organizer, seed=2026 + number)
        services.table_judges_assign(tournament=tournament, actor=organizer, judges={1: judges[0], 2: judges[1]})
        services.seating_publish(tournament=tournament, actor=organizer)
        # Published as they are confirmed (game_confirm follows the switch), standings public.
        services.publication_set(tournament=tournament, actor=organizer, publish_results=True)
        tournament = services.tournament_set_status(tournament=tournament, status=Tournament.Status.RUNNING,
                                                    actor=organizer)
        _play(tournament, rng, judge_user=judge_user, organizer=organizer)
        services.publication_set(tournament=tournament, actor=organizer, publish_standings=True)
        tournament = services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED,
                                                    actor=organizer)
        standings_store(tournament_id=tournament.pk)
        made.append(tournament)
    stdout.write("Past tournaments: " + ", ".join(f"{t.name} ({t.get_status_display()})" for t in made))
    return made
