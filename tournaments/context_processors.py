"""The navigation bar's links by role, with the organizer's queue counts (tournaments.queue)."""

from functools import cached_property

from .queue import request_roles


class Navigation:
    """What the navigation bar needs to show links by role, read when the bar is drawn (an htmx
    fragment that does not draw it costs nothing).

    The answers are kept per user until a row they read changes (``queue.kept_roles``): a page
    usually pays two reads of the cache and no query; after a change, the user's first page pays
    what it always did (the queue's counts for an organizer; organizes? judges? for the others).
    """

    def __init__(self, request):
        self.request = request

    @cached_property
    def counts(self):
        return request_roles(self.request).counts

    @cached_property
    def organizes(self) -> bool:
        return self.counts is not None

    @cached_property
    def judges(self) -> bool:
        return request_roles(self.request).judges

    @property
    def todo(self) -> int:
        return self.counts.total if self.counts is not None else 0


def navigation(request):
    """What the navigation bar needs to show links by role."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav": {"judges": False, "organizes": False, "todo": 0}}
    return {"nav": Navigation(request)}
