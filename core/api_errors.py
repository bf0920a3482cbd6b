"""The REST API's one mapping from ``ApplicationError`` to HTTP, and its HTTP preconditions.

Services raise ``core.errors.ApplicationError`` with a ``code``; this module is the only place
the API turns a code into a status (``EXCEPTION_HANDLER`` in settings' REST_FRAMEWORK):

* ``conflict`` (a stale ``expected_version``)                   → 412 Precondition Failed
* ``precondition_required`` (a write without ``If-Match``)       → 428 Precondition Required
* ``forbidden``, ``own_protocol`` (confirming one's own entry)   → 403 Forbidden
* ``not_found``                                                  → 404 Not Found
* ``refused`` (the engine refused a document), ``import``,
  ``seating`` (a tournament table's document names other players than its seating) → 422
* a code saying the object is in the wrong state for the action → 409 Conflict
* anything else (``invalid``, a form error)                      → 400 Bad Request
* a rate limit (core/ratelimits.py)                              → 429, code ``throttled``

Every such response has the body ``{"code": …, "detail": message, …extra}``; an engine refusal
carries ``event_index`` (from 0, null for the header) and ``rule``. Nothing was changed.

Also here: the ``If-Match``/``ETag`` helpers (the protocol version as a strong entity tag) and
the pagination class every list uses.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, serializers
from rest_framework.exceptions import Throttled
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ApplicationError
from core.ratelimits import refused_message

STATE_CODES = frozenset({
    "setup", "confirmed", "annulled", "started", "finished", "not_finished", "submitted",
    "not_submitted", "not_confirmed", "closed", "deadline", "duplicate", "full", "transition",
    "unchanged", "empty", "phase",
})
STATUS_BY_CODE = {
    "conflict": 412,
    "precondition_required": 428,
    "forbidden": 403,
    "own_protocol": 403,
    "not_found": 404,
    "refused": 422,
    "import": 422,
    "seating": 422,
}


def status_for(error: ApplicationError) -> int:
    if error.code in STATUS_BY_CODE:
        return STATUS_BY_CODE[error.code]
    if error.code in STATE_CODES:
        return 409
    return 400


def error_body(error: ApplicationError) -> dict:
    return {**error.extra, "code": error.code, "detail": str(error.message)}


def _first_message(detail) -> str:
    """The first message of DRF's nested error detail, with the field it belongs to."""
    path = []
    while isinstance(detail, dict | list) and detail:
        if isinstance(detail, dict):
            key = next(iter(detail))
            if key != api_settings.NON_FIELD_ERRORS_KEY:
                path.append(str(key))
            detail = detail[key]
        else:
            detail = detail[0]
    text = str(detail) if detail not in (None, [], {}) else "Invalid input."
    return f"{'.'.join(path)}: {text}" if path else text


def exception_handler(exc, context):
    """Every API error in one shape, ``{"code", "detail", …}`` (docs/api.md, "Errors"):

    * ``ApplicationError`` → its status (``status_for``), its code, its message and extras;
    * DRF's own (a parse error, authentication, permission, 404, 405, 415, a throttle) → DRF's
      status, ``code`` = DRF's error code (``parse_error``, ``not_authenticated``,
      ``permission_denied``, ``not_found``, ``method_not_allowed``, …), ``detail`` its message;
    * a serializer's field errors → 400, ``code: "invalid"``, ``detail`` the first message with
      its field, and every message under ``field_errors`` (DRF's field → messages mapping).

    Anything else is a bug: DRF re-raises it, and Django's ``handler500`` answers JSON under /api/
    (config/error_views.py)."""
    if isinstance(exc, ApplicationError):
        response = Response(error_body(exc), status=status_for(exc))
        if exc.code == "conflict" and "current_version" in exc.extra:
            response["ETag"] = etag(exc.extra["current_version"])
        return response
    if isinstance(exc, Throttled):  # rate limits (core/ratelimits.py): the one shape, a clear message
        response = Response({"code": "throttled", "detail": str(refused_message())}, status=429)
        if exc.wait:
            response["Retry-After"] = str(int(exc.wait) + 1)
        return response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {api_settings.NON_FIELD_ERRORS_KEY: exc.detail}
        response.data = {"code": "invalid", "detail": _first_message(exc.detail), "field_errors": fields}
    else:
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
        code = codes if isinstance(codes, str) else getattr(exc, "default_code", "error")
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        response.data = {"code": str(code), "detail": _first_message(detail)}
    return response


# --- the protocol version as an entity tag ---------------------------------------------------


def etag(version: int) -> str:
    return f'"{int(version)}"'


def if_match_version(request) -> int | str:
    """The protocol version an ``If-Match: "<version>"`` header names.

    Missing (or ``*``, which names no version) → 428. A tag that is not a version number is
    returned as it is, so that the service refuses it as stale (412) like any other mismatch.
    """
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        raise ApplicationError(
            'Send the protocol version you read in an If-Match header (If-Match: "<version>", '
            "the ETag of GET …/protocol/).",
            code="precondition_required",
        )
    tag = header.split(",")[0].strip()
    if tag.startswith("W/"):
        tag = tag[2:]
    tag = tag.strip('"')
    try:
        return int(tag)
    except ValueError:
        return tag


# --- pagination and the error body in the schema -----------------------------------------------


class Pagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 200
    max_offset = 10**9  # beyond any list here; keeps a silly offset from overflowing the database

    def get_offset(self, request):
        return min(super().get_offset(request), self.max_offset)


# --- query parameters, read defensively (a filter never turns odd input into a server error) ----


def query_text(request, name: str) -> str:
    """A query parameter as text; NUL characters (which PostgreSQL refuses) are dropped."""
    return request.query_params.get(name, "").replace("\x00", "").strip()


def query_int(request, name: str, *, maximum: int = 2**31 - 1) -> int | None:
    """A query parameter as a whole number in 0..maximum (ASCII digits only), or None."""
    value = query_text(request, name)
    if not value.isascii() or not value.isdigit() or len(value) > 12:
        return None
    return min(int(value), maximum)


def valid_or_400(form):
    """A page's GET form read for the API: the form when valid, else a 400 naming each bad field
    with its messages (the page, for a person, shows them and leaves the filter out)."""
    if not form.is_valid():
        raise exceptions.ValidationError(
            {name: [str(message) for message in messages] for name, messages in form.errors.items()})
    return form


class ErrorSerializer(serializers.Serializer):
    """The body of every refused request (a form's field errors come as ``{"field": […]}``)."""

    code = serializers.CharField(required=False, help_text="What kind of refusal (see docs/api.md).")
    detail = serializers.CharField(required=False, help_text="A message for people.")
    event_index = serializers.IntegerField(
        required=False, allow_null=True,
        help_text="The refused event's index in the document, from 0 (null: the header).",
    )
    rule = serializers.CharField(required=False, allow_null=True,
                                 help_text="The engine's code of the rule that refused it.")
    current_version = serializers.IntegerField(required=False,
                                               help_text="On 412: the protocol version stored now.")
    field_errors = serializers.DictField(required=False, help_text="On 400 `invalid`: each field's messages.")


def document_refusals(result, generator, request, public):
    """drf-spectacular postprocessing hook: every operation documents the refusals any request
    can get — 403 (no or a bad token, no permission), 404 where the path names an object, 400
    where there is a body — with the ``Error`` body, unless the view documented them itself."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in ("get", "put", "post", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            wanted = ["403"]
            if "{" in path:
                wanted.append("404")
            if "requestBody" in operation:
                wanted.append("400")
            for status in wanted:
                responses.setdefault(status, {"content": error, "description": ""})
    return result
