"""The ledger: every rule writes entries here; the final items are resolved in one place.

Three things happen only here, so no rule module repeats them:

* **best-of per (red player, black target)** — "Red actions against the same black player do
  not stack. For each red player and each black target, use only the best scoring action";
* **caps** — a penalty with a "maximum once per player per game" keeps its first entry;
* **removal of awards** — "Other normal scoring awards for that player are removed" for DD and
  disqualification; and the copying of a red recipient's trajectory through Pass the Helm.

A note is a string or, where many candidate awards are written and few survive the best-of,
a tuple `(template, *args)` formatted only for the entries that are kept.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from ..result import ScoreItem

PASS_THE_HELM = "pass-the-helm"

Note = str | tuple


class Entry(NamedTuple):
    """The shape of a ledger entry (stored as a plain tuple of these fields, for speed)."""

    at: int  # event index of the action: order, and the Pass the Helm cut
    order: int  # insertion order, to break ties
    seat: int
    milli: int
    rule: str
    note: Note
    target: int | None  # a black target: best-of per (seat, target)
    cap: str | None  # a once-per-game group
    discipline: str | None  # "dd" | "disqualification": removes the other awards


AT, ORDER, SEAT, MILLI, RULE, NOTE, TARGET, CAP, DISCIPLINE = range(9)
_at = itemgetter(AT)


class HelmCopy(NamedTuple):
    leaver: int
    recipient: int
    after: int  # the leaver's departure event: entries after it are copied


COPIED_NOTE = "helm passed to seat {} — {}"
COPIED_RULE_NOTE = "helm passed to seat {} — {}: {}"


def render(note: Note) -> str:
    """A note as text: a string, or `(template, *args)` where an argument may be a note."""
    if note.__class__ is str:
        return note
    return note[0].format(*[render(arg) if arg.__class__ is tuple else arg for arg in note[1:]])


class Ledger:
    __slots__ = ("seats", "entries", "copies")

    def __init__(self, seats: range) -> None:
        self.seats = seats  # every seat of the table gets a list of items, empty or not
        self.entries: list[Entry] = []
        self.copies: list[HelmCopy] = []

    # --- what the rules write --------------------------------------------------------------
    def add(
        self, seat: int, milli: int, rule: str, note: Note, at: int, cap: str | None = None
    ) -> None:
        """A bonus or penalty that stands on its own (its cap, if any, is `cap`)."""
        entries = self.entries
        entries.append((at, len(entries), seat, milli, rule, note, None, cap, None))

    def add_each(
        self, seats, milli: int, rule: str, note: Note, at: int, cap: str | None = None
    ) -> None:
        """The same bonus or penalty for several players (e.g. every red voter of a round)."""
        entries = self.entries
        for seat in seats:
            entries.append((at, len(entries), seat, milli, rule, note, None, cap, None))

    def award(self, seat: int, black: int, milli: int, rule: str, note: Note, at: int) -> None:
        """A red player's award for one black target; only the best per (seat, black) counts."""
        entries = self.entries
        entries.append((at, len(entries), seat, milli, rule, note, black, None, None))

    def award_each(self, seats, black: int, milli: int, rule: str, note: Note, at: int) -> None:
        """The same award for several red players (e.g. every eliminating voter)."""
        entries = self.entries
        for seat in seats:
            entries.append((at, len(entries), seat, milli, rule, note, black, None, None))

    def penalise(self, seat: int, milli: int, rule: str, note: Note, at: int, kind: str) -> None:
        """A disciplinary penalty (DD, disqualification): the player's other awards go."""
        entries = self.entries
        entries.append((at, len(entries), seat, milli, rule, note, None, None, kind))

    def copy_trajectory(self, leaver: int, recipient: int, after: int) -> None:
        """Pass the Helm to a red player: the leaver gets the recipient's later entries."""
        self.copies.append(HelmCopy(leaver, recipient, after))

    # --- resolution: the one place --------------------------------------------------------
    def resolve(self) -> dict[int, list[ScoreItem]]:
        entries = self.entries
        if self.copies:
            entries = entries + self._copied()
        # Chronological: by `at`, and the sort is stable, so insertion order (`order`, unique
        # and rising along the list) breaks ties — the order of sorting by (at, order).
        entries.sort(key=_at)
        # 1. best-of per (red player, black target): the highest award, the earliest on a tie;
        #    a disciplined player (DD, disqualification) keeps only that penalty.
        best: dict[tuple[int, int], tuple] = {}
        disciplined: dict[int, list[tuple]] = {}
        for entry in entries:
            target = entry[TARGET]
            if target is not None:
                key = (entry[SEAT], target)
                held = best.get(key)
                if held is None or entry[MILLI] > held[MILLI]:
                    best[key] = entry
            elif entry[DISCIPLINE] is not None:
                disciplined.setdefault(entry[SEAT], []).append(entry)
        kept: dict[int, set[int]] = {}  # a disciplined seat → the orders of its kept penalties
        for seat, penalties in disciplined.items():
            # DD: "The offender receives only -1.0 for DD; other normal awards … are removed."
            dd = [entry for entry in penalties if entry[DISCIPLINE] == "dd"]
            kept[seat] = {entry[ORDER] for entry in dd or penalties}
        best_awards = {entry[ORDER] for entry in best.values()}
        # 2. the kept entries, in order; a capped penalty keeps its first entry.
        items: dict[int, list[ScoreItem]] = {seat: [] for seat in self.seats}
        capped: set[tuple[int, str]] = set()
        make = tuple.__new__  # ScoreItem is a NamedTuple: build it without the keyword layer
        for _, order, seat, milli, rule, note, target, cap, _ in entries:
            if kept and seat in kept:
                if order not in kept[seat]:
                    continue
            elif target is not None:
                if order not in best_awards:
                    continue
            elif cap is not None:
                if (seat, cap) in capped:  # "maximum once per player per game"
                    continue
                capped.add((seat, cap))
            if note.__class__ is not str:
                note = render(note)
            items[seat].append(make(ScoreItem, (milli, rule, note, target)))
        return items

    def _copied(self) -> list[tuple]:
        """Pass the Helm to a red recipient. Latest departure first, so that a recipient who
        later passes the helm on has already received that copy. "Disqualification and DD
        penalties are not copied through Pass the Helm." """
        recipients = {copy.recipient for copy in self.copies}
        by_seat: dict[int, list[tuple]] = {seat: [] for seat in recipients}
        for entry in self.entries:
            if entry[SEAT] in recipients:
                by_seat[entry[SEAT]].append(entry)
        copied_all: list[tuple] = []
        order = len(self.entries)
        for copy in sorted(self.copies, key=lambda c: -c.after):
            copied = []
            for at, _, _, milli, rule, note, target, cap, discipline in by_seat[copy.recipient]:
                if at <= copy.after or discipline is not None:
                    continue
                order += 1
                if rule == PASS_THE_HELM:
                    note = (COPIED_NOTE, copy.recipient, note)
                else:
                    note = (COPIED_RULE_NOTE, copy.recipient, rule, note)
                copied.append(
                    (at, order, copy.leaver, milli, PASS_THE_HELM, note, target, cap, None)
                )
            if copy.leaver in by_seat:
                by_seat[copy.leaver].extend(copied)
            copied_all.extend(copied)
        return copied_all
