"""Times and deadlines. Every time is UTC; every deadline is at the top of an hour.

The two deadline rules of the standard game:
- a phase that ends at its deadline: the next deadline is computed from that deadline, with no
  regard to how long the update took (`deadline_after_deadline`);
- a phase that ends early (a lynch, the start of the game): the next deadline is computed from
  the top of the next hour after the action (`deadline_after_action`).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from .errors import RuleError

HOUR = timedelta(hours=1)


def utc(value: datetime | str) -> datetime:
    """An aware UTC datetime from a datetime or an ISO 8601 string; naive times are refused."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise RuleError("time.invalid", f"{value!r} is not an ISO 8601 time.") from None
    if not isinstance(value, datetime):
        raise RuleError("time.invalid", f"{value!r} is not a time.")
    if value.tzinfo is None or value.utcoffset() is None:
        raise RuleError("time.naive", f"{value.isoformat()} has no time zone; give UTC times.")
    return value.astimezone(UTC)


def iso(value: datetime | None) -> str | None:
    """The log's spelling of a time: ISO 8601 in UTC with a Z."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def floor_hour(value: datetime) -> datetime:
    return value.replace(minute=0, second=0, microsecond=0)


def top_of_next_hour(value: datetime) -> datetime:
    """The first top of an hour strictly after `value` (14:00:00 → 15:00, 14:20 → 15:00)."""
    return floor_hour(value) + HOUR


def ceil_hour(value: datetime) -> datetime:
    """`value` when it is a top of an hour, else the next one."""
    floor = floor_hour(value)
    return value if floor == value else floor + HOUR


def deadline_after_deadline(previous_deadline: datetime, hours: int) -> datetime:
    return previous_deadline + hours * HOUR


def deadline_after_action(action_at: datetime, hours: int) -> datetime:
    return top_of_next_hour(action_at) + hours * HOUR
