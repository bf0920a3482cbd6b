"""`manage.py rebuild_ratings` over 100,000 synthetic confirmed games in PostgreSQL.

Target: under 60 s. Loads the games once into a separate database (mafia_bench by default;
set BENCH_DATABASE_URL to change it), then times the full rebuild through the management
command, as an organizer would run it.

    .venv/bin/python benchmarks/rebuild_ratings.py [--games 100000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
    """Write `count` confirmed games with their seats, unless the database holds them already."""
    from django.db import connection

    from benchmarks.ratings_synthetic import synthetic_games, synthetic_population
    from clubs.models import Club, Player
    from games.models import Game

    if Game.objects.count() == count:
        return
    print(f"loading {count:,} synthetic games …", flush=True)
    Game.objects.all().delete()
    population = synthetic_population(2_000, seed=1)
    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    existing = set(Player.objects.values_list("id", flat=True))
    Player.objects.bulk_create(
        [Player(id=i, nickname=f"bench-{i}") for i in range(1, len(population) + 1) if i not in existing],
        batch_size=2000,
    )
    with connection.cursor() as cursor:
        cursor.execute("SELECT setval(pg_get_serial_sequence('clubs_player', 'id'), (SELECT MAX(id) FROM clubs_player))")
        raw = cursor.cursor
        games = list(synthetic_games(count, seed=1, population=population))
        with raw.copy(
            "COPY games_game (id, club_id, table_number, number, judge_token, ruleset, status, protocol, "
            "protocol_version, winner, \"end\", results_published, played_at, created_at, judge_link_issued_at, host_state) "
            "FROM STDIN"
        ) as copy:
            for i, game in enumerate(games, start=1):
                played = datetime.fromtimestamp(game.order_key[0], tz=UTC)
                copy.write_row((i, club.id, 1, i, f"bench-{i}", "pro-mafia-1.1", "confirmed" if game.winner else "finished",
                                "{}", 1, game.winner or "", "", True, played, played, played, "{}"))
        roles = ("civilian", "civilian", "civilian", "civilian", "civilian", "civilian", "sheriff")
        with raw.copy("COPY games_gameseat (game_id, seat, player_id, role) FROM STDIN") as copy:
            for i, game in enumerate(games, start=1):
                seat = 1
                for player, role in zip(game.red, roles, strict=True):
                    copy.write_row((i, seat, player, role))
                    seat += 1
                for player, role in zip(game.black, ("don", "mafia", "mafia"), strict=True):
                    copy.write_row((i, seat, player, role))
                    seat += 1
        cursor.execute("SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s)", [count])
        cursor.execute("ANALYZE games_game; ANALYZE games_gameseat")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
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
    started = time.perf_counter()
    cpu_started = time.process_time()
    call_command("rebuild_ratings", quiet=True)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    print(f"rebuild_ratings over {args.games:,} games: {elapsed:.1f} s wall, {cpu:.1f} s CPU in this process "
          f"(target < 60 s) -> {'OK' if elapsed < 60 else 'TOO SLOW'}")


if __name__ == "__main__":
    main()
