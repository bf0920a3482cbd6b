"""Special black-target outcomes that end with the blacks leaving: Mafia Surrender and the
Last Black Self-Shoots. Both are awards for "red players still at the table"."""

from __future__ import annotations

from .ledger import Ledger
from .registry import rule
from .table import GameFacts


@rule("surrender", heading="Mafia Surrender")
def mafia_surrender(table: GameFacts, ledger: Ledger) -> None:
    """Red players still at the table receive each surrendered black's value (best-of per
    black); the surrendered blacks count as having left the table."""
    index = table.record.surrender_index
    if index is None:
        return
    when = table.when(index)
    for black in table.blacks_alive_before(index):
        value = table.value(black, index)
        for red in table.reds_alive_before(index):
            ledger.award(
                red,
                black,
                value,
                "surrender",
                f"{when}: the black team surrendered (black seat {black})",
                index,
            )


@rule("last-black-self-shot", heading="Last Black Self-Shoots")
def last_black_self_shot(table: GameFacts, ledger: Ledger) -> None:
    """Red players still at the table receive the last black's value; the self-shooter gets
    no self-shot points and no early-leave penalty."""
    for night in table.self_shots:
        if table.blacks_alive_after(night.index):
            continue
        black = night.killed
        value = table.value(black, night.index)
        note = f"{table.when(night.index)}: the last black (seat {black}) shot himself"
        for red in table.reds_alive_after(night.index):
            ledger.award(red, black, value, "last-black-self-shot", note, night.index)
