"""An organizer's Confirm while recomputes run (issue 14; target p95 < 200 ms).

    .venv/bin/python benchmarks/confirm_load.py                  # 60 confirms, 150 games of history
    .venv/bin/python benchmarks/confirm_load.py --confirms 30 --history 60

Loopback only, bounded in count and time, and it stops by itself:

1. (Re)creates its own PostgreSQL database (``mafia_confirm_bench``; the name must contain
   'bench') and flushes its own Redis database (``--redis``, db 2 by default), then builds a
   ``--players``-player tournament with ``--history`` confirmed games and ``--confirms`` games
   submitted by the judge and waiting for the organizer. Their scores, standings and ratings are
   left for the worker: the setup sends no message.
2. Starts gunicorn (gthread) and one Celery worker (solo pool, as production's smallest setup),
   DEBUG off, against them.
3. Keeps the worker busy: every ``--churn-s`` seconds this process runs the pipeline's sweep
   (which rescores the history) and asks for the tournament's standings and a full ratings rebuild
   — the heaviest recomputes there are — through the pipeline, as changes do.
4. The organizer signs in through the log-in form and confirms the waiting games one after
   another through the organizer's Confirm button (a POST with the CSRF token, as the browser
   sends it), pausing ``--think-ms`` between them; each round trip is timed.
5. Prints p50/p95/p99/max of the Confirm round trips, how busy the worker was meanwhile, and
   checks that every game was confirmed. Then stops gunicorn and the worker.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VENV_BIN = ROOT / ".venv" / "bin"
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PASSWORD = "confirm-bench-password-2026"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--confirms", type=int, default=60)
    parser.add_argument("--history", type=int, default=150, help="confirmed games before the run")
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--think-ms", type=float, default=250.0, help="pause between two confirms")
    parser.add_argument("--churn-s", type=float, default=0.5, help="how often recomputes are asked for")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn process")
    parser.add_argument("--port", type=int, default=8767, help="0: a free port")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="stop confirming after this long")
    parser.add_argument("--database", default="mafia_confirm_bench")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/2")
    args = parser.parse_args()
    from benchmarks._server_env import free_port

    args.port = args.port or free_port()
    return args


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def prepare(args) -> str:
    import redis

    from benchmarks._server_env import loopback, recreate_database

    loopback(args.pg)
    loopback(args.redis)
    database_url = recreate_database(args.pg, args.database)
    redis.Redis.from_url(args.redis).flushdb()
    os.environ.pop("DEBUG", None)
    os.environ.update(DATABASE_URL=database_url, REDIS_URL=args.redis, SECRET_KEY="confirm-benchmark-only",
                      DJANGO_SETTINGS_MODULE="config.settings", DEBUG="false", LOG_LEVEL="WARNING",
                      ALLOWED_HOSTS="127.0.0.1,localhost", CONN_MAX_AGE="600")
    return database_url


def build_world(args):
    """The tournament, its history and the games waiting for confirmation (no message sent)."""
    import django

    django.setup()
    from datetime import date

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from clubs.models import Club, ClubMembership, Player
    from core import outbox as pipeline
    from games.engine.examples import full_pro_mafia_game
    from games.models import Game, GameSeat
    from games.services import game_confirm, game_deal, game_submit, protocol_replace
    from tournaments.models import Application, Round, Tournament

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # production-like: the manifest storage
    send_job = pipeline.send_job
    pipeline.send_job = lambda *a, **k: True  # the setup leaves every recompute to the worker
    User = get_user_model()
    club = Club.objects.create(name="Confirm bench", slug="confirm-bench")
    judge_user = User.objects.create_user("bench-judge")
    organizer_user = User.objects.create_user("bench-organizer", password=PASSWORD)
    judge = Player.objects.create(nickname="Bench judge", user=judge_user)
    organizer = Player.objects.create(nickname="Bench organizer", user=organizer_user)
    ClubMembership.objects.create(club=club, player=judge, role="judge")
    ClubMembership.objects.create(club=club, player=organizer, role="organizer")
    players = Player.objects.bulk_create([Player(nickname=f"bench-{i:03d}") for i in range(args.players)])
    tournament = Tournament.objects.create(
        club=club, name="Confirm Cup", slug="confirm-cup", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 2),
        tables=args.players // 10, status="running", publish_standings=True, publish_results=True)
    Application.objects.bulk_create([Application(tournament=tournament, player=p, status="accepted")
                                     for p in players])
    document = full_pro_mafia_game().build()
    roles = {s["seat"]: s["role"] for s in document["seats"]}
    waiting = []
    total = args.history + args.confirms
    for i in range(total):
        round_ = Round.objects.create(tournament=tournament, number=i + 1)
        game = Game.objects.create(club=club, tournament=tournament, round=round_, table_number=1, number=i + 1,
                                   judge=judge, ruleset=document["ruleset"])
        seated = {seat: players[(i * 7 + seat * 3) % len(players)] for seat in range(1, 11)}
        # A tournament table is dealt with its seating, as the seating generator writes it.
        GameSeat.objects.bulk_create(GameSeat(game=game, seat=seat, player=player) for seat, player in seated.items())
        game = game_deal(game=game, players=seated, roles=roles, expected_version=0, actor=judge_user)
        game = protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                expected_version=game.protocol_version, actor=judge_user)
        game = game_submit(game=game, expected_version=game.protocol_version, actor=judge_user)
        if i < args.history:
            game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_user)
        else:
            waiting.append((game.pk, game.protocol_version))
        if (i + 1) % 50 == 0:
            print(f"  built {i + 1}/{total} games", flush=True)
    pipeline.send_job = send_job  # from here on, messages go to the worker
    from core.models import RecomputeJob

    RecomputeJob.objects.update(enqueued_at=None)  # no message was sent: the first sweep sends them all
    from django.db import connections

    connections.close_all()
    return tournament.pk, waiting


def start_processes(args):
    env = {**os.environ}
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{args.port}",
         "--worker-class", "gthread", "--workers", str(args.workers), "--threads", str(args.threads),
         "--log-level", "warning", "--timeout", "60", "--keep-alive", "75"],
        cwd=ROOT, env=env, start_new_session=True)
    worker = subprocess.Popen(
        [str(VENV_BIN / "celery"), "-A", "config", "worker", "--pool", "solo", "-c", "1", "--loglevel", "WARNING",
         "--without-mingle", "--without-gossip", "-n", "confirm-bench@127.0.0.1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, start_new_session=True)
    from config.celery import app

    deadline = time.monotonic() + 90
    server_up = worker_up = False
    while time.monotonic() < deadline and not (server_up and worker_up):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=2)
            connection.request("GET", "/healthz/live")
            server_up = connection.getresponse().status == 200
        except OSError:
            time.sleep(0.2)
        worker_up = worker_up or bool(app.control.ping(timeout=0.5))
    if not (server_up and worker_up):
        stop(server)
        stop(worker)
        raise SystemExit(f"did not start: gunicorn {'up' if server_up else 'down'}, "
                         f"worker {'up' if worker_up else 'down'}")
    return server, worker


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


class Browser:
    """One organizer's browser: its cookies and one kept-alive connection."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, fields: dict | None = None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "X-CSRFToken": self.cookies.get("csrftoken", "")})
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        content = response.read().decode("utf-8", "replace")
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, content

    def log_in(self, username: str = "bench-organizer", password: str = PASSWORD) -> None:
        status, page = self.request("GET", "/accounts/login/")
        token = CSRF_FIELD.search(page).group(1)
        status, _ = self.request("POST", "/accounts/login/", {
            "csrfmiddlewaretoken": token, "username": username, "password": password})
        if status != 302 or "sessionid" not in self.cookies:
            raise SystemExit(f"the organizer could not sign in ({status})")


class Churn(threading.Thread):
    """Keeps the worker busy with the pipeline's heaviest recomputes, as changes would."""

    def __init__(self, tournament_id: int, every: float):
        super().__init__(daemon=True)
        self.tournament_id, self.every, self.stop = tournament_id, every, threading.Event()

    def run(self):
        from django.db import connections, transaction

        from core import outbox as pipeline

        try:
            while not self.stop.wait(self.every):
                pipeline.sweep()
                with transaction.atomic():
                    pipeline.request_standings(self.tournament_id)
                    pipeline.request_ratings(None)
        finally:
            connections.close_all()


def main() -> None:
    args = parse_args()
    prepare(args)
    print(f"building {args.history} confirmed games and {args.confirms} waiting ones ...", flush=True)
    tournament_id, waiting = build_world(args)
    from core.models import RecomputeJob

    server, worker = start_processes(args)
    churn = Churn(tournament_id, args.churn_s)
    try:
        browser = Browser(args.port)
        browser.log_in()
        churn.start()
        time.sleep(3)  # the worker is under way with the history's scores and the first rebuilds
        from django.utils import timezone

        window_start = timezone.now()
        timings, failures, during = [], [], 0
        deadline = time.monotonic() + args.max_seconds
        for pk, version in waiting:
            if time.monotonic() > deadline:
                break
            during += RecomputeJob.objects.filter(status="running").exists()
            started = time.perf_counter()
            status, _ = browser.request("POST", f"/organize/games/{pk}/confirm/", {
                "csrfmiddlewaretoken": browser.cookies.get("csrftoken", ""), "version": version})
            timings.append((time.perf_counter() - started) * 1000)
            if status != 302:
                failures.append((pk, status))
            time.sleep(args.think_ms / 1000)
        window_end = timezone.now()
    finally:
        churn.stop.set()
        if churn.is_alive():
            churn.join(timeout=30)
        stop(server)
        stop(worker)

    from django.db.models import Count, Sum

    from games.models import Game

    confirmed = Game.objects.filter(pk__in=[pk for pk, _ in waiting], status="confirmed").count()
    jobs = RecomputeJob.objects.filter(finished_at__gte=window_start, finished_at__lte=window_end)
    done = jobs.values("kind").annotate(n=Count("pk"), ms=Sum("duration_ms")).order_by("kind")
    window_ms = (window_end - window_start).total_seconds() * 1000
    print(f"\nConfirm while recomputes run: {len(timings)} confirms, 1 organizer, gunicorn "
          f"{args.workers}x{args.threads} gthread, 1 worker (solo), {args.players} players, "
          f"{args.history} games of history")
    print(f"  round trip  p50 {percentile(timings, .50):7.1f} ms   p95 {percentile(timings, .95):7.1f} ms   "
          f"p99 {percentile(timings, .99):7.1f} ms   max {max(timings):7.1f} ms   (target p95 < 200 ms) -> "
          f"{'OK' if percentile(timings, .95) < 200 else 'TOO SLOW'}")
    finished = ", ".join("{} {}".format(row["n"], row["kind"]) for row in done) or "nothing"
    print(f"  the worker meanwhile: {during} of the {len(timings)} confirms were sent while a recompute "
          f"was running; jobs brought up to date in the {window_ms / 1000:.1f} s window: {finished}")
    print(f"  confirmed: {confirmed}/{len(timings)}; refused or failed: {failures or 'none'}")
    if failures or confirmed != len(timings):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
