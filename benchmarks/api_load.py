"""Load test of the published standings, the API and the page: a 200-player tournament, many readers.

    .venv/bin/python benchmarks/api_load.py                      # 50 clients, page and API, the set-ups below
    .venv/bin/python benchmarks/api_load.py --configs gthread:2:8 --seconds 20 --connections 50 --targets page

What it does, loopback only and bounded in count and time:

1. (Re)creates its own PostgreSQL database (``mafia_bench_api`` by default; the name must
   contain ``bench``), migrates it, and creates a club, 200 accepted players and a running
   tournament of 10 rounds × 20 tables: 200 confirmed games with their seat scores, and the
   standings stored by ``tournaments.standings.store.standings_store`` and rendered by
   ``tournaments.standings.stored.warm`` into Redis, as the pipeline does.
2. Starts one Celery worker (idle here: it is part of the production set-up being measured).
   For each gunicorn set-up (``worker-class:workers[:threads]``), starts gunicorn on 127.0.0.1
   with DEBUG off, a SECRET_KEY, DATABASE_URL to that database and REDIS_URL (the cache is Redis),
   checks and warms it, then for each target drives it for ``--seconds`` with ``--connections``
   keep-alive connections of anonymous visitors: ``api`` is
   ``GET /api/v1/tournaments/<slug>/standings/``, ``page`` is ``GET /tournaments/<slug>/standings/``.
   The load comes from ``wrk`` when it is installed (Debian's ``wrk``), else from a small loader
   of threads over ``http.client`` (which takes a CPU from the server: its figures are lower).
   Every response must be a 200 whose body has the 200 rows (checked on a sample before and
   after), or the run fails.
3. Prints requests per second and the p50/p95/p99 latency of each set-up and target, and the CPU
   time the server spent per request (gunicorn's processes and the PostgreSQL backends, from
   /proc): on a machine shared with other work the wall-clock figures measure the neighbours too,
   and CPUs ÷ CPU per request bounds what the server can do with the CPUs to itself. Then it stops
   the server and the worker.

Each request is an anonymous visitor's, answered by the fast path in front of Django
(tournaments/standings/fast.py, config/wsgi.py) from Django's own answer kept a quarter of a second
per process; Django (one query, the stored body: tournaments/standings/stored.py) answers a few
times a second per process. Targets (issue 14): ≥ 1,000 requests/s with p99 < 50 ms at 50
clients on a 2-core machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._server_env import free_port, recreate_database, wait_until_serving  # noqa: E402  (after the path is set)

VENV_BIN = ROOT / ".venv" / "bin"
SLUG = "bench-open"
PLAYERS, TABLES, ROUNDS = 200, 20, 10


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configs", default="gthread:2:8,gthread:3:4,sync:4",
                        help="gunicorn set-ups, comma-separated worker-class:workers[:threads]")
    parser.add_argument("--seconds", type=int, default=15, help="load per set-up (at most 120)")
    parser.add_argument("--connections", type=int, default=50, help="keep-alive connections (at most 256)")
    parser.add_argument("--targets", default="api,page", help="comma-separated: api, page")
    parser.add_argument("--priority", type=int, default=0,
                        help="run the server, worker, PostgreSQL backends and wrk this many nice steps ahead of "
                             "the rest of a shared machine (root; benchmarks/priority.py)")
    parser.add_argument("--no-worker", action="store_true", help="do not start the Celery worker")
    parser.add_argument("--port", type=int, default=8766, help="0: a free port")
    parser.add_argument("--database", default="mafia_bench_api")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--python-loader", action="store_true", help="use the threads loader even if wrk exists")
    args = parser.parse_args()
    args.seconds = max(1, min(args.seconds, 120))
    args.connections = max(1, min(args.connections, 256))
    args.port = args.port or free_port()
    return args


# --- 1. the database and the tournament -----------------------------------------------------------


def server_environment(database_url: str, redis_url: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "DEBUG"}
    env.update({
        "DATABASE_URL": database_url, "REDIS_URL": redis_url, "CACHE_KEY_PREFIX": "bench-api",
        "SECRET_KEY": "api-benchmark-only-secret-key", "DJANGO_SETTINGS_MODULE": "config.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost", "LOG_LEVEL": "WARNING", "CONN_MAX_AGE": "600",
    })
    return env


def create_tournament() -> None:
    import datetime
    import random

    import django

    django.setup()
    from clubs.models import Club, Player
    from games.models import Game, GameSeat
    from scoring.models import SeatScore
    from tournaments.models import Application, Round, Tournament
    from tournaments.standings.store import standings_store
    from vocabulary import RED, RED_ROLES, TEAMS

    rng = random.Random(9)
    club = Club.objects.create(name="Benchmark club", slug="bench-club")
    players = Player.objects.bulk_create(Player(nickname=f"Bench player {n:03d}") for n in range(PLAYERS))
    today = datetime.date.today()
    tournament = Tournament.objects.create(
        club=club, name="Bench Open", slug=SLUG, starts_on=today, ends_on=today, tables=TABLES,
        qualifying_rounds=ROUNDS, status=Tournament.Status.RUNNING, publish_standings=True)
    Application.objects.bulk_create(Application(tournament=tournament, player=p, status="accepted") for p in players)
    rounds = Round.objects.bulk_create(Round(tournament=tournament, number=n) for n in range(1, ROUNDS + 1))
    deal = ["civilian"] * 6 + ["sheriff", "mafia", "mafia", "don"]
    games, seats, scores = [], [], []
    for rnd in rounds:
        for table in range(TABLES):
            winner = rng.choice(TEAMS)
            games.append(Game(club=club, tournament=tournament, round=rnd, table_number=table + 1,
                              number=(rnd.number - 1) * TABLES + table + 1, status=Game.Status.CONFIRMED, results_published=True,
                              winner=winner, end="all_black_out" if winner == "red" else "parity"))
    games = Game.objects.bulk_create(games)
    for index, game in enumerate(games):
        rnd, table = divmod(index, TABLES)
        roles = deal[:]
        rng.shuffle(roles)
        for seat in range(10):
            player = players[(table * 10 + seat + rnd * 13) % PLAYERS]
            role = roles[seat]
            won = (role in RED_ROLES) == (game.winner == RED)
            points = Decimal(rng.choice(["0", "0.1", "0.25", "0.3", "-0.1"]))
            items = [{"points": float(points), "rule": "bench", "note": ""}] if points else []
            seats.append(GameSeat(game=game, seat=seat + 1, player=player, role=role))
            scores.append(SeatScore(game=game, seat=seat + 1, player=player, role=role, won=won,
                                    total=(Decimal("1") if won else Decimal("0")) + points, items=items,
                                    protocol_version=1))
    GameSeat.objects.bulk_create(seats)
    SeatScore.objects.bulk_create(scores)
    snapshot = standings_store(tournament_id=tournament.pk)
    assert len(snapshot.rows) == PLAYERS and snapshot.games == TABLES * ROUNDS
    from tournaments.standings.stored import warm

    warm(tournament.pk)  # what the pipeline does after storing them: render into the shared cache
    from django.db import connections

    connections.close_all()


# --- 2. the server --------------------------------------------------------------------------------


def start_server(config: str, port: int, env: dict) -> subprocess.Popen:
    parts = config.split(":")
    worker_class, workers = parts[0], parts[1]
    command = [str(VENV_BIN / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
               "--worker-class", worker_class, "--workers", workers, "--log-level", "warning",
               "--timeout", "60", "--keep-alive", "30"]
    if len(parts) > 2:
        command += ["--threads", parts[2]]
    return wait_until_serving(subprocess.Popen(command, cwd=ROOT, env=env), port)


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


PATHS = {"api": f"/api/v1/tournaments/{SLUG}/standings/", "page": f"/tournaments/{SLUG}/standings/"}


def rows_in(target: str, body: bytes) -> int:
    if target == "api":
        return len(json.loads(body)["rows"])
    # The standings table's body rows (its cells carry the phone layout's attributes: {% stacked %}).
    table = body[body.index(b"t-standings"):]
    return table[table.index(b"<tbody>"):table.index(b"</tbody>")].count(b"<tr")


def check_body(port: int, target: str, rounds: int = 20) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for _ in range(rounds):
        connection.request("GET", PATHS[target])
        response = connection.getresponse()
        body = response.read()
        if response.status != 200 or rows_in(target, body) != PLAYERS:
            raise SystemExit(f"bad standings response: {response.status} {body[:200]!r}")


# --- 3. the load ----------------------------------------------------------------------------------


WRK_PERCENTILES = """
done = function(summary, latency, requests)
  for _, p in ipairs({50, 95, 99}) do
    io.write(string.format("percentile %d %d\\n", p, latency:percentile(p)))
  end
end
"""


def run_wrk(port: int, path: str, seconds: int, connections: int) -> dict:
    import tempfile

    threads = min(2, connections)
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        script.write(WRK_PERCENTILES)
        script.flush()
        output = subprocess.run(
            ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "10s",
             "-s", script.name, f"http://127.0.0.1:{port}{path}"],
            capture_output=True, text=True, timeout=seconds + 60, check=True,
        ).stdout
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1))
    latency = {p: int(re.search(rf"percentile {p} (\d+)", output).group(1)) / 1000 for p in ("50", "95", "99")}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)", output)
    if errors or socket_errors:
        raise SystemExit(f"errors under load:\n{output}")
    total = int(re.search(r"(\d+) requests in", output).group(1))
    return {"rps": rps, "requests": total, **{f"p{p}": v for p, v in latency.items()}}


def run_threads(port: int, path: str, seconds: int, connections: int) -> dict:
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        mine = []
        while time.monotonic() < stop:
            started = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            mine.append((time.perf_counter() - started) * 1000)
            if response.status != 200:
                failures.append(str(response.status))
                break
        with lock:
            latencies.extend(mine)

    workers = [threading.Thread(target=client) for _ in range(connections)]
    began = time.monotonic()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - began
    if failures:
        raise SystemExit(f"errors under load: {failures[:5]}")
    ordered = sorted(latencies)

    def pick(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"rps": len(ordered) / elapsed, "requests": len(ordered), "p50": pick(.5), "p95": pick(.95),
            "p99": pick(.99)}


def cpu_seconds(pids) -> float:
    """User + system CPU time of these processes so far (Linux /proc), 0 for any that is gone."""
    total, tick = 0.0, os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def server_pids(server: subprocess.Popen, database_url: str) -> list[int]:
    """gunicorn's master and workers, and the PostgreSQL backends serving the benchmark database."""
    import psycopg

    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    with psycopg.connect(database_url, autocommit=True) as connection:
        backends = [row[0] for row in connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")]
    return [server.pid, *map(int, children), *backends]


def start_worker(env: dict) -> subprocess.Popen:
    return subprocess.Popen([str(VENV_BIN / "celery"), "-A", "config", "worker", "--concurrency", "1",
                             "--loglevel", "WARNING", "--without-gossip", "--without-mingle"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL)


def main() -> None:
    args = parse_args()
    targets = [t for t in args.targets.split(",") if t]
    if set(targets) - set(PATHS):
        raise SystemExit(f"unknown target in {args.targets!r}: use api, page")
    from benchmarks.priority import BackendPriority, raise_priority

    nice = raise_priority(args.priority)
    database_url = recreate_database(args.pg, args.database)
    env = server_environment(database_url, args.redis)
    os.environ.update(env)  # REDIS_URL too: the set-up stores the rendered standings in Redis
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"],
                   cwd=ROOT, env=env, check=True)  # production-like: manifest storage
    print(f"creating {PLAYERS} players, {ROUNDS} rounds × {TABLES} tables of confirmed games …", flush=True)
    create_tournament()
    loader = "wrk" if shutil.which("wrk") and not args.python_loader else "threads"
    print(f"{', '.join(targets)}: {args.connections} keep-alive connections, {args.seconds} s per set-up, "
          f"loader {loader}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, nice {nice}", flush=True)
    worker = None if args.no_worker else start_worker(env)
    backends = BackendPriority(database_url)
    if args.priority:
        backends.start()
    results = []
    try:
        for config in args.configs.split(","):
            server = start_server(config, args.port, env)
            try:
                for target in targets:
                    check_body(args.port, target)  # also warms every worker's memory
                    load = run_wrk if loader == "wrk" else run_threads
                    pids = server_pids(server, database_url)
                    cpu_before = cpu_seconds(pids)
                    result = load(args.port, PATHS[target], args.seconds, args.connections)
                    result["cpu_ms"] = (cpu_seconds(pids) - cpu_before) * 1000 / max(1, result["requests"])
                    check_body(args.port, target, rounds=3)
                    results.append((config, target, result))
                    print(f"{target:<5} {config:<13} {result['rps']:8.0f} req/s  n={result['requests']:>6}  "
                          f"p50={result['p50']:6.2f} ms  p95={result['p95']:6.2f} ms  p99={result['p99']:6.2f} ms  "
                          f"server CPU {result['cpu_ms']:.2f} ms/request "
                          f"(≤ {(os.cpu_count() or 1) * 1000 / result['cpu_ms']:.0f} req/s on idle CPUs)", flush=True)
            finally:
                stop_server(server)
    finally:
        if worker is not None:
            stop_server(worker)
        if backends.is_alive():
            backends.stop()
    for target in targets:
        best = max((r for r in results if r[1] == target), key=lambda item: item[2]["rps"])
        print(f"best {target}: {best[0]} at {best[2]['rps']:.0f} requests/s, p99 {best[2]['p99']:.2f} ms "
              f"(target ≥ 1,000 requests/s, p99 < 50 ms at 50 clients)")


if __name__ == "__main__":
    main()
