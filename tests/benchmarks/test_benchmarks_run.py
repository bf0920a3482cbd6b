"""Every benchmark runs once at a tiny size, so none rots: the suite runs each ``benchmarks/*.py``
script (every one with a ``__main__`` block, found by listing the folder) through its command
line, as a person would, and checks that it exits 0 and prints its figures. The figures
themselves are not judged here: at this size and on a loaded machine they mean nothing.

A new benchmark fails here until TINY says how to run it small (add a size option if it has
none). The server benchmarks get a database of their own each (named after this run's test
database, with "bench" in it), copied from one migrated template (BENCH_TEMPLATE_DATABASE in
benchmarks/_server_env.py) so that they do not migrate once each, this worker's own Redis
database, a free port (``--port 0``) and a collectstatic folder of this run's own (STATIC_ROOT).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"


def benchmark_scripts() -> list[str]:
    return sorted(path.stem for path in BENCHMARKS.glob("*.py")
                  if not path.name.startswith("_") and 'if __name__ == "__main__":' in path.read_text())


# name: (its tiniest run's arguments, a regular expression its figures match); in the arguments
# {out} is a file in the test's own folder, {database} a database name of this run's own, {pg}
# the PostgreSQL server and {redis} this worker's Redis database.
PURE = {
    "engine_corpus": (["--out", "{out}", "--seeds", "3"], r"\d+ protocols \(\d+ refused\); sha256 [0-9a-f]{64}"),
    "engine_replay": (["--seconds", "0.01"], r"pro-mafia-1\.1 \(JSON text\) .* µs/game .*× calibration[\s\S]*target pro-mafia-1\.1 \(JSON text\): ≤ 5\.0× calibration: [\d.]+×, (not )?met"),
    "forum_engine": (["--seconds", "0.01", "--games", "1"], r"replay of a whole 30-player game .* µs/game"),
    "judged_table": (["--games", "2", "--pipeline", "2"], r"2 games simulated .* games/s"),
    "judged_table_revisions": (["--games", "1"], r"(?m)^sloppy .*: \d+"),
    "judged_table_same_games": (["--games", "1"], r"(?m)^views +[0-9a-f]{64}$"),
    "mafia1923_engine": (["--seconds", "0.01", "--families-of-8", "2", "--families-of-10", "2"],
                         r"replay of the whole event: \d+ ms"),
    "ratings_bench": (["--games", "200", "--players", "40"], r"rating: .* games/s"),
    "ratings_synthetic": (["--games", "50"], r"synthetic: 50 games"),
    "scoring_bench": (["20", "1"], r"calibration: [\s\S]*replay \+ scoring: .* protocols/s"
                      r"[\s\S]*target: scoring alone .* — (NOT )?met"
                      r"[\s\S]*target: replay \+ scoring .* — (NOT )?met"),
    "seating_bench": (["--instances", "1"], r"30 players, 3 tables, 10 rounds[\s\S]*ratio +\d"),
}
SERVER = {
    "api_load": (["--configs", "sync:1", "--seconds", "1", "--connections", "2", "--python-loader",
                  "--port", "0", "--database", "{database}", "--pg", "{pg}", "--redis", "{redis}"],
                 r"req/s"),
    "confirm_load": (["--confirms", "2", "--history", "2", "--players", "10", "--think-ms", "0",
                      "--workers", "1", "--threads", "1", "--max-seconds", "120", "--port", "0",
                      "--database", "{database}", "--pg", "{pg}", "--redis", "{redis}"], r"ms"),
    "entry_load": (["--tables", "1", "--workers", "1", "--think-ms", "0", "--max-seconds", "120",
                    "--port", "0", "--database", "{database}", "--pg", "{pg}"], r"ms"),
    "forum_site": (["--games", "1", "--players", "7", "--clients", "1"], r"p95 [0-9.]+ ms"),
    "forum_votes": (["--games", "1", "--clients", "2", "--rounds", "1", "--config", "sync:1",
                     "--port", "0", "--database", "{database}", "--pg", "{pg}", "--redis", "{redis}"],
                    r"p95 [0-9.]+ ms"),
    "host_tap_cost": (["--taps", "3", "--port", "0", "--database", "{database}", "--pg", "{pg}"],
                      r"taps +n= +3 +p50 +[0-9.]+"),
    "leaderboards_load": (["--rows", "300", "--players", "20", "--clubs", "2", "--clients", "2", "--seconds", "1",
                           "--changes", "2", "--workers", "1", "--port", "0", "--database", "{database}", "--pg", "{pg}",
                           "--redis", "{redis}"],
                          r"p95 [0-9.]+ ms +max [0-9.]+ ms +\d+ req/s, ratio to the target [0-9.]+[\s\S]*answers with "
                          r"the old table after a change: 0"),
    "live_spectators": (["--spectators", "2", "--tables", "1", "--events", "3", "--think-ms", "0",
                         "--workers", "1", "--max-seconds", "120", "--port", "0",
                         "--database", "{database}", "--pg", "{pg}", "--redis", "{redis}"], r"ms"),
    "mafia1923_site": (["--players", "20", "--submitters", "4", "--clients", "1", "--workers", "1",
                        "--spreads", "0", "--port", "0", "--database", "{database}", "--pg", "{pg}"],
                       r"ms"),
    "pipeline_latency": (["--games", "2", "--tables", "2", "--players", "20", "--concurrency", "1"],
                         r"calibration: sum[\s\S]*p95 \d+ ms .*target p95 < 100 ms"),
    "rebuild_ratings": (["--games", "20"], r"rebuild_ratings over 20 games: [0-9.]+ s wall[\s\S]*per game "
                        r"[0-9.]+ µs wall = [0-9.]+× the calibration"),
    "rebuild_records": (["--games", "20", "--players", "30"], r"rebuild_player_records over 20 games: [0-9.]+ s"),
    "records_load": (["--games", "20", "--others", "12", "--clients", "2", "--seconds", "1", "--publishes", "1",
                      "--rebuild", "--workers", "1", "--port", "0", "--database", "{database}", "--pg", "{pg}",
                      "--redis", "{redis}"],
                     r"p95 [0-9.]+ ms +max [0-9.]+ ms +\(target p95 < 50 ms[\s\S]*publish results → the player's rows"
                     r"[\s\S]*rebuild_player_records over \d+ games"),
}
TINY = {**PURE, **SERVER}
# The benchmarks that read their database and Redis from the environment rather than options.
ENVIRONMENT = {
    "forum_site": {"BENCH_FORUM_DATABASE_URL": "{pg}/{database}", "BENCH_REDIS_URL": "{redis}"},
    "pipeline_latency": {"BENCH_PIPELINE_DATABASE_URL": "{pg}/{database}", "BENCH_REDIS_URL": "{redis}"},
    "rebuild_ratings": {"BENCH_DATABASE_URL": "{pg}/{database}"},
    "rebuild_records": {"BENCH_DATABASE_URL": "{pg}/{database}"},
}
# Not the suite's settings: each benchmark sets up its own (production-like) environment.
SUITE_VARIABLES = ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY")


def test_every_benchmark_has_a_tiny_run():
    assert benchmark_scripts(), "no benchmark found"
    assert set(benchmark_scripts()) == set(TINY), "TINY must name every benchmark, and only those"


def server_pg() -> str:
    database = settings.DATABASES["default"]
    return (f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST'] or '127.0.0.1'}"
            f":{database['PORT'] or 5432}")


def database_name(suffix: str) -> str:
    """Named after the run's database (``mafia`` of TEST_DATABASE_URL) and this xdist worker: two
    runs, or two workers of one, never share one."""
    base = urlsplit(os.environ.get("DATABASE_URL", "postgres:///mafia")).path.strip("/") or "mafia"
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return re.sub(r"[^a-z0-9_]", "_", f"{base}_{worker}_bench_{suffix}".lower())


def drop(pg: str, *names: str) -> None:
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as connection:
        for name in names:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def clean_environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key not in SUITE_VARIABLES}


@pytest.fixture(scope="module")
def server_world(tmp_path_factory):
    """A migrated template database for the server benchmarks' own, and a static folder."""
    pg, template = server_pg(), database_name("template")
    drop(pg, template)
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{template}"')
    env = {**clean_environment(), "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": f"{pg}/{template}",
           "SECRET_KEY": "benchmark-template-only"}
    migrated = subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)
    assert migrated.returncode == 0, migrated.stderr
    yield {"pg": pg, "template": template, "static": tmp_path_factory.mktemp("benchmark-static")}
    drop(pg, template)


@pytest.mark.parametrize("name", benchmark_scripts())
def test_the_benchmark_runs_at_a_tiny_size(name, tmp_path, request):
    assert name in TINY, f"benchmarks/{name}.py: add its tiniest command line to TINY in {__file__}"
    arguments, figures = TINY[name]
    env = clean_environment()
    values = {"out": str(tmp_path / "out"), "database": database_name(name), "redis": settings.REDIS_URL, "pg": ""}
    if name in SERVER:
        world = request.getfixturevalue("server_world")
        values["pg"] = world["pg"]
        env.update(BENCH_TEMPLATE_DATABASE=world["template"], STATIC_ROOT=str(world["static"]))
        env.update({key: value.format(**values) for key, value in ENVIRONMENT.get(name, {}).items()})
    try:
        result = subprocess.run([sys.executable, str(BENCHMARKS / f"{name}.py"),
                                 *(argument.format(**values) for argument in arguments)],
                                cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    finally:
        if name in SERVER:
            drop(values["pg"], values["database"])
    assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    assert re.search(figures, result.stdout), f"no figures in:\n{result.stdout}\nstderr:\n{result.stderr}"
