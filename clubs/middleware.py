import datetime as dt
import zoneinfo

from django.utils import timezone


def club_zone(club) -> dt.tzinfo:
    """The club's time zone (UTC when it names none that exists)."""
    try:
        return zoneinfo.ZoneInfo(club.timezone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        return dt.UTC


def use_club_timezone(club) -> None:
    """Show this request's times in the club's time zone: a page that belongs to a club (a
    tournament's, an evening's) calls it before rendering, whoever looks."""
    timezone.activate(club_zone(club))


class ClubTimezoneMiddleware:
    """Shows times in the time zone of the club a page belongs to.

    Views that belong to a club call ``use_club_timezone``; otherwise the signed-in player's home
    club decides, and UTC is the last resort. Times are always stored in UTC.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        tzname = None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            player = getattr(user, "player", None)
            if player is not None and player.home_club_id:
                tzname = player.home_club.timezone
        if tzname:
            try:
                timezone.activate(zoneinfo.ZoneInfo(tzname))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)
