"""Concurrent votes in online forum games: separate client processes against a real server.

    .venv/bin/python benchmarks/forum_votes.py                    # 20 games × 10 players, 20 client processes
    .venv/bin/python benchmarks/forum_votes.py --config sync:4 --clients 20 --rounds 2

The server set-up is benchmarks/api_load.py's: a PostgreSQL database of its own
(``mafia_bench_forum_votes``: the name must contain ``bench``), Redis (``--redis``, db 6 by
default), the production settings (DEBUG off, a SECRET_KEY), gunicorn on 127.0.0.1 in the
set-up docs/deployment.md recommends (``sync:4``: 2 processes per core). The clients are
``--clients`` separate OS processes (``multiprocessing``, not threads in one process), each with
its share of the 200 players, released together by a barrier.

1. **Votes.** 20 games of 10 players on Day 1. Every player votes with the vote control (the
   htmx POST that answers the updated vote count) — all 200 players, each from their own
   session; the targets spread so that no wagon reaches the majority. ``--rounds`` times (each
   round every player changes their vote). ``--spread 0`` sends a round's 200 votes at the same
   moment (a burst: the figure is mostly the queue in front of the server's processes);
   ``--spread 10`` sends each vote at a random moment of a 10-second window (200 players voting
   during the same 10 seconds). Target: p95 < 50 ms for a vote and its updated count.
2. **Hammer races.** In each game one wagon is put at L-1 (5 of the 6 votes it needs), then 3
   more players of that game send the final vote for it at the same moment from 3 different
   client processes. Exactly one lynch per game must follow: one ``slot_left`` (lynched) and one
   end of Day 1 in each game's log, the day's last vote the one that lynched, the other racing
   votes answered "votes are cast during the day only" and nothing written for them.

Prints the figures; exits non-zero when any answer is wrong or a game was lynched other than once.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VENV_BIN = ROOT / ".venv" / "bin"
MAJORITY_OF_10 = 6
RACERS = 3


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--clients", type=int, default=20, help="client processes (at most 64)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every player voting (at most 10)")
    parser.add_argument("--spread", type=float, default=0.0,
                        help="seconds over which each round's 200 votes are sent (0: all at the same moment)")
    parser.add_argument("--config", default="sync:4", help="gunicorn worker-class:workers[:threads]")
    parser.add_argument("--port", type=int, default=8796, help="0: a free port")
    parser.add_argument("--priority", type=int, default=0,
                        help="run the server, its PostgreSQL backends and the clients this many nice steps ahead "
                             "of the rest of a shared machine (root; benchmarks/priority.py)")
    parser.add_argument("--database", default="mafia_bench_forum_votes")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/6")
    args = parser.parse_args()
    args.clients = max(2, min(args.clients, 64))
    args.rounds = max(1, min(args.rounds, 10))
    args.games = max(1, min(args.games, 100))
    from benchmarks._server_env import free_port

    args.port = args.port or free_port()
    return args


# --- the games ------------------------------------------------------------------------------------
def create_games(count: int) -> list[dict]:
    """``count`` games of 10 on Day 1 (Day Start), each player with a session of their own."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connections
    from django.test import Client

    from online.forum import services

    User = get_user_model()
    roles = [{"role": "mafia_goon", "count": 3}, {"role": "cop", "count": 1}, {"role": "doctor", "count": 1},
             {"role": "townie", "count": 5}]
    setup = services.setup_create(name="Bench ten", data={"ruleset": "forum", "roles": roles,
                                                          "options": {"day_start": True}})
    moderator = User.objects.create_user("bench-mod", password=secrets.token_hex(8))
    games = []
    for g in range(count):
        game = services.game_create(setup=setup, moderator=moderator, title=f"Bench {g}", seed=f"bench-{g}")
        players = []
        for n in range(1, 11):
            user = User.objects.create_user(f"g{g}p{n}", password=secrets.token_hex(8))
            services.signup_join(game=game, user=user, name=f"G{g}P{n}")
            client = Client()
            client.force_login(user)  # a session in the server's store (Redis): no log-in form, no axes
            players.append({"number": n, "session": client.cookies[settings.SESSION_COOKIE_NAME].value})
        services.game_deal(game=game)
        services.game_start(game=game)
        games.append({"slug": game.slug, "pk": game.pk, "players": players})
    connections.close_all()
    return games


def spread_target(number: int, round_number: int) -> int:
    """Targets that never make a wagon of 6: round r shifts every vote r + 1 places along (one
    vote per target), never onto the voter."""
    target = (number + round_number) % 10 + 1
    return target if target != number else number % 10 + 1


def vote_job(phase: str, game: dict, number: int, target: int) -> dict:
    return {"phase": phase, "slug": game["slug"], "session": game["players"][number - 1]["session"],
            "target": target}


# --- the clients ----------------------------------------------------------------------------------
def client_process(jobs, barrier, port: int, results) -> None:
    """One client process: for each phase, wait for every client, then send its votes."""
    csrf = secrets.token_hex(16)  # a 32-character secret: Django takes it as the cookie and the header
    for phase_jobs in jobs:
        barrier.wait()
        began = time.monotonic()
        for job in sorted(phase_jobs, key=lambda job: job.get("at", 0)):
            wait = began + job.get("at", 0) - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            body = f"target={job['target']}"
            headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                       "X-CSRFToken": csrf, "Cookie": f"sessionid={job['session']}; csrftoken={csrf}",
                       "Host": "127.0.0.1"}
            started = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", f"/online/{job['slug']}/vote/", body=body, headers=headers)
            response = connection.getresponse()
            content = response.read().decode()
            elapsed = (time.perf_counter() - started) * 1000
            connection.close()
            refused = re.search(r'class="message error" role="alert">([^<]*)<', content)
            results.put({"phase": job["phase"], "game": job["slug"], "ms": elapsed, "status": response.status,
                         "count": 'id="vote-count"' in content, "refused": refused.group(1) if refused else None})


def run_phases(phases: list[list[dict]], clients: int, port: int) -> list[dict]:
    """Hand each phase's jobs out to the client processes (job i to process i mod clients, or the
    job's own ``client``), run them, and collect every answer."""
    per_client = [[[] for _ in phases] for _ in range(clients)]
    for p, jobs in enumerate(phases):
        for i, job in enumerate(jobs):
            per_client[job.get("client", i) % clients][p].append(job)
    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(clients), context.Queue()
    processes = [context.Process(target=client_process, args=(per_client[c], barrier, port, results))
                 for c in range(clients)]
    for process in processes:
        process.start()
    expected = sum(len(jobs) for jobs in phases)
    answers = [results.get(timeout=300) for _ in range(expected)]
    for process in processes:
        process.join(timeout=30)
    return answers


# --- the server -----------------------------------------------------------------------------------
def main() -> None:
    args = parse_args()
    from benchmarks.api_load import (
        cpu_seconds,
        recreate_database,
        server_environment,
        server_pids,
        start_server,
        stop_server,
    )
    from benchmarks.priority import BackendPriority, raise_priority

    nice = raise_priority(args.priority)
    database_url = recreate_database(args.pg, args.database)
    env = server_environment(database_url, args.redis)
    env["CACHE_KEY_PREFIX"] = "bench-forum-votes"
    os.environ.update(env)
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    games = create_games(args.games)
    players = sum(len(game["players"]) for game in games)
    print(f"{args.games} games × 10 players = {players} players on Day 1; {args.clients} client processes; "
          f"server gunicorn {args.config} on 127.0.0.1; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}, nice {nice}", flush=True)

    server = start_server(args.config, args.port, env)
    backends = BackendPriority(database_url)
    if args.priority:
        backends.start()
    try:
        pids = server_pids(server, database_url)
        cpu_before = cpu_seconds(pids)
        # 1. every player votes, all at once, --rounds times
        moments = random.Random(17)
        rounds = [[{**vote_job(f"round {r}", game, n, spread_target(n, r)), "at": moments.uniform(0, args.spread)}
                   for n in range(1, 11) for game in games]
                  for r in range(args.rounds)]
        # 2. the races: players 7-10 move to slot 2's wagon (slot 1 then has none of theirs), players
        # 2-6 put slot 1 at L-1, then players 7-9 vote for slot 1 at once, each from another process
        clear = [[vote_job("clear", game, n, 2) for game in games for n in range(7, 11)]]
        wagon = [[vote_job("wagon", game, n, 1) for game in games for n in range(2, MAJORITY_OF_10 + 1)]]
        race = [[{**vote_job("race", game, n, 1), "client": g + k * (args.clients // RACERS or 1)}
                 for g, game in enumerate(games) for k, n in enumerate(range(7, 7 + RACERS))]]
        began = time.perf_counter()
        answers = run_phases(rounds + clear + wagon + race, args.clients, args.port)
        wall = time.perf_counter() - began
        server_cpu_ms = (cpu_seconds(pids + server_pids(server, database_url)[len(pids):]) - cpu_before) * 1000
    finally:
        stop_server(server)
        if backends.is_alive():
            backends.stop()

    bad = [a for a in answers if a["status"] != 200 or not a["count"]]
    if bad:
        raise SystemExit(f"{len(bad)} bad answers, e.g. {bad[:3]}")
    votes = [a for a in answers if a["phase"].startswith("round")]
    refused_votes = [a for a in votes if a["refused"]]
    if refused_votes:
        raise SystemExit(f"{len(refused_votes)} spread votes were refused, e.g. {refused_votes[:3]}")
    ms = [a["ms"] for a in votes]
    p95 = percentile(ms, 95)
    how = f"each round sent over {args.spread:g} s" if args.spread else "each round sent at the same moment"
    print(f"votes ({how}): {len(ms)} votes ({args.rounds} rounds of {players}), all phases in {wall:.1f} s: "
          f"p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
          f"max {max(ms):.1f} ms (target p95 < 50 ms: {'met' if p95 < 50 else 'NOT met'})", flush=True)

    per_vote = server_cpu_ms / len(answers)
    print(f"the server's CPU time per vote (gunicorn and its PostgreSQL backends, /proc): {per_vote:.1f} ms, "
          f"so ≤ {(os.cpu_count() or 1) * 1000 / per_vote:.0f} votes/s on idle CPUs", flush=True)
    racing = [a for a in answers if a["phase"] == "race"]
    race_ms = [a["ms"] for a in racing]
    lynches = check_one_lynch_per_game(games, racing)
    print(f"hammer races: {len(racing)} final votes ({RACERS} per game, each game's from {RACERS} processes at "
          f"once): p50 {statistics.median(race_ms):.1f} ms, p95 {percentile(race_ms, 95):.1f} ms; "
          f"{lynches} games, each lynched exactly once; "
          f"{sum(1 for a in racing if a['refused'])} racing votes refused after the lynch", flush=True)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def check_one_lynch_per_game(games: list[dict], racing: list[dict]) -> int:
    """Exactly one lynch per game, from the stored logs: one ``slot_left`` (lynched, slot 1), one
    end of Day 1, Night 1 open; every racing vote either lynched or was refused."""
    from django.db import connections

    from online.models import Game, GameEvent, Vote

    connections.close_all()
    for game in games:
        events = list(GameEvent.objects.filter(game_id=game["pk"]).values_list("data", flat=True))
        lynched = [e for e in events if e["type"] == "slot_left" and e["how"] == "lynched"]
        day_ends = [e for e in events if e["type"] == "phase_ended" and e["phase"] == "D1"]
        if len(lynched) != 1 or lynched[0]["slot"] != 1 or len(day_ends) != 1:
            raise SystemExit(f"game {game['slug']}: {len(lynched)} lynches, {len(day_ends)} ends of Day 1")
        if Game.objects.get(pk=game["pk"]).phase != "N1":
            raise SystemExit(f"game {game['slug']}: not in Night 1")
        mine = [a for a in racing if a["game"] == game["slug"]]
        accepted = [a for a in mine if not a["refused"]]
        if len(accepted) != 1:
            raise SystemExit(f"game {game['slug']}: {len(accepted)} racing votes accepted, not one")
        last = Vote.objects.filter(game_id=game["pk"], phase="D1").order_by("pk").last()
        if last is None or last.target != 1 or last.voter not in range(7, 7 + RACERS):
            raise SystemExit(f"game {game['slug']}: the day's last vote is not the racing vote that lynched")
    return len(games)


if __name__ == "__main__":
    main()
