"""Sheriff Scoring: checks, and the Sheriff's free non-eliminating vote.

"Sheriff is a red player, so all red-player rules apply." The rules below are the additions.
"""

from __future__ import annotations

from games.engine import VoteRound

from ..points import share
from .ledger import Ledger
from .raises import six_player_split
from .registry import rule
from .table import GameFacts

HEADING = "Sheriff Scoring"


@rule("sheriff-check", "sheriff-check-black-leaves", heading=HEADING)
def sheriff_check(table: GameFacts, ledger: Ledger) -> None:
    """A black check gives 75% of the checked black's value; if the checked black later
    leaves the table, 100%. A red check gives no direct points by itself."""
    for check in table.sheriff_black_checks:
        black = check.target
        when = table.when(check.index)
        note = f"{when}: Sheriff's black check of seat {black}"
        ledger.award(
            check.checker,
            black,
            share(table.value(black, check.index), 75),
            "sheriff-check",
            note,
            check.index,
        )
        exit_index = table.exit_index.get(black)
        if exit_index is not None and exit_index > check.index:
            note = f"{when}: Sheriff's black check of seat {black}, who left the table ({table.when(exit_index)})"
            ledger.award(
                check.checker,
                black,
                table.value(black, exit_index),
                "sheriff-check-black-leaves",
                note,
                check.index,
            )


@rule("red-checks-confirm-blacks", heading=HEADING)
def red_checks_confirm_blacks(table: GameFacts, ledger: Ledger) -> None:
    """Red checks that confirm all remaining black players: each confirmed black is scored as
    found at 75% of that black's value.

    Judged on the players at the table after each of the Sheriff's red checks and after each
    departure, while the Sheriff is at the table and the game goes on (the event that ends
    the game is no such moment): at least one living player is checked red, and every living
    player other than the Sheriff who is not checked red is black.
    """
    record = table.record
    sheriff = table.sheriff
    red_checks = [
        check for check in table.checks if check.by == "sheriff" and check.result == "red"
    ]
    if not red_checks:
        return
    departure = table.departure.get(sheriff)
    until = departure.event_index if departure is not None else len(table.events)
    if record.end_index is not None:
        until = min(until, record.end_index)
    moments = sorted(
        {check.index for check in red_checks if check.index < until}
        | {d.event_index for d in table.departures if d.event_index < until}
    )
    found = 0  # bitmask of the blacks already scored
    for index in moments:
        checked = 0
        for check in red_checks:
            if check.index <= index:
                checked |= 1 << check.target
        alive = table.mask_after(index)
        unknown = alive & ~checked & ~(1 << sheriff)
        if not alive & checked or not unknown or unknown & ~table.black_mask:
            continue  # no red check at the table, nobody unknown, or a red among the unknown
        seats = [seat for seat in table.blacks if unknown >> seat & 1]
        note = f"{table.when(index)}: the Sheriff's red checks leave only black seat(s) {', '.join(map(str, seats))}"
        for black in seats:
            if found >> black & 1:
                continue
            found |= 1 << black
            ledger.award(
                sheriff,
                black,
                share(table.value(black, index), 75),
                "red-checks-confirm-blacks",
                note,
                index,
            )


def sheriff_free_vote(table: GameFacts, voter: int, rnd: VoteRound, candidate: int) -> bool:
    """Sheriff Scoring: "If the Sheriff already has a black check, the Sheriff may cast a
    non-eliminating vote into a red player on a non-critical circle without losing points."

    Decides every real vote into a red, whichever Red Vote Penalty row prices it (the
    six-player split and the Sheriff-at-9 rows included). The circle is non-critical when the
    table before the round is (interpretation 1), and in the six-player two-candidate split,
    which the seed prices as a non-critical vote "instead of the generic critical penalty"
    (docs/scoring.md, interpretation 10)."""
    return (
        voter == table.sheriff
        and candidate != rnd.eliminated
        and table.has_black_check_before(rnd.index)
        and (not table.critical_before(rnd.index) or six_player_split(table, rnd))
    )
