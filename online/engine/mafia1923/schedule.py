"""The schedule (seed 004, "Flow Of A Full Day"): Night 21:00–07:00, Day 09:00–19:00, Israel
time (daylight saving included), from a Saturday night (Night 1) to Day 5 (Thursday).

Every window follows from Night 1's date: Night k starts on that date plus k − 1 days, Day k
on that date plus k days. The gaps (07:00–09:00, 19:00–21:00) are the moderators' buffers.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from ..clock import ceil_hour
from ..setup import Setup
from ..state import phase_kind, phase_number

SATURDAY = 5  # date.weekday()


def zone(setup: Setup) -> ZoneInfo:
    return ZoneInfo(setup.option("timezone"))


def first_night_date(setup: Setup, after: datetime) -> date:
    """Night 1's date: the first Saturday whose night starts at or after `after`."""
    local = after.astimezone(zone(setup))
    day = local.date()
    while True:
        if day.weekday() == SATURDAY and _at(setup, day, setup.option("night_starts")) >= after:
            return day
        day += timedelta(days=1)


def _at(setup: Setup, day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour % 24), tzinfo=zone(setup)).astimezone(ZoneInfo("UTC"))


def window(setup: Setup, night_one: date, phase: str) -> tuple[datetime, datetime]:
    """The scheduled start and end (UTC) of a phase."""
    number = phase_number(phase)
    if phase_kind(phase) == "night":
        start_day = night_one + timedelta(days=number - 1)
        return (
            _at(setup, start_day, setup.option("night_starts")),
            _at(setup, start_day + timedelta(days=1), setup.option("night_ends")),
        )
    day = night_one + timedelta(days=number)
    return _at(setup, day, setup.option("day_starts")), _at(setup, day, setup.option("day_ends"))


def phase_window(setup: Setup, night_one: date, phase: str, after: datetime):
    """When the phase opens and closes: its scheduled window, but never before `after` (the
    previous phase's end); a window already past gets one hour from the next top of the hour."""
    start, end = window(setup, night_one, phase)
    start = max(start, after)
    if end <= start:
        end = ceil_hour(start + timedelta(seconds=1)) + timedelta(hours=1)
    return start, end
