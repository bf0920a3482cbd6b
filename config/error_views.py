"""Django's error handlers (``handler400/403/404/500`` in config/urls.py): under ``/api/`` every
error is JSON in the API's one shape ``{"code", "detail"}`` (docs/api.md, "Errors") — a malformed
id or slug, a body too large, a NUL in the address, a server error; elsewhere the pages say what
went wrong (a 400 names the refused input)."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpResponseBadRequest, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults

API_PREFIX = "/api/"


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def api_error(status: int, code: str, detail: str, **extra) -> JsonResponse:
    return JsonResponse({**extra, "code": code, "detail": detail}, status=status)


def _bad_request_detail(exception) -> tuple[str, str]:
    if isinstance(exception, RequestDataTooBig):
        return "too_large", _("The request body is too large.")
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        return "too_many_fields", _("The request has too many fields or files.")
    message = str(exception) if exception is not None and exception.args else ""
    return "bad_request", message or _("The request cannot be read.")


def bad_request(request, exception=None):
    code, detail = _bad_request_detail(exception)
    if is_api(request):
        return api_error(400, code, detail)
    body = loader.render_to_string("400.html", {"message": detail}, request)
    return HttpResponseBadRequest(body)


def permission_denied(request, exception=None):
    if is_api(request):
        return api_error(403, "permission_denied", _("You do not have permission to do this."))
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return api_error(404, "not_found", _("Not found."))
    return defaults.page_not_found(request, exception)


def server_error(request):
    if is_api(request):
        return api_error(500, "server_error", _("A server error occurred; it has been logged."))
    return defaults.server_error(request)
