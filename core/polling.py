"""A fragment a page asks for again and again (the live and broadcast views, static/js/live.js).

Its ETag is a digest of its bytes, so the tag moves exactly when what the reader sees changes —
never with anything the fragment does not show (docs/secrecy.md: no tag moves with a hidden
event) — and an unchanged fragment answers 304 with no body.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

KEEP_SECONDS = 30


def _tag(body: str) -> str:
    return f'"{hashlib.sha256(body.encode()).hexdigest()[:32]}"'


def fragment_answer(request: HttpRequest, body: str, tag: str) -> HttpResponse:
    """200 with ``body``, or 304 to a reader who already holds ``tag``."""
    response = HttpResponseNotModified() if tag in request.headers.get("If-None-Match", "") else HttpResponse(body)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def polled_fragment(request: HttpRequest, body: str) -> HttpResponse:
    return fragment_answer(request, body, _tag(body))


def kept_fragment_body(key: str, render: Callable[[], str]) -> tuple[str, str]:
    """(tag, body), rendered once per ``key`` for every reader: ``key`` must change with anything
    the fragment may show (it is the server's own and never sent; the tag still is the bytes'
    digest). Hundreds of spectators of one table then cost one rendering per change."""
    kept = cache.get(key)
    if kept is None:
        body = render()
        kept = (_tag(body), body)
        cache.set(key, kept, KEEP_SECONDS)
    return kept


def with_server_time(response: HttpResponse) -> HttpResponse:
    """The server's clock (epoch milliseconds) on a polled answer, 200 or 304, outside the bytes and
    the tag: a fragment with a running clock carries when it ends, and the reader's script counts
    down from the server's time, not from a phone's clock that may be minutes off."""
    response["X-Server-Time"] = server_time()
    return response


def server_time() -> str:
    """The server's clock in epoch milliseconds, the ``X-Server-Time`` live.js counts from."""
    return str(int(time.time() * 1000))
