"""The one error type that services raise for bad input, mapped to responses in one place."""

from django.utils.translation import gettext as _

from core.limits import TEXT_MAX_LENGTH


class ApplicationError(Exception):
    """A request that cannot be carried out as asked: nothing was changed.

    ``message`` is user-facing (already translated); ``extra`` carries structured details.
    """

    def __init__(self, message, *, code: str = "invalid", extra: dict | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.extra = extra or {}


def checked_text(value: object, *, max_length: int | None = None, label: str = "") -> str:
    """Free text a service takes outside a form (a reason, a note, an appeal), stripped: refused
    with a clear message when it holds a NUL character or is longer than ``max_length``
    (``core.limits.TEXT_MAX_LENGTH`` by default). Nothing is cut silently."""
    limit = TEXT_MAX_LENGTH if max_length is None else max_length
    text = str(value or "").strip()
    what = label or _("The text")
    if "\x00" in text:
        raise ApplicationError(_("%(what)s contains a NUL character, which no field accepts.") % {"what": what},
                               code="invalid")
    if len(text) > limit:
        raise ApplicationError(
            _("%(what)s is too long: at most %(limit)s characters (it has %(length)s).")
            % {"what": what, "limit": limit, "length": len(text)}, code="invalid")
    return text
