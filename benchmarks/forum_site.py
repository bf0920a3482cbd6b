"""Online forum games on the site: a vote and its updated count, and deadlines resolving together.

Against a PostgreSQL database of its own (mafia_bench_forum_site) and Redis, through the whole
Django stack (the test client, the session, the game's row lock, the engine, the fragment):

1. 20 games of 10 players (200 players) on Day 1; every player votes once with the vote control
   (an htmx POST answering the updated vote count), 4 clients at a time. Target: p95 < 50 ms.
2. The 20 games' deadlines pass together; one sweep (what beat runs every minute) resolves them
   all, each game in its own transaction under its lock. Target: the next phase open < 10 s after
   the top of the hour.

    .venv/bin/python benchmarks/forum_site.py [--games 20] [--players 10] [--clients 4]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DATABASE_URL = os.environ.get("BENCH_FORUM_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mafia_bench_forum_site")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6")


def setup_environment() -> None:
    from benchmarks._server_env import fresh_database

    fresh_database(DATABASE_URL, REDIS_URL)  # persistent connections, as in production (CONN_MAX_AGE)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    setup_environment()
    import django

    django.setup()
    from django.conf import settings

    settings.CELERY_TASK_ALWAYS_EAGER = True  # no deadline tasks: the sweep below is measured
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from online.core import clock
    from online.core.deadlines import sweep_due
    from online.forum import services
    from online.models import Game

    call_command("migrate", verbosity=0)
    User = get_user_model()
    roles = ["mafia_goon"] * 3 + ["cop", "doctor"] + ["townie"] * (args.players - 5)
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    setup = services.setup_create(name="Bench", data={
        "ruleset": "forum", "roles": [{"role": r, "count": n} for r, n in counts.items()],
        "options": {"day_start": True}})
    moderator = User.objects.create_user("bench-mod", password="x")
    games, votes = [], []
    for g in range(args.games):
        game = services.game_create(setup=setup, moderator=moderator, title=f"Bench {g}", seed=f"bench-{g}")
        users = [User.objects.create_user(f"g{g}p{n}", password="x") for n in range(1, args.players + 1)]
        for n, user in enumerate(users, start=1):
            services.signup_join(game=game, user=user, name=f"G{g}P{n}")
        services.game_deal(game=game)
        services.game_start(game=game)
        games.append(game)
        # every player votes once; the targets spread so that no wagon reaches the majority
        for n, user in enumerate(users, start=1):
            target = (n % args.players) + 1
            target = target if n <= args.players // 2 else ((n + 1) % args.players) + 1
            votes.append((game.slug, user, target))
    connection.close()
    print(f"{args.games} games × {args.players} players; {len(votes)} votes with {args.clients} clients")

    def vote(item):
        slug, user, target = item
        client = Client()
        client.force_login(user)
        started, cpu = time.perf_counter(), time.thread_time()
        response = client.post(f"/online/{slug}/vote/", {"target": str(target)}, headers={"HX-Request": "true"})
        elapsed, cpu = time.perf_counter() - started, time.thread_time() - cpu
        assert response.status_code == 200 and b"vote-count" in response.content, response.status_code
        return elapsed, cpu

    with ThreadPoolExecutor(args.clients) as pool:
        measured = list(pool.map(vote, votes))
    ms = [wall * 1000 for wall, _cpu in measured]
    cpu = [spent * 1000 for _wall, spent in measured]
    print(f"vote + updated count: p50 {statistics.median(ms):.1f} ms, p95 {percentile(ms, 95):.1f} ms, "
          f"max {max(ms):.1f} ms (target p95 < 50 ms); the site's own CPU time per vote: "
          f"p50 {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 95):.1f} ms")

    deadline = Game.objects.filter(pk__in=[g.pk for g in games]).values_list("deadline", flat=True)
    top = max(deadline)
    clock.advance(top - clock.now())
    started = time.perf_counter()
    resolved = sweep_due()
    elapsed = time.perf_counter() - started
    opened = Game.objects.filter(pk__in=[g.pk for g in games], phase="N1").count()
    print(f"{len(set(deadline))} deadline(s) at {top:%Y-%m-%d %H:%M} UTC; one sweep resolved {resolved} "
          f"phases, {opened} games in Night 1, in {elapsed:.2f} s (target < 10 s)")


if __name__ == "__main__":
    main()
