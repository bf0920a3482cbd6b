"""The entry table in parts: an entry's answer sends only the parts of the table that changed.

Putting a whole new table in the page after each tap costs a throttled phone two frames (htmx
cleans up and processes every one of its ~300 elements; benchmarks/host_tap_cost.py). The table
(templates/games/entry.html) marks its parts with ``{% part "key" %}``: the header, the undo bar,
host mode's panel, each seat, the day's panel... Each part's ``digest`` covers its own markup
with its inner parts left out (each stands as its key), so a part is sent again only when
something of its own changed, and a seat's foul sends that seat, not the ten.

The page tells the server which parts it shows (``X-Entry-Parts: key:digest,...``). When the
table's shape is the same (the same parts, the root's own markup unchanged), the answer holds
the changed parts alone, one after the other, which the page puts in place of its parts with the
same keys (static/js/entry.js); otherwise (a phase's new panels, a refusal) the whole table, as
before. Two things change in every part on
every version and are left out of the digests: the forms' hidden fields (the CSRF token, masked
anew at each rendering, and the version the page was built on) and the table's ``data-version``;
the page sets the version in the parts it keeps (static/js/entry.js).

No Django here: the template tag and the view call it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

HEADER = "X-Entry-Parts"
_KEY = re.compile(r"^[a-z][a-z0-9-]{0,40}$")
# The part's first tag, its attributes read as HTML writes them (a quoted value may hold ">"): the
# key and the digest go at its end, so the tag still starts as the template wrote it.
_FIRST_TAG = re.compile(r"""^(\s*<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)(\s*/?>)""")
MAX_PARTS = 200  # a header with more is not a page of ours: the whole table


@dataclass
class Part:
    key: str
    digest: str
    html: str
    children: list[Part] = field(default_factory=list)



class EntryParts:
    """The parts of one rendering of the table, in the order they close (inner parts first)."""

    def __init__(self, volatile: tuple[str, ...] = ()):
        self.volatile = tuple(text for text in volatile if text)
        self._open: list[list[Part]] = [[]]  # the children of each part being rendered
        self.roots: list[Part] = []

    def open(self) -> None:
        self._open.append([])

    def close(self, key: str, html: str) -> str:
        """The part's markup with its key and digest on its first tag; ``html`` must start with it."""
        if not _KEY.match(key):
            raise ValueError(f"not a part key: {key!r}")
        children = self._open.pop()
        if not html.strip():  # a part with nothing to show this time is not a part
            return html
        own = html
        for child in children:
            own = own.replace(child.html, f"\x00{child.key}\x00")
        for text in self.volatile:
            own = own.replace(text, "")
        digest = hashlib.blake2b(own.encode(), digest_size=6).hexdigest()
        marked, found = _FIRST_TAG.subn(lambda tag: f'{tag.group(1)} data-part="{key}" data-digest="{digest}"{tag.group(2)}',
                                        html, count=1)
        if not found:
            raise ValueError(f"the part {key!r} does not start with a tag")
        part = Part(key, digest, marked, children)
        self._open[-1].append(part)
        if len(self._open) == 1:
            self.roots.append(part)
        return marked

    def leaf(self, key: str, html: str) -> str:
        """A part with no inner part, rendered already (a seat's card)."""
        self.open()
        return self.close(key, html)

    def all(self) -> dict[str, str]:
        found: dict[str, str] = {}

        def walk(parts: list[Part]) -> None:
            for part in parts:
                found[part.key] = part.digest
                walk(part.children)
        walk(self.roots)
        return found

    def changed_since(self, shown: dict[str, str] | None) -> list[Part] | None:
        """The parts to send to a page that shows ``shown``; None: send the whole table."""
        if shown is None or len(self.roots) != 1 or shown.keys() != self.all().keys():
            return None
        root = self.roots[0]
        if shown[root.key] != root.digest:
            return None
        changed: list[Part] = []

        def walk(part: Part) -> None:
            for child in part.children:
                if shown[child.key] != child.digest:
                    changed.append(child)  # with its inner parts
                else:
                    walk(child)
        walk(root)
        return changed


def shown_parts(header: str) -> dict[str, str] | None:
    """The page's ``X-Entry-Parts`` header read; None when it is missing or not one of ours."""
    if not header:
        return None
    shown: dict[str, str] = {}
    for item in header.split(","):
        key, _, digest = item.strip().partition(":")
        if not _KEY.match(key) or not digest or len(digest) > 32 or key in shown:
            return None
        shown[key] = digest
    return shown if len(shown) <= MAX_PARTS else None
