"""Raises And Splits: the red and the black raise tables.

A raise passes on a majority of the living players; `RaiseDecision.alive_before` is the table
that decided it. "Decisive hand" (see docs/scoring.md): for a failed raise, one more hand would
have passed it; for a passed raise, the raise passed by exactly the smallest majority, so every
hand in it was needed.
"""

from __future__ import annotations

from games.engine import RaiseDecision, VoteRound

from .ledger import Ledger
from .registry import rule
from .table import GameFacts

# Red scoring on raises
RAISED_BLACK_CAP_WHEN_MARGIN_LOST = 100  # "capped at +0.1 for that raise"
RAISE_REMOVES_MARGIN = -100
RAISE_CAUSES_RED_LOSS = -200
RAISE_REMOVES_MARGIN_AND_CAUSES_RED_LOSS = -300
MISSED_HAND_LAST_BLACK_AT_4 = -200
MISSED_HAND_TWO_BLACKS_AT_10 = -100
MISSED_HAND_BLACKS_AT_9 = -100
FAILED_THREE_WAY_RAISE_AT_9 = -100
# Black scoring on raises
RAISE_CAUSES_BLACK_WIN = 200
BLACK_DECISIVE_HAND_LOSING_RAISE = -200

HEADING = "Raises And Splits"


def _names(seats) -> str:
    return ", ".join(str(seat) for seat in seats)


def _black_candidates(table: GameFacts, decision: RaiseDecision) -> list[int]:
    return [seat for seat in decision.candidates if table.is_black(seat)]


def one_more_hand_passes(decision: RaiseDecision) -> bool:
    """A failed raise that one more hand would have passed: every missing hand was decisive."""
    return not decision.passed and 2 * (len(decision.hands) + 1) > len(decision.alive_before)


def passed_by_smallest_majority(decision: RaiseDecision) -> bool:
    """A passed raise without a spare hand: every raised hand was decisive."""
    return decision.passed and 2 * (len(decision.hands) - 1) <= len(decision.alive_before)


def raise_removes_margin(table: GameFacts, decision: RaiseDecision) -> bool:
    return decision.passed and table.margin_lost_at(decision.index)


def raise_causes_loss(table: GameFacts, decision: RaiseDecision, team: str) -> bool:
    """The raise ended the game and `team` lost it."""
    record = table.record
    return (
        decision.passed
        and record.end_index == decision.index
        and record.winner is not None
        and record.winner != team
    )


def six_player_split(table: GameFacts, rnd: VoteRound) -> bool:
    """The row "Red votes into a red player in a two-player split at 6 players, with a live
    Sheriff and exactly one black in the split": a revote (round 2+) between two candidates."""
    return (
        len(rnd.alive_before) == 6
        and rnd.round >= 2
        and len(rnd.candidates) == 2
        and sum(table.is_black(seat) for seat in rnd.candidates) == 1
        and table.sheriff in rnd.alive_before
    )


@rule("raise-hand-black", heading=HEADING)
def raise_hand_black(table: GameFacts, ledger: Ledger) -> None:
    """Red puts a hand for a raise that includes a black target: 100% of each raised black's
    value, capped at +0.1 when the raise removes the city's margin for error."""
    for decision in table.raises:
        if not decision.passed:
            continue
        capped = raise_removes_margin(table, decision)
        when = table.when(decision.index)
        for black in _black_candidates(table, decision):
            value = table.value(black, decision.index)
            note = f"{when}: hand for the raise of seats {_names(decision.candidates)} lifting black seat {black}"
            if capped and value > RAISED_BLACK_CAP_WHEN_MARGIN_LOST:
                value = RAISED_BLACK_CAP_WHEN_MARGIN_LOST
                note += " (capped at 0.1: the raise removed the margin for error)"
            for hand in decision.hands:
                if table.is_red(hand):
                    ledger.award(hand, black, value, "raise-hand-black", note, decision.index)


@rule(
    "raise-removes-margin",
    "raise-causes-red-loss",
    "raise-removes-margin-and-causes-red-loss",
    heading=HEADING,
)
def harmful_raise_hand(table: GameFacts, ledger: Ledger) -> None:
    """Red puts a hand for a raise that removes the margin for error (−0.1), causes red loss
    (−0.2), or both (−0.3)."""
    for decision in table.raises:
        margin = raise_removes_margin(table, decision)
        loss = raise_causes_loss(table, decision, "red")
        if not (margin or loss):
            continue
        when = table.when(decision.index)
        raised = _names(decision.candidates)
        if margin and loss:
            points, slug = (
                RAISE_REMOVES_MARGIN_AND_CAUSES_RED_LOSS,
                "raise-removes-margin-and-causes-red-loss",
            )
            note = f"{when}: hand for the raise of seats {raised}, which removed the margin for error and lost the game"
        elif margin:
            points, slug = RAISE_REMOVES_MARGIN, "raise-removes-margin"
            note = (
                f"{when}: hand for the raise of seats {raised}, which removed the margin for error"
            )
        else:
            points, slug = RAISE_CAUSES_RED_LOSS, "raise-causes-red-loss"
            note = f"{when}: hand for the raise of seats {raised}, which lost the game"
        for hand in decision.hands:
            if table.is_red(hand):
                ledger.add(hand, points, slug, note, decision.index)


@rule(
    "raise-last-black-at-4-missed",
    "raise-two-blacks-at-10-missed",
    "raise-blacks-at-9-missed",
    heading=HEADING,
)
def missed_decisive_hand(table: GameFacts, ledger: Ledger) -> None:
    """Red does not put the decisive hand to raise the last black at 4 players (−0.2), two
    black players at 10 (−0.1), two or three black players at 9 in a split (−0.1)."""
    for decision in table.raises:
        if not one_more_hand_passes(decision):
            continue
        players = len(decision.alive_before)
        blacks = _black_candidates(table, decision)
        blacks_at_table = [seat for seat in table.blacks if seat in decision.alive_before]
        when = table.when(decision.index)
        if players == 4 and len(blacks_at_table) == 1 and set(blacks) == set(blacks_at_table):
            points, slug = MISSED_HAND_LAST_BLACK_AT_4, "raise-last-black-at-4-missed"
            what = f"the last black (seat {blacks[0]}) at 4 players"
        elif players == 10 and len(blacks) >= 2:
            points, slug = MISSED_HAND_TWO_BLACKS_AT_10, "raise-two-blacks-at-10-missed"
            what = f"black seats {_names(blacks)} at 10 players"
        elif players == 9 and len(blacks) >= 2:
            points, slug = MISSED_HAND_BLACKS_AT_9, "raise-blacks-at-9-missed"
            what = f"black seats {_names(blacks)} at 9 players"
        else:
            continue
        note = f"{when}: no decisive hand to raise {what}; the raise failed by one hand"
        for seat in table.reds:
            if seat in decision.alive_before and seat not in decision.hands:
                ledger.add(seat, points, slug, note, decision.index)


@rule("failed-three-way-raise-at-9", heading=HEADING)
def failed_three_way_raise_at_9(table: GameFacts, ledger: Ledger) -> None:
    """A failed three-way raise at 9 followed by a night shot that moves the city into
    critical state: −0.1 for each red player still at the table after the shot.

    Exception: no penalty for a red who put a hand for the raise when its candidate set
    included at least one black player."""
    for decision in table.raises:
        if decision.passed or len(decision.alive_before) != 9 or len(decision.candidates) != 3:
            continue
        shot = next(
            (
                night
                for night in table.nights
                if night.index > decision.index and night.night == decision.day
            ),
            None,
        )
        if shot is None or shot.killed is None or not table.margin_lost_at(shot.index):
            continue
        excused = decision.hands if _black_candidates(table, decision) else frozenset()
        note = (
            f"{table.when(decision.index)}: the raise of seats {_names(decision.candidates)} at 9 "
            f"failed and the {table.when(shot.index)} shot moved the city into critical state"
        )
        for seat in table.reds_alive_after(shot.index):
            if seat not in excused:
                ledger.add(
                    seat,
                    FAILED_THREE_WAY_RAISE_AT_9,
                    "failed-three-way-raise-at-9",
                    note,
                    shot.index,
                )


@rule("raise-causes-black-win", heading=HEADING)
def raise_causes_black_win(table: GameFacts, ledger: Ledger) -> None:
    """Raise causes black win: +0.2 to every black still at the table after the raise, hand
    or no hand. (The margin bonus is the general "margin-lost-at-table" rule, so a raise
    that does both gives +0.4.)"""
    for decision in table.raises:
        if not raise_causes_loss(table, decision, "red"):
            continue
        note = f"{table.when(decision.index)}: the raise of seats {_names(decision.candidates)} won the game for black"
        for seat in table.blacks_alive_after(decision.index):
            ledger.add(seat, RAISE_CAUSES_BLACK_WIN, "raise-causes-black-win", note, decision.index)


@rule("black-decisive-hand-losing-raise", heading=HEADING)
def black_decisive_hand_losing_raise(table: GameFacts, ledger: Ledger) -> None:
    """Black puts the decisive hand for a clearly losing raise (−0.2): a raise that lifts the
    last black or two or more blacks, passed by the smallest majority, and red wins."""
    if table.winner != "red":
        return
    for decision in table.raises:
        if not passed_by_smallest_majority(decision):
            continue
        blacks = _black_candidates(table, decision)
        blacks_at_table = [seat for seat in table.blacks if seat in decision.alive_before]
        if not (len(blacks) >= 2 or (blacks and set(blacks) == set(blacks_at_table))):
            continue
        note = (
            f"{table.when(decision.index)}: decisive hand for the raise of seats "
            f"{_names(decision.candidates)}, which lifted black seats {_names(blacks)}"
        )
        for hand in decision.hands:
            if table.is_black(hand):
                ledger.add(
                    hand,
                    BLACK_DECISIVE_HAND_LOSING_RAISE,
                    "black-decisive-hand-losing-raise",
                    note,
                    decision.index,
                )
