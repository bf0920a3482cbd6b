"""`manage.py rebuild_ratings` over synthetic confirmed games in PostgreSQL (issue 31).

Targets: 100,000 games in under 5 s and 1,000,000 in under 60 s, end to end (the database's
work included). Loads the games once into a database of its own (BENCH_DATABASE_URL; mafia_bench
by default) by COPY, then times the full rebuild through the management command, as an
organizer would run it. Prints the machine's calibration (`sum(range(1000))`), the time per game
and its ratio to the calibration, and the CPU time of this process and of its database server
process apart: on a shared machine the wall time waits for the other work, the CPU time less.

    .venv/bin/python benchmarks/rebuild_ratings.py [--games 100000] [--checksum]

--checksum prints an md5 of every history row (of their md5s) and of every current rating, as
PostgreSQL writes them as text (floats exact), to compare the rebuilt history of two versions of the code.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.leaderboards_load import calibration  # noqa: E402  (after the path is set)

# (games, seconds): the issue's targets; other sizes are held to the nearer one's time per game.
TARGETS = ((100_000, 5.0), (1_000_000, 60.0))
ISSUE_CALIBRATION_US = 12.3  # the issue's machine, for the targets as ratios

DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mafia_bench")


def ensure_database() -> None:
    import psycopg

    from benchmarks._server_env import create_database

    name = DATABASE_URL.rsplit("/", 1)[1]
    admin_url = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            create_database(conn, name)


def load_games(count: int) -> None:
    """Write `count` confirmed games with their seats by COPY, unless the database holds them
    already (the load is not timed)."""
    from django.db import connection, transaction

    from benchmarks.ratings_synthetic import synthetic_games, synthetic_population
    from clubs.models import Club, Player
    from core.bulkload import IndexesDeferred
    from games.models import Game, GameSeat

    if Game.objects.count() == count:
        return
    print(f"loading {count:,} synthetic games …", flush=True)
    started = time.perf_counter()
    population = synthetic_population(2_000, seed=1)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_game CASCADE")
        club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
        existing = set(Player.objects.values_list("id", flat=True))
        Player.objects.bulk_create(
            [Player(id=i, nickname=f"bench-{i}") for i in range(1, len(population) + 1) if i not in existing],
            batch_size=2000,
        )
        cursor.execute("SELECT setval(pg_get_serial_sequence('clubs_player', 'id'), (SELECT MAX(id) FROM clubs_player))")
        raw = cursor.cursor
        red_roles = ("civilian",) * 6 + ("sheriff",)
        black_roles = ("don", "mafia", "mafia")
        games = synthetic_games(count, seed=1, population=population)
        # Generated data, consistent by construction: no foreign-key triggers to run per row.
        cursor.execute("SET LOCAL session_replication_role = replica")
        with IndexesDeferred(GameSeat, sort_memory="256MB"):
            while chunk := list(itertools.islice(games, 50_000)):  # a COPY of games, then of their seats
                game_lines, seat_lines = [], []
                for game in chunk:
                    i = game.game_id
                    played = datetime.fromtimestamp(game.order_key[0], tz=UTC).isoformat()
                    status = "confirmed" if game.winner else "finished"
                    game_lines.append(f"{i}\t{club.id}\t1\t{i}\tbench-{i}\tpro-mafia-1.1\t{status}\t{{}}\t1\t"
                                      f"{game.winner or ''}\t\tt\t{played}\t{played}\t{played}\t{{}}\n")
                    seats = zip(game.red + game.black, red_roles + black_roles, strict=True)
                    seat_lines.extend(f"{i}\t{seat}\t{player}\t{role}\n"
                                      for seat, (player, role) in enumerate(seats, 1))
                with raw.copy(
                    "COPY games_game (id, club_id, table_number, number, judge_token, ruleset, status, protocol, "
                    "protocol_version, winner, \"end\", results_published, played_at, created_at, "
                    "judge_link_issued_at, host_state) FROM STDIN"
                ) as copy:
                    copy.write("".join(game_lines))
                with raw.copy("COPY games_gameseat (game_id, seat, player_id, role) FROM STDIN") as copy:
                    copy.write("".join(seat_lines))
        cursor.execute("SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s)", [count])
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game; ANALYZE games_gameseat")
    print(f"loaded in {time.perf_counter() - started:.0f} s", flush=True)


def backend_cpu_seconds() -> float | None:
    """CPU time of this connection's PostgreSQL server process so far (None on another machine)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


HISTORY_CHECKSUM = """
SELECT count(*), md5(string_agg(md5(concat_ws(',', player_id, game_id, rated_at, track, won, expected, before, after,
    delta, overall_before, overall_after, red_rating, black_rating, red_games, black_games)), ''
    ORDER BY game_id, player_id)) FROM scoring_ratingentry
"""  # the md5 of the rows' md5s: ten million rows' text would pass PostgreSQL's 1 GB for a string
RATINGS_CHECKSUM = """
SELECT md5(string_agg(concat_ws(',', player_id, overall, red, black, red_games, black_games, games, last_played_at),
    ';' ORDER BY player_id)) FROM scoring_playerrating
"""


def checksums() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(HISTORY_CHECKSUM)
        rows, history = cursor.fetchone()
        cursor.execute(RATINGS_CHECKSUM)
        ratings = cursor.fetchone()[0]
    return f"{rows:,} history rows md5 {history}, current ratings md5 {ratings}"


def target_seconds(games: int) -> float:
    size, seconds = TARGETS[0] if games <= TARGETS[0][0] else TARGETS[1]
    return seconds * games / size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--checksum", action="store_true", help="print an md5 of the rebuilt rows")
    args = parser.parse_args()

    os.environ["DATABASE_URL"] = DATABASE_URL
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ.pop("REDIS_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    load_games(args.games)
    calibration_us = calibration()
    server_started = backend_cpu_seconds()
    started = time.perf_counter()
    cpu_started = time.process_time()
    call_command("rebuild_ratings", quiet=True)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    server_ended = backend_cpu_seconds()
    server = "?" if server_started is None or server_ended is None else f"{server_ended - server_started:.1f}"
    target = target_seconds(args.games)
    per_game_us = elapsed / args.games * 1e6
    load = os.getloadavg()[0]
    print(f"calibration: sum(range(1000)) {calibration_us:.1f} µs; load average {load:.1f}")
    print(f"rebuild_ratings over {args.games:,} games: {elapsed:.1f} s wall, {cpu:.1f} s CPU in this process, "
          f"{server} s CPU in its database server process")
    print(f"  per game {per_game_us:.1f} µs wall = {per_game_us / calibration_us:.2f}× the calibration "
          f"(target {target:.1f} s: {target / args.games * 1e6:.0f} µs a game, "
          f"{target / args.games * 1e6 / ISSUE_CALIBRATION_US:.2f}× the issue's {ISSUE_CALIBRATION_US} µs) "
          f"-> {'OK' if elapsed < target else 'TOO SLOW'}")
    print("  targets: " + ", ".join(f"{games:,} games < {seconds:.0f} s" for games, seconds in TARGETS))
    if args.checksum:
        print("checksum: " + checksums())


if __name__ == "__main__":
    main()
