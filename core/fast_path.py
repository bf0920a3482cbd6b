"""Fast paths: anonymous GETs of a few public URLs answered in front of Django, from Django's own
recent answers (config/wsgi.py). The tournament standings (tournaments/standings/fast.py) and the
leaderboards (records/fast.py) each declare which URLs; this module does the rest.

A fast path answers only a visitor about whom nothing is known:

- ``GET``, no ``Authorization``; a query string and ``HX-Request`` only where the path takes them
  (``with_query``, ``with_htmx``: they are then part of what names an answer);
- no session cookie and no messages cookie (``knows_nothing_of``); a CSRF cookie only in its plain
  32-character form (any other form makes Django replace it: Django answers that one);
- a host Django allows.

Everything else goes to Django unchanged. The answer is **Django's own**: at most once per
``refresh_seconds`` per URL (with its query), ``HX-Request``, language, host and scheme, and only
when someone asks, the fast path sends Django an anonymous request for the same URL and keeps what
it answered, the 200 and the 304 for its ``ETag``. A path may also name a **generation**
(``generation()``, read on every request, before Django is asked): an answer kept under another
generation is never served, so a change that starts a new one reaches every visitor at once. A
kept answer that is not a 200 with an ``ETag`` and no cookie is not served: Django answers those
requests itself.

The only per-visitor part of a page is its CSRF token: the kept page is cut where Django put the
token of a secret the fast path chose, and each visitor gets their own secret (from their cookie,
else a new one) masked there, and the ``Set-Cookie`` with which Django renews the cookie of a page
that used its token, written as ``CsrfViewMiddleware`` writes it.
"""

from __future__ import annotations

import functools
import hashlib
import io
import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified, parse_cookie
from django.middleware.csrf import (
    CSRF_SECRET_LENGTH,
    _get_new_csrf_string,
    _mask_cipher_secret,
    _unmask_cipher_token,
)
from django.templatetags.static import static
from django.utils.cache import patch_vary_headers
from django.utils.crypto import RANDOM_STRING_CHARS

from .wsgi_visitor import request_host, request_language

logger = logging.getLogger(__name__)

_TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")
_SECRET_CHARS = frozenset(RANDOM_STRING_CHARS)


def knows_nothing_of(request) -> bool:
    """A visitor about whom nothing is known (no user, no session, no messages): the one whose
    page a fast path or a stored body may answer, the same bytes for all of them."""
    return (request.method in ("GET", "HEAD") and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and "messages" not in request.COOKIES and not request.user.is_authenticated)


def tagged_answer(request, name: str, parts: tuple[str, ...], respond: Callable[[], HttpResponse]) -> HttpResponse:
    """The answer to a page whose bytes are the same for every visitor about whom nothing is known
    but the CSRF token (a fast path's page). To such a visitor it is tagged with a digest of
    ``parts`` (the page's ``edition``, then what it shows), made without rendering the page, and
    whoever holds the tag gets a 304: it renders nothing, so it uses no CSRF token and renews no
    cookie (a cookie would keep the fast path from keeping the page). Anyone else gets
    ``respond()``, untagged. The answer varies on the cookie and on ``HX-Request``."""
    tag = None
    if knows_nothing_of(request):
        tag = f'"{name}-{hashlib.sha1(chr(0).join(parts).encode()).hexdigest()[:24]}"'
    response = HttpResponseNotModified() if tag and tag in request.headers.get("If-None-Match", "") else respond()
    if tag:
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("Cookie", "HX-Request"))
    return response


@functools.cache
def edition(templates: tuple[str, ...], assets: tuple[str, ...]) -> str:
    """What rendered bytes depend on besides the data: these templates' sources, the compiled
    translations and these static files' addresses (hashed names in production), as a digest. A
    release that changes any of them names its pages anew. Read once per process and arguments."""
    digest = hashlib.sha1()
    for name in templates:
        digest.update((Path(settings.BASE_DIR) / "templates" / name).read_bytes())
    for path in sorted(Path(settings.BASE_DIR / "locale").glob("*/LC_MESSAGES/django.mo")):
        digest.update(path.read_bytes())
    for asset in assets:
        try:
            digest.update(static(asset).encode())
        except ValueError:  # not collected: the address is the plain one
            digest.update(asset.encode())
    return digest.hexdigest()[:12]


@dataclass
class _Kept:
    """Django's answers for one request's name, as it gave them at ``made`` under ``generation``."""

    made: float
    servable: bool
    generation: str | None = None
    status: str = ""
    headers: tuple = ()
    segments: tuple = ()  # the 200's body cut at its CSRF tokens
    etag: str = ""
    not_modified: tuple = ()  # the 304's status and headers
    csrf_cookie: bool = False  # the 200 renews the visitor's CSRF cookie


class FastPath:
    """WSGI middleware: the anonymous GETs of the paths ``matches`` takes, else ``app``."""

    refresh_seconds = 0.25
    entries = 256
    with_query = False
    with_htmx = False

    def __init__(self, app):
        self.app = app
        self.kept: OrderedDict[tuple, _Kept] = OrderedDict()
        self.lock = threading.Lock()
        self.recording: set[tuple] = set()

    # --- what a fast path declares ---------------------------------------------------------------

    def matches(self, environ) -> bool:
        """This request's path (``PATH_INFO``, and its headers if need be) is one this path answers."""
        raise NotImplementedError

    def generation(self) -> str | None:
        """The data's current generation ('' when the path has none); None: unknown now, Django answers."""
        return ""

    # --- which requests ----------------------------------------------------------------------------

    def __call__(self, environ, start_response):
        try:
            answer = self.answer(environ)
        except Exception:  # the fast path is a speed-up: on any doubt Django answers
            logger.exception("fast path: falling through to Django")
            answer = None
        if answer is None:
            return self.app(environ, start_response)
        status, headers, body = answer
        start_response(status, headers)
        return [body]

    def answer(self, environ):
        """(status, headers, body) for a request the fast path takes, or None."""
        if environ.get("REQUEST_METHOD") != "GET" or environ.get("SCRIPT_NAME"):
            return None
        if (environ.get("QUERY_STRING") and not self.with_query) or not self.matches(environ):
            return None
        if ("HTTP_HX_REQUEST" in environ and not self.with_htmx) or "HTTP_AUTHORIZATION" in environ:
            return None
        if settings.FORCE_SCRIPT_NAME or settings.USE_X_FORWARDED_HOST or settings.CSRF_USE_SESSIONS:
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
        generation = self.generation()
        if generation is None:
            return None
        language = request_language(environ, cookies)
        key = (environ["PATH_INFO"], environ.get("QUERY_STRING", ""), environ.get("HTTP_HX_REQUEST"), language,
               host, environ.get("wsgi.url_scheme"), environ.get("HTTP_X_FORWARDED_PROTO"))
        kept = self._kept(key, environ, language, generation)
        if kept is None or not kept.servable:
            return None
        if kept.etag in environ.get("HTTP_IF_NONE_MATCH", ""):
            return (*kept.not_modified, b"")
        if len(kept.segments) == 1 and not kept.csrf_cookie:
            return kept.status, list(kept.headers), kept.segments[0]
        secret = secret or _get_new_csrf_string()
        headers = [*kept.headers, ("Set-Cookie", _csrf_cookie(secret))] if kept.csrf_cookie else list(kept.headers)
        return kept.status, headers, _mask_cipher_secret(secret).encode().join(kept.segments)

    # --- Django's answers, kept ``refresh_seconds`` within one generation ---------------------------

    def _kept(self, key, environ, language, generation) -> _Kept | None:
        now = time.monotonic()
        kept = self.kept.get(key)
        if kept is not None and now - kept.made < self.refresh_seconds and kept.generation == generation:
            return kept
        with self.lock:
            if key in self.recording:
                return None  # another thread asks Django now; this request goes to Django too
            self.recording.add(key)
        try:
            kept = self._record(environ, language, now)
            kept.generation = generation  # read before Django was asked: never newer than the answer
        finally:
            with self.lock:
                self.recording.discard(key)
        with self.lock:
            self.kept[key] = kept
            self.kept.move_to_end(key)
            while len(self.kept) > self.entries:
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
        names = ("HTTP_HOST", "HTTP_X_FORWARDED_PROTO", *(("HTTP_HX_REQUEST",) if self.with_htmx else ()))
        for name in names:
            if name in environ:
                asked[name] = environ[name]
        asked.update({"HTTP_ACCEPT_LANGUAGE": language, "HTTP_COOKIE": f"{settings.CSRF_COOKIE_NAME}={secret}",
                      "wsgi.input": io.BytesIO(b""),
                      "QUERY_STRING": environ.get("QUERY_STRING", "") if self.with_query else ""})
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
