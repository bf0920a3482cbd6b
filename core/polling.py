"""A fragment a page asks for again and again (the live and broadcast views, static/js/live.js).

Its ETag is a digest of its bytes, so the tag moves exactly when what the reader sees changes —
never with anything the fragment does not show (docs/secrecy.md: no tag moves with a hidden
event) — and an unchanged fragment answers 304 with no body.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified


def polled_fragment(request: HttpRequest, body: str) -> HttpResponse:
    tag = f'"{hashlib.sha256(body.encode()).hexdigest()[:32]}"'
    response = HttpResponseNotModified() if tag in request.headers.get("If-None-Match", "") else HttpResponse(body)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response
