"""Model fields with the site's length limits (core/limits.py)."""

from django.core.validators import MaxLengthValidator
from django.db import models


def limited_text(*args, max_length: int, **kwargs) -> models.TextField:
    """A TextField whose ``max_length`` is enforced in ``full_clean`` (a ``MaxLengthValidator``;
    Django alone only passes a TextField's max_length to its form widget) and reaches model forms
    (``maxlength``, a form error) and DRF's model serializers (``max_length``)."""
    return models.TextField(*args, max_length=max_length, validators=[MaxLengthValidator(max_length)], **kwargs)
