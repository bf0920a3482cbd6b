"""Rate limits: who is refused, how often, and what they are told (docs/pipeline.md, "Rate limits").

Three maintained libraries, one store (the cache, Redis in production) and one answer, a 429 with
a translated message — an HTML page, or ``{"code": "throttled", "detail": …}`` under ``/api/``:

* log-in (the form and the API token endpoint): django-axes locks a username from one address
  out after ``AXES_FAILURE_LIMIT`` failures, for ``AXES_COOLOFF_TIME``;
* sign-up, password reset, applications to tournaments and evenings (guests' above all):
  django-ratelimit, per address (per account when signed in), rates in ``settings.RATE_LIMITS``;
* API writes and the token endpoint: DRF throttles, rates in ``settings.RATE_LIMITS`` too.

``settings.RATE_LIMITS_ENABLED`` (with ``AXES_ENABLED`` for the log-in) switches them off
(config/test_settings.py: the suite signs in and applies far more often than any person;
tests/foundation/test_rate_limits.py turns them on). When the cache is unreachable the limits let requests through (core/cache.py).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit.decorators import ratelimit
from rest_framework.throttling import SimpleRateThrottle


def limit(name: str, *, key: str = "user_or_ip"):
    """django-ratelimit on a view's POSTs, with the rate ``settings.RATE_LIMITS[name]``."""
    return ratelimit(group=f"limit:{name}", key=key, rate=lambda group, request: _rate(name),
                     method="POST", block=True)


def _rate(name: str) -> str | None:
    return settings.RATE_LIMITS[name] if settings.RATE_LIMITS_ENABLED else None


def refused_message() -> str:
    return _("Too many attempts from you in a short time. Nothing was done: please wait a few "
             "minutes and try again.")


def refused(request, exception=None) -> HttpResponse:
    """The answer to a request over its rate (settings.RATELIMIT_VIEW)."""
    message = refused_message()
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "throttled", "detail": message}, status=429)
    return render(request, "429.html", {"message": message}, status=429)


def locked_out(request, original_response=None, credentials=None) -> HttpResponse:
    """django-axes' lock-out answer (settings.AXES_LOCKOUT_CALLABLE)."""
    message = _("Too many failed log-ins for this account from your address. Please wait 15 "
                "minutes, or reset your password.")
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "locked_out", "detail": message}, status=429)
    return render(request, "429.html", {"message": message}, status=429)


class _Throttle(SimpleRateThrottle):
    """A DRF throttle whose rate is read from ``settings.RATE_LIMITS`` at each request."""

    # DRF's `timer = time.time` is captured when DRF is first imported; if that happens while a
    # test has the clock frozen (freezegun), it is freezegun's fake, a plain function that then
    # binds as a method and fails every throttled request. Static, it works either way.
    timer = staticmethod(time.time)

    def __init__(self):  # DRF reads the rate here; it is read per request instead
        pass

    def allow_request(self, request, view):
        if not settings.RATE_LIMITS_ENABLED:
            return True
        self.rate = settings.RATE_LIMITS[self.scope]
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request, view):
        ident = request.user.pk if request.user and request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class ApiWriteThrottle(_Throttle):
    """Writes through the API (POST, PUT, PATCH, DELETE), per account or address."""

    scope = "api_write"

    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class ApiTokenThrottle(_Throttle):
    """The token endpoint (a username and password for a token), per address."""

    scope = "api_token"
