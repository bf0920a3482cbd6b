"""core.bulkload.BinaryRowBlock: rows packed without their constants, the constants written in
per chunk, give the bytes of binary COPY rows packed field by field (the full rebuilds' path)."""

import struct

import pytest

from core.bulkload import BinaryRowBlock


def _by_hand(count: int, red: tuple, black: tuple) -> bytes:
    """A binary COPY row as the format says: the field count, then each field's length and value."""
    rows = b""
    for name, (ident, moment, won, points, games) in ((b"red", red), (b"black", black)):
        rows += struct.pack(f">hiqiqi{len(name)}si?idii", count, 8, ident, 8, moment, len(name), name, 1, won,
                            8, points, 4, games)
    return rows


def test_a_chunk_of_blocks_is_the_rows_packed_field_by_field():
    fields = ("int8", "timestamptz", "bool", "float8", "int4")
    block = BinaryRowBlock((*fields[:2], b"red", *fields[2:]), (*fields[:2], b"black", *fields[2:]))
    games = [((i, 10 * i, True, i / 3, i % 7), (-i, 10 * i, False, -i / 3, 2**31 - 1)) for i in range(1, 4)]
    packed = b"".join(block.structs[0].pack(*red) + block.structs[1].pack(*black) for red, black in games)
    assert bytes(block.finish(packed)) == b"".join(_by_hand(6, red, black) for red, black in games)


def test_a_chunk_must_be_whole_blocks():
    block = BinaryRowBlock(("int8",), (b"text", "int4"))
    with pytest.raises(ValueError, match="whole blocks"):
        block.finish(bytes(block.size + 1))
