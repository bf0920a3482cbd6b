"""The fast path: anonymous GETs of the published standings answered in front of Django.

Fifty readers of one tournament's standings at a time (issue 14) need well under a millisecond of
server time per request; Django's middleware and the gate's query cost more than that. This WSGI
wrapper (config/wsgi.py) answers exactly two URLs, ``/tournaments/<slug>/standings/`` and
``/api/v1/tournaments/<slug>/standings/``, and only for a visitor about whom nothing is known:

- ``GET``, no query string, no ``HX-Request``, no ``Authorization``;
- no session cookie and no messages cookie (the rule of ``stored_standings._anonymous``); a CSRF
  cookie only in its plain 32-character form (any other form makes Django replace it: Django
  answers that one);
- a host Django allows; for the API an ``Accept`` that names JSON or anything.

Everything else goes to Django unchanged. The answer is **Django's own**: once per quarter of a
second per URL, language, host and scheme (``REFRESH_SECONDS``), and only when someone asks, the
fast path sends Django an anonymous request for the same URL and keeps what it answered, the 200
and the 304 for its ``ETag``. So the gate (the switch, the draft, a missing tournament), the
language (``Accept-Language`` and the language cookie, resolved as ``LocaleMiddleware`` does),
the headers and the bytes are whatever Django decided at most ``REFRESH_SECONDS`` ago, and
nothing of the gate is written twice. A kept answer that is not a 200 with an ``ETag`` and no
cookie is not served: Django answers those requests itself. Closing the standings (the switch off,
back to draft) therefore stops the fast path within ``REFRESH_SECONDS`` plus one Django request:
documented in docs/tournaments.md and docs/secrecy.md.

The only per-visitor part of the page is its CSRF token: the kept page is cut where Django put the
token of a secret the fast path chose, and each visitor gets their own secret (from their cookie,
else a new one) masked there, and the ``Set-Cookie`` with which Django renews the cookie of a page
that used its token, written as ``CsrfViewMiddleware`` writes it.
"""

from __future__ import annotations

import io
import logging
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse, parse_cookie
from django.middleware.csrf import (
    CSRF_SECRET_LENGTH,
    _get_new_csrf_string,
    _mask_cipher_secret,
    _unmask_cipher_token,
)
from django.utils.crypto import RANDOM_STRING_CHARS

from core.wsgi_visitor import request_host, request_language

logger = logging.getLogger(__name__)

REFRESH_SECONDS = 0.25
ENTRIES = 256
_URLS = re.compile(r"^/(?P<api>api/v1/)?tournaments/(?P<slug>[-a-zA-Z0-9_]+)/standings/$")
_TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")
_API_ACCEPT = {"", "*/*", "application/json"}
_SECRET_CHARS = frozenset(RANDOM_STRING_CHARS)


@dataclass
class _Kept:
    """Django's answers for one URL, language, host and scheme, as it gave them at ``made``."""

    made: float
    servable: bool
    status: str = ""
    headers: tuple = ()
    segments: tuple = ()  # the 200's body cut at its CSRF tokens
    etag: str = ""
    not_modified: tuple = ()  # the 304's status and headers
    csrf_cookie: bool = False  # the 200 renews the visitor's CSRF cookie


class FastStandings:
    """WSGI middleware: the standings of ``_URLS`` for anonymous visitors, else ``app``."""

    def __init__(self, app):
        self.app = app
        self.kept: OrderedDict[tuple, _Kept] = OrderedDict()
        self.lock = threading.Lock()
        self.recording: set[tuple] = set()

    def __call__(self, environ, start_response):
        try:
            answer = self.answer(environ)
        except Exception:  # the fast path is a speed-up: on any doubt Django answers
            logger.exception("fast standings: falling through to Django")
            answer = None
        if answer is None:
            return self.app(environ, start_response)
        status, headers, body = answer
        start_response(status, headers)
        return [body]

    # --- which requests ---------------------------------------------------------------------

    def answer(self, environ):
        """(status, headers, body) for a request the fast path takes, or None."""
        if environ.get("REQUEST_METHOD") != "GET" or environ.get("QUERY_STRING") or environ.get("SCRIPT_NAME"):
            return None
        match = _URLS.match(environ.get("PATH_INFO", ""))
        if match is None or "HTTP_HX_REQUEST" in environ or "HTTP_AUTHORIZATION" in environ:
            return None
        if settings.FORCE_SCRIPT_NAME or settings.USE_X_FORWARDED_HOST or settings.CSRF_USE_SESSIONS:
            return None
        api = match["api"] is not None
        if api and environ.get("HTTP_ACCEPT", "").strip() not in _API_ACCEPT:
            return None
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
            return None
        secret = cookies.get(settings.CSRF_COOKIE_NAME)
        if secret is not None and not (len(secret) == CSRF_SECRET_LENGTH and set(secret) <= _SECRET_CHARS):
            return None  # Django replaces a masked or malformed cookie: let it
        host = request_host(environ)
        if host is None:
            return None
        language = request_language(environ, cookies)
        key = (environ["PATH_INFO"], language, host, environ.get("wsgi.url_scheme"),
               environ.get("HTTP_X_FORWARDED_PROTO"))
        kept = self._kept(key, environ, language)
        if kept is None or not kept.servable:
            return None
        if kept.etag in environ.get("HTTP_IF_NONE_MATCH", ""):
            return (*kept.not_modified, b"")
        if len(kept.segments) == 1 and not kept.csrf_cookie:
            return kept.status, list(kept.headers), kept.segments[0]
        secret = secret or _get_new_csrf_string()
        headers = [*kept.headers, ("Set-Cookie", _csrf_cookie(secret))] if kept.csrf_cookie else list(kept.headers)
        return kept.status, headers, _mask_cipher_secret(secret).encode().join(kept.segments)

    # --- Django's answers, kept a quarter of a second -----------------------------------------

    def _kept(self, key, environ, language) -> _Kept | None:
        now = time.monotonic()
        kept = self.kept.get(key)
        if kept is not None and now - kept.made < REFRESH_SECONDS:
            return kept
        with self.lock:
            if key in self.recording:
                return None  # another thread asks Django now; this request goes to Django too
            self.recording.add(key)
        try:
            kept = self._record(environ, language, now)
        finally:
            with self.lock:
                self.recording.discard(key)
        with self.lock:
            self.kept[key] = kept
            self.kept.move_to_end(key)
            while len(self.kept) > ENTRIES:
                self.kept.popitem(last=False)
        return kept

    def _record(self, environ, language, now) -> _Kept:
        secret = _get_new_csrf_string()
        status, headers, body = self._ask(environ, language, secret)
        etag = next((value for name, value in headers if name.lower() == "etag"), "")
        cookies = [value for name, value in headers if name.lower() == "set-cookie"]
        # Django renews the CSRF cookie of a page that used the token: the same for every visitor
        # but their secret and the expiry time. Any other cookie is a visitor's own: not kept.
        csrf_cookie = cookies == [_csrf_cookie(secret, expires=_expires(cookies[0]))] if cookies else False
        if not status.startswith("200 ") or not etag or (cookies and not csrf_cookie):
            return _Kept(made=now, servable=False)
        headers = [(name, value) for name, value in headers if name.lower() != "set-cookie"]
        segments, at = [], 0
        for token in _TOKEN.finditer(body):
            if _unmask_cipher_token(token.group().decode()) == secret:
                segments.append(body[at:token.start()])
                at = token.end()
        segments.append(body[at:])
        not_status, not_headers, _body = self._ask(environ, language, secret, if_none_match=etag)
        if not not_status.startswith("304 ") or any(name.lower() == "set-cookie" for name, _ in not_headers):
            return _Kept(made=now, servable=False)
        return _Kept(made=now, servable=True, status=status, headers=tuple(headers), segments=tuple(segments),
                     etag=etag, not_modified=(not_status, not_headers), csrf_cookie=csrf_cookie)

    def _ask(self, environ, language, secret, if_none_match=None):
        """Django's answer to an anonymous visitor of this URL in ``language`` holding ``secret``."""
        asked = {name: value for name, value in environ.items()
                 if not name.startswith("HTTP_") and name not in ("CONTENT_TYPE", "CONTENT_LENGTH")}
        for name in ("HTTP_HOST", "HTTP_X_FORWARDED_PROTO"):
            if name in environ:
                asked[name] = environ[name]
        asked.update({"HTTP_ACCEPT_LANGUAGE": language, "HTTP_COOKIE": f"{settings.CSRF_COOKIE_NAME}={secret}",
                      "wsgi.input": io.BytesIO(b""), "QUERY_STRING": ""})
        if if_none_match:
            asked["HTTP_IF_NONE_MATCH"] = if_none_match
        answered = {}

        def start_response(status, headers, exc_info=None):
            answered["status"], answered["headers"] = status, headers

        chunks = self.app(asked, start_response)
        try:
            body = b"".join(chunks)
        finally:
            if hasattr(chunks, "close"):
                chunks.close()  # request_finished: Django's connection handling
        return answered["status"], list(answered["headers"]), body

    def clear(self) -> None:
        with self.lock:
            self.kept.clear()


def _csrf_cookie(secret: str, expires: str | None = None) -> str:
    """The ``Set-Cookie`` value ``CsrfViewMiddleware._set_csrf_cookie`` writes for ``secret`` now
    (or with the expiry time ``expires``)."""
    response = HttpResponse()
    response.set_cookie(settings.CSRF_COOKIE_NAME, secret, max_age=settings.CSRF_COOKIE_AGE,
                        domain=settings.CSRF_COOKIE_DOMAIN, path=settings.CSRF_COOKIE_PATH,
                        secure=settings.CSRF_COOKIE_SECURE, httponly=settings.CSRF_COOKIE_HTTPONLY,
                        samesite=settings.CSRF_COOKIE_SAMESITE)
    cookie = response.cookies[settings.CSRF_COOKIE_NAME]
    if expires is not None:
        cookie["expires"] = expires
    return cookie.output(header="")


def _expires(cookie: str) -> str | None:
    found = re.search(r"expires=([^;]+)", cookie)
    return found.group(1) if found else None
