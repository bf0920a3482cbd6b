"""Load test of the API's standings: a 200-player tournament's table, many readers at once.

    .venv/bin/python benchmarks/api_load.py                      # try the gunicorn set-ups below
    .venv/bin/python benchmarks/api_load.py --configs sync:3 --seconds 20 --connections 32

What it does, loopback only and bounded in count and time:

1. (Re)creates its own PostgreSQL database (``mafia_bench_api`` by default; the name must
   contain ``bench``), migrates it, and creates a club, 200 accepted players and a running
   tournament of 10 rounds × 20 tables: 200 confirmed games with their seat scores, and the
   standings stored by ``tournaments.services.standings_store`` (as the pipeline does).
2. For each gunicorn set-up (``worker-class:workers[:threads]``), starts gunicorn on 127.0.0.1
   with DEBUG off, a SECRET_KEY, DATABASE_URL to that database and REDIS_URL (the cache is Redis),
   warms it up, then drives ``GET /api/v1/tournaments/<slug>/standings/`` for ``--seconds`` with
   ``--connections`` keep-alive connections: with ``wrk`` when it is installed (Debian's ``wrk``),
   else with a small loader of threads over ``http.client``. Every response must be a 200 whose
   body has the 200 rows (checked on a sample before and after), or the run fails.
3. Prints requests per second and latency percentiles for each set-up, then stops the server.

Each request is an anonymous visitor's: one query (the tournament, its club and the snapshot's
time) and one Redis read of the rendered body (tournaments.api.standings_response).
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
VENV_BIN = ROOT / ".venv" / "bin"
SLUG = "bench-open"
PLAYERS, TABLES, ROUNDS = 200, 20, 10


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configs", default="gthread:3:2,gthread:2:4,sync:3",
                        help="gunicorn set-ups, comma-separated worker-class:workers[:threads]")
    parser.add_argument("--seconds", type=int, default=15, help="load per set-up (at most 120)")
    parser.add_argument("--connections", type=int, default=16, help="keep-alive connections (at most 256)")
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--database", default="mafia_bench_api")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--python-loader", action="store_true", help="use the threads loader even if wrk exists")
    args = parser.parse_args()
    args.seconds = max(1, min(args.seconds, 120))
    args.connections = max(1, min(args.connections, 256))
    return args


# --- 1. the database and the tournament -----------------------------------------------------------


def recreate_database(pg: str, name: str) -> str:
    import psycopg

    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name) or "bench" not in name:
        raise SystemExit("refusing: the benchmark database's name must contain 'bench'")
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{pg}/{name}"


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
    from tournaments.services import standings_store

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
            winner = rng.choice(["red", "black"])
            games.append(Game(club=club, tournament=tournament, round=rnd, table_number=table + 1,
                              number=(rnd.number - 1) * TABLES + table + 1, status=Game.Status.CONFIRMED,
                              winner=winner, end="all_black_out" if winner == "red" else "parity"))
    games = Game.objects.bulk_create(games)
    for index, game in enumerate(games):
        rnd, table = divmod(index, TABLES)
        roles = deal[:]
        rng.shuffle(roles)
        for seat in range(10):
            player = players[(table * 10 + seat + rnd * 13) % PLAYERS]
            role = roles[seat]
            won = (role in ("civilian", "sheriff")) == (game.winner == "red")
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
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status in (200, 503):
                return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    raise SystemExit("gunicorn did not start")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def check_body(port: int, path: str, rounds: int = 20) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for _ in range(rounds):
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200 or len(json.loads(body)["rows"]) != PLAYERS:
            raise SystemExit(f"bad standings response: {response.status} {body[:200]!r}")


# --- 3. the load ----------------------------------------------------------------------------------


def run_wrk(port: int, path: str, seconds: int, connections: int) -> dict:
    threads = min(2, connections)
    output = subprocess.run(
        ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency", "--timeout", "10s",
         f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, timeout=seconds + 60, check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1))
    latency = {p: _ms(re.search(rf"\s{p}%\s+([0-9.]+\w+)", output).group(1)) for p in ("50", "90", "99")}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)", output)
    if errors or socket_errors:
        raise SystemExit(f"errors under load:\n{output}")
    total = int(re.search(r"(\d+) requests in", output).group(1))
    return {"rps": rps, "requests": total, **{f"p{p}": v for p, v in latency.items()}}


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([0-9.]+)(\w+)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


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

    return {"rps": len(ordered) / elapsed, "requests": len(ordered), "p50": pick(.5), "p90": pick(.9),
            "p99": pick(.99)}


def main() -> None:
    args = parse_args()
    database_url = recreate_database(args.pg, args.database)
    env = server_environment(database_url, args.redis)
    os.environ.update({k: v for k, v in env.items() if k != "REDIS_URL"})
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    print(f"creating {PLAYERS} players, {ROUNDS} rounds × {TABLES} tables of confirmed games …", flush=True)
    create_tournament()
    loader = "wrk" if shutil.which("wrk") and not args.python_loader else "threads"
    path = f"/api/v1/tournaments/{SLUG}/standings/"
    print(f"GET {path}: {args.connections} keep-alive connections, {args.seconds} s per set-up, loader {loader}, "
          f"{os.cpu_count()} CPUs")
    results = []
    for config in args.configs.split(","):
        server = start_server(config, args.port, env)
        try:
            check_body(args.port, path)  # also warms every worker and the cache
            load = run_wrk if loader == "wrk" else run_threads
            result = load(args.port, path, args.seconds, args.connections)
            check_body(args.port, path, rounds=3)
        finally:
            stop_server(server)
        results.append((config, result))
        print(f"{config:<14} {result['rps']:8.0f} req/s  n={result['requests']:>6}  p50={result['p50']:6.2f} ms  "
              f"p90={result['p90']:6.2f} ms  p99={result['p99']:6.2f} ms", flush=True)
    best = max(results, key=lambda item: item[1]["rps"])
    print(f"best: {best[0]} at {best[1]['rps']:.0f} requests/s (target ≥ 300)")


if __name__ == "__main__":
    main()
