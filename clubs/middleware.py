import zoneinfo

from django.utils import timezone


class ClubTimezoneMiddleware:
    """Shows times in the time zone of the club a page belongs to.

    Views that belong to a club set ``request.club_timezone``; otherwise the signed-in player's
    home club decides, and UTC is the last resort. Times are always stored in UTC.
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
