"""The environment of a server benchmark: a fresh PostgreSQL database of its own, Redis, the
production settings (DEBUG off)."""

from __future__ import annotations

import http.client
import os
import re
import socket
import time
import urllib.parse

import psycopg


def create_database(connection, name: str) -> None:
    """CREATE DATABASE ``name``: empty, or a copy of BENCH_TEMPLATE_DATABASE when that is set (an
    already migrated database: the suite's tiny runs of the benchmarks, tests/benchmarks, migrate
    once for all of them instead of once each)."""
    template = os.environ.get("BENCH_TEMPLATE_DATABASE", "")
    connection.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))


def _drop_and_create(pg: str, name: str) -> None:
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        create_database(connection, name)


def loopback(url: str) -> None:
    """Refuse a server that is not on this machine: a benchmark talks only to 127.0.0.1."""
    host = urllib.parse.urlsplit(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"refusing: {url} is not on this machine")


def free_port() -> int:
    """A TCP port nothing listens on now (for ``--port 0``: other work may hold a fixed one)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fresh_database(database_url: str, redis_url: str, **extra: str) -> None:
    pg, name = database_url.rsplit("/", 1)
    _drop_and_create(pg, name)
    os.environ.update(DATABASE_URL=database_url, REDIS_URL=redis_url, SECRET_KEY="benchmark-only",
                      DJANGO_SETTINGS_MODULE="config.settings", **extra)
    os.environ.pop("DEBUG", None)


def bench_name(name: str) -> str:
    """``name``, refused unless it is a plain name with "bench" in it: a benchmark never makes,
    reuses or drops a database it did not make."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name) or "bench" not in name:
        raise SystemExit("refusing: the benchmark database's name must contain 'bench'")
    return name


def recreate_database(pg: str, name: str) -> str:
    """A fresh, empty database called ``name`` (``bench_name``) on the server ``pg``; its URL."""
    _drop_and_create(pg, bench_name(name))
    return f"{pg}/{name}"


def kept_database(pg: str, name: str) -> str | None:
    """The URL of the benchmark database ``name`` (``bench_name``) if it exists already (a run
    that reuses what an earlier one wrote), else None."""
    bench_name(name)
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    return f"{pg}/{name}" if found else None


def wait_until_serving(server, port: int, seconds: float = 30):
    """The server process once its /healthz answers on 127.0.0.1:port; stops it and exits if it
    never does."""

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status in (200, 503):
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not start")
