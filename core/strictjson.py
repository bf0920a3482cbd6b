"""The one JSON parser for everything that comes in from outside (pure Python, no Django).

Python's ``json.loads`` accepts what the site cannot store or should not try to: ``NaN``,
``Infinity``, ``-Infinity`` and numbers that overflow to infinity (``1e400``) — PostgreSQL's jsonb
refuses them, so they used to surface as server errors — and nesting as deep as the text goes, which
ends in a ``RecursionError``. ``loads`` here refuses, with a clear message (``JSONInputError``):

* a non-finite number: the literals ``NaN``/``Infinity``/``-Infinity`` and any number that is not
  finite as a float;
* nesting deeper than ``MAX_DEPTH`` arrays/objects, counted on the text before parsing, so the
  parser never recurses that far;
* a NUL character or a lone surrogate in any string or key (PostgreSQL stores neither);
* text that is not UTF-8, and anything ``json.loads`` itself refuses.

Used by the API's parser (``core.api_parsers.StrictJSONParser``), the protocol import
(``games.interchange``: a JSON file, each member of a zip) — every place a protocol comes in.
docs/input-validation.md gives the limits and why.
"""

from __future__ import annotations

import json
import math
import re

MAX_DEPTH = 64  # a mafia-protocol/1 document nests 4 deep; every API body less

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class JSONInputError(ValueError):
    """Text that is not JSON the site accepts; ``str()`` is a message for people, ``rule`` a code."""

    def __init__(self, message: str, *, rule: str = "json.invalid"):
        super().__init__(message)
        self.rule = rule


def _refuse_constant(name: str):
    raise JSONInputError(f"{name} is not a number JSON allows; send a finite number.", rule="json.not-finite")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError(f"The number {text[:40]} is too large; send a finite number.", rule="json.not-finite")
    return value


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped)."""
    deepest = level = 0
    for match in _BRACKETS.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def check(value: object, *, max_depth: int = MAX_DEPTH, max_string: int | None = None) -> None:
    """Refuse a parsed value (or one built in Python) that the site cannot store: a NUL or a lone
    surrogate in a string or key, a non-finite float, nesting deeper than ``max_depth``, a string
    longer than ``max_string``. Iterative: a deep value cannot exhaust the stack here."""
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, float):
            if not math.isfinite(item):
                raise JSONInputError(f"{item} is not a number JSON allows; send a finite number.",
                                     rule="json.not-finite")
            continue
        if isinstance(item, str):
            strings = (item,)
        elif isinstance(item, dict | list | tuple):
            if level >= max_depth:
                raise JSONInputError(f"The JSON nests deeper than {max_depth} levels.", rule="json.too-deep")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
            strings = tuple(key for key in item if isinstance(key, str)) if isinstance(item, dict) else ()
        else:
            continue
        for string in strings:
            if "\x00" in string:
                raise JSONInputError("A string contains a NUL character (\\u0000), which no field accepts.",
                                     rule="json.nul-character")
            if max_string is not None and len(string) > max_string:
                raise JSONInputError(f"A text is longer than {max_string} characters ({len(string)}).",
                                     rule="json.text-too-long")
            try:
                string.encode("utf-8")
            except UnicodeEncodeError:
                raise JSONInputError("A string contains a lone surrogate (\\ud800–\\udfff): not Unicode text.",
                                     rule="json.not-unicode") from None


def loads(data: str | bytes | bytearray, *, max_depth: int = MAX_DEPTH) -> object:
    """Parse JSON text strictly (see the module's docstring); ``JSONInputError`` says why not."""
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JSONInputError(f"The JSON text is not UTF-8 ({exc.reason} at byte {exc.start}).",
                                 rule="json.not-unicode") from None
    if depth(data) > max_depth:
        raise JSONInputError(f"The JSON nests deeper than {max_depth} levels.", rule="json.too-deep")
    try:
        value = json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)
    except JSONInputError:
        raise
    except RecursionError:  # not reached after the depth check; kept so it can never be a 500
        raise JSONInputError(f"The JSON nests deeper than {max_depth} levels.", rule="json.too-deep") from None
    except ValueError as exc:
        raise JSONInputError(f"Not valid JSON: {exc}") from None
    check(value, max_depth=max_depth)
    return value
