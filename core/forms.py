"""What the site says when a form refuses its input and there is no field to say it next to
(a small action form whose page is elsewhere): every error, each with its field's label, in the
reader's language (docs/input-validation.md)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _


def form_refusal(form: forms.Form) -> str:
    """One sentence per refused field: "Hours: Ensure this value is less than or equal to 336."."""
    said = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        for error in errors:
            said.append(_("%(field)s: %(error)s") % {"field": label, "error": error} if label else str(error))
    return " ".join(said)


def whole_number(value, *, minimum: int = 0, maximum: int = 2**31 - 1) -> int | None:
    """A whole number from a form's text, read as a form's IntegerField reads it (so "²", "1e400",
    "NaN" and 40 digits are no number), or None. For a handler's one optional id or seat."""
    try:
        return forms.IntegerField(required=False, min_value=minimum, max_value=maximum).clean(value)
    except forms.ValidationError:
        return None


class DateInput(forms.DateInput):
    """A day picker (``<input type="date">``). Its value is the HTML standard's ``YYYY-MM-DD`` in
    every language: Django's own writes the language's format (Russian ``01.12.2026``), which the
    browser drops, so a Russian edit form showed empty days and could not be sent."""

    input_type = "date"

    def format_value(self, value):
        if hasattr(value, "isoformat"):
            return value.isoformat()
        return super().format_value(value)  # the text a visitor sent, shown back as it was
