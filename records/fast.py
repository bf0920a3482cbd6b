"""The leaderboards' fast path (docs/records.md, "Leaderboards", Speed): anonymous GETs of
``/players/leaderboards/`` answered in front of Django (config/wsgi.py, the mechanism in
core/fast_path.py), with any query and with or without ``HX-Request``.

The answer is Django's own for that query, ``HX-Request`` and language, kept per process under the
store's **generation** (records.generation), read on every request: a publish, a hide or a rescore
changes the store and its generation, and the next request asks Django again, so no visitor ever
gets a table older than the store's last change. Within one generation an answer is asked again
after ``REFRESH_SECONDS`` (what the store does not hold: a club's new name in the form's choices,
a nickname changed). With the cache unreachable no generation is known and Django answers.
"""

from __future__ import annotations

import re

from django.core.cache import cache
from django.urls import reverse

from core.fast_path import FastPath

from .generation import GENERATION_KEY

# the static files the records' fast-path pages link to: part of their edition (core.fast_path.edition)
PAGE_ASSETS = ("css/site.css", "css/records.css", "vendor/htmx/htmx-2.0.11.min.js", "js/site.js")
REFRESH_SECONDS = 10
ENTRIES = 256


class _StoreFastPath(FastPath):
    """A page of the store's (any query, with or without ``HX-Request``) kept under its generation."""

    entries = ENTRIES
    with_query = True
    with_htmx = True

    def generation(self) -> str | None:
        return cache.get(GENERATION_KEY)  # None until a first reader made one (then Django answers)


class FastLeaderboards(_StoreFastPath):
    refresh_seconds = REFRESH_SECONDS

    def __init__(self, app):
        super().__init__(app)
        self.path = None

    def matches(self, environ) -> bool:
        if self.path is None:
            self.path = reverse("records:leaderboards")
        return environ.get("PATH_INFO") == self.path


RECORD_REFRESH_SECONDS = 1.0


class FastRecords(_StoreFastPath):
    """Anonymous GETs of a player's record page (``/players/<pk>/record/``, any query, with or
    without ``HX-Request``), answered as the leaderboards are, under the store's generation: a
    publish, a hide or a rescore reaches the next request. What the store does not hold, the page's
    online games and a renamed player, is asked again after ``RECORD_REFRESH_SECONDS``."""

    refresh_seconds = RECORD_REFRESH_SECONDS

    def __init__(self, app):
        super().__init__(app)
        self.pattern = None

    def matches(self, environ) -> bool:
        if self.pattern is None:  # the URL conf's address of a record, any player's number
            before, after = reverse("records:player", args=[0]).split("/0/", 1)
            self.pattern = re.compile(rf"^{re.escape(before)}/\d+/{re.escape(after)}$")
        return self.pattern.match(environ.get("PATH_INFO", "")) is not None
