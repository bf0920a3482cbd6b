"""Protocol confirmed → public standings updated (issue 31's target: p95 under 100 ms with 10
tables confirming at once).

Starts a real worker (`celery -A config worker`, `--concurrency` processes) against Redis and a
PostgreSQL database of its own (BENCH_PIPELINE_DATABASE_URL, BENCH_REDIS_URL), then plays
`--games` games of a 200-player tournament in rounds of `--tables` tables: the round's games are
confirmed at the same instant (a thread each), and each is measured from its Confirm until the
stored standings count it (a snapshot reads what was committed before it, so the k-th Confirm to
commit is counted once the snapshot counts k of the round's games). Prints the machine's
calibration (`sum(range(1000))`) and p50/p95/max with the target.

    .venv/bin/python benchmarks/pipeline_latency.py [--games 40] [--tables 10] [--concurrency 2]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.entry_load import percentile  # noqa: E402  (after the path is set)
from benchmarks.leaderboards_load import calibration  # noqa: E402

DATABASE_URL = os.environ.get("BENCH_PIPELINE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mafia_bench_pipeline")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
TARGET_P95 = 0.100  # seconds
WORKER_CONCURRENCY = 2
CONFIRMS_RETURNED: list[float] = []  # per round: seconds until the last of its Confirms returned


def setup_environment() -> None:
    from benchmarks._server_env import fresh_database

    fresh_database(DATABASE_URL, REDIS_URL)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10, help="games confirmed at the same instant")
    parser.add_argument("--concurrency", type=int, default=WORKER_CONCURRENCY,
                        help="the worker's processes (docs/deployment.md)")
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
    from games.services import game_deal, game_submit, protocol_replace
    from tournaments.models import Application, Round, Tournament

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
        if i % args.tables == 0:
            round_ = Round.objects.create(tournament=tournament, number=i // args.tables + 1)
        game = Game.objects.create(club=club, tournament=tournament, round=round_, table_number=i % args.tables + 1,
                                   number=i + 1, judge=judge, ruleset=document["ruleset"])
        seated = {seat: players[(i * 10 + seat) % len(players)] for seat in range(1, 11)}
        # A tournament table is dealt with its seating, as the seating generator writes it.
        GameSeat.objects.bulk_create(GameSeat(game=game, seat=seat, player=player) for seat, player in seated.items())
        game = game_deal(game=game, players=seated, roles=roles, expected_version=0, actor=judge_user)
        games.append(game)

    for index, game in enumerate(games):  # entered and submitted beforehand: only the Confirm is timed
        game = protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                expected_version=game.protocol_version, actor=judge_user)
        games[index] = game_submit(game=game, expected_version=game.protocol_version, actor=judge_user)

    env = {**os.environ}
    pool = ["--pool", "solo"] if args.concurrency == 1 else ["--pool", "prefork", "-c", str(args.concurrency)]
    worker = subprocess.Popen(
        [str(ROOT / ".venv/bin/celery"), "-A", "config", "worker", *pool, "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        from config.celery import app

        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=0.5):
            if time.monotonic() > deadline or worker.poll() is not None:
                raise SystemExit("the worker did not start: " + (worker.stderr.read().decode() if worker.poll() else ""))
        time.sleep(1)  # every process of the pool up
        settle(time.monotonic() + 300)  # the submissions' scores first: only the Confirms are timed
        calibration_us = calibration()
        latencies = []
        counted = 0
        worker_cpu, own_cpu = group_cpu_seconds(worker.pid), time.process_time()
        for start in range(0, len(games), args.tables):
            latencies += confirm_round(games[start:start + args.tables], counted, tournament, organizer_user)
            counted += len(games[start:start + args.tables])
        settle(time.monotonic() + 60)
        worker_cpu, own_cpu = group_cpu_seconds(worker.pid) - worker_cpu, time.process_time() - own_cpu
        p95 = percentile(latencies, 0.95)
        print(f"calibration: sum(range(1000)) {calibration_us:.1f} µs; load average {os.getloadavg()[0]:.1f}")
        print(f"protocol confirmed -> public standings updated, {len(latencies)} games in rounds of {args.tables} "
              f"tables confirmed at once, a worker of {args.concurrency} process(es), {args.players}-player tournament")
        print(f"  p50 {percentile(latencies, 0.5) * 1000:.0f} ms   p95 {p95 * 1000:.0f} ms   "
              f"max {max(latencies) * 1000:.0f} ms   (target p95 < {TARGET_P95 * 1000:.0f} ms; "
              f"p95 = {p95 * 1e6 / calibration_us:,.0f}× the calibration) "
              f"-> {'OK' if p95 < TARGET_P95 else 'TOO SLOW'}")
        print(f"  CPU per game: the worker {worker_cpu * 1000 / len(games):.0f} ms, the confirming process "
              f"{own_cpu * 1000 / len(games):.0f} ms (its Confirms, and the polling of the standings)")
        print(f"  the round's last Confirm returned after p50 {percentile(CONFIRMS_RETURNED, 0.5) * 1000:.0f} ms, "
              f"max {max(CONFIRMS_RETURNED) * 1000:.0f} ms (ten threads of one process)")
        print("  jobs (kind: runs' wall time, ms, p50/max of each job's last run):")
        for kind, durations in job_durations().items():
            print(f"    {kind}: {len(durations)} jobs, p50 {percentile(durations, 0.5):.0f}, max {max(durations):.0f}")
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=30)


def group_cpu_seconds(pgid: int) -> float:
    """User + system CPU seconds of the live processes of a process group (the worker and its pool),
    read from /proc (Linux)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # fields after the name: state, ppid, pgrp, …, utime (12), stime (13)
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def settle(deadline: float) -> None:
    """Wait until every recompute job is done (ratings and records come after the standings)."""
    from core.models import RecomputeJob

    while RecomputeJob.objects.exclude(status=RecomputeJob.Status.DONE).exists() and time.monotonic() < deadline:
        time.sleep(0.05)


def job_durations() -> dict[str, list[int]]:
    from core.models import RecomputeJob

    durations: dict[str, list[int]] = {}
    for kind, duration in RecomputeJob.objects.exclude(duration_ms=None).values_list("kind", "duration_ms"):
        durations.setdefault(kind, []).append(duration)
    return durations


def confirm_round(games, counted_before: int, tournament, actor) -> list[float]:
    """Confirm the games at the same instant, a thread each; each one's seconds from that instant
    until the stored standings count it (the k-th to commit: once they count k of these games)."""
    from django.db import connection

    from games.services import game_confirm
    from tournaments.models import StandingsSnapshot

    ready = threading.Barrier(len(games))

    def confirm(game) -> None:
        try:
            ready.wait()
            game_confirm(game=game, expected_version=game.protocol_version, actor=actor)
        finally:
            connection.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=confirm, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    CONFIRMS_RETURNED.append(time.perf_counter() - started)
    latencies: list[float] = []
    while len(latencies) < len(games):
        stored = (StandingsSnapshot.objects.filter(tournament=tournament).values_list("games", flat=True).first()
                  or 0) - counted_before
        now = time.perf_counter()
        while len(latencies) < min(stored, len(games)):
            latencies.append(now - started)
        if now - started > 30:
            raise SystemExit(f"standings not updated after 30 s (counted {stored} of {len(games)})")
        time.sleep(0.002)
    return latencies


if __name__ == "__main__":
    main()
