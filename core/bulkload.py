"""Loading a whole table at once on PostgreSQL (the full rebuilds of derived stores)."""

from __future__ import annotations

import contextlib
import struct
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta

from django.db import connection, models
from django.db.models import ExpressionWrapper, Value
from psycopg.copy import QueuedLibpqWriter


class IndexesDeferred:
    """During a full load of ``model``'s table on PostgreSQL, drop its indexes and unique
    constraints (the primary key too with ``primary_key``: only where no foreign key refers to
    the table) and build them once after the load: far cheaper than
    updating them row by row. DDL is transactional there, so a failure rolls the indexes back with
    everything else. Dropping them locks the table until the commit: readers wait for the load.
    ``sort_memory`` (e.g. "256MB"), when given, is the indexes' sort memory for the rest of the
    transaction: a sort that fits in it is not spilled to disk."""

    def __init__(self, model, *, sort_memory: str | None = None, primary_key: bool = False):
        self.table = model._meta.db_table
        self.sort_memory = sort_memory
        self.kinds = ["u", "p"] if primary_key else ["u"]

    def __enter__(self):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = %s::regclass AND contype = ANY(%s)", [self.table, self.kinds])
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
            if self.sort_memory:
                cursor.execute("SELECT set_config('maintenance_work_mem', %s, true)", [self.sort_memory])
            for _name, definition in self.indexes:
                cursor.execute(definition)
            for name, definition in self.constraints:
                cursor.execute(f'ALTER TABLE {self.table} ADD CONSTRAINT "{name}" {definition}')
        return False


def bulk_create_json_as_values(model, objs: Iterable[models.Model], *, batch_size: int | None = None) -> list:
    """``model.objects.bulk_create(objs)`` for rows whose JSON columns hold big documents (protocols,
    scores' items), without sending those documents through PostgreSQL's ``UNNEST``.

    Django (5.2) sends a bulk insert's columns to PostgreSQL as one array each
    (``INSERT … SELECT * FROM UNNEST(%s::jsonb[], …)``), and psycopg quotes an array's text
    elements in Python, escaping every ``"`` of a JSON document with a regex substitution: 1.2
    million of them for the demo's bulk-loaded protocols, versions and scores (4.6 s of
    ``seed_demo``'s 37 under cProfile, docs/records.md "seed_demo's speed"). An
    expression among the values makes Django write the plain ``VALUES (…), (…)`` list instead, where
    each document is one parameter of its own (escaped by libpq, in C): so each JSON value goes in
    wrapped as one for the insert, and the objects get their values back afterwards. Other
    databases have no ``UNNEST`` path: ``bulk_create`` as it is."""
    objs = list(objs)
    json_fields = [field for field in model._meta.concrete_fields if isinstance(field, models.JSONField)]
    if connection.vendor != "postgresql" or not json_fields:
        return model.objects.bulk_create(objs, batch_size=batch_size)
    values = [[getattr(obj, field.attname) for field in json_fields] for obj in objs]
    for obj, row in zip(objs, values, strict=True):
        for field, value in zip(json_fields, row, strict=True):
            setattr(obj, field.attname, ExpressionWrapper(Value(value, output_field=field), output_field=field))
    try:
        return model.objects.bulk_create(objs, batch_size=batch_size)
    finally:
        for obj, row in zip(objs, values, strict=True):
            for field, value in zip(json_fields, row, strict=True):
                setattr(obj, field.attname, value)


@contextlib.contextmanager
def settings_for_now(**values: str) -> Iterator[None]:
    """PostgreSQL's settings ``values`` (e.g. ``enable_hashjoin="off"``) for the statements inside
    the block, in the current transaction only, and their values before after it (after an
    error the transaction's rollback restores them)."""
    with connection.cursor() as cursor:
        before = {}
        for name, value in values.items():
            cursor.execute("SELECT current_setting(%s), set_config(%s, %s, true)", [name, name, value])
            before[name] = cursor.fetchone()[0]
    yield
    with connection.cursor() as cursor:
        for name, value in before.items():
            cursor.execute("SELECT set_config(%s, %s, true)", [name, value])


# --- binary COPY: rows packed by ``struct`` ----------------------------------------------------------

#: The binary COPY stream's header (signature, flags, header extension length) and trailer.
COPY_BINARY_HEADER = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0)
COPY_BINARY_TRAILER = struct.pack(">h", -1)

#: Each binary COPY field is its length (int32) then its value: the value's struct code and length by type.
_BINARY_FIELD = {"int8": ("q", 8), "int4": ("i", 4), "float8": ("d", 8), "bool": ("?", 1), "timestamptz": ("q", 8)}
_POSTGRES_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


class BinaryRowBlock:
    """Binary COPY rows in blocks of a fixed layout (a rated game's seven red rows, then its three
    black rows). ``rows`` gives each row of a block as its fields: a PostgreSQL type ("int8",
    "int4", "float8", "bool", "timestamptz" as ``timestamp_micros``) for a value, or bytes for a
    text field that is the same in that row of every block.

    ``structs[i].pack(value, value, …)`` packs the block's i-th row from its values alone: the
    field count, each field's length and the constant texts are left as zero bytes, and ``finish``
    writes them into a chunk of whole blocks, one byte position of the block at a time (a strided
    slice). Passed to every pack call, those constants tripled its cost (millions of rows)."""

    def __init__(self, *rows: Sequence[str | bytes]):
        self.structs: list[struct.Struct] = []
        template = bytearray()
        for fields in rows:
            codes = ["2x"]  # the field count
            filled = bytearray(struct.pack(">h", len(fields)))
            for field in fields:
                if isinstance(field, bytes):
                    codes.append(f"4x{len(field)}x")
                    filled += struct.pack(">i", len(field)) + field
                else:
                    code, size = _BINARY_FIELD[field]
                    codes.append(f"4x{code}")
                    filled += struct.pack(">i", size) + bytes(size)
            self.structs.append(struct.Struct(">" + "".join(codes)))
            template += filled
        self.size = len(template)
        #: the block's bytes that are not zero in every block: (offset, that byte)
        self.constants = [(offset, bytes((byte,))) for offset, byte in enumerate(template) if byte]

    def finish(self, packed: bytes) -> bytearray:
        """Whole blocks packed by ``structs``, with the constant bytes written in."""
        data = bytearray(packed)
        blocks, rest = divmod(len(data), self.size)
        if rest:
            raise ValueError(f"{len(data)} bytes are not whole blocks of {self.size}")
        for offset, byte in self.constants:
            data[offset::self.size] = byte * blocks
        return data


def timestamp_micros(moment: datetime) -> int:
    """A timestamptz as binary COPY writes it: microseconds since 2000-01-01 UTC."""
    return (moment - _POSTGRES_EPOCH) // _MICROSECOND


def copy_binary(model, columns: Sequence[str], chunks: Iterable[bytes]) -> None:
    """Write rows into ``model``'s table by binary COPY (PostgreSQL): each chunk is whole rows
    (``BinaryRowBlock.finish``). The chunks are sent from a thread while the caller makes
    the next ones."""
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    with connection.cursor() as cursor:
        raw = cursor.cursor  # the psycopg cursor underneath Django's wrapper
        with raw.copy(f"COPY {table} ({names}) FROM STDIN (FORMAT BINARY)",
                      writer=QueuedLibpqWriter(raw)) as copy:
            copy.write(COPY_BINARY_HEADER)
            for chunk in chunks:
                copy.write(chunk)
            copy.write(COPY_BINARY_TRAILER)
