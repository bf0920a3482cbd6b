"""Mafia 1923 on the site, at the issue's scale (issue 18, "Scale"; docs/mafia1923-site.md).

    .venv/bin/python benchmarks/mafia1923_site.py                  # 1,000 players, 300 submitting
    .venv/bin/python benchmarks/mafia1923_site.py --players 200 --submitters 100 --spreads 5

Against a PostgreSQL database of its own (``mafia_bench_m1923_site``, dropped and recreated),
loopback only, bounded in count and time:

1. **The event.** ``--players`` accounts (1,000: 50 families of 8 and 60 of 10, 170 Mafia
   Members, a pool of 340 roles, 30 % Beginners) and 20 spectators sign up by family through
   the services; the families are formed, enrolled and dealt with the seeded RNG, the event
   starts; in Night 1 every player who has a night action submits it and the Mafia names its
   quota (through the services).
2. **Window end → every announcement and private message delivered** (target < 30 s). Night 1's
   deadline passes: the deadline sweep drafts the resolution; the buffer's end passes: the sweep
   publishes it (the path the clock takes; a moderator's "Publish" is the same code after the
   click). Delivery is measured to its end: the public post and every private post in the site,
   every in-site notification, every e-mail accepted by an SMTP server on 127.0.0.1 (a sink this
   script runs) and the public announcement received by a chat-server webhook stub on 127.0.0.1.
3. **A vote submitted, 300 players at once** (target p95 < 50 ms). Day 1 opens (its deadline
   paused, so that the real clock of the server is inside the window); gunicorn serves the site
   on 127.0.0.1 (sync workers, two per CPU, DEBUG off, no Redis: the embedded cache and eager
   tasks); ``--clients`` separate client processes hold the ``--submitters`` players (a logged-in
   session each, the votes form fetched first for its CSRF token) and, at a common start, each
   player POSTs the votes form once at a random instant within ``--spreads`` seconds (0: all in
   the same instant). Printed: the client round trip of every submission, p50/p95/max.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import re
import socketserver
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VENV_BIN = ROOT / ".venv" / "bin"
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
SERVER_TIMING = re.compile(r"app;dur=([0-9.]+), cpu;dur=([0-9.]+)")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--submitters", type=int, default=300)
    parser.add_argument("--clients", type=int, default=6, help="client processes")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1), help="gunicorn sync workers")
    parser.add_argument("--spreads", default="10,0", help="seconds over which the submissions arrive, per round")
    parser.add_argument("--port", type=int, default=0, help="0: a free port (other work may hold a fixed one)")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="mafia_bench_m1923_site",
                        help="the PostgreSQL database this run drops and recreates")
    return parser.parse_args()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


# --- the SMTP sink and the webhook stub (127.0.0.1) ------------------------------------------------
class SmtpSink(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), SmtpHandler)
        self.messages = 0
        self.last = 0.0
        self.lock = threading.Lock()


class SmtpHandler(socketserver.StreamRequestHandler):
    """Just enough SMTP for Django's backend: every message accepted and counted."""

    def handle(self):
        self.wfile.write(b"220 sink\r\n")
        while True:
            line = self.rfile.readline()
            if not line:
                return
            verb = line[:4].upper()
            if verb == b"EHLO":
                self.wfile.write(b"250-sink\r\n250 8BITMIME\r\n")
            elif verb == b"DATA":
                self.wfile.write(b"354 go on\r\n")
                while self.rfile.readline() not in (b".\r\n", b""):
                    pass
                with self.server.lock:
                    self.server.messages += 1
                    self.server.last = time.perf_counter()
                self.wfile.write(b"250 queued\r\n")
            elif verb == b"QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


class Hook(BaseHTTPRequestHandler):
    received: list[float] = []

    def do_POST(self):  # noqa: N802
        self.rfile.read(int(self.headers["Content-Length"]))
        Hook.received.append(time.perf_counter())
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        return None


def serve(server) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


# --- 1. the event ----------------------------------------------------------------------------------
def family_sizes(players: int) -> list[int]:
    from online.mafia1923.formation import best_sizes

    tens = min(60, players // 10)  # 1,000: 60 families of 10 and 50 of 8, as in the engine's benchmark
    if (players - 10 * tens) % 8 == 0:
        return [10] * tens + [8] * ((players - 10 * tens) // 8)
    return best_sizes(players)


def build(args, smtp_port: int, hook_port: int):
    import django

    django.setup()
    from django.conf import settings

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", smtp_port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command

    from online.core import clock
    from online.mafia1923 import services
    from online.mafia1923.demo import last_saturday_night
    from online.mafia1923.models import Entry

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # production-like: the manifest storage
    User = get_user_model()
    sizes = family_sizes(args.players)
    pool = _pool(sizes)
    moderator = User.objects.create(username="bench-mod", password=make_password("x"))
    night = last_saturday_night(clock.now())
    begin = night - timedelta(hours=1)
    game = services.event_create(title="Bench 1923", moderator=moderator, pool=pool, seed="bench",
                                 webhook_url=f"http://127.0.0.1:{hook_port}/hook", now=begin)
    password = make_password("bench-password")
    users = User.objects.bulk_create(
        User(username=f"b{n:04d}", email=f"b{n:04d}@example.com", password=password)
        for n in range(args.players + 20))
    entries, n = [], 0
    for index, size in enumerate(sizes, start=1):
        for member in range(size):
            entries.append(Entry(game=game, user=users[n], name=f"B{n:04d}", request="family",
                                 together=f"Family {index:03d}", created_at=begin,
                                 level="beginner" if member < size * 3 // 10 else "standard",
                                 language="ru" if n % 5 == 0 else "en"))
            n += 1
    entries += [Entry(game=game, user=users[args.players + s], name=f"S{s}", level="spectator", created_at=begin)
                for s in range(20)]
    Entry.objects.bulk_create(entries)  # the sign-ups' rows (entry_create, one by one, is the same)
    started = time.perf_counter()
    services.families_form(game=game, actor=moderator)
    services.event_enrol_and_deal(game=game, actor=moderator, now=begin)
    services.event_start(game=game, actor=moderator, now=begin)
    print(f"{args.players} players in {len(sizes)} families ({sizes.count(8)} of 8, {sizes.count(10)} of 10), "
          f"a pool of {sum(p['count'] for p in pool)} roles: formed, enrolled, dealt and started in "
          f"{time.perf_counter() - started:.1f} s")
    return game, moderator, night


def _pool(sizes: list[int]) -> list[dict]:
    roles = ("doctor", "detective", "bodyguard", "butler", "boss", "witness", "court_secretary", "sheriff",
             "lawyer", "councilor", "pacifist", "paperboy", "thief", "bumbling_bureaucrat", "armed_robber",
             "drunkard", "shadchan")
    total = round(len(sizes) * 340 / 110)
    counts = [total // len(roles) + (1 if i < total % len(roles) else 0) for i in range(len(roles))]
    # A small event (the suite's tiny run) has fewer kinds of roles than 17: none with no one.
    return [{"role": role, "count": count} for role, count in zip(roles, counts, strict=True) if count]


def night_one(game, night) -> int:
    """Every player with a night action submits it; the Mafia names its quota (services)."""
    from online.core.play import state_of
    from online.engine.mafia1923 import available_actions
    from online.engine.mafia1923.common import kill_quota
    from online.engine.mafia1923.events import ext
    from online.mafia1923 import services

    game.refresh_from_db()
    state = state_of(game)
    e = ext(state)
    names = list(e.families)
    at = night + timedelta(minutes=1)
    users = {slot.number: slot.user for slot in game.slots.select_related("user")}
    count, mafia_done = 0, False
    for slot in state.slots:
        for may in available_actions(state, slot.number):
            ability, shape = may["ability"], may["target"]
            family = names[(names.index(e.family_of[slot.number]) + 1) % len(names)]
            others = list(e.families[family])
            target = {}
            if ability == "kill":
                if mafia_done:
                    continue
                civilians = [s.number for s in state.slots if s.side != "mafia"]
                target = {"players": civilians[::13][:kill_quota(state)]}
                mafia_done = True
            elif shape == "player":
                target = {"player": others[0]}
            elif shape == "pair":
                target = {"players": others[:2]}
            elif shape == "family":
                target = {"family": family}
            else:
                continue
            at += timedelta(seconds=1)
            services.action_submit(game=game, user=users[slot.number], ability=ability, now=at, **target)
            count += 1
    return count


# --- 2. window end → delivered ---------------------------------------------------------------------
def delivery(game, night, sink: SmtpSink) -> None:
    from online.core.deadlines import resolve_due_phase
    from online.core.play import state_of
    from online.mafia1923.recipients import PRIVATE
    from online.models import Notification, Post

    game.refresh_from_db()
    deadline = state_of(game).phase.deadline
    Hook.received.clear()
    started = time.perf_counter()
    resolve_due_phase(game.pk, deadline)  # the window's end: the draft
    drafted = time.perf_counter()
    game.refresh_from_db()
    buffer_end = game.deadline
    resolve_due_phase(game.pk, buffer_end)  # the buffer's end: published, delivered (tasks eager)
    published = time.perf_counter()
    waited = published + 30
    while (not Hook.received or sink.messages == 0) and time.perf_counter() < waited:
        time.sleep(0.01)
    finished = max(Hook.received[-1] if Hook.received else published, sink.last, published)
    privates = Post.objects.filter(game=game, event__type=PRIVATE).count()
    notes = Notification.objects.filter(game=game, created_at=buffer_end).count()
    print(f"window end → draft: {1000 * (drafted - started):.0f} ms; the buffer's end → published and "
          f"delivered: {1000 * (finished - drafted):.0f} ms ({privates} private messages, {notes} in-site "
          f"notifications, {sink.messages} e-mails to the SMTP server, {len(Hook.received)} webhook post); "
          f"window end → everything delivered: {finished - started:.2f} s (target < 30 s)")


# --- 3. votes from separate client processes --------------------------------------------------------
def open_day(game, night) -> None:
    from django.db import transaction

    from online.core.play import apply, locked, state_of
    from online.engine import PauseDeadline

    game.refresh_from_db()
    assert state_of(game).phase.id == "D1", state_of(game).phase
    with transaction.atomic():
        apply(locked(game.pk), [PauseDeadline(at=night + timedelta(hours=12, minutes=1), note="benchmark")])


def voters(game, count: int) -> list[dict]:
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from online.core.play import state_of
    from online.engine.mafia1923.events import ext

    state = state_of(game)
    e = ext(state)
    names = list(e.families)
    store = import_module(settings.SESSION_ENGINE).SessionStore
    rows = []
    slots = {slot.number: slot.user for slot in game.slots.select_related("user")}
    from online.engine.mafia1923 import available_actions

    living = [s.number for s in state.slots if any(a["ability"] == "votes" for a in available_actions(state, s.number))]
    for number in random.Random(7).sample(living, min(count, len(living))):
        user = slots[number]
        session = store()
        session[SESSION_KEY], session[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        own = e.family_of[number]
        mates = [n for n in e.families[own] if n != number and state.slot(n).alive]
        rows.append({"session": session.session_key, "family": names[(names.index(own) + 1) % len(names)],
                     "player": mates[0] if mates else ""})
    return rows


def client_process(port: int, slug: str, players: list[dict], spread: float, ready, go, results) -> None:
    """One client process: a thread per player; each fetches the form; when every client process
    has every form (so that no page load queues with the submissions), each POSTs at its instant."""
    timings, loads = [], []
    lock = threading.Lock()
    fetched = threading.Barrier(len(players) + 1)

    def play(player: dict, offset: float) -> None:
        path = f"/online/1923/{slug}/votes/"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        cookie = f"sessionid={player['session']}"
        loading = time.perf_counter()
        connection.request("GET", path, headers={"Cookie": cookie})
        response = connection.getresponse()
        body = response.read().decode()
        with lock:
            loads.append(1000 * (time.perf_counter() - loading))
        csrf_cookie = next((v.split(";")[0] for k, v in response.getheaders()
                            if k.lower() == "set-cookie" and v.startswith("csrftoken=")), "")
        found = CSRF.search(body)
        if found is None:
            raise RuntimeError(f"the votes form did not load: {response.status} {body[:300]!r}")
        token = found.group(1)
        form = urllib.parse.urlencode({"family": player["family"], "player": player["player"]})
        fetched.wait()
        while go.value == 0:
            time.sleep(0.005)
        delay = go.value + offset - time.time()
        if delay > 0:
            time.sleep(delay)
        began = time.perf_counter()
        connection.request("POST", path, body=form, headers={
            "Cookie": f"{cookie}; {csrf_cookie}", "X-CSRFToken": token, "Referer": f"http://127.0.0.1:{port}{path}",
            "Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        answer.read()
        elapsed = 1000 * (time.perf_counter() - began)
        connection.close()
        server = SERVER_TIMING.search(answer.getheader("Server-Timing") or "")
        with lock:
            timings.append((elapsed, answer.status, server.groups() if server else ("nan", "nan")))

    chance = random.Random(os.getpid())
    threads = [threading.Thread(target=play, args=(p, chance.uniform(0, spread))) for p in players]
    for thread in threads:
        thread.start()
    fetched.wait()
    ready.put(len(players))
    for thread in threads:
        thread.join()
    results.put((timings, loads))


def votes_round(args, slug: str, players: list[dict], spread: float) -> None:
    results, ready, go = multiprocessing.Queue(), multiprocessing.Queue(), multiprocessing.Value("d", 0.0)
    groups = [players[i::args.clients] for i in range(args.clients)]
    processes = [multiprocessing.Process(target=client_process, args=(args.port, slug, group, spread, ready, go,
                                                                      results)) for group in groups]
    for process in processes:
        process.start()
    for _process in processes:
        ready.get(timeout=600)
    time.sleep(1)  # the server idle again
    go.value = time.time() + 0.5
    timings, loads = [], []
    for _process in processes:
        got, loaded = results.get(timeout=300)
        timings += got
        loads += loaded
    for process in processes:
        process.join()
    ms = [t for t, status, _server in timings]
    view = [float(server[0]) for _t, _status, server in timings]
    cpu = [float(server[1]) for _t, _status, server in timings]
    refused = [t for t in timings if t[1] != 302]
    assert not refused, f"{len(refused)} submissions failed: {refused[:3]}"
    print(f"(the votes form loaded first: p50 {statistics.median(loads):.1f} ms, p95 {percentile(loads, 95):.1f} ms)")
    print(f"{len(ms)} votes from {args.clients} client processes, arriving over {spread:g} s: "
          f"p50 {statistics.median(ms):.1f} ms, p95 {percentile(ms, 95):.1f} ms, max {max(ms):.1f} ms "
          f"(target p95 < 50 ms); inside the view (the lock, the engine, the event row): p50 "
          f"{statistics.median(view):.1f} ms, p95 {percentile(view, 95):.1f} ms of wall time, CPU p50 "
          f"{statistics.median(cpu):.1f} ms; load average {os.getloadavg()[0]:.1f}")


def start_server(args, database_url: str) -> subprocess.Popen:
    from benchmarks._server_env import free_port

    args.port = args.port or free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DEBUG")}
    env.update({"DEBUG": "false", "DATABASE_URL": database_url, "SECRET_KEY": "m1923-benchmark-only-secret-key",
                "DJANGO_SETTINGS_MODULE": "config.settings", "ALLOWED_HOSTS": "127.0.0.1,localhost",
                "LOG_LEVEL": "WARNING", "CONN_MAX_AGE": "600", "SESSION_COOKIE_SECURE": "false",
                "CSRF_COOKIE_SECURE": "false", "ONLINE_SWEEP_IN_PROCESS": "false"})
    server = subprocess.Popen([str(VENV_BIN / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{args.port}",
                               "--worker-class", "sync", "--workers", str(args.workers), "--log-level", "warning",
                               "--timeout", "120", "--backlog", "2048"], cwd=ROOT, env=env)
    from benchmarks._server_env import wait_until_serving

    return wait_until_serving(server, args.port)


def main() -> None:
    args = parse_args()
    from benchmarks._server_env import recreate_database

    database_url = recreate_database(args.pg, args.database)
    os.environ.update(DATABASE_URL=database_url, SECRET_KEY="m1923-benchmark-only-secret-key",
                      DJANGO_SETTINGS_MODULE="config.settings", CONN_MAX_AGE="600")
    os.environ.pop("REDIS_URL", None)  # tasks run eagerly in this process: delivery is measured to its end
    os.environ["DEBUG"] = "false"  # explicit: the checkout's .env (DEBUG=1) must not slip in
    sink = SmtpSink()
    serve(sink)
    hook = HTTPServer(("127.0.0.1", 0), Hook)
    serve(hook)
    game, _moderator, night = build(args, sink.server_address[1], hook.server_address[1])
    started = time.perf_counter()
    submitted = night_one(game, night)
    print(f"Night 1: {submitted} actions submitted through the services in {time.perf_counter() - started:.1f} s")
    delivery(game, night, sink)
    open_day(game, night)
    players = voters(game, args.submitters)
    from django.db import connections

    connections.close_all()
    server = start_server(args, database_url)
    try:
        print(f"gunicorn: {args.workers} sync workers on 127.0.0.1:{args.port}; load average "
              f"{os.getloadavg()[0]:.1f}")
        for spread in (float(s) for s in args.spreads.split(",")):
            votes_round(args, game.slug, players, spread)
    finally:
        server.terminate()
        server.wait(timeout=30)
        sink.shutdown()
        hook.shutdown()


if __name__ == "__main__":
    main()
