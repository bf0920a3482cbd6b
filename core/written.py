"""How the site writes a moment, a date and a number of points: one way, for every page, e-mail,
notification and export a person reads (the template filters of ``core/templatetags/written.py``
call these functions; Python text such as e-mails and notifications calls them directly).

A moment is written in the time zone of what it belongs to — its club, event or game — whoever
reads it, with that zone's short name in the reader's language ("MSK" in English, «МСК» in
Russian; a zone with no Russian name, Israel's "IST", is «UTC+2» in Russian), and a date has one
form per language::

    Sat 28 Nov 2026, 17:54 MSK          (English)
    сб, 28 ноября 2026, 17:54 МСК       (Russian)

Points always have two decimals in the reader's language ("1.70", "1.00"; «1,70», «1,00»).

What a moment belongs to (``owner``) may be: an online game (its ``time_zone``), a club (its
``timezone``), anything with a ``club``, ``game``, ``tournament``, ``evening`` or ``event`` that
has one (a tournament, an evening, a table's game, a discipline case, a notification…), a zone's
name, or a ``tzinfo``. With no owner (a thing of no club: a simulation run, the ratings' job) the
reader's zone: the one ``clubs.middleware`` activated (their home club's, or UTC).

docs/architecture.md ("Times and numbers") says why one place; tests/foundation/test_written.py
pins the forms and greps the templates so that no page writes a time another way.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from decimal import Decimal
from functools import lru_cache

from django.utils import formats, timezone, translation
from django.utils.translation import pgettext_lazy

# The zones' short names where the reader's language has its own. Any other is written in English
# as the time zone database gives it ("CET", "IST") or as an offset from UTC ("UTC+5") where it has
# none; in another language an English abbreviation is no word at all (a Russian reader knows «МСК»,
# not "IST" nor "CET"), so there it is the offset ("UTC+2"), and UTC is UTC in every language.
ZONE_NAMES = {
    "MSK": pgettext_lazy("time zone", "MSK"),
}
INTERNATIONAL_ZONE_NAMES = frozenset({"UTC"})
# One way to write a date per language: the weekday, then the day, month and year.
#   (the weekday's format, lower-case it?, between weekday and date, the date's format)
DATE_FORMS = {
    "en": ("D", False, " ", "j M Y"),
    "ru": ("D", True, ", ", "j E Y"),
}
TIME_FORMAT = "H:i"
OWNER_LINKS = ("club", "game", "tournament", "evening", "event")


def zone_of(owner=None) -> dt.tzinfo:
    """The time zone of what a moment belongs to (see the module's docstring)."""
    for _depth in range(4):
        if owner is None:
            return timezone.get_current_timezone()
        if isinstance(owner, dt.tzinfo):
            return owner
        if isinstance(owner, str):
            return _named_zone(owner)
        for field in ("time_zone", "timezone"):
            name = getattr(owner, field, None)
            if isinstance(name, str) and name:
                return _named_zone(name)
        owner = next((linked for linked in (getattr(owner, name, None) for name in OWNER_LINKS)
                      if linked is not None), None)
    return timezone.get_current_timezone()


def _named_zone(name: str) -> dt.tzinfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        return dt.UTC


def zone_name(local: dt.datetime) -> str:
    """The short name of a local moment's zone in the reader's language: "MSK" / «МСК», "CET",
    "UTC", or "UTC+5" / "UTC+5:30" where the time zone database has no letters for it or the
    letters are English ("IST" in Russian is «UTC+2»)."""
    name = local.strftime("%Z")
    if name in ZONE_NAMES:
        return str(ZONE_NAMES[name])
    if name and name[0] not in "+-" and (_language() == "en" or name in INTERNATIONAL_ZONE_NAMES):
        return name
    offset = local.utcoffset() or dt.timedelta(0)
    if not offset:
        return "UTC"
    sign = "+" if offset > dt.timedelta(0) else "-"
    minutes = abs(int(offset.total_seconds())) // 60
    hours, rest = divmod(minutes, 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def _language() -> str:
    language = (translation.get_language() or "en").split("-")[0]
    return language if language in DATE_FORMS else "en"


def _date_text(value: dt.date) -> str:
    weekday_format, lower, between, date_format = DATE_FORMS[_language()]
    weekday = formats.date_format(value, weekday_format)
    return f"{weekday.lower() if lower else weekday}{between}{formats.date_format(value, date_format)}"


def as_moment(value) -> dt.datetime | dt.date | None:
    """A datetime (an aware one: a naive one is taken as UTC), a date, or an ISO text of either
    (the online engine's "2025-03-04T06:00:00Z"); None for nothing or for what is not a time."""
    if value in (None, ""):
        return None
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                return None
    if isinstance(value, dt.datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)
    return value if isinstance(value, dt.date) else None


def local(value, owner=None) -> dt.datetime | None:
    """The moment in its owner's zone (None for nothing)."""
    moment = as_moment(value)
    if not isinstance(moment, dt.datetime):
        return None
    return moment.astimezone(zone_of(owner))


def moment(value, owner=None) -> str:
    """A date and time with its zone: "Sat 28 Nov 2026, 17:54 MSK". A date alone is written as
    ``day``. Empty for nothing."""
    when = as_moment(value)
    if when is None:
        return ""
    if not isinstance(when, dt.datetime):
        return _date_text(when)
    return _moment_text(when, zone_of(owner), _language(), translation.get_language())


@lru_cache(maxsize=4096)
def _moment_text(when: dt.datetime, zone: dt.tzinfo, language: str, _active: str | None) -> str:
    """Kept per process: a day's vote history writes the same times again at every update."""
    there = when.astimezone(zone)
    return f"{_date_text(there)}, {formats.time_format(there, TIME_FORMAT)} {zone_name(there)}"


def _local_date(value, owner=None) -> dt.date | None:
    """The date of ``value``: a date as it is, a moment's in its owner's zone; None for nothing."""
    when = as_moment(value)
    if isinstance(when, dt.datetime):
        return when.astimezone(zone_of(owner)).date()
    return when


def day(value, owner=None) -> str:
    """The date only ("Sat 28 Nov 2026"): of a date, or of a moment in its owner's zone."""
    when = _local_date(value, owner)
    return "" if when is None else _date_text(when)


def date_only(value, owner=None) -> str:
    """The day without its weekday ("2 Oct 2026", «2 октября 2026»): where room is short, as a
    chart's axis at a phone's width. Empty for nothing."""
    when = _local_date(value, owner)
    return "" if when is None else formats.date_format(when, DATE_FORMS[_language()][3])


def month(value, owner=None) -> str:
    """The month and year ("Oct 2026", Russian «Окт 2026»): of a date, or of a moment in its
    owner's zone; a chart's axis names its months so. Empty for nothing."""
    when = _local_date(value, owner)
    return "" if when is None else formats.date_format(when, "M Y")


def clock(value, owner=None) -> str:
    """The time of day only, with its zone ("17:54 MSK"), for a list whose day is said once."""
    there = local(value, owner)
    if there is None:
        return ""
    return f"{formats.time_format(there, TIME_FORMAT)} {zone_name(there)}"


def machine(value) -> str:
    """The moment for machines (a ``<time datetime>`` attribute): ISO 8601 in UTC."""
    when = as_moment(value)
    if isinstance(when, dt.datetime):
        return when.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")
    return when.isoformat() if when is not None else ""


def points(value) -> str:
    """Points with two decimals in the reader's language: "1.70", "1.00", "-0.20" (Russian «1,70»).
    Empty for nothing."""
    if value in (None, ""):
        return ""
    try:
        number = Decimal(str(value))
    except ArithmeticError:
        return str(value)
    return formats.number_format(number, 2)
