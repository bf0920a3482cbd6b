"""Tables that read on a phone: a rendered ``<table>`` given what each cell needs to stand alone.

On a phone (static/css/site.css, ``table.stack``) a row is no longer a line of columns that runs
off the screen: it becomes a small block — its first ``lead`` cells on one line (what the row is:
a place and a player, a date and a game), then every other cell labelled with its column's
heading ("Extra: 2.10 · Penalty: 0.00"). Nothing is hidden, nothing scrolls sideways. On a wider
screen the table is the table it was.

The headings are written once, in ``<thead>``; ``label_cells`` copies each column's heading onto
its cells as ``data-label`` (the stylesheet shows it), marks the lead cells and the table, so a
template only wraps its table: ``{% stacked lead=2 %}<table class="list">…</table>{% endstacked %}``
(core/templatetags/tables.py). A heading's words that are read aloud make its label: a short
heading shown for the eye only (``aria-hidden="true"``) gives way to its ``sr-only`` words ("F" to
"final round"). A cell that spans columns (an empty list's sentence, a row's long
description) gets no label and a whole line.
"""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

CELLS = ("td", "th")
VOID = frozenset({"br", "img", "wbr", "hr", "input"})  # elements with no end tag


class _Cells(HTMLParser):
    """Finds the headings of the outer table's head and the start tags of its body's cells."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0  # tables opened (a cell may hold a table of its own: left alone)
        self.section = ""
        self.headings: list[str] = []
        self.heading: list[str] | None = None
        self.column = 0
        self.cells: list[tuple[tuple[int, int], str, int, int]] = []  # (position, tag text, column, span)
        self.table_tag: tuple[tuple[int, int], str] | None = None
        self.hidden: list[str] = []  # a heading's elements shown but not read (aria-hidden): not its label

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.depth += 1
            if self.depth == 1 and self.table_tag is None:
                self.table_tag = (self.getpos(), self.get_starttag_text())
            return
        if self.depth != 1:
            return
        if self.heading is not None and (self.hidden or dict(attrs).get("aria-hidden") == "true"):
            if tag not in VOID:
                self.hidden.append(tag)
            return
        if tag in ("thead", "tbody", "tfoot"):
            self.section = tag
        elif tag == "tr":
            self.column = 0
        elif tag in CELLS:
            span = int(dict(attrs).get("colspan") or 1)
            if self.section == "thead":
                self.heading = []
                self.headings.extend([""] * (span - 1))
            elif self.section in ("tbody", ""):
                self.cells.append((self.getpos(), self.get_starttag_text(), self.column, span))
            self.column += span

    def handle_endtag(self, tag):
        if tag == "table":
            self.depth -= 1
        elif self.hidden:
            if tag == self.hidden[-1]:
                self.hidden.pop()
        elif self.depth == 1 and tag in CELLS and self.heading is not None:
            self.headings.append(" ".join("".join(self.heading).split()))
            self.heading = None

    def handle_data(self, data):
        if self.heading is not None and not self.hidden:
            self.heading.append(data)


def _offsets(html: str) -> list[int]:
    """Where each line starts, lines as the parser counts them (at "\n" only)."""
    starts = [0]
    for line in html.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    return starts


def label_cells(html: str, *, lead: int = 1) -> str:
    """The table in ``html`` with ``class="… stack"``, each body cell's ``data-label`` (its column's
    heading) and the first ``lead`` columns' cells marked ``stack-lead``."""
    parser = _Cells()
    parser.feed(html)
    parser.close()
    if parser.table_tag is None:
        return html
    starts = _offsets(html)
    edits: list[tuple[int, str, str]] = []  # (offset, old tag text, new tag text)
    (line, col), tag_text = parser.table_tag
    edits.append((starts[line - 1] + col, tag_text, _with_class(tag_text, "stack")))
    for (line, col), text, column, span in parser.cells:
        new = text
        if span > 1:
            new = _with_class(new, "stack-whole")
        elif column < lead:
            new = _with_class(new, "stack-lead")
        elif column < len(parser.headings) and parser.headings[column]:
            new = _with_attribute(new, "data-label", parser.headings[column])
        edits.append((starts[line - 1] + col, text, new))
    out, last = [], 0
    for offset, old, new in sorted(edits):
        out.append(html[last:offset])
        out.append(new)
        last = offset + len(old)
    out.append(html[last:])
    return "".join(out)


def _with_attribute(tag_text: str, name: str, value: str) -> str:
    end = -2 if tag_text.endswith("/>") else -1
    return f'{tag_text[:end]} {name}="{escape(value)}"{tag_text[end:]}'


def _with_class(tag_text: str, name: str) -> str:
    """A start tag with one more class."""
    lower = tag_text.lower()
    for quote in ('"', "'"):
        marker = f"class={quote}"
        at = lower.find(marker)
        if at != -1:
            start = at + len(marker)
            return f"{tag_text[:start]}{name} {tag_text[start:]}"
    return _with_attribute(tag_text, "class", name)
