"""The API's JSON parser: ``core.strictjson`` (no NaN/Infinity/1e400, nesting at most 64 deep, no
NUL or lone surrogate in a string) behind DRF's ``JSONParser``. Every API view parses JSON with it
(``DEFAULT_PARSER_CLASSES``; a test walks the URL conf to check no view brings its own)."""

from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core import strictjson


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = stream.read() if stream is not None else b""
        try:
            return strictjson.loads(data)
        except strictjson.JSONInputError as error:
            raise ParseError(str(error)) from None
