"""The leaderboards page under load (issue 29, "Numbers": leaderboard pages ≥ 500 requests/s for a
federation of 1,000,000 published games and 20,000 players).

    .venv/bin/python benchmarks/leaderboards_load.py --priority 10                  # 300,000 rows, 20 clients
    .venv/bin/python benchmarks/leaderboards_load.py --rows 10000000 --players 20000 --priority 10
    .venv/bin/python benchmarks/leaderboards_load.py --signed-in 20 --priority 10   # every client signed in

Loopback only, bounded in count and time, and it stops by itself:

1. (Re)creates its own PostgreSQL database (``mafia_leaderboards_bench``; the name must contain
   ``bench``) and flushes its own Redis database (``--redis``). Writes ``--players`` players,
   ``--clubs`` clubs and ``--rows`` rows of the store (``records.SeatRecord``: ten seats a game,
   two years of dates, random results, points, guesses and fouls) straight into the table with
   ``COPY``: the store holds the published games only, and the leaderboards read nothing else, so
   the games' own rows are not needed to measure them. Then the players' totals, summed as the
   store's rebuild sums them (records.totals), and ``ANALYZE``. ``--reuse`` keeps the database
   when it holds this very store already (an earlier run's, the same ``--rows``, ``--players`` and
   ``--clubs``): its "now" is then its newest game's.
2. Starts gunicorn as docs/deployment.md runs it (sync, ``--workers`` processes), DEBUG off. Checks
   every request of the rotation once (a 200 with a table and without a form error), then
   ``--clients`` threads, each with a keep-alive connection, ask for ``/players/leaderboards/``
   for ``--seconds``, rotating over the statistics, all clubs or one, periods, minimums of games,
   the htmx partial and both languages. ``--signed-in`` of the clients carry a signed-in user's
   session (the page is then rendered for them by Django). Prints the round trip's p50/p95/max,
   requests/s and the server's CPU per request (gunicorn and PostgreSQL), per kind of request,
   the machine's calibration loop and the ratio of requests/s to the target.
3. Changes the store (``--changes`` times: a new player's games that head the all-time points,
   then gone again, each with ``records.generation.store_changed`` as the store's writes call it)
   and asks every worker for the page until each answers the new table: prints the time until
   the first answer that shows it, and checks that no answer after a change shows the old one.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._server_env import free_port, loopback  # noqa: E402  (after the path is set)
from benchmarks.api_load import server_pids, stop_server  # noqa: E402
from benchmarks.entry_load import percentile, start_server, summary  # noqa: E402
from benchmarks.priority import BackendPriority, raise_priority  # noqa: E402
from benchmarks.records_load import ERROR_BOX, Client, add_server_options, drive, logged_ms, prepare  # noqa: E402
from vocabulary import CLASSIC_DEAL, PRO_MAFIA, RED, deal_cards, team_of  # noqa: E402

TARGET_RPS = 500
PATH = "/players/leaderboards/"
NEWCOMER = "Bench newcomer"
ROW = b"leaderboard"  # the table's class (templates/records/_leaderboard.html)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=300_000, help="rows of the store (ten per game)")
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients (at most 200)")
    parser.add_argument("--signed-in", type=int, default=0, help="of the clients, how many are signed in")
    parser.add_argument("--seconds", type=float, default=20.0, help="the load's length (at most 300)")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="pause between one client's requests (0: ask again as soon as answered)")
    parser.add_argument("--changes", type=int, default=4, help="changes of the store after the load (at most 50)")
    parser.add_argument("--reuse", action="store_true",
                        help="keep the database when it holds this very store (the same rows, players and clubs, "
                             "written by an earlier run): ten million rows take minutes to write")
    add_server_options(parser, port=8781, database="mafia_leaderboards_bench", redis="redis://127.0.0.1:6379/11",
                       runs="the server, the clients and the PostgreSQL backends")
    args = parser.parse_args()
    args.players = max(20, args.players)
    args.clubs = max(2, args.clubs)
    args.rows = max(100, args.rows // 10 * 10)
    args.clients = max(1, min(args.clients, 200))
    args.signed_in = max(0, min(args.signed_in, args.clients))
    args.seconds = max(0.5, min(args.seconds, 300.0))
    args.changes = max(1, min(args.changes, 50))
    args.port = args.port or free_port()
    loopback(args.pg)
    loopback(args.redis)
    return args


# --- 1. the store ----------------------------------------------------------------------------------


def fill_store(args) -> dict:
    """Players, clubs and ``--rows`` rows of the store, ten seats a game, in one COPY."""
    from django.db import connection, transaction
    from django.utils import timezone

    from clubs.models import Club, Player
    from records.models import SeatRecord
    from records.totals import totals_rebuild

    rng = random.Random(29)
    clubs = [Club.objects.create(name=f"Bench club {n:02d}", slug=f"bench-club-{n:02d}") for n in range(args.clubs)]
    players = Player.objects.bulk_create((Player(nickname=f"Bench {n:05d}") for n in range(args.players)),
                                         batch_size=5000)
    fields = [field for field in SeatRecord._meta.concrete_fields if not field.primary_key]
    columns = [field.column for field in fields]
    quoted = ", ".join(connection.ops.quote_name(column) for column in columns)  # "left" is a keyword
    defaults = {field.column: field.get_default() for field in fields}
    defaults["rule_points"] = "[]"
    now = timezone.now()
    games = args.rows // 10
    roles = deal_cards(CLASSIC_DEAL)
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {SeatRecord._meta.db_table} ({quoted}) FROM STDIN") as copy:
        for game in range(games):
            played = now - timedelta(days=730) * (games - game) / games
            club = clubs[min(int(rng.paretovariate(1.2)) - 1, len(clubs) - 1)].pk  # a few clubs play most
            red_won = None if rng.random() < 0.03 else rng.random() < 0.55
            at_table = rng.sample(players, 10)
            for seat, (player, role) in enumerate(zip(at_table, roles, strict=True), start=1):
                team = team_of(role)
                won = None if red_won is None else red_won == (team == RED)
                row = {**defaults, "game_id": game + 1, "player_id": player.pk, "seat": seat, "role": role,
                       "team": team, "played_at": played, "club_id": club, "tournament_id": None,
                       "evening_id": None, "ruleset": PRO_MAFIA, "won": won,
                       "points_milli": (1000 if won else 0) + rng.choice((0, 0, 0, 100, 200, 300, 400, 500)),
                       "shot_first_night": seat == 1 and rng.random() < 0.7, "guessed_three": rng.random() < 0.01,
                       "guessed_two": rng.random() < 0.03, "fouls_ordinary": rng.choice((0, 0, 0, 1, 1, 2, 3)),
                       "fouls_technical": int(rng.random() < 0.02)}
                copy.write_row([row[column] for column in columns])
    started = time.perf_counter()
    with transaction.atomic():
        totals_rebuild()  # the players' totals, as the store's rebuild sums them
    print(f"the players' totals summed in {time.perf_counter() - started:.1f} s", flush=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # the planner's statistics, as a database in service has them
    return {"clubs": clubs, "players": players, "now": now}


def signed_in_cookie() -> str:
    """A signed-in user's session cookie (a player of the store, no home club: the site's time zone)."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from clubs.models import Player

    user = get_user_model().objects.create_user("bench-reader", password="bench-reader-password")
    Player.objects.filter(nickname="Bench 00000").update(user=user)
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
                    HASH_SESSION_KEY: user.get_session_auth_hash()})
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


# --- 2. the page under load ------------------------------------------------------------------------


def rotation(world: dict) -> list[tuple[str, str, dict]]:
    """(name, path with its query, headers): statistics, clubs, periods, minimums, htmx, languages."""
    from records.leaderboards import STATISTICS

    today = world["now"].date()
    clubs = world["clubs"]
    periods = [{}, {"since": (today - timedelta(days=90)).isoformat()},
               {"since": (today - timedelta(days=365)).isoformat(), "until": today.isoformat()}]
    requests = []
    for n, statistic in enumerate(STATISTICS):
        for scope in range(3):  # all clubs; the biggest club; a small one
            query = {"statistic": statistic} if n else {}
            if scope:
                query["club"] = clubs[0 if scope == 1 else 1 + n % (len(clubs) - 1)].slug
            query.update(periods[(n + scope) % 3])
            if (n + scope) % 4 == 3:
                query["min_games"] = 20
            htmx = (n + scope) % 5 == 4
            language = "ru" if (n + scope) % 2 else "en"
            name = (f"{statistic}, {'all clubs' if not scope else 'a club'}, "
                    f"{'all time' if not periods[(n + scope) % 3] else 'a period'}"
                    f"{', min 20' if 'min_games' in query else ''}{', htmx' if htmx else ''}, {language}")
            headers = {"Accept-Language": language, **({"HX-Request": "true"} if htmx else {})}
            requests.append((name, f"{PATH}?{urlencode(query)}" if query else PATH, headers))
    return requests


def get(connection: http.client.HTTPConnection, path: str, headers: dict) -> tuple[int, bytes]:
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def check_pages(port: int, requests) -> list[tuple[str, float]]:
    """Every request of the rotation answers 200 with a table and no filter reported bad; each
    one's round trip (name, ms)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    timings = []
    for name, path, headers in requests:
        started = time.perf_counter()
        status, body = get(connection, path, headers)
        timings.append((name, (time.perf_counter() - started) * 1000))
        if status != 200 or ERROR_BOX in body or ROW not in body:
            raise SystemExit(f"{name}: {path} answered {status}: {body[:300]!r}")
    connection.close()
    return timings


def print_first_answers(timings: list[tuple[str, float]]) -> None:
    """The first answers, summed from the store (nothing kept yet): the slowest, and by scope."""
    print("first answers (nothing kept: each table summed from the store):")
    for kind, test in (("all time (the players' totals)", lambda name: "all time" in name),
                       ("a period (the seat rows)", lambda name: "a period" in name)):
        print("  " + summary(kind, [ms for name, ms in timings if test(name)]))
    for name, ms in sorted(timings, key=lambda timing: -timing[1])[:3]:
        print(f"  slowest: {ms:,.0f} ms  {name}")


def page_load(args, server, database_url: str, requests, access_log: str, cookie: str | None) -> tuple[bool, float]:
    print_first_answers(check_pages(args.port, requests))  # also sums and keeps each table once
    for _ in range(2 * args.workers):  # and lets every process answer each once (the first answer renders)
        check_pages(args.port, requests)
    open(access_log, "w").close()
    pids = server_pids(server, database_url)
    deadline = time.monotonic() + args.seconds
    clients = []
    for n in range(args.clients):
        own = requests if n >= args.signed_in else [(name, path, {**headers, "Cookie": cookie})
                                                     for name, path, headers in requests]
        clients.append(Client(args.port, own, n * 7, args.think_ms / 1000, deadline))
    elapsed, timings, errors, cpu_ms = drive(clients, pids, args.seconds)
    every = [ms for _, ms in timings]
    rate = len(every) / elapsed
    print(f"\nthe leaderboards page: {args.clients} clients ({args.signed_in} signed in), think time "
          f"{args.think_ms:g} ms, {len(requests)} requests in turn, {elapsed:.1f} s, gunicorn "
          f"{args.worker_class} {args.workers}×{args.threads}")
    print(f"  {len(every)} requests, {rate:.1f} req/s; server CPU {cpu_ms:.2f} ms/request "
          f"(gunicorn + PostgreSQL: ≤ {(os.cpu_count() or 1) * 1000 / max(cpu_ms, 0.001):.0f} req/s on idle CPUs)")
    print("  " + summary("round trip, every request", every))
    print("  " + summary("server: WSGI request (gunicorn)", logged_ms(access_log, PATH)))
    for kind, test in (("htmx partial", lambda name: "htmx" in name), ("whole page", lambda name: "htmx" not in name),
                       ("all clubs, all time", lambda name: "all clubs, all time" in name)):
        print("    " + summary(kind, [ms for name, ms in timings if test(name)]))
    print(f"  p50 {percentile(every, .5):.1f} ms   p95 {percentile(every, .95):.1f} ms   "
          f"max {max(every, default=float('nan')):.1f} ms   {rate:.0f} req/s, ratio to the target {rate / TARGET_RPS:.2f} "
          f"(target ≥ {TARGET_RPS} req/s) -> {'OK' if rate >= TARGET_RPS else 'TOO SLOW'}")
    for error in errors[:5]:
        print("  error:", error)
    return not errors, rate


# --- 3. a change of the store ----------------------------------------------------------------------


def top_player(body: bytes) -> bytes:
    """The first player's nickname in the table (its link to their record)."""
    at = body.find(b'/record/">')
    return body[at + 10:body.find(b"<", at)] if at >= 0 else b""


def changes(args, world: dict) -> bool:
    """Each change: the newcomer's games in (they head the all-time points) or out again; every
    worker is asked until each answered the new table, and no answer shows the old one after."""
    from clubs.models import Player
    from records.generation import store_changed
    from records.models import SeatRecord
    from records.totals import rows_totals_changed

    newcomer = Player.objects.create(nickname=NEWCOMER)
    best = SeatRecord.objects.filter(player__nickname=top_player_name(args)).count()
    template = SeatRecord.objects.filter(won=True).order_by("pk").first()
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=60)
    delays, stale = [], 0
    for change in range(args.changes):
        arriving = change % 2 == 0
        if arriving:
            rows = []
            for n in range(best + 50):
                template.pk, template.game_id, template.seat = None, 10_000_000 + n, 1
                template.player_id, template.points_milli = newcomer.pk, 2000
                rows.append(SeatRecord(**{field.attname: getattr(template, field.attname)
                                          for field in SeatRecord._meta.concrete_fields}))
            SeatRecord.objects.bulk_create(rows, batch_size=5000)
            rows_totals_changed(SeatRecord.objects.filter(player=newcomer), sign=1)
        else:
            rows_totals_changed(SeatRecord.objects.filter(player=newcomer), sign=-1)
            SeatRecord.objects.filter(player=newcomer).delete()
        store_changed()  # what the store's writes call on their commit
        started = time.perf_counter()
        first = None
        for _ in range(4 * args.workers):  # sync workers take turns: each is asked
            status, body = get(connection, PATH, {"Accept-Language": "en"})
            shows = top_player(body) == NEWCOMER.encode()
            if status == 200 and shows == arriving:
                first = first or time.perf_counter() - started
            else:
                stale += 1
        delays.append((first or float("nan")) * 1000)
    connection.close()
    # the store as it was (after an odd number of changes the newcomer's rows are still in): a later
    # run may --reuse it
    rows_totals_changed(SeatRecord.objects.filter(player=newcomer), sign=-1)
    SeatRecord.objects.filter(player=newcomer).delete()
    newcomer.delete()
    store_changed()
    print(f"\n{args.changes} changes of the store (a player heading the all-time points in, then out), each page "
          f"asked {4 * args.workers} times after: first answer with the new table p50 {percentile(delays, .5):.0f} ms, "
          f"max {max(delays):.0f} ms; answers with the old table after a change: {stale}")
    return stale == 0


def top_player_name(args) -> str:
    from records.selectors import leaderboard

    return leaderboard("points", limit=1)[0].nickname


def calibration() -> float:
    """The machine's speed, as the engine benchmarks time it: the best of sum(range(1000)), in µs."""
    best = float("inf")
    for _ in range(2000):
        started = time.perf_counter()
        sum(range(1000))
        best = min(best, time.perf_counter() - started)
    return best * 1e6


def kept_store(args) -> dict | None:
    """The world of an earlier run's store if the database holds exactly this one (``--reuse``);
    its moment "now" is its newest game's. None otherwise."""
    from django.db.models import Max

    from clubs.models import Club, Player
    from records.models import PlayerTotals, SeatRecord

    clubs = list(Club.objects.filter(slug__startswith="bench-club-").order_by("pk"))
    players = list(Player.objects.filter(nickname__startswith="Bench ").order_by("pk"))
    if (len(clubs), len(players)) != (args.clubs, args.players) or not PlayerTotals.objects.exists():
        return None
    if SeatRecord.objects.count() != args.rows:
        return None
    return {"clubs": clubs, "players": players, "now": SeatRecord.objects.aggregate(newest=Max("played_at"))["newest"]}


def main() -> int:
    args = parse_args()
    nice = raise_priority(args.priority)
    load_before = os.getloadavg()
    database_url, env = prepare(args, "leaderboards", keep=args.reuse)
    started = time.perf_counter()
    world = kept_store(args) if args.reuse else None
    if world is not None:
        print(f"setup: the kept store of {args.rows:,} rows, {args.players:,} players and {args.clubs} clubs "
              f"(--reuse)", flush=True)
    else:
        if args.reuse:
            from django.db import connections

            connections.close_all()
            database_url, env = prepare(args, "leaderboards")  # not this store: made anew
        world = fill_store(args)
        print(f"setup: {args.rows:,} rows of the store ({args.rows // 10:,} games), {args.players:,} players, "
              f"{args.clubs} clubs in {time.perf_counter() - started:.1f} s", flush=True)
    cookie = signed_in_cookie() if args.signed_in else None
    requests = rotation(world)
    from django.db import connections

    connections.close_all()
    handle, access_log = tempfile.mkstemp(prefix="leaderboards-bench-", suffix=".log")
    os.close(handle)
    server = start_server(args, env, access_log)
    backends = BackendPriority(database_url)
    if args.priority:
        backends.start()
    try:
        print(f"calibration: sum(range(1000)) {calibration():.1f} µs; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} CPUs, nice {nice}", flush=True)
        ok, _rate = page_load(args, server, database_url, requests, access_log, cookie)
        ok = changes(args, world) and ok
    finally:
        stop_server(server)
        if backends.is_alive():
            backends.stop()
        os.unlink(access_log)
    print(f"\nload average before/after: {' '.join(f'{x:.1f}' for x in load_before)} / "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
