"""`manage.py rebuild_player_records` at the issue's scale (issue 29, "Numbers": a federation of
1,000,000 published games and 20,000 players, a full rebuild of all statistics < 2 minutes).

    .venv/bin/python benchmarks/rebuild_records.py --games 100000            # load once, then time
    .venv/bin/python benchmarks/rebuild_records.py --games 100000 --processes 1 --rescore

Loads ``--games`` confirmed, published games once into its own PostgreSQL database
(``mafia_records_rebuild_bench``; BENCH_DATABASE_URL changes it, its name must contain ``bench``),
by COPY: ``--players`` players, three clubs, a game in five of a tournament, a game in ten by the
fiim-2025 rules, the rest the engine's simulated Pro Mafia protocols (a pool of distinct ones,
each seated with other players), every game's seats and its stored scores as the pipeline stores
them (``scoring.services.seat_score_values``). A later run with the same ``--games`` and
``--players`` reuses the loaded games. A federation in service has every counting game's facts
kept (records.KeptSeatFacts, written by the pipeline with the game's rows): when they are missing,
a first rebuild, which replays every game and keeps their facts, writes them (and its time is
printed: the replaying rebuild's). Then it times the rebuild through the management command,
as an organizer runs it, and prints games/s, the load average and the time 1,000,000 games
would take at that rate, with the CPU time the rebuild took: this process (reading and writing),
its worker processes (the replay, the scoring and the facts) and its PostgreSQL backend (the
queries and the COPY), so a figure taken on a busy machine can be read too. ``--priority N`` runs
it and its backend N nice steps ahead of the rest of a shared machine (root;
benchmarks/priority.py). ``--processes``, ``--rescore`` and ``--online`` are the command's options.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mafia_records_rebuild_bench")
TARGET_S, FEDERATION_GAMES = 120, 1_000_000
DISTINCT_PROTOCOLS = 400  # simulated Pro Mafia games, each reused with other players at the table


def ensure_database() -> None:
    import psycopg

    from benchmarks._server_env import create_database, kept_database, loopback

    loopback(DATABASE_URL)
    pg, name = DATABASE_URL.rsplit("/", 1)
    if kept_database(pg, name) is None:
        with psycopg.connect(f"{pg}/postgres", autocommit=True) as conn:
            create_database(conn, name)


def templates(distinct: int) -> list[tuple[dict, str, list[tuple[str, bool, str, list]]]]:
    """The protocols the games are made of, each with its seats' stored score fields (role, won,
    total, items) as ``seat_score_values`` gives them (they do not depend on who sits where)."""
    from games.engine import ProtocolError, replay
    from games.engine.examples import full_fiim_game
    from games.engine.simulate import random_game
    from scoring.engine import score

    documents, seed = [full_fiim_game().build()], 1
    while len(documents) <= distinct:
        document = random_game(seed, city_skill=0.6, fouls_per_phase=seed % 3 // 2, will_skill=0.5)
        seed += 1
        try:
            if replay(document).finished:
                documents.append(document)
        except ProtocolError:
            continue
    made = []
    for document in documents:
        record = replay(document)
        result = score(record).to_dict()
        made.append((document, record.winner or "", [
            (player["role"], result["winner"] is not None and record.team(player["seat"]) == result["winner"],
             str(player["total"]), player["items"])
            for player in result["players"]
        ]))
    return made


def load_games(count: int, players: int) -> None:
    """Write ``count`` counting games (seats, stored scores), unless the database holds them already."""
    from django.db import connection

    from clubs.models import Club, Player
    from games.models import Game
    from scoring.engine import RULES_EDITION
    from tournaments.models import Tournament

    if Game.objects.count() == count and Player.objects.count() == players:
        return
    print(f"loading {count:,} games with {players:,} players …", flush=True)
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_game, games_gameseat, scoring_seatscore, records_seatrecord, "
                       "tournaments_tournament, clubs_player, clubs_club CASCADE")
    clubs = [Club.objects.create(name=f"Bench club {n}", slug=f"bench-club-{n}") for n in range(3)]
    Player.objects.bulk_create((Player(nickname=f"Bench {n:05d}") for n in range(players)), batch_size=5000)
    people = list(Player.objects.order_by("pk").values_list("pk", "nickname"))
    first_day = datetime(2024, 1, 1, tzinfo=UTC)
    tournaments = [Tournament.objects.create(
        club=clubs[n % 3], name=f"Bench Cup {n}", slug=f"bench-cup-{n}", starts_on=(first_day + timedelta(days=n)).date(),
        ends_on=(first_day + timedelta(days=n + 1)).date(), status=Tournament.Status.FINISHED, publish_results=True)
        for n in range(50)]
    distinct = min(DISTINCT_PROTOCOLS, count)
    made = templates(distinct)
    rng = random.Random(29)
    step = timedelta(days=730) / count
    with connection.cursor() as cursor:
        raw = cursor.cursor
        first_id = 1
        for start in range(0, count, 50_000):
            chosen = []
            with raw.copy(
                "COPY games_game (id, club_id, tournament_id, table_number, number, judge_token, ruleset, status, "
                "protocol, protocol_version, winner, \"end\", results_published, played_at, confirmed_at, "
                "created_at, judge_link_issued_at, host_state) FROM STDIN"
            ) as copy:
                for n in range(start, min(start + 50_000, count)):
                    document, winner, scores = made[0] if n % 10 == 9 else made[1 + n % distinct]
                    at_table = rng.sample(people, 10)
                    document = {**document, "seats": [
                        {**seat, "player": nickname, "player_id": pk}
                        for seat, (pk, nickname) in zip(document["seats"], at_table, strict=True)]}
                    played = first_day + step * n
                    tournament = tournaments[n % 50] if n % 5 == 0 else None
                    club = tournament.club_id if tournament else clubs[n % 3].pk
                    copy.write_row((first_id + n, club, tournament and tournament.pk, 1, n + 1, f"bench-{n}",
                                    document["ruleset"], "confirmed", json.dumps(document), 1,
                                    winner, "", True, played, played, played, played, "{}"))
                    chosen.append((first_id + n, at_table, document, scores))
            with raw.copy("COPY games_gameseat (game_id, seat, player_id, role) FROM STDIN") as copy:
                for game_id, at_table, document, _scores in chosen:
                    for seat, (pk, _nickname) in zip(document["seats"], at_table, strict=True):
                        copy.write_row((game_id, seat["seat"], pk, seat["role"]))
            with raw.copy("COPY scoring_seatscore (game_id, seat, player_id, role, won, total, items, "
                          "protocol_version, rules_edition, computed_at) FROM STDIN") as copy:
                for game_id, at_table, _document, scores in chosen:
                    for seat, ((pk, _nickname), (role, won, total, items)) in enumerate(
                            zip(at_table, scores, strict=True), start=1):
                        copy.write_row((game_id, seat, pk, role, won, total, json.dumps(items), 1, RULES_EDITION,
                                        first_day))
            print(f"  {min(start + 50_000, count):,} games  {time.perf_counter() - started:.0f} s", flush=True)
        cursor.execute("SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s)", [count])
        cursor.execute("ANALYZE")
    print(f"loaded in {time.perf_counter() - started:.0f} s", flush=True)


def keep_facts(games: int) -> None:
    """The games' facts kept, as the pipeline keeps them, by a rebuild that replays the games
    without kept facts (timed: what a rebuild costs when every game is replayed)."""
    from django.core.management import call_command

    from records.models import KeptSeatFacts

    if KeptSeatFacts.objects.count() >= 10 * games:
        return
    print("keeping the games' facts (a first rebuild, replaying the games without kept facts) …", flush=True)
    started = time.perf_counter()
    call_command("rebuild_player_records", quiet=True)
    elapsed = time.perf_counter() - started
    print(f"  the replaying rebuild: {elapsed:.1f} s, {games / elapsed:,.0f} games/s", flush=True)


class StatementTimes:
    """The rebuild's statements' wall times (a Django execute wrapper): where the time goes."""

    def __init__(self):
        self.times: list[tuple[float, str]] = []

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.times.append((time.perf_counter() - started, " ".join(sql.split())))

    def report(self, elapsed: float) -> None:
        spent = sum(seconds for seconds, _sql in self.times)
        print(f"statements: {len(self.times)}, {spent:.1f} s of the {elapsed:.1f} s; those of 0.5 s or more:")
        for seconds, sql in self.times:
            if seconds >= 0.5:
                print(f"  {seconds:6.1f} s  {sql[:110]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--processes", type=int, default=None, help="the command's --processes (default: its own)")
    parser.add_argument("--rescore", action="store_true", help="the command's --rescore")
    parser.add_argument("--online", action="store_true", help="the command's --online")
    parser.add_argument("--priority", type=int, default=0, help="nice steps ahead of the rest of the machine (root)")
    args = parser.parse_args()
    args.games, args.players = max(1, args.games), max(10, args.players)

    os.environ["DATABASE_URL"] = DATABASE_URL
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ.pop("REDIS_URL", None)
    os.environ.pop("DEBUG", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    from benchmarks.api_load import cpu_seconds
    from benchmarks.leaderboards_load import calibration
    from benchmarks.priority import BackendPriority, raise_priority

    nice = raise_priority(args.priority)
    ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    load_games(args.games, args.players)
    if not args.rescore:
        keep_facts(args.games)
    options = {"quiet": True, "rescore": args.rescore, "online": args.online}
    if args.processes is not None:
        options["processes"] = args.processes
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    priority = BackendPriority(DATABASE_URL)
    if args.priority:
        priority.start()
    load_before = os.getloadavg()
    cpu_before = (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN),
                  cpu_seconds([backend]))
    statements = StatementTimes()
    started = time.perf_counter()
    with connection.execute_wrapper(statements):
        call_command("rebuild_player_records", **options)
    elapsed = time.perf_counter() - started
    cpu_after = (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN),
                 cpu_seconds([backend]))
    if args.priority:
        priority.stop()
    main_cpu, workers_cpu = ((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
                             for before, after in zip(cpu_before[:2], cpu_after[:2], strict=True))
    backend_cpu = cpu_after[2] - cpu_before[2]
    total_cpu = main_cpu + workers_cpu + backend_cpu
    rate = args.games / elapsed
    federation = FEDERATION_GAMES / rate
    print(f"calibration: sum(range(1000)) {calibration():.1f} µs")
    print(f"rebuild_player_records over {args.games:,} games: {elapsed:.1f} s "
          f"({'replaying every game' if args.rescore else 'from the kept facts'}), {rate:,.0f} games/s; at that rate 1,000,000 games take {federation:.0f} s = "
          f"{federation / 60:.1f} min, ratio to the target {federation / TARGET_S:.2f} (target < {TARGET_S} s) -> "
          f"{'OK' if federation < TARGET_S else 'TOO SLOW'}")
    print(f"CPU: this process {main_cpu:.1f} s, its workers {workers_cpu:.1f} s, its PostgreSQL backend "
          f"{backend_cpu:.1f} s; {total_cpu / args.games * 1e6:.0f} µs a game in all, so on {os.cpu_count()} CPUs of "
          f"its own at least {total_cpu / args.games * FEDERATION_GAMES / os.cpu_count() / 60:.1f} min "
          f"for 1,000,000 games")
    statements.report(elapsed)
    print(f"load average before/after: {' '.join(f'{x:.1f}' for x in load_before)} / "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs, nice {nice}")


if __name__ == "__main__":
    main()
