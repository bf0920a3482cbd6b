"""A player's record under load (issue 29, "Numbers"): the record page of a player with 2,000
games, a publish reaching the player's statistics, and the store's rebuild.

    .venv/bin/python benchmarks/records_load.py --priority 10            # 2,000 games, 20 clients
    .venv/bin/python benchmarks/records_load.py --think-ms 1000 --rebuild --priority 10

Targets (issue 29): the record page with any filter p95 < 50 ms at 20 concurrent clients; a
publish → the player's statistics current < 1 s (p95); a full rebuild of 1,000,000 games < 2 min.

Loopback only, bounded in count and time, and it stops by itself:

1. (Re)creates its own PostgreSQL database (``mafia_records_bench``; the name must contain
   ``bench``) and flushes its own Redis database (``--redis``). Writes ``--games`` published,
   confirmed games of one player (``Bench focal``) with ``--others`` other players at the tables:
   three clubs, a few tournaments, two years of dates, a game in ten by the fiim-2025 rules; the
   protocols are the engine's simulated games (games/engine/simulate.py), written in bulk. The
   store (``records.SeatRecord``) is then filled by the rebuild service
   (``records.rebuild.player_records_rebuild``, what ``manage.py rebuild_player_records`` runs),
   so its rows are those the pipeline would write.
2. Starts gunicorn as docs/deployment.md runs it (sync, ``--workers`` processes) and one Celery
   worker (``--concurrency 1``), DEBUG off. Checks every filter once (a 200 without a form
   error), then ``--clients`` threads, each with a keep-alive connection, ask for the record page
   ``/players/<pk>/record/`` for ``--seconds``, rotating over the filter combinations below (none,
   periods, club, tournament, rules, team, role, seat, "at the same table as" on either team,
   combinations, a later page, the htmx results partial), pausing ``--think-ms`` between two
   requests (0: each client asks again as soon as it is answered). Prints the round trip's
   p50/p95/max and requests/s, overall and per filter, the WSGI time gunicorn logged, the server's
   CPU per request (gunicorn and the PostgreSQL backends), and the target.
3. Publishes ``--publishes`` games of the player, one at a time with the pipeline idle before
   each, and waits for the player's rows of it in the store (what the record page reads):
   *publish*: an organizer's "publish results" of a confirmed club game (one ``player_records``
   job); *confirm*: the organizer confirms a game of a tournament whose results are public (its
   scores, then the rows; and the tournament's standings, which also bring its series up to date).
   Prints p50/p95/max of each and the target.
4. With ``--rebuild``: times ``manage.py rebuild_player_records`` over the store and prints
   games/s and the time it would take for 1,000,000 games at that rate (at 2,000 games the
   command rebuilds in one process; ``benchmarks/rebuild_records.py`` measures it at scale).
"""

from __future__ import annotations

import argparse
import http.client
import io
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._server_env import free_port, kept_database, loopback, recreate_database  # noqa: E402  (after the path is set)
from benchmarks.api_load import (  # noqa: E402
    cpu_seconds,
    server_environment,
    server_pids,
    start_worker,
    stop_server,
)
from benchmarks.entry_load import VENV_BIN, percentile, start_server, summary  # noqa: E402
from benchmarks.priority import BackendPriority, raise_priority  # noqa: E402

FOCAL = "Bench focal"
PAGE_TARGET_MS = 50
PUBLISH_TARGET_S = 1.0
REBUILD_TARGET_S, FEDERATION_GAMES = 120, 1_000_000
ERROR_BOX = b'class="message error"'  # the page's box of bad filter values (templates/records/player_record.html)


def add_server_options(parser, *, port: int, database: str, redis: str, runs: str) -> None:
    """The options of a benchmark that serves the site with gunicorn on its own database and Redis."""
    parser.add_argument("--worker-class", default="sync", choices=("sync", "gthread"))
    parser.add_argument("--workers", type=int, default=4, help="gunicorn processes (docs/deployment.md: 4 for 2 cores)")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn process (gthread)")
    parser.add_argument("--port", type=int, default=port, help="0: a free port")
    parser.add_argument("--priority", type=int, default=0,
                        help=f"run {runs} this many nice steps ahead of the rest of a shared machine "
                             "(root; benchmarks/priority.py)")
    parser.add_argument("--database", default=database)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default=redis, help="flushed at the start")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="the player's published games")
    parser.add_argument("--others", type=int, default=300, help="the other players met at those tables")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients (at most 200)")
    parser.add_argument("--seconds", type=float, default=20.0, help="the page load's length (at most 300)")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="pause between one client's requests (0: ask again as soon as answered)")
    parser.add_argument("--publishes", type=int, default=20, help="games published, of each kind (at most 200)")
    parser.add_argument("--rebuild", action="store_true", help="also time manage.py rebuild_player_records")
    add_server_options(parser, port=8779, database="mafia_records_bench", redis="redis://127.0.0.1:6379/10",
                       runs="the server, the worker, the clients and the PostgreSQL backends")
    args = parser.parse_args()
    args.games = max(10, args.games)
    args.others = max(12, args.others)
    args.clients = max(1, min(args.clients, 200))
    args.seconds = max(0.5, min(args.seconds, 300.0))
    args.publishes = max(1, min(args.publishes, 200))
    args.port = args.port or free_port()
    loopback(args.pg)
    loopback(args.redis)
    return args


# --- 1. the player's games ------------------------------------------------------------------------


def finished_protocols(count: int, seed: int) -> list[dict]:
    """``count`` simulated Pro Mafia protocols that the engine replays to their end."""
    from games.engine import ProtocolError, replay
    from games.engine.simulate import random_game

    documents, attempt = [], seed
    while len(documents) < count:
        document = random_game(attempt, city_skill=0.6)
        attempt += 1
        try:
            if replay(document).finished:
                documents.append(document)
        except ProtocolError:
            continue
    return documents


def seated(document: dict, players: list) -> dict:
    """The protocol with ``players`` (one per seat, in seat order) in its seats."""
    seats = [{**seat, "player": player.nickname, "player_id": player.pk}
             for seat, player in zip(document["seats"], players, strict=True)]
    return {**document, "seats": seats}


def build_history(args) -> dict:
    """The player's ``--games`` published games and the store's rows of them (by the rebuild
    service). Returns what the filters and the publishes need."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from clubs.models import Club, ClubMembership, Player
    from games.engine import replay
    from games.engine.examples import full_fiim_game
    from games.models import Game, GameSeat
    from records.rebuild import player_records_rebuild
    from tournaments.models import Tournament

    rng = random.Random(29)
    User = get_user_model()
    organizer_user = User.objects.create_user("bench-organizer")
    judge_user = User.objects.create_user("bench-judge")
    clubs = [Club.objects.create(name=f"Bench club {n}", slug=f"bench-club-{n}") for n in range(1, 4)]
    focal = Player.objects.create(nickname=FOCAL)
    judge = Player.objects.create(nickname="Bench judge", user=judge_user)
    organizer = Player.objects.create(nickname="Bench organizer", user=organizer_user)
    for club in clubs:
        ClubMembership.objects.create(club=club, player=judge, role=ClubMembership.Role.JUDGE)
        ClubMembership.objects.create(club=club, player=organizer, role=ClubMembership.Role.ORGANIZER)
    others = Player.objects.bulk_create(Player(nickname=f"Bench {n:04d}") for n in range(args.others))
    now = timezone.now()
    first_day = (now - timedelta(days=730)).date()
    tournaments = [Tournament.objects.create(
        club=clubs[n % 3], name=f"Bench Cup {n}", slug=f"bench-cup-{n}", starts_on=first_day + timedelta(days=80 * n),
        ends_on=first_day + timedelta(days=80 * n + 1), status=Tournament.Status.FINISHED, publish_results=True)
        for n in range(8)]
    pro_mafia = finished_protocols(min(args.games, 400), seed=1)  # each reused with other players at the table
    fiim = full_fiim_game().build()
    games, tables = [], []
    for n in range(args.games):
        document = fiim if n % 10 == 9 else pro_mafia[n % len(pro_mafia)]
        at_table = rng.sample(others, 9)
        at_table.insert(rng.randrange(10), focal)
        document = seated(document, at_table)
        record = replay(document)
        played = now - timedelta(days=730) * (args.games - n) / args.games
        tournament = tournaments[n % 20] if n % 20 < len(tournaments) else None
        club = tournament.club if tournament else clubs[rng.choice((0, 0, 1, 2))]
        games.append(Game(club=club, tournament=tournament, table_number=1, number=n + 1, judge=judge,
                          ruleset=document["ruleset"], status=Game.Status.CONFIRMED, protocol=document,
                          protocol_version=1, winner=record.winner or "", end=record.end or "",
                          results_published=True, confirmed_at=played, played_at=played))
        tables.append(document["seats"])
    games = Game.objects.bulk_create(games, batch_size=500)
    GameSeat.objects.bulk_create(
        (GameSeat(game=game, seat=seat["seat"], player_id=seat["player_id"], role=seat["role"])
         for game, seats in zip(games, tables, strict=True) for seat in seats), batch_size=5000)
    started = time.perf_counter()
    rebuilt = player_records_rebuild()
    rebuild_s = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # the planner's statistics, as a database in service has them
    return {"focal": focal, "others": others, "clubs": clubs, "tournaments": tournaments,
            "judge": judge, "judge_user": judge_user, "organizer_user": organizer_user,
            "rebuild_s": rebuild_s, "rows": rebuilt.rows}


# --- 2. the record page under load ---------------------------------------------------------------


def record_requests(world: dict) -> list[tuple[str, str, dict]]:
    """The rotation: (name, path with its query, headers), every filter of the page's form."""
    from django.utils import timezone

    from records.selectors import table_mates

    focal, today = world["focal"], timezone.localdate()
    mates = table_mates(focal)
    most, second = mates[0][0], mates[1][0]
    club, tournament = world["clubs"][1].pk, world["tournaments"][2].pk
    year_ago, quarter_ago = (today - timedelta(days=365)).isoformat(), (today - timedelta(days=90)).isoformat()
    filters = [
        ("none", {}),
        ("period: last year", {"since": year_ago, "until": today.isoformat()}),
        ("period: last 90 days", {"since": quarter_ago}),
        ("club", {"club": club}),
        ("tournament", {"tournament": tournament}),
        ("rules: fiim-2025", {"ruleset": "fiim-2025"}),
        ("role: red", {"role": "red"}),
        ("role: Sheriff", {"role": "sheriff"}),
        ("seat 7", {"seat": 7}),
        ("same table as X", {"with_player": most}),
        ("same table, same team", {"with_player": most, "with_team": "same"}),
        ("same table, other team", {"with_player": second, "with_team": "other"}),
        ("club + black + last year", {"club": world["clubs"][0].pk, "role": "black", "since": year_ago}),
        ("Don + seat 3 + with X", {"role": "don", "seat": 3, "with_player": most}),
        ("none, page 20", {"page": 20}),
        ("htmx: red + other team", {"role": "red", "with_player": most, "with_team": "other"}),
    ]
    path = f"/players/{focal.pk}/record/"
    return [(name, f"{path}?{urlencode(query)}" if query else path, {"HX-Request": "true"} if name.startswith("htmx")
             else {}) for name, query in filters]


def check_pages(port: int, requests: list[tuple[str, str, dict]]) -> None:
    """Every filter answers 200 with the player's figures and no bad filter value reported."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for name, path, headers in requests:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200 or ERROR_BOX in body or (not headers and FOCAL.encode() not in body):
            raise SystemExit(f"{name}: {path} answered {response.status}: {body[:300]!r}")
    connection.close()


class Client(threading.Thread):
    """One reader: a keep-alive connection (opened again when a sync worker closes it), the
    rotation from its own starting point."""

    def __init__(self, port: int, requests, start: int, think: float, deadline: float):
        super().__init__(daemon=True)
        self.port, self.requests, self.next, self.think, self.deadline = port, requests, start, think, deadline
        self.timings: list[tuple[str, float]] = []
        self.errors: list[str] = []

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        while time.monotonic() < self.deadline and not self.errors:
            name, path, headers = self.requests[self.next % len(self.requests)]
            self.next += 1
            started = time.perf_counter()
            try:
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                response.read()
            except OSError as error:
                self.errors.append(f"{name}: {error!r}")
                break
            self.timings.append((name, (time.perf_counter() - started) * 1000))
            if response.status != 200:
                self.errors.append(f"{name}: status {response.status}")
            if self.think:
                time.sleep(self.think * random.uniform(0.5, 1.5))
        connection.close()


def logged_ms(access_log: str, prefix: str) -> list[float]:
    """The WSGI times gunicorn logged ('%(m)s %(U)s %(s)s %(D)s') of the GETs under ``prefix``."""
    times = []
    with open(access_log) as log:
        for line in log:
            parts = line.split()
            if len(parts) == 4 and parts[0] == "GET" and parts[1].startswith(prefix):
                times.append(int(parts[3]) / 1000)
    return times


def drive(clients: list[Client], pids, seconds: float) -> tuple[float, list, list, float]:
    """Runs the clients to their deadline: the time it took, every (name, ms) timing, the errors and
    the server's CPU (``pids``) per request in ms."""
    cpu_before = cpu_seconds(pids)
    began = time.monotonic()
    for client in clients:
        client.start()
    for client in clients:
        client.join(seconds + 90)
    elapsed = time.monotonic() - began
    timings = [timing for client in clients for timing in client.timings]
    errors = [error for client in clients for error in client.errors]
    return elapsed, timings, errors, (cpu_seconds(pids) - cpu_before) * 1000 / max(1, len(timings))


def page_load(args, server, database_url: str, requests, access_log: str) -> bool:
    check_pages(args.port, requests)  # also warms every process
    open(access_log, "w").close()
    pids = server_pids(server, database_url)
    deadline = time.monotonic() + args.seconds
    clients = [Client(args.port, requests, n * 5, args.think_ms / 1000, deadline) for n in range(args.clients)]
    elapsed, timings, errors, cpu_ms = drive(clients, pids, args.seconds)
    every = [ms for _, ms in timings]
    p95 = percentile(every, .95)
    print(f"\nthe record page of a player with {args.games:,} games: {args.clients} clients, think time "
          f"{args.think_ms:g} ms, {len(requests)} filter combinations in turn, {elapsed:.1f} s, gunicorn "
          f"{args.worker_class} {args.workers}×{args.threads}")
    print(f"  {len(every)} requests, {len(every) / elapsed:.1f} req/s; server CPU {cpu_ms:.1f} ms/request "
          f"(gunicorn + PostgreSQL: ≤ {(os.cpu_count() or 1) * 1000 / max(cpu_ms, 0.001):.0f} req/s on idle CPUs)")
    print("  " + summary("round trip, every filter", every))
    print("  " + summary("server: WSGI request (gunicorn)", logged_ms(access_log, "/players/")))
    for name, _, _ in requests:
        print("    " + summary(name, [ms for filtered, ms in timings if filtered == name]))
    print(f"  p50 {percentile(every, .5):.1f} ms   p95 {p95:.1f} ms   max {max(every, default=float('nan')):.1f} ms "
          f"  (target p95 < {PAGE_TARGET_MS} ms at 20 clients) -> {'OK' if p95 < PAGE_TARGET_MS else 'TOO SLOW'}")
    for error in errors[:5]:
        print("  error:", error)
    return not errors


# --- 3. publish → the player's statistics ---------------------------------------------------------


def prepare_publishes(args, world: dict) -> tuple[list, list, object]:
    """``--publishes`` confirmed club games with their results hidden (to be published), and as
    many submitted games of a tournament whose results are public (to be confirmed); the
    focal player sits at each. Their recomputes are left to the worker."""
    from clubs.models import Player
    from games.models import Game, GameSeat
    from games.services import game_confirm, game_deal, game_submit, protocol_replace
    from tournaments.models import Application, Round, Tournament

    judge, judge_user, organizer_user = world["judge"], world["judge_user"], world["organizer_user"]
    club, rng = world["clubs"][0], random.Random(31)
    today = time.strftime("%Y-%m-%d")
    cup = Tournament.objects.create(club=club, name="Bench Open", slug="bench-open", starts_on=today, ends_on=today,
                                    tables=1, status=Tournament.Status.RUNNING, publish_results=True,
                                    publish_standings=True)
    Application.objects.bulk_create(Application(tournament=cup, player=player, status="accepted")
                                    for player in [world["focal"], *world["others"]])
    to_publish, to_confirm = [], []
    for n, document in enumerate(finished_protocols(2 * args.publishes, seed=5000)):
        at_table: list[Player] = rng.sample(world["others"], 9)
        at_table.insert(rng.randrange(10), world["focal"])
        players = dict(enumerate(at_table, start=1))
        roles = {seat["seat"]: seat["role"] for seat in document["seats"]}
        if n < args.publishes:
            game = Game.objects.create(club=club, table_number=1, number=n + 1, judge=judge,
                                       ruleset=document["ruleset"])
        else:
            round_ = Round.objects.create(tournament=cup, number=n + 1 - args.publishes)
            game = Game.objects.create(club=club, tournament=cup, round=round_, table_number=1, number=n + 1,
                                       judge=judge, ruleset=document["ruleset"])
            # a tournament table is dealt with its seating, as the seating generator writes it
            GameSeat.objects.bulk_create(GameSeat(game=game, seat=seat, player=player)
                                         for seat, player in players.items())
        game = game_deal(game=game, players=players, roles=roles, expected_version=0, actor=judge_user)
        game = protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                expected_version=game.protocol_version, actor=judge_user)
        game = game_submit(game=game, expected_version=game.protocol_version, actor=judge_user)
        if n < args.publishes:
            to_publish.append(game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_user))
        else:
            to_confirm.append(game)
    return to_publish, to_confirm, cup


def wait_until_idle(seconds: float = 120) -> None:
    """Until the pipeline has no job waiting or running."""
    from core.models import RecomputeJob

    busy = RecomputeJob.objects.exclude(status__in=(RecomputeJob.Status.DONE, RecomputeJob.Status.FAILED))
    deadline = time.monotonic() + seconds
    while busy.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"the pipeline is still busy after {seconds:.0f} s: "
                             f"{list(busy.values_list('kind', 'target_id', 'status')[:10])}")
        time.sleep(0.05)


def wait_for(condition, started: float, what: str, seconds: float = 60) -> float:
    while not condition():
        if time.perf_counter() - started > seconds:
            raise SystemExit(f"{what}: not current after {seconds:.0f} s")
        time.sleep(0.005)
    return time.perf_counter() - started


def publishes(args, world: dict, to_publish: list, to_confirm: list, cup) -> bool:
    from django.db.models import Avg, Count, Max

    from core.models import RecomputeJob
    from games.services import game_confirm, game_publish_results
    from records.models import SeatRecord
    from records.selectors import player_totals
    from tournaments.models import StandingsSnapshot

    focal, organizer_user = world["focal"], world["organizer_user"]
    wait_until_idle()
    counted = SeatRecord.objects.filter(player=focal).count()
    window_start = time.time()
    published, confirmed_rows, confirmed_standings = [], [], []
    for game in to_publish:
        wait_until_idle()
        started = time.perf_counter()
        game_publish_results(game=game, actor=organizer_user, published=True)
        published.append(wait_for(SeatRecord.objects.filter(game=game, player=focal).exists, started,
                                  f"game {game.pk}'s rows"))
    for count, game in enumerate(to_confirm, start=1):
        wait_until_idle()
        started = time.perf_counter()
        game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_user)
        confirmed_rows.append(wait_for(SeatRecord.objects.filter(game=game, player=focal).exists, started,
                                       f"game {game.pk}'s rows"))
        confirmed_standings.append(wait_for(StandingsSnapshot.objects.filter(tournament=cup, games=count).exists,
                                            started, f"the standings of {count} games"))
    wait_until_idle()
    expected = counted + len(to_publish) + len(to_confirm)
    games = player_totals(focal).games
    jobs = (RecomputeJob.objects.filter(finished_at__gte=datetime.fromtimestamp(window_start, tz=UTC))
            .values("kind").annotate(n=Count("pk"), mean=Avg("duration_ms"), longest=Max("duration_ms"))
            .order_by("kind"))
    print(f"\npublish → the player's statistics current, one publish at a time (the pipeline idle before "
          f"each), 1 Celery worker (concurrency 1); the player has {counted:,} games")

    def line(name: str, values: list[float]) -> str:
        p95 = percentile(values, .95)
        return (f"  {name:<44} n={len(values):>3}  p50 {percentile(values, .5) * 1000:6.0f} ms  p95 "
                f"{p95 * 1000:6.0f} ms  max {max(values) * 1000:6.0f} ms  (target p95 < {PUBLISH_TARGET_S * 1000:.0f} "
                f"ms) -> {'OK' if p95 < PUBLISH_TARGET_S else 'TOO SLOW'}")

    print(line("publish results → the player's rows", published))
    print(line("confirm (results public) → the player's rows", confirmed_rows))
    print(line("confirm (results public) → standings", confirmed_standings))
    print("  the pipeline's jobs brought up to date meanwhile (one per kind and target; its last run): " + ", ".join(
        f"{row['n']} {row['kind']} (mean {row['mean'] or 0:.0f} ms, longest {row['longest'] or 0} ms)"
        for row in jobs))
    print(f"  the player's totals count {games:,} games (expected {expected:,})")
    return games == expected


# --- 4. the rebuild -------------------------------------------------------------------------------


def rebuild() -> None:
    from django.core.management import call_command

    from games.models import Game
    from games.visibility import counted_q
    from records.rebuild import PARALLEL_FROM

    games = Game.objects.filter(counted_q()).count()
    started = time.perf_counter()
    call_command("rebuild_player_records", quiet=True, stdout=io.StringIO())
    elapsed = time.perf_counter() - started
    rate = games / elapsed
    federation = FEDERATION_GAMES / rate
    print(f"\nrebuild_player_records over {games:,} games: {elapsed:.2f} s, {rate:.0f} games/s; at that rate "
          f"1,000,000 games take {federation / 60:.1f} min (target < {REBUILD_TARGET_S // 60} min) -> "
          f"{'OK' if federation < REBUILD_TARGET_S else 'TOO SLOW'}")
    if games < PARALLEL_FROM:
        print(f"  (fewer than {PARALLEL_FROM:,} games are rebuilt in one process, without the worker processes; "
              f"benchmarks/rebuild_records.py measures the rebuild at the federation's scale)")


def prepare(args, name: str, *, keep: bool = False) -> tuple[str, dict]:
    """The benchmark's own database (migrated, ``--database``; made anew unless ``keep`` and it
    exists) and Redis database (flushed, ``--redis``), the static files collected, Django set up in
    this process with the server's environment (its cache keys prefixed ``bench-<name>``); the
    database's URL and the environment."""
    database_url = kept_database(args.pg, args.database) if keep else None
    database_url = database_url or recreate_database(args.pg, args.database)
    env = {**server_environment(database_url, args.redis), "CACHE_KEY_PREFIX": f"bench-{name}",
           "SECRET_KEY": f"{name}-benchmark-only-secret-key"}
    os.environ.update(env)
    import redis

    redis.Redis.from_url(args.redis).flushdb()
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):  # production-like: manifest storage
        subprocess.run([str(VENV_BIN / "python"), "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    return database_url, env


def main() -> int:
    args = parse_args()
    nice = raise_priority(args.priority)
    load_before = os.getloadavg()
    database_url, env = prepare(args, "records")
    started = time.perf_counter()
    world = build_history(args)
    print(f"setup: {args.games:,} published games of one player with {args.others} others at the tables, "
          f"{world['rows']:,} rows in the store in {time.perf_counter() - started:.1f} s (the rebuild service "
          f"{world['rebuild_s']:.1f} s)", flush=True)
    to_publish, to_confirm, cup = prepare_publishes(args, world)
    requests = record_requests(world)
    from django.db import connections

    connections.close_all()
    handle, access_log = tempfile.mkstemp(prefix="records-bench-", suffix=".log")
    os.close(handle)
    worker = start_worker(env)
    server = start_server(args, env, access_log)
    backends = BackendPriority(database_url)
    if args.priority:
        backends.start()
    try:
        from config.celery import app

        deadline = time.monotonic() + 90
        while not app.control.ping(timeout=0.5):
            if time.monotonic() > deadline or worker.poll() is not None:
                raise SystemExit("the Celery worker did not start")
        wait_until_idle()  # the prepared games' scores
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs, nice {nice}", flush=True)
        ok = page_load(args, server, database_url, requests, access_log)
        ok = publishes(args, world, to_publish, to_confirm, cup) and ok
    finally:
        stop_server(server)
        stop_server(worker)
        if backends.is_alive():
            backends.stop()
        os.unlink(access_log)
    if args.rebuild:
        rebuild()
    print(f"\nload average before/after: {' '.join(f'{x:.1f}' for x in load_before)} / "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
