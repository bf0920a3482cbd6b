"""Who speaks when: the day's speaking order at a seated table (host mode, docs/rules.md).

Seed 001 says only "Players then speak in order"; the reading (the auto-judged table's, seed 003's
"rotating starting player"): Day 1 opens with seat 1, each later day with the seat after the
previous day's opener, the next one still at the table; the order runs up the seat numbers,
skipping whoever has left.
"""

from __future__ import annotations

from .record import GameRecord, Phase


def _at_the_table_when(record: GameRecord, day: int) -> list[int]:
    """The seats at the table when Day ``day`` opens (its speeches come before any vote)."""
    opened = Phase("day", day)
    gone = {departure.seat for departure in record.departures if departure.phase < opened}
    return [info.seat for info in record.seats if info.seat not in gone]


def day_speaking_order(record: GameRecord, day: int) -> list[int]:
    """The seats in the order they speak on Day ``day``."""
    seats = len(record.seats)
    opener = None
    for number in range(1, day + 1):
        present = _at_the_table_when(record, number)
        if not present:
            return []
        start = 1 if opener is None else opener % seats + 1
        rotation = [(start - 1 + offset) % seats + 1 for offset in range(seats)]
        opener = next(seat for seat in rotation if seat in present)
    start_index = opener - 1
    present = set(_at_the_table_when(record, day))
    return [seat for seat in ((start_index + offset) % seats + 1 for offset in range(seats)) if seat in present]


def speech_seconds(record: GameRecord, seat: int, timers: dict[str, int]) -> int:
    """A seat's speech time today: shortened after three ordinary fouls ("their next speech
    limited to 30 seconds"), else the ruleset's speech."""
    fouls = record.current.fouls.get(seat)
    if fouls is not None and fouls.shortened_speech and "shortened_speech" in timers:
        return timers["shortened_speech"]
    return timers["speech"]
