"""Wills: First Color Will, the Early Night-Shot Will Bonus, Last Will Ordered, Pass the Helm.

"Black players do not receive scoring from their own wills": every rule here reads only the
wills of red players (a black player's will still counts as a *threat* and as a *mention* in
black.py).
"""

from __future__ import annotations

from games.engine import Will

from .ledger import PASS_THE_HELM, Ledger
from .red_votes import red_vote_penalty
from .registry import rule
from .table import GameFacts

# First Color Will
CORRECT_RED = 200
CORRECT_BLACK = 300
WRONG_COLOR = -100
SHERIFF_OWN_CHECK = 0
# Early Night-Shot Will Bonus
EARLY_NIGHT_SHOT_WILL = 100
EARLY_NIGHT_SHOT_WILL_MIN_PLAYERS = 4  # "only when more than 3 players remain"
# Last Will Ordered
LAST_WILL_RED_TARGET = -100
LAST_WILL_RED_TARGET_CRITICAL = -200


def _red_wills(table: GameFacts, kind: str) -> list[Will]:
    return table.red_wills.get(kind, [])


def _names_someone(will: Will) -> bool:
    """A First Color Will or Last Will Ordered with at least one target (not skipped, not empty)."""
    if will.kind == "first_color":
        return bool(will.declarations)
    return will.kind == "ordered" and bool(will.targets)


def _departed(table: GameFacts, will: Will) -> str:
    return table.when(will.departure.event_index)


@rule("first-color-will", heading="First Color Will")
def first_color_will(table: GameFacts, ledger: Ledger) -> None:
    """Correct red +0.2, correct black +0.3, wrong colour −0.1; a Sheriff correctly naming
    the player of his own earlier check gets 0 First Color Will points for it."""
    record = table.record
    for will in _red_wills(table, "first_color"):
        checked = set()
        if will.seat == table.sheriff:
            checked = {
                check.target
                for check in table.checks
                if check.by == "sheriff" and check.index < will.index
            }
        for seat, colour in sorted(will.declarations.items()):
            actual = record.team(seat)
            prefix = f"{_departed(table, will)}: First Color Will declares seat {seat} {colour}"
            if colour != actual:
                ledger.add(
                    will.seat,
                    WRONG_COLOR,
                    "first-color-will",
                    f"{prefix} (wrong: {actual})",
                    will.index,
                )
            elif seat in checked:
                note = f"{prefix} (correct, but known from the Sheriff's own check: no points)"
                ledger.add(will.seat, SHERIFF_OWN_CHECK, "first-color-will", note, will.index)
            else:
                points = CORRECT_BLACK if colour == "black" else CORRECT_RED
                ledger.add(will.seat, points, "first-color-will", f"{prefix} (correct)", will.index)


@rule("early-night-shot-will", heading="Early Night-Shot Will Bonus")
def early_night_shot_will(table: GameFacts, ledger: Ledger) -> None:
    """A red player killed by a night shot who records at least one target in a First Color
    Will or a Last Will Ordered, with more than 3 players left after the shot: +0.1."""
    for will in table.wills:
        departure = will.departure
        if (
            table.is_red(will.seat)
            and departure.how == "shot"
            and departure.alive_after >= EARLY_NIGHT_SHOT_WILL_MIN_PLAYERS
            and _names_someone(will)
        ):
            note = f"{_departed(table, will)}: will left after the night shot with {departure.alive_after} players at the table"
            ledger.add(will.seat, EARLY_NIGHT_SHOT_WILL, "early-night-shot-will", note, will.index)


def simulate_last_will(table: GameFacts, will: Will) -> list[tuple[int, bool]]:
    """The ordered list as a sequence of virtual voting eliminations, from the table after
    the departure; it stops when the virtual game ends (no blacks, or blacks ≥ reds). Returns
    (target, critical) for each target reached, `critical` being the virtual table's state at
    that virtual vote (reds − blacks ≤ 2, as the protocol engine defines it)."""
    alive = table.mask_after(will.departure.event_index)
    reached = []
    for target in will.targets:
        players = alive.bit_count()
        blacks = (alive & table.black_mask).bit_count()
        if blacks == 0 or 2 * blacks >= players:
            break  # the virtual game is over
        reached.append((target, players - 2 * blacks <= 2))
        alive &= ~(1 << target)
    return reached


def all_blacks_named(table: GameFacts, will: Will, named) -> bool:
    """Exception: "If all living black players are named, red-target penalties do not apply."""
    living = table.blacks_alive_after(will.departure.event_index)
    return bool(living) and set(living) <= set(named)


def guaranteed_split_path(table: GameFacts, will: Will) -> bool:
    """Exception: "At 4 or 6 alive after departure, if all black players are named, red-target
    penalties do not apply regardless of order" — the whole list counts, even past the point
    where the virtual game ends."""
    return will.departure.alive_after in (4, 6) and all_blacks_named(table, will, will.targets)


@rule("last-will-ordered", "last-will-red-target", heading="Last Will Ordered")
def last_will_ordered(table: GameFacts, ledger: Ledger) -> None:
    """Black target: 100% of that black's value (best-of per black). Red target: −0.1
    outside critical state, −0.2 during critical state, unless an exception applies."""
    for will in _red_wills(table, "ordered"):
        reached = simulate_last_will(table, will)
        excused = all_blacks_named(table, will, [t for t, _ in reached]) or guaranteed_split_path(
            table, will
        )
        when = _departed(table, will)
        for position, (target, critical) in enumerate(reached, 1):
            if table.is_black(target):
                note = f"{when}: Last Will Ordered names black seat {target} (#{position})"
                ledger.award(
                    will.seat,
                    target,
                    table.value(target, will.index),
                    "last-will-ordered",
                    note,
                    will.index,
                )
            elif not excused:
                points = LAST_WILL_RED_TARGET_CRITICAL if critical else LAST_WILL_RED_TARGET
                state = "during" if critical else "outside"
                note = f"{when}: Last Will Ordered names red seat {target} (#{position}) {state} critical state"
                ledger.add(will.seat, points, "last-will-red-target", note, will.index)


@rule(PASS_THE_HELM, heading="Pass the Helm")
def pass_the_helm(table: GameFacts, ledger: Ledger) -> None:
    """Recipient red/Sheriff: the leaver gets the recipient's later eligible scoring trajectory
    (copied by the ledger; DD and disqualification penalties are not copied).
    Recipient black: the leaver's later votes are simulated as red-only votes, round by
    round while the recipient is at the table, with the normal red-vote penalties."""
    for will in _red_wills(table, "pass_the_helm"):
        recipient = will.recipient
        after = will.departure.event_index
        if table.is_red(recipient):
            ledger.copy_trajectory(will.seat, recipient, after)
            continue
        for rnd in table.votes:
            if rnd.index <= after or recipient not in rnd.alive_before:
                continue
            reds = [seat for seat in rnd.candidates if table.is_red(seat)]
            if not reds:
                continue
            # The Sheriff-at-9 row only when the Sheriff is the only red candidate.
            others = [seat for seat in reds if seat != table.sheriff]
            candidate = others[0] if others else reds[0]
            penalty = red_vote_penalty(table, rnd, candidate)
            if penalty is None:
                continue
            points, slug, note, cap = penalty
            note = f"helm passed to black seat {recipient} — virtual red-only vote: {slug}: {note}"
            ledger.add(will.seat, points, PASS_THE_HELM, note, rnd.index, cap)
