"""What Django would decide of a request, read from its WSGI environ before Django runs: for the
fast paths in front of it (config/wsgi.py), which answer a few URLs without the middleware."""

from __future__ import annotations

from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.translation import get_language_from_request


class _Visitor:
    """What ``get_language_from_request`` reads of a request."""

    def __init__(self, cookies, environ):
        self.COOKIES, self.META = cookies, environ


def request_language(environ, cookies: dict) -> str:
    """The language ``LocaleMiddleware`` activates for this request (its cookie, else
    ``Accept-Language``, else the site's)."""
    return get_language_from_request(_Visitor(cookies, environ))


def request_host(environ) -> str | None:
    """The host as ``HttpRequest.get_host`` reads it, or None when Django would refuse it."""
    host = environ.get("HTTP_HOST")
    if not host:
        host = environ.get("SERVER_NAME", "")
        port = str(environ.get("SERVER_PORT", ""))
        if port != ("443" if environ.get("wsgi.url_scheme") == "https" else "80"):
            host = f"{host}:{port}"
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    domain, _port = split_domain_port(host)
    return host if domain and validate_host(domain, allowed) else None
