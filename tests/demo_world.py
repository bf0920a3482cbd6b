"""The demo world that `make run` serves, built once per test process and laid down again for
each test that asks for it (the fixture ``demo_world``, tests/conftest.py).

One ``seed_demo`` is some 20 s of CPU, and some twenty tests read the demo: building it for each
of them was a third of the suite's time. So the first test that asks builds it as `make run` does
(committed: the pipeline's jobs run after the commit), copies every table out with PostgreSQL's
COPY and empties the database again; each test then gets the same rows back in a fraction of a
second (COPY on PostgreSQL; on the smoke suite's SQLite, the rows read and inserted again). Inside
a test's transaction they go with its rollback; a transactional test's are flushed after it, as
any other rows it made.

Two things a test would otherwise meet from the tests before it: a sequence is never moved back
(a number a test already used is not given again: Redis keeps pages under a game's or a player's
number), and the caches (the test's Redis database) are emptied, as a new run has them. The
tests that check ``seed_demo`` itself (it builds the demo, it can run twice) still run it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
import redis
from django.apps import apps
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection, models, transaction


@dataclass(frozen=True)
class DemoSnapshot:
    tables: tuple[str, ...]  # every table of the project's models, emptied before the rows go in
    rows: dict[str, object]  # the non-empty ones: COPY's text on PostgreSQL, the rows' tuples on SQLite


def _quoted(table: str) -> str:
    return connection.ops.quote_name(table)


def _model_tables() -> tuple[str, ...]:
    return tuple(sorted(connection.introspection.django_table_names(only_existing=True, include_views=False)))


def _forget_what_the_database_held() -> None:
    """What outlives the rows: the caches and Redis (pages and generations under the rows'
    numbers) and the content types Django keeps in memory by number."""
    for cache in caches.all(initialized_only=True):
        cache.clear()
    if getattr(settings, "REDIS_URL", ""):
        redis.Redis.from_url(settings.REDIS_URL).flushdb()
    ContentType.objects.clear_cache()


def _copied_out(cursor, table: str) -> object:
    if connection.vendor == "postgresql":
        with cursor.cursor.copy(f"COPY {_quoted(table)} TO STDOUT") as copy:
            return b"".join(bytes(chunk) for chunk in copy)
    cursor.execute(f"SELECT * FROM {_quoted(table)}")
    return cursor.fetchall()


def _copied_in(cursor, table: str, rows: object) -> None:
    if connection.vendor == "postgresql":
        with cursor.cursor.copy(f"COPY {_quoted(table)} FROM STDIN") as copy:
            copy.write(rows)
        return
    marks = ", ".join(["%s"] * len(rows[0]))
    cursor.executemany(f"INSERT INTO {_quoted(table)} VALUES ({marks})", rows)


def take_demo_snapshot() -> DemoSnapshot:
    """Build the demo on the (empty) test database, copy it out, and empty the database again."""
    call_command("seed_demo", stdout=io.StringIO())
    tables = _model_tables()
    with connection.cursor() as cursor:
        rows = {table: data for table in tables if (data := _copied_out(cursor, table))}
    # Not back to 1 (the command's default): a test after this one would take the demo's numbers.
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
    _forget_what_the_database_held()
    return DemoSnapshot(tables=tables, rows=rows)


def _serial_columns(tables: set[str]) -> list[tuple[str, str]]:
    return [
        (model._meta.db_table, model._meta.pk.column)
        for model in apps.get_models(include_auto_created=True)
        if model._meta.db_table in tables and isinstance(model._meta.pk, models.AutoField)
    ]


def _numbers_never_back(cursor, tables: set[str]) -> None:
    """Each sequence forward to the demo's highest number, never back below one a test already
    took. (SQLite's AUTOINCREMENT does so by itself.)"""
    if connection.vendor != "postgresql":
        return
    for table, column in _serial_columns(tables):
        cursor.execute(
            f"SELECT setval(s.name, GREATEST((SELECT MAX({_quoted(column)}) FROM {_quoted(table)}),"
            f" COALESCE(pg_sequence_last_value(s.name::regclass), 0)))"
            f" FROM (SELECT pg_get_serial_sequence(%s, %s) AS name) AS s WHERE s.name IS NOT NULL",
            [_quoted(table), column],
        )


def lay_down_demo(snapshot: DemoSnapshot) -> None:
    """The demo's rows, and nothing else, in every table of the test database."""
    with transaction.atomic(), connection.cursor() as cursor:
        # DELETE, not TRUNCATE: Django's foreign keys are checked at the commit, so the order of the
        # tables does not matter, and the tables are nearly empty (TRUNCATE rewrites each one's files).
        for table in snapshot.tables:
            cursor.execute(f"DELETE FROM {_quoted(table)}")
        for table, rows in snapshot.rows.items():
            _copied_in(cursor, table, rows)
        _numbers_never_back(cursor, set(snapshot.rows))
    _forget_what_the_database_held()


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup, django_db_blocker):
    """The demo world, built once for this test process."""
    with django_db_blocker.unblock():
        return take_demo_snapshot()


@pytest.fixture
def demo_world(demo_snapshot):
    """The demo that `make run` serves, in the test's database: the rows seed_demo makes, as if it
    had just run on an empty site (the test asks for database access as usual)."""
    lay_down_demo(demo_snapshot)
