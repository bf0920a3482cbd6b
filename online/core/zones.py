"""The game's time zone: every time of a game (deadlines, posts, votes, notifications, e-mails)
is shown in it, as the site writes every time (core/written.py: the ``when`` template filter with
the game, or ``game_time`` here for Python text), and labelled with it, so a page never shows one
deadline two ways. Deadlines themselves are computed in UTC by the engine."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, tzinfo

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core import written
from online.engine.clock import utc
from online.engine.errors import RuleError


def validate_zone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError) as error:
        raise ValidationError(_("%(zone)s is not a time zone (e.g. UTC, Europe/Moscow).") % {"zone": value},
                              code="time_zone") from error


# offered first in a list of zones (the clubs' usual ones); every other IANA zone follows
COMMON_ZONES = ("Europe/Moscow", "UTC", "Europe/Kaliningrad", "Europe/Samara", "Asia/Yekaterinburg",
                "Asia/Novosibirsk", "Asia/Vladivostok", "Europe/Kyiv", "Europe/Minsk", "Europe/London",
                "Europe/Berlin", "America/New_York")


def zone_choices() -> list[tuple[str, str]]:
    """Every IANA zone for a select: the common ones first, then the rest alphabetically."""
    rest = sorted(zoneinfo.available_timezones() - set(COMMON_ZONES))
    return [(zone, zone) for zone in (*COMMON_ZONES, *rest)]


def zone_of(game) -> tzinfo:
    return zone_of_name(getattr(game, "time_zone", "") or "UTC")


def zone_of_name(name: str) -> tzinfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        return UTC


def as_datetime(value) -> datetime | None:
    """A datetime from a datetime or the engine's ISO text ("2025-03-04T06:00:00Z")."""
    if value in (None, ""):
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    try:
        return utc(value)
    except (RuleError, ValueError, TypeError):
        return None


def game_time(value, game, *, with_date: bool = True) -> str:
    """A time of this game as the site writes every time (core/written.py), in the game's zone:
    "Tue 4 Mar 2025, 09:00 MSK"; ``with_date=False``: "09:00 MSK"."""
    return written.moment(value, game) if with_date else written.clock(value, game)
