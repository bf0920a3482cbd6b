"""The fast path of the published standings: anonymous GETs answered in front of Django.

Fifty readers of one tournament's standings at a time (issue 14) need well under a millisecond of
server time per request; Django's middleware and the gate's query cost more than that. This WSGI
wrapper (config/wsgi.py, the mechanism in core/fast_path.py) answers exactly two URLs,
``/tournaments/<slug>/standings/`` and ``/api/v1/tournaments/<slug>/standings/``, and only for a
visitor about whom nothing is known (core/fast_path.py): no query string, no ``HX-Request``, and
for the API an ``Accept`` that names JSON or anything.

The answer is **Django's own**, kept at most a quarter of a second per URL, language, host and
scheme (``REFRESH_SECONDS``), and only under the standings' **generation** (``GENERATION_KEY`` in
the cache, read on every request): stored standings start a new one once committed
(``standings_changed``), so a reader sees a Confirm's game as soon as the snapshot counts it, not up
to a quarter of a second later (issue 31). So the gate (the switch, the draft, a missing
tournament), the language, the headers and the bytes are whatever Django decided at most
``REFRESH_SECONDS`` ago, and nothing of the gate is written twice. Closing the standings (the switch off, back to draft)
therefore stops the fast path within ``REFRESH_SECONDS`` plus one Django request: documented in
docs/tournaments.md and docs/secrecy.md.
"""

from __future__ import annotations

import re
import time  # noqa: F401  (the tests move this module's clock: core.fast_path reads time.monotonic)

from core.cache import current_generation, new_generation
from core.fast_path import FastPath

REFRESH_SECONDS = 0.25
ENTRIES = 256
GENERATION_KEY = "standings:generation"
_URLS = re.compile(r"^/(?P<api>api/v1/)?tournaments/(?P<slug>[-a-zA-Z0-9_]+)/standings/$")
_API_ACCEPT = {"", "*/*", "application/json"}


class FastStandings(FastPath):
    """The standings of ``_URLS`` for anonymous visitors, else ``app``."""

    refresh_seconds = REFRESH_SECONDS
    entries = ENTRIES

    def generation(self) -> str | None:
        return current_generation(GENERATION_KEY)

    def matches(self, environ) -> bool:
        match = _URLS.match(environ.get("PATH_INFO", ""))
        if match is None:
            return False
        return match["api"] is None or environ.get("HTTP_ACCEPT", "").strip() in _API_ACCEPT


def standings_changed() -> None:
    """Stored standings were committed: every answer the fast paths keep is stale from now on
    (one generation for all tournaments: a tournament's answer is asked of Django again at most
    once per stored standings anywhere, and its name is one read of the cache)."""
    new_generation(GENERATION_KEY)
