"""PostgreSQL for the test suite: Django's backend, flushed with DELETE rather than TRUNCATE.

A transactional test (a live server, a Celery worker, a browser) ends with a flush of every table.
TRUNCATE gives each of some sixty tables, their indexes and TOAST new files, 0.4–2.4 s a test on
this machine; the few rows a test made are gone with DELETE in milliseconds. Django's foreign keys
are deferred to the commit, so the tables' order does not matter. A flush that resets the
sequences (``reset_sequences=True``) keeps TRUNCATE ... RESTART IDENTITY."""

from django.db.backends.postgresql import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not tables:
            return super().sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        return [f"{style.SQL_KEYWORD('DELETE')} {style.SQL_KEYWORD('FROM')} {style.SQL_FIELD(self.quote_name(table))};"
                for table in tables]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
