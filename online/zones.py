"""The game's time zone: every time of a game (deadlines, posts, votes, notifications, e-mails)
is shown in it, through ``game_time`` (the ``game_time`` template filter), and labelled with it,
so a page never shows one deadline two ways. Deadlines themselves are computed in UTC by the
engine."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, tzinfo
from functools import lru_cache

from django.core.exceptions import ValidationError
from django.utils import formats, translation
from django.utils.translation import gettext as _

from online.engine.clock import utc
from online.engine.errors import RuleError


def validate_zone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError) as error:
        raise ValidationError(_("%(zone)s is not a time zone (e.g. UTC, Europe/Moscow).") % {"zone": value},
                              code="time_zone") from error


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


def zone_label(moment: datetime) -> str:
    """"UTC", "MSK", or the offset where the zone has no letters for it ("+04")."""
    name = moment.strftime("%Z")
    if not name or name[0] in "+-":
        offset = moment.strftime("%z")
        return f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    return name


def game_time(value, game, *, with_date: bool = True) -> str:
    """One way to write a time of this game: "Tue 4 Mar 2025, 09:00 MSK" in the game's zone."""
    moment = as_datetime(value)
    if moment is None:
        return ""
    return _written(moment, getattr(game, "time_zone", "") or "UTC", translation.get_language() or "", with_date)


@lru_cache(maxsize=4096)
def _written(moment: datetime, zone: str, language: str, with_date: bool) -> str:
    """Kept per process: a day's vote history writes the same times again at every update."""
    local = moment.astimezone(zone_of_name(zone))
    text = formats.date_format(local, "D j M Y, H:i" if with_date else "H:i")
    return f"{text} {zone_label(local)}"
