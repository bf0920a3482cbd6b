"""Load test of the judge's entry page: 40 tables entering whole games at once.

    .venv/bin/python benchmarks/entry_load.py            # 40 tables, gunicorn on 127.0.0.1:8765
    .venv/bin/python benchmarks/entry_load.py --tables 10 --think-ms 0 --workers 2 --threads 4

gunicorn runs gthread workers, two processes per CPU with one thread each (``--workers``,
``--threads``), DEBUG off, persistent database connections (CONN_MAX_AGE=600).

What it does, loopback only and bounded in count and time:

1. (Re)creates its own PostgreSQL database (``mafia_entry_bench`` by default; never another),
   migrates it, and creates one club, a judge and ``--tables`` games, each dealt.
2. Starts gunicorn (gthread) with the project against that database, on 127.0.0.1.
3. Runs one thread per table. Each opens the table by its private link (``/t/<token>/``), then
   posts the judge's actions of a complete 60-event game (plus the moves to the next day or
   night) one after another, as htmx does: ``HX-Request``, the CSRF token, the version the last
   response carried. Every response must be the next version, or the run fails.
4. Prints p50/p95/p99 of the server-side time (the ``Server-Timing: app;dur=`` header that
   ``games.middleware.server_timing`` adds: request → engine → save → rendered fragment), of the
   whole WSGI request as gunicorn logged it, and of the client round trip.

Celery runs eagerly (no REDIS_URL), so the action that finishes a game also stores its scores in
the request, as the embedded default does.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._server_env import free_port, recreate_database, wait_until_serving  # noqa: E402  (after the path is set)

VENV_BIN = ROOT / ".venv" / "bin"
CSRF_INPUT = re.compile(r'"X-CSRFToken": "([^"]+)"')
SERVER_TIMING = re.compile(r"app;dur=([0-9.]+)")
SERVER_CPU = re.compile(r"cpu;dur=([0-9.]+)")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=40)
    # One thread per process: an action is CPU-bound Python, and threads of one process wait for
    # each other's GIL inside the view (2 × 4 threads: server p95 ~82 ms where 4 × 1 gave ~45 ms,
    # same code, same machine). Two processes per CPU keep a CPU busy while one waits for PostgreSQL.
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1),
                        help="gunicorn worker processes (default: two per CPU)")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker")
    parser.add_argument("--port", type=int, default=8765, help="0: a free port")
    parser.add_argument("--priority", type=int, default=0,
                        help="run the server, the judges and the PostgreSQL backends this many nice steps ahead of "
                             "the rest of a shared machine (root; benchmarks/priority.py)")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="mean pause between one table's actions, ±50%% at random (a real judge taps "
                             "every few seconds; 0: every judge taps as fast as the server answers)")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="stop the clients after this long")
    parser.add_argument("--database", default="mafia_entry_bench",
                        help="the PostgreSQL database this run drops and recreates")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432",
                        help="PostgreSQL server (loopback)")
    args = parser.parse_args()
    args.port = args.port or free_port()
    return args


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def summary(name: str, values: list[float]) -> str:
    return (f"{name:<34} n={len(values):>5}  p50={percentile(values, .50):7.2f} ms  "
            f"p95={percentile(values, .95):7.2f} ms  p99={percentile(values, .99):7.2f} ms  "
            f"max={max(values) if values else float('nan'):7.2f} ms")


# --- 1. the database and the games ----------------------------------------------------------------


def server_environment(database_url: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DEBUG")}
    env.update({
        "DEBUG": "false",  # explicit, so that a DEBUG=1 in a local .env cannot slip in (settings read it)
        "DATABASE_URL": database_url,
        "SECRET_KEY": "entry-benchmark-only-secret-key",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
        "CONN_MAX_AGE": "600",  # persistent connections: a connection per worker thread, kept
    })
    return env


def create_games(tables: int) -> list[tuple[int, str, dict]]:
    """Deal ``tables`` games; return (game id, private link token, roles) for each."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from clubs.models import Club, ClubMembership, Player
    from games.engine.examples import full_pro_mafia_game
    from games.services import game_create, game_deal

    roles = full_pro_mafia_game().roles
    club = Club.objects.create(name="Benchmark club", slug="benchmark-club")
    user = get_user_model().objects.create_user(username="bench-judge", password="bench-judge-password")
    judge = Player.objects.create(nickname="Bench Judge", user=user)
    ClubMembership.objects.create(club=club, player=judge, role=ClubMembership.Role.JUDGE)
    players = [Player.objects.create(nickname=f"Bench {n:03d}") for n in range(10 * tables)]
    games = []
    for table in range(tables):
        game = game_create(club=club, actor=user, table_number=table + 1)
        seated = {seat: players[table * 10 + seat - 1] for seat in range(1, 11)}
        game = game_deal(game=game, players=seated, roles=roles, expected_version=0, actor=user)
        games.append((game.pk, game.judge_token, roles))
    from django.db import connections

    connections.close_all()
    return games


# --- 2. the server --------------------------------------------------------------------------------


def start_server(args, env: dict, access_log: str) -> subprocess.Popen:
    command = [
        str(VENV_BIN / "gunicorn"), "config.wsgi",
        "--bind", f"127.0.0.1:{args.port}",
        "--worker-class", getattr(args, "worker_class", "gthread"), "--workers", str(args.workers),
        "--threads", str(args.threads),
        "--access-logfile", access_log, "--access-logformat", '%(m)s %(U)s %(s)s %(D)s',
        "--log-level", "warning", "--timeout", "60",
        # Each judge's device keeps its connection between taps (gunicorn's default closes after 2 s).
        "--keep-alive", "75",
    ]
    return wait_until_serving(subprocess.Popen(command, cwd=ROOT, env=env), args.port)


# --- 3. the judges --------------------------------------------------------------------------------


def judge_actions() -> list[tuple[str, dict, int | None]]:
    """The form posts of a complete game: (action, fields, phase key of the event)."""
    sys.path.insert(0, str(ROOT))
    from games.engine.examples import full_pro_mafia_game
    from tests.games.driving import form_for, phase_key

    return [(*form_for(event), phase_key(event)) for event in full_pro_mafia_game().build()["events"]]


class Judge(threading.Thread):
    def __init__(self, port: int, token: str, actions, think: float, deadline: float, on_post=None):
        super().__init__(daemon=True)
        self.port, self.token, self.actions, self.think, self.deadline = port, token, actions, think, deadline
        self.on_post = on_post  # called with (action, send time) just before each post (live_spectators.py)
        self.server_ms: list[float] = []
        self.cpu_ms: list[float] = []
        self.round_trip_ms: list[float] = []
        self.errors: list[str] = []
        self.finished = False

    def run(self):
        try:
            self.play()
        except Exception as error:  # noqa: BLE001  (reported, not raised, so other tables go on)
            self.errors.append(repr(error))

    def play(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        base = f"/t/{self.token}/"
        connection.request("GET", base)
        response = connection.getresponse()
        html = response.read().decode()
        cookie = response.getheader("Set-Cookie", "")
        csrf_cookie = re.search(r"csrftoken=([^;]+)", cookie).group(1)
        headers = {
            "HX-Request": "true", "X-CSRFToken": CSRF_INPUT.search(html).group(1),
            "Cookie": f"csrftoken={csrf_cookie}", "Content-Type": "application/x-www-form-urlencoded",
        }
        version = int(response.getheader("X-Protocol-Version"))
        phase = 1  # Pro Mafia starts on Day 1

        def post(action: str, fields: dict) -> None:
            nonlocal version
            body = urllib.parse.urlencode({"version": version, **fields}, doseq=True)
            if self.on_post is not None:
                self.on_post(action, time.monotonic())
            started = time.perf_counter()
            connection.request("POST", f"{base}{action}/", body=body, headers=headers)
            answer = connection.getresponse()
            answer.read()
            self.round_trip_ms.append((time.perf_counter() - started) * 1000)
            header = answer.getheader("Server-Timing", "")
            timing, cpu = SERVER_TIMING.search(header), SERVER_CPU.search(header)
            if timing:
                self.server_ms.append(float(timing.group(1)))
            if cpu:
                self.cpu_ms.append(float(cpu.group(1)))
            refused = answer.getheader("X-Entry-Refused")
            new_version = int(answer.getheader("X-Protocol-Version", "0"))
            if answer.status != 200 or refused or new_version != version + 1:
                raise RuntimeError(f"{action}: status {answer.status}, refused={refused}, version {new_version}")
            version = new_version
            if self.think:
                time.sleep(self.think * random.uniform(0.5, 1.5))

        for action, fields, key in self.actions:
            if time.monotonic() > self.deadline:
                return
            while key is not None and phase < key:
                phase += 1
                post("phase", {"phase_key": phase})
            post(action, fields)
        self.finished = True


def access_log_ms(path: str) -> list[float]:
    times = []
    with open(path) as log:
        for line in log:
            parts = line.split()
            if len(parts) == 4 and parts[0] == "POST" and parts[1].startswith("/t/"):
                times.append(int(parts[3]) / 1000)
    return times


def main():
    args = parse_args()
    from benchmarks.priority import BackendPriority, raise_priority

    nice = raise_priority(args.priority)
    load_before = os.getloadavg()
    database_url = recreate_database(args.pg, args.database)
    env = server_environment(database_url)
    os.environ.update(env)
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):  # production-like: manifest storage
        subprocess.run([str(VENV_BIN / "python"), "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    games = create_games(args.tables)
    actions = judge_actions()
    handle, access_log = tempfile.mkstemp(prefix="entry-bench-", suffix=".log")
    os.close(handle)
    server = start_server(args, env, access_log)
    backends = BackendPriority(database_url)
    if args.priority:
        backends.start()
    try:
        deadline = time.monotonic() + args.max_seconds
        judges = [Judge(args.port, token, actions, args.think_ms / 1000, deadline) for _, token, _ in games]
        started = time.perf_counter()
        for judge in judges:
            judge.start()
            time.sleep(args.think_ms / 1000 / len(judges))  # the tables do not all start in the same instant
        for judge in judges:
            judge.join(args.max_seconds + 60)
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(20)
        if backends.is_alive():
            backends.stop()
    server_ms = [value for judge in judges for value in judge.server_ms]
    cpu_ms = [value for judge in judges for value in judge.cpu_ms]
    round_trip = [value for judge in judges for value in judge.round_trip_ms]
    errors = [error for judge in judges for error in judge.errors]
    print(f"load average before/after: {load_before} / {os.getloadavg()}")
    print(f"tables: {args.tables}  gunicorn: {args.workers} workers × {args.threads} threads  "
          f"think time: {args.think_ms:g} ms  CPUs: {os.cpu_count()}  nice: {nice}")
    print(f"actions: {len(round_trip)} in {elapsed:.1f} s ({len(round_trip) / elapsed:.0f}/s); "
          f"games finished: {sum(judge.finished for judge in judges)}/{len(judges)}; errors: {len(errors)}")
    print(summary("server: view (Server-Timing)", server_ms))
    print(summary("server: view CPU time", cpu_ms))
    print(summary("server: WSGI request (gunicorn)", access_log_ms(access_log)))
    print(summary("client round trip", round_trip))
    if server_ms:
        print(f"mean server time {statistics.fmean(server_ms):.2f} ms")
    for error in errors[:5]:
        print("error:", error)
    os.unlink(access_log)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
