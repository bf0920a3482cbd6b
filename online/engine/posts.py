"""Vote tags in a post's text: `VOTE: name` and `UNVOTE`.

- Case does not matter (`vote: alice`, `Vote: Alice`); formatting tags around them
  (`[b]VOTE: Alice[/b]`) are read through.
- Tags inside quotes do not count: BBCode `[quote]…[/quote]` blocks (nested too) and lines
  starting with `>` (Markdown quotes).
- The last tag in a post counts, even when it names no one the site knows: then the post
  changes no vote and the result says why (`unknown`, `ambiguous`, `empty`).
- Names are matched to slots through the site's list (`names`: name or alias → slot),
  ignoring case and repeated spaces: the whole name first, then the longest listed name the
  text starts with (`VOTE: Alice, she lied`), then a unique beginning of a name (`VOTE: ali`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

_QUOTE_TAG = re.compile(r"\[(/?)quote(?:=[^\]]*)?\]", re.IGNORECASE)
_FORMATTING = re.compile(r"\[/?(?:b|i|u|s|color|size|font|highlight)(?:=[^\]]*)?\]", re.IGNORECASE)
_TAG = re.compile(
    r"\b(?:(?P<unvote>unvote)\b[ \t]*:?|vote[ \t]*:)[ \t]*(?P<rest>[^\n]*)", re.IGNORECASE
)
_SPACES = re.compile(r"\s+")
_TRAILING = " \t.,;:!?)\"'"


@dataclass(frozen=True)
class PostTag:
    kind: str  # "vote" or "unvote"
    slot: int | None = None  # the slot voted for (a vote that matched)
    text: str = ""  # the name as written
    status: str = "ok"  # ok, unknown, ambiguous, empty
    candidates: tuple[int, ...] = ()  # the slots an ambiguous name could mean


def strip_quotes(text: str) -> str:
    """The text without its quoted parts."""
    kept, depth, position = [], 0, 0
    for match in _QUOTE_TAG.finditer(text):
        if depth == 0:
            kept.append(text[position : match.start()])
        depth = depth - 1 if match.group(1) else depth + 1
        depth = max(depth, 0)
        position = match.end()
    if depth == 0:
        kept.append(text[position:])
    unquoted = "".join(kept)
    return "\n".join(line for line in unquoted.split("\n") if not line.lstrip().startswith(">"))


def _normal(name: str) -> str:
    return _SPACES.sub(" ", name).strip().casefold()


def match_name(text: str, names: Mapping[str, int]) -> PostTag:
    written = text.strip().strip(_TRAILING).strip()
    wanted = _normal(written)
    if not wanted:
        return PostTag("vote", text=written, status="empty")
    known = {_normal(name): slot for name, slot in names.items()}
    if wanted in known:
        return PostTag("vote", known[wanted], written)
    starting = [
        name for name in known if wanted.startswith(name) and not wanted[len(name)].isalnum()
    ]
    if starting:
        return PostTag("vote", known[max(starting, key=len)], written)
    first_word = wanted.split(" ")[0].strip(_TRAILING)
    slots = sorted(
        {slot for name, slot in known.items() if first_word and name.startswith(first_word)}
    )
    if len(slots) == 1:
        return PostTag("vote", slots[0], written)
    if slots:
        return PostTag("vote", text=written, status="ambiguous", candidates=tuple(slots))
    return PostTag("vote", text=written, status="unknown")


def parse_post(text: str, names: Mapping[str, int]) -> PostTag | None:
    """The post's vote tag that counts (the last one outside quotes), or None."""
    readable = _FORMATTING.sub("", strip_quotes(text))
    last = None
    for last in _TAG.finditer(readable):  # noqa: B007 - only the last one counts
        pass
    if last is None:
        return None
    if last.group("unvote"):
        return PostTag("unvote")
    return match_name(last.group("rest"), names)
