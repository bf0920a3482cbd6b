"""Load test of the live view (issue 28): spectators following running tables while judges enter.

    .venv/bin/python benchmarks/live_spectators.py                  # 1,000 spectators, 10 tables
    .venv/bin/python benchmarks/live_spectators.py --spectators 20 --tables 2 --events 6   # tiny

Targets (issue 28, "Numbers"): from a judge's save to the last spectator's update p95 < 2 s, with
the judges' actions still p95 < 50 ms.

Loopback only, bounded in count and time. It (re)creates its own PostgreSQL database
(``mafia_live_bench``), deals ``--tables`` games (benchmarks/entry_load.py's set-up), starts gunicorn
(``--worker-class``: sync as docs/deployment.md runs it, or gthread; its cache in ``--redis``, as in
production) and then, at once:

- ``--spectators`` keep-alive clients (asyncio, in a process of their own, one connection each,
  opened again when a sync worker closes it), spread evenly over the tables,
  each asking its table's fragment ``/games/<id>/live/table/`` every 1.5 s with the last ETag, as
  static/js/live.js does, and noting the moment each new version arrives;
- one judge per table entering the example game's first ``--events`` actions through the private
  link (entry_load's Judge), one every ``--think-ms``.

For each save that the hall sees (a nomination, a foul, a vote), the delay is from the moment the
judge sent it to the moment the *last* spectator of that table had the new fragment; the script prints
its p50/p95/max, the judges' round trips, and the spectators' requests per second and 304 share.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._server_env import free_port, loopback, recreate_database  # noqa: E402
from benchmarks.entry_load import (  # noqa: E402
    VENV_BIN,
    Judge,
    access_log_ms,
    create_games,
    judge_actions,
    percentile,
    server_environment,
    start_server,
    summary,
)
from benchmarks.priority import BackendPriority, raise_priority  # noqa: E402

PERIOD = 1.5  # static/js/live.js
SEEN_BY_THE_HALL = {"nominate", "foul", "vote"}  # actions that always change the live fragment


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--events", type=int, default=30, help="the judge's actions per table")
    parser.add_argument("--think-ms", type=float, default=3000.0, help="pause between one judge's actions")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--threads", type=int, default=1)
    # sync, as docs/deployment.md runs the site (behind a buffering proxy): it closes each connection
    # after its answer, and the spectators open the next; gthread keeps them (--keep-alive 75)
    parser.add_argument("--worker-class", default="sync", choices=("sync", "gthread"))
    parser.add_argument("--port", type=int, default=8766, help="0: a free port")
    parser.add_argument("--priority", type=int, default=0,
                        help="run the server, the judges, the spectators and the PostgreSQL backends this many nice "
                             "steps ahead of the rest of a shared machine (root; benchmarks/priority.py)")
    parser.add_argument("--max-seconds", type=float, default=300.0)
    parser.add_argument("--database", default="mafia_live_bench")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    # several workers share one cache, as in production (settings: "with several, set REDIS_URL"):
    # a table's generation started in one worker must end the kept answers of all
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/3", help="flushed at the start")
    args = parser.parse_args()
    args.port = args.port or free_port()
    return args


class Spectators:
    """Keep-alive clients on one asyncio loop; ``seen[game]`` lists when any of them got a new
    fragment of that game, per spectator. They run in a process of their own (``watch``): in the
    judges' process their loop would hold the GIL, and the judges' round trips would measure it."""

    def __init__(self, port: int, games: list[int], count: int, stop):
        self.port, self.games, self.count = port, games, count
        self.updates: dict[int, list[list[float]]] = {game: [] for game in games}  # game → per spectator
        self.requests = self.not_modified = self.errors = 0
        self.stop = stop

    async def follow(self, game: int, seen: list[float]) -> None:
        tag, reader, writer = "", None, None
        await asyncio.sleep(random.uniform(0, PERIOD))
        while not self.stop.is_set():
            asked = time.monotonic()
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            request = (f"GET /games/{game}/live/table/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       + (f"If-None-Match: {tag}\r\n" if tag else "") + "\r\n")
            writer.write(request.encode())
            await writer.drain()
            status_line = await reader.readline()
            status = int(status_line.split()[1])
            length, new_tag, closing = 0, tag, False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "etag":
                    new_tag = value.strip()
                elif name.lower() == "connection":
                    closing = value.strip().lower() == "close"
            if length:
                await reader.readexactly(length)
            if closing:
                writer.close()
                reader = writer = None
            self.requests += 1
            if status == 304:
                self.not_modified += 1
            elif status == 200:
                if new_tag != tag and tag:
                    seen.append(time.monotonic())
                tag = new_tag
            else:
                self.errors += 1
            await asyncio.sleep(max(0.0, PERIOD - (time.monotonic() - asked)))
        if writer is not None:
            writer.close()

    async def run(self) -> None:
        tasks = []
        for n in range(self.count):
            game = self.games[n % len(self.games)]
            seen: list[float] = []
            self.updates[game].append(seen)
            tasks.append(asyncio.create_task(self.follow(game, seen)))
        await asyncio.gather(*tasks)


def watch(port: int, games: list[int], count: int, stop, results) -> None:
    """The spectators' process: follows until ``stop``, then sends what it saw (time.monotonic is
    the machine's clock, the same in every process)."""
    spectators = Spectators(port, games, count, stop)
    asyncio.run(spectators.run())
    results.put((spectators.updates, spectators.requests, spectators.not_modified, spectators.errors,
                 time.process_time()))


def process_tree_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) spent so far by ``pid`` and its children (gunicorn's workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def main() -> int:
    args = parse_args()
    nice = raise_priority(args.priority)
    load_before = os.getloadavg()
    database_url = recreate_database(args.pg, args.database)
    loopback(args.redis)
    redis.Redis.from_url(args.redis).flushdb()
    env = {**server_environment(database_url), "REDIS_URL": args.redis}
    os.environ.update(env)
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([str(VENV_BIN / "python"), "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    games = create_games(args.tables)
    actions = judge_actions()[:args.events]
    handle, access_log = tempfile.mkstemp(prefix="live-bench-", suffix=".log")
    os.close(handle)
    server = start_server(args, env, access_log)
    saves: dict[int, list[float]] = {pk: [] for pk, _, _ in games}
    backends = BackendPriority(database_url)
    if args.priority:
        backends.start()
    try:
        processes = multiprocessing.get_context("spawn")
        stop, results = processes.Event(), processes.Queue()
        watching = processes.Process(target=watch, args=(args.port, [pk for pk, _, _ in games], args.spectators,
                                                         stop, results), daemon=True)
        watching.start()
        time.sleep(2 * PERIOD)  # every spectator has its first fragment
        deadline = time.monotonic() + args.max_seconds

        def recorder(pk):
            return lambda action, at: saves[pk].append(at) if action in SEEN_BY_THE_HALL else None

        judges = [Judge(args.port, token, actions, args.think_ms / 1000, deadline, on_post=recorder(pk))
                  for pk, token, _ in games]
        for judge in judges:
            judge.start()
            time.sleep(args.think_ms / 1000 / len(judges))
        for judge in judges:
            judge.join(args.max_seconds + 60)
        time.sleep(2 * PERIOD)  # the last save reaches everyone
        stop.set()
        updates, requests, not_modified, spectator_errors, spectators_cpu = results.get(timeout=30)
        server_cpu = process_tree_cpu_seconds(server.pid)
        watching.join(10)
        server_ms = access_log_ms(access_log)  # the judges' actions inside gunicorn, queueing excluded
    finally:
        server.terminate()
        server.wait(20)
        os.unlink(access_log)
        if backends.is_alive():
            backends.stop()
    delays = []
    for pk, moments in saves.items():
        followers = updates[pk]
        for sent in moments:
            last = 0.0
            for seen in followers:
                after = [moment for moment in seen if moment >= sent]
                last = max(last, (after[0] - sent) if after else float("inf"))
            delays.append(last * 1000)
    round_trip = [value for judge in judges for value in judge.round_trip_ms]
    errors = [error for judge in judges for error in judge.errors]
    print(f"load average before/after: {load_before} / {os.getloadavg()}; nice: {nice}")
    print(f"spectators: {args.spectators} on {args.tables} tables, polling every {PERIOD} s; "
          f"gunicorn {args.worker_class} {args.workers} × {args.threads}; CPUs: {os.cpu_count()}")
    print(f"spectator requests: {requests} ({not_modified / max(1, requests):.0%} answered 304), "
          f"errors {spectator_errors}")
    print(f"CPU seconds: gunicorn {server_cpu:.1f}, the spectators' client {spectators_cpu:.1f}")
    print(summary("save → last spectator's update", delays))
    print(summary("judge's action round trip", round_trip))
    print(summary("judge's action in the server", server_ms))
    p95_update, p95_action = percentile(delays, .95), percentile(round_trip, .95)
    print(f"targets: update p95 {p95_update:.0f} ms < 2000 ms: {'met' if p95_update < 2000 else 'NOT met'}; "
          f"action p95 {p95_action:.1f} ms < 50 ms: {'met' if p95_action < 50 else 'NOT met'}")
    for error in errors[:5]:
        print("error:", error)
    return 1 if errors or spectator_errors or not delays else 0


if __name__ == "__main__":
    sys.exit(main())
