"""One place that refuses a NUL character in a request's input (docs/input-validation.md).

No field of the site accepts NUL (U+0000): PostgreSQL cannot store it in text, and no person types
it. A request with one in its path, its query string or a form field (a field's name or value;
uploaded files are data and are not looked at) is refused here with **400** and a clear message
before any view runs — JSON under ``/api/`` (``config.error_views``), a short page elsewhere.
Forms and serializers refuse it too (Django's and DRF's ``ProhibitNullCharactersValidator``), and
``core.strictjson`` in JSON bodies; this guard covers the views that read ``request.GET`` or
``request.POST`` themselves.
"""

from __future__ import annotations

from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _holds_nul(query_dict) -> bool:
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in query_dict.lists())


def nul_in_request(request) -> str | None:
    """Where the request carries a NUL character (a message for people), or None."""
    if "\x00" in request.path_info or "\x00" in request.path:
        return _("The address contains a NUL character (%00), which no page accepts.")
    if "%00" in request.META.get("QUERY_STRING", "") or _holds_nul(request.GET):
        return _("The query string contains a NUL character (%00), which no field accepts.")
    if request.method in ("POST", "PUT", "PATCH") and request.content_type in FORM_TYPES and _holds_nul(request.POST):
        return _("A form field contains a NUL character, which no field accepts.")
    return None


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        problem = nul_in_request(request)
        if problem is not None:
            raise BadRequest(problem)
        return self.get_response(request)
