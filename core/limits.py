"""How much free text the site takes, in one place (docs/input-validation.md).

Models declare these as ``max_length`` plus a ``MaxLengthValidator`` (a TextField's max_length is
not enforced by Django alone), so model forms and DRF's model serializers inherit them; the
services that take text outside a form (reasons, notes, appeals) check them with ``check_text``;
a protocol document's strings are held to ``TEXT_MAX_LENGTH`` by ``core.strictjson.check``.
"""

TEXT_MAX_LENGTH = 2000  # a reason, a note, an appeal, a message, any string in a protocol document
DESCRIPTION_MAX_LENGTH = 10_000  # a club's or a tournament's description, a club's contact
