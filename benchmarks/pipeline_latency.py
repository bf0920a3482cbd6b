"""Protocol confirmed → public standings updated (issue 31's target: p95 under 100 ms with 10
tables confirming at once).

Starts a real worker (`celery -A config worker`, `--concurrency` processes) against Redis and a
PostgreSQL database of its own (BENCH_PIPELINE_DATABASE_URL, BENCH_REDIS_URL), then plays
`--games` games of a 200-player tournament in rounds of `--tables` tables: the round's games are
confirmed at the same instant, and each is measured from its Confirm until the standings count it
(a snapshot reads what was committed before it, so the k-th Confirm to commit is counted once the
snapshot counts k of the round's games).

`--via http` (the default) sends the Confirms as a deployment receives them: each table's
organizer, signed in through the log-in form in a browser of their own, presses Confirm (a POST
with the CSRF token) on gunicorn started as docs/deployment.md says (`--web-workers` sync
processes, DEBUG off, `--port`); each game is measured until the stored standings count it and
until an anonymous reader of the public standings API (through the fast path, polled every few
milliseconds) sees it counted — the target's figure. `--via threads` confirms by calling the
service in this process, a thread each (the benchmark's first form: ten threads of one Python
process share one core's worth of the GIL), and measures the stored standings only.

Prints the machine's calibration (`sum(range(1000))`) and p50/p95/max with the target.

    .venv/bin/python benchmarks/pipeline_latency.py [--games 40] [--tables 10] [--concurrency 2]
        [--via http|threads] [--web-workers 4] [--port 0]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.confirm_load import stop  # noqa: E402  (after the path is set)
from benchmarks.entry_load import percentile  # noqa: E402
from benchmarks.leaderboards_load import calibration  # noqa: E402

DATABASE_URL = os.environ.get("BENCH_PIPELINE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mafia_bench_pipeline")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
TARGET_P95 = 0.100  # seconds
WORKER_CONCURRENCY = 2
WEB_WORKERS = 4  # docs/deployment.md: 2 cores → 4 sync processes
PASSWORD = "pipeline-bench-password-2026"
POLL_SECONDS = 0.002
CONFIRMS_RETURNED: list[float] = []  # per round: seconds until the last of its Confirms returned


def setup_environment() -> None:
    from benchmarks._server_env import fresh_database

    fresh_database(DATABASE_URL, REDIS_URL, ALLOWED_HOSTS="127.0.0.1,localhost", CONN_MAX_AGE="600",
                   LOG_LEVEL="WARNING")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10, help="games confirmed at the same instant")
    parser.add_argument("--concurrency", type=int, default=WORKER_CONCURRENCY,
                        help="the worker's processes (docs/deployment.md)")
    parser.add_argument("--via", choices=("http", "threads"), default="http",
                        help="http: organizers' browsers through gunicorn; threads: the service called "
                             "by threads of this process")
    parser.add_argument("--web-workers", type=int, default=WEB_WORKERS, help="gunicorn's sync processes")
    parser.add_argument("--port", type=int, default=0, help="gunicorn's port on 127.0.0.1 (0: a free one)")
    parser.add_argument("--warm-up-rounds", type=int, default=1,
                        help="rounds confirmed first and not timed: every process has served a Confirm, as in a "
                             "running deployment")
    args = parser.parse_args()
    setup_environment()
    import django

    django.setup()
    import redis
    from django.core.management import call_command

    redis.Redis.from_url(REDIS_URL).flushdb()
    call_command("migrate", verbosity=0)
    if args.via == "http":
        call_command("collectstatic", "--noinput", verbosity=0)  # production-like: the manifest storage
    tournament, games, organizer_user = build_tournament(args, args.games + args.warm_up_rounds * args.tables)

    processes = []
    try:
        processes.append(start_worker(args))
        server = None
        if args.via == "http":
            server, port = start_server(args)
            processes.append(server)
        settle(time.monotonic() + 300)  # the submissions' scores first: only the Confirms are timed
        if server is not None:
            confirmers = [Organizer(port) for _ in range(args.tables)]
            reader = Reader(port, tournament.slug)
        else:
            confirmers, reader = [ServiceConfirm(organizer_user)] * args.tables, None
        warm_up = args.warm_up_rounds * args.tables
        for start in range(0, warm_up, args.tables):
            confirm_round(games[start:start + args.tables], start, tournament, confirmers, reader)
        settle(time.monotonic() + 120)
        CONFIRMS_RETURNED.clear()
        games = games[warm_up:]
        calibration_us = calibration()
        stored, seen = [], []
        counted = warm_up
        worker_cpu, own_cpu = group_cpu_seconds(processes[0].pid), time.process_time()
        server_cpu = group_cpu_seconds(server.pid) if server else 0.0
        for start in range(0, len(games), args.tables):
            round_games = games[start:start + args.tables]
            round_stored, round_seen = confirm_round(round_games, counted, tournament, confirmers, reader)
            stored += round_stored
            seen += round_seen
            counted += len(round_games)
        settle(time.monotonic() + 60)
        worker_cpu, own_cpu = group_cpu_seconds(processes[0].pid) - worker_cpu, time.process_time() - own_cpu
        server_cpu = group_cpu_seconds(server.pid) - server_cpu if server else 0.0
        report(args, calibration_us, stored, seen, worker_cpu, own_cpu, server_cpu, len(games))
    finally:
        for process in reversed(processes):
            stop(process)


def build_tournament(args, count: int):
    """The tournament, its players, and ``count`` games entered and submitted by the judge."""
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
    organizer_user = User.objects.create_user("bench-organizer", password=PASSWORD)
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
    for i in range(count):
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
    return tournament, games, organizer_user


def start_worker(args) -> subprocess.Popen:
    pool = ["--pool", "solo"] if args.concurrency == 1 else ["--pool", "prefork", "-c", str(args.concurrency)]
    log = tempfile.TemporaryFile()  # noqa: SIM115  (open while the worker runs: a file, not a pipe nobody reads)
    worker = subprocess.Popen(
        [str(ROOT / ".venv/bin/celery"), "-A", "config", "worker", *pool, "--loglevel", "WARNING"],
        cwd=ROOT, env={**os.environ}, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
    )
    from config.celery import app

    deadline = time.monotonic() + 60
    while not app.control.ping(timeout=0.5):
        if time.monotonic() > deadline or worker.poll() is not None:
            stop(worker)
            log.seek(0)
            raise SystemExit("the worker did not start: " + log.read().decode(errors="replace"))
    time.sleep(1)  # every process of the pool up
    return worker


def start_server(args) -> tuple[subprocess.Popen, int]:
    """gunicorn as docs/deployment.md runs it on a web machine of 2 cores (sync processes)."""
    from benchmarks._server_env import free_port, wait_until_serving

    port = args.port or free_port()
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}", "--worker-class", "sync",
         "--workers", str(args.web_workers), "--timeout", "60", "--log-level", "warning"],
        cwd=ROOT, env={**os.environ}, start_new_session=True)
    return wait_until_serving(server, port, seconds=60), port


def report(args, calibration_us, stored, seen, worker_cpu, own_cpu, server_cpu, games) -> None:
    measured = seen if args.via == "http" else stored
    p95 = percentile(measured, 0.95)
    print(f"calibration: sum(range(1000)) {calibration_us:.1f} µs; load average {os.getloadavg()[0]:.1f}")
    how = (f"through gunicorn ({args.web_workers} sync processes), an organizer's browser a table"
           if args.via == "http" else "by threads of this process")
    print(f"protocol confirmed -> public standings updated, {len(measured)} games in rounds of {args.tables} "
          f"tables confirmed at once {how}, a worker of {args.concurrency} process(es), "
          f"{args.players}-player tournament")
    if args.via == "http":
        print(f"  stored standings count it: p50 {percentile(stored, 0.5) * 1000:.0f} ms   "
              f"p95 {percentile(stored, 0.95) * 1000:.0f} ms   max {max(stored) * 1000:.0f} ms")
        print("  a reader of the public standings API sees it counted:")
    print(f"  p50 {percentile(measured, 0.5) * 1000:.0f} ms   p95 {p95 * 1000:.0f} ms   "
          f"max {max(measured) * 1000:.0f} ms   (target p95 < {TARGET_P95 * 1000:.0f} ms; "
          f"p95 = {p95 * 1e6 / calibration_us:,.0f}× the calibration) "
          f"-> {'OK' if p95 < TARGET_P95 else 'TOO SLOW'}")
    print(f"  CPU per game: the worker {worker_cpu * 1000 / games:.0f} ms, gunicorn {server_cpu * 1000 / games:.0f} ms, "
          f"this process {own_cpu * 1000 / games:.0f} ms (its Confirms or browsers, and the polling)")
    print(f"  the round's last Confirm returned after p50 {percentile(CONFIRMS_RETURNED, 0.5) * 1000:.0f} ms, "
          f"max {max(CONFIRMS_RETURNED) * 1000:.0f} ms")
    print("  jobs (kind: runs' wall time, ms, p50/max of each job's last run):")
    for kind, durations in job_durations().items():
        print(f"    {kind}: {len(durations)} jobs, p50 {percentile(durations, 0.5):.0f}, max {max(durations):.0f}")


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


class ServiceConfirm:
    """A Confirm as a call of the service in this process (``--via threads``)."""

    def __init__(self, actor):
        self.actor = actor

    def confirm(self, game) -> None:
        from django.db import connection

        from games.services import game_confirm

        try:
            game_confirm(game=game, expected_version=game.protocol_version, actor=self.actor)
        finally:
            connection.close()


class Organizer:
    """A table's organizer in a browser of their own, signed in through the log-in form; Confirm
    is the organizer's button (a POST with the CSRF token, as the browser sends it)."""

    def __init__(self, port: int):
        from benchmarks.confirm_load import Browser

        self.browser = Browser(port)
        self.browser.log_in(password=PASSWORD)

    def confirm(self, game) -> None:
        status, _ = self.browser.request("POST", f"/organize/games/{game.pk}/confirm/", {
            "csrfmiddlewaretoken": self.browser.cookies.get("csrftoken", ""), "version": game.protocol_version})
        if status != 302:
            raise SystemExit(f"game {game.pk}: the Confirm answered {status}")


class Reader:
    """An anonymous reader of the public standings API (answered by the fast path, as any visitor)."""

    def __init__(self, port: int, slug: str):
        import http.client

        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.path = f"/api/v1/tournaments/{slug}/standings/"

    def games(self) -> int:
        self.connection.request("GET", self.path, headers={"Accept": "application/json"})
        response = self.connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"the standings API answered {response.status}")
        return json.loads(body)["games"]


def confirm_round(games, counted_before: int, tournament, confirmers, reader) -> tuple[list[float], list[float]]:
    """Confirm the games at the same instant, a thread each; each one's seconds from that instant
    until the stored standings count it (the k-th to commit: once they count k of these games),
    and until the reader sees it counted (an empty list without a reader)."""
    from tournaments.models import StandingsSnapshot

    ready = threading.Barrier(len(games) + 1)
    failures = []

    def confirm(confirmer, game) -> None:
        try:
            ready.wait()
            confirmer.confirm(game)
        except BaseException as error:  # noqa: BLE001  (reported below, after the round)
            failures.append(error)

    threads = [threading.Thread(target=confirm, args=(confirmer, game)) for confirmer, game in zip(confirmers, games, strict=False)]
    for thread in threads:
        thread.start()
    ready.wait()
    started = time.perf_counter()

    def all_returned() -> None:
        for thread in threads:
            thread.join()
        CONFIRMS_RETURNED.append(time.perf_counter() - started)

    joiner = threading.Thread(target=all_returned)
    joiner.start()
    stored: list[float] = []
    seen: list[float] = []
    wanted = len(games)
    while len(stored) < wanted or (reader is not None and len(seen) < wanted):
        if failures:
            raise SystemExit(f"a Confirm failed: {failures[0]}")
        count = (StandingsSnapshot.objects.filter(tournament=tournament).values_list("games", flat=True).first()
                 or 0) - counted_before
        now = time.perf_counter()
        while len(stored) < min(count, wanted):
            stored.append(now - started)
        if reader is not None:
            count = reader.games() - counted_before
            now = time.perf_counter()
            while len(seen) < min(count, wanted):
                seen.append(now - started)
        if now - started > 30:
            raise SystemExit(f"standings not updated after 30 s (stored {len(stored)}, seen {len(seen)} of {wanted})")
        time.sleep(POLL_SECONDS)
    joiner.join()
    return stored, seen


if __name__ == "__main__":
    main()
