"""Protocol saved → public standings updated, with one Celery worker (target: p95 under 2 s).

Starts a real worker (`celery -A config worker -c 1`) against Redis and a PostgreSQL database of
its own (mafia_bench_pipeline), then, for each of N games of a 200-player tournament, confirms the
game's protocol and measures the time until the stored standings count it.

    .venv/bin/python benchmarks/pipeline_latency.py [--games 40]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DATABASE_URL = os.environ.get("BENCH_PIPELINE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mafia_bench_pipeline")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")


def setup_environment() -> None:
    from benchmarks._server_env import fresh_database

    fresh_database(DATABASE_URL, REDIS_URL)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=200)
    args = parser.parse_args()
    setup_environment()
    import django

    django.setup()
    import redis
    from django.core.management import call_command

    redis.Redis.from_url(REDIS_URL).flushdb()
    call_command("migrate", verbosity=0)

    from datetime import date

    from django.contrib.auth import get_user_model

    from clubs.models import Club, ClubMembership, Player
    from games.engine.examples import full_pro_mafia_game
    from games.models import Game, GameSeat
    from games.services import game_confirm, game_deal, game_submit, protocol_replace
    from tournaments.models import Application, Round, StandingsSnapshot, Tournament

    User = get_user_model()
    club = Club.objects.create(name="Bench", slug="bench")
    judge_user = User.objects.create_user("bench-judge")
    organizer_user = User.objects.create_user("bench-organizer")
    judge = Player.objects.create(nickname="Bench judge", user=judge_user)
    organizer = Player.objects.create(nickname="Bench organizer", user=organizer_user)
    ClubMembership.objects.create(club=club, player=judge, role="judge")
    ClubMembership.objects.create(club=club, player=organizer, role="organizer")
    players = Player.objects.bulk_create([Player(nickname=f"p{i}") for i in range(args.players)])
    tournament = Tournament.objects.create(club=club, name="Bench Cup", slug="bench-cup", starts_on=date(2026, 1, 1),
                                           ends_on=date(2026, 1, 2), tables=args.players // 10, status="running",
                                           publish_standings=True, publish_results=True)  # counted games only
    Application.objects.bulk_create([Application(tournament=tournament, player=p, status="accepted") for p in players])
    document = full_pro_mafia_game().build()
    roles = {s["seat"]: s["role"] for s in document["seats"]}
    games = []
    for i in range(args.games):
        round_ = Round.objects.create(tournament=tournament, number=i + 1)
        game = Game.objects.create(club=club, tournament=tournament, round=round_, table_number=1, number=i + 1,
                                   judge=judge, ruleset=document["ruleset"])
        seated = {seat: players[(i * 10 + seat) % len(players)] for seat in range(1, 11)}
        # A tournament table is dealt with its seating, as the seating generator writes it.
        GameSeat.objects.bulk_create(GameSeat(game=game, seat=seat, player=player) for seat, player in seated.items())
        game = game_deal(game=game, players=seated, roles=roles, expected_version=0, actor=judge_user)
        games.append(game)

    env = {**os.environ}
    worker = subprocess.Popen(
        [str(ROOT / ".venv/bin/celery"), "-A", "config", "worker", "-c", "1", "--pool", "solo", "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        from config.celery import app

        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=0.5):
            if time.monotonic() > deadline or worker.poll() is not None:
                raise SystemExit("the worker did not start: " + (worker.stderr.read().decode() if worker.poll() else ""))
        latencies = []
        for count, game in enumerate(games, start=1):
            game = protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                    expected_version=game.protocol_version, actor=judge_user)
            game = game_submit(game=game, expected_version=game.protocol_version, actor=judge_user)
            started = time.perf_counter()
            game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_user)
            while not StandingsSnapshot.objects.filter(tournament=tournament, games=count).exists():
                if time.perf_counter() - started > 30:
                    raise SystemExit(f"standings not updated after 30 s for game {count}")
                time.sleep(0.005)
            latencies.append(time.perf_counter() - started)
        latencies.sort()
        p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
        print(f"protocol confirmed -> public standings updated, {len(latencies)} games, 1 worker, "
              f"{args.players}-player tournament")
        print(f"  p50 {statistics.median(latencies) * 1000:.0f} ms   p95 {p95 * 1000:.0f} ms   "
              f"max {latencies[-1] * 1000:.0f} ms   (target p95 < 2000 ms) -> {'OK' if p95 < 2 else 'TOO SLOW'}")
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=30)


if __name__ == "__main__":
    main()
