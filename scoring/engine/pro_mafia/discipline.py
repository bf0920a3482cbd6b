"""Technical Penalties, Removed Black Players and DD.

| Event | Points | Notes |
| DD | −1.0 | other normal scoring awards for that player are removed |
| Technical disqualification | −0.5 | other normal scoring awards for that player are removed |

Every disqualification (manual, fourth ordinary foul, second technical foul) is read as a
"technical disqualification" — see docs/scoring.md. A discipline review (``table.review``,
docs/discipline.md) may score a DD offender as technically disqualified, or waive a
disqualification's penalty; the removal itself and Removed Black Players stay.
"""

from __future__ import annotations

from .ledger import Ledger
from .registry import rule
from .table import GameFacts

DECLARED_DEFEAT = -1000
TECHNICAL_DISQUALIFICATION = -500

CAUSES = {
    "manual": "removed by the host",
    "fourth_foul": "fourth ordinary foul",
    "second_technical": "second technical foul",
}


@rule("technical-disqualification", heading="Technical Penalties")
def technical_disqualification(table: GameFacts, ledger: Ledger) -> None:
    waived = table.review.penalty_waived
    for removal in table.disqualifications:
        if removal.seat in waived:
            continue  # the penalty was waived on review: the player keeps their other awards
        note = f"{table.when(removal.index)}: disqualified ({CAUSES.get(removal.cause, removal.cause)}: {removal.reason})"
        ledger.penalise(
            removal.seat,
            TECHNICAL_DISQUALIFICATION,
            "technical-disqualification",
            note,
            removal.index,
            "disqualification",
        )


@rule("declared-defeat", heading="DD - Declared Defeat")
def declared_defeat(table: GameFacts, ledger: Ledger) -> None:
    """The offender receives only −1.0; the rest of the table is scored from the protocol up
    to the DD plus the resulting winner (the record ends there)."""
    dd = table.record.dd
    if dd is None:
        return
    note = f"{table.when(dd.index)}: declared defeat ({dd.reason}); {table.winner} wins"
    review = table.review
    if review.dd_as_disqualification:
        if any(r.seat == dd.seat and r.seat not in review.penalty_waived for r in table.disqualifications):
            return  # already technically disqualified: one penalty, not two
        note = f"{note}; changed on review to a technical disqualification"
        ledger.penalise(dd.seat, TECHNICAL_DISQUALIFICATION, "technical-disqualification", note, dd.index,
                        "disqualification")
        return
    ledger.penalise(dd.seat, DECLARED_DEFEAT, "declared-defeat", note, dd.index, "dd")


@rule("removed-black", heading="Removed Black Players")
def removed_black(table: GameFacts, ledger: Ledger) -> None:
    """A black removed by discipline (manual, fourth foul, technical disqualification, or a
    DD while at the table): the red players at the table receive 100% of the removed black's
    value, inside the best-of for that black. Red removals create no penalties."""
    record = table.record
    removals = [(removal.index, removal.seat) for removal in table.disqualifications]
    if record.dd is not None and record.dd.seat in record.alive_before(record.dd.index):
        removals.append((record.dd.index, record.dd.seat))
    for index, black in removals:
        if not table.is_black(black):
            continue
        value = table.value(black, index)
        note = f"{table.when(index)}: black seat {black} was removed by discipline"
        for red in table.reds_alive_before(index):
            ledger.award(red, black, value, "removed-black", note, index)
