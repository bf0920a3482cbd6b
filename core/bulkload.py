"""Loading a whole table at once on PostgreSQL (the full rebuilds of derived stores)."""

from __future__ import annotations

from django.db import connection


class IndexesDeferred:
    """During a full load of ``model``'s table on PostgreSQL, drop its indexes and unique
    constraints (the primary key stays) and build them once after the load: far cheaper than
    updating them row by row. DDL is transactional there, so a failure rolls the indexes back with
    everything else. Dropping them locks the table until the commit: readers wait for the load."""

    def __init__(self, model):
        self.table = model._meta.db_table

    def __enter__(self):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = %s::regclass AND contype = 'u'", [self.table])
            self.constraints = cursor.fetchall()
            cursor.execute(
                "SELECT i.relname, pg_get_indexdef(i.oid) FROM pg_index x "
                "JOIN pg_class i ON i.oid = x.indexrelid "
                "WHERE x.indrelid = %s::regclass AND NOT x.indisprimary "
                "AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)", [self.table])
            self.indexes = cursor.fetchall()
            for name, _definition in self.constraints:
                cursor.execute(f'ALTER TABLE {self.table} DROP CONSTRAINT "{name}"')
            for name, _definition in self.indexes:
                cursor.execute(f'DROP INDEX "{name}"')
        return self

    def __exit__(self, *exc):
        if exc[0] is not None:
            return False
        with connection.cursor() as cursor:
            for _name, definition in self.indexes:
                cursor.execute(definition)
            for name, definition in self.constraints:
                cursor.execute(f'ALTER TABLE {self.table} ADD CONSTRAINT "{name}" {definition}')
        return False
