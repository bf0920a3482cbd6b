"""The navigation bar's links by role, with the organizer's queue counts (tournaments.queue)."""

from functools import cached_property

from clubs.permissions import clubs_user_judges

from .queue import request_queue_counts


class Navigation:
    """What the navigation bar needs to show links by role, read when the bar is drawn (an htmx
    fragment that does not draw it costs nothing).

    A visitor who organizes nothing pays what they always did (two queries: organizes? judges?);
    an organizer pays one, the queue's counts (tournaments.queue), which also say that they
    organize, and so judge.
    """

    def __init__(self, request):
        self.request = request

    @cached_property
    def counts(self):
        return request_queue_counts(self.request)

    @cached_property
    def organizes(self) -> bool:
        return self.counts is not None

    @cached_property
    def judges(self) -> bool:
        if self.organizes:
            return True  # an organizer may judge (clubs.permissions)
        return clubs_user_judges(self.request.user).exists()

    @property
    def todo(self) -> int:
        return self.counts.total if self.counts is not None else 0


def navigation(request):
    """What the navigation bar needs to show links by role."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav": {"judges": False, "organizes": False, "todo": 0}}
    return {"nav": Navigation(request)}
