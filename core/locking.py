"""Locks that hold on both databases the site runs on, behind one helper each.

* ``for_update(queryset)`` locks the rows a query reads until the transaction ends: PostgreSQL's
  ``SELECT … FOR UPDATE OF`` the queried table only (never the joined rows, which may be null in
  an outer join). On SQLite the ORM leaves the clause out: there the transaction itself is the
  lock, since the site opens every transaction with ``BEGIN IMMEDIATE`` (settings.DATABASES), and
  SQLite lets one writing transaction run at a time.
* ``named_lock(key)`` serialises work that has no single row to lock (a full ratings rebuild):
  PostgreSQL's transaction-scoped advisory lock; on SQLite, again, the writing transaction.

No SQL is written by hand for either: a page that works on PostgreSQL works on the embedded
default too (tests/smoke runs the main paths there).
"""

from __future__ import annotations

import zlib

from django.db import connections, router
from django.db.models import QuerySet


def for_update(queryset: QuerySet) -> QuerySet:
    """``queryset`` read under a row lock of its own table's rows, inside the caller's transaction."""
    return queryset.select_for_update(of=("self",))


def named_lock(name: str, *, shared: bool = False, using: str | None = None) -> None:
    """Hold the lock called ``name`` until the caller's transaction ends (call it inside one).

    ``shared``: many holders at once, none while someone holds it exclusively (a run for one game
    shares the store's lock; a rebuild of the whole store takes it alone)."""
    connection = connections[using or router.db_for_write(None)]
    if connection.vendor != "postgresql":
        return  # SQLite: the BEGIN IMMEDIATE transaction already excludes every other writer
    key = zlib.crc32(name.encode()) - 2**31  # a stable signed 32-bit key per name
    function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(%s)", [key])
