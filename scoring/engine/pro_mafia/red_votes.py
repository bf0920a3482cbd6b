"""Red Player Scoring: votes into black targets and the Red Vote Penalties."""

from __future__ import annotations

from games.engine import VoteRound

from ..points import share
from .ledger import Ledger
from .raises import six_player_split
from .registry import rule
from .sheriff import sheriff_free_vote
from .table import GameFacts

# Red Vote Penalties (cap groups are per player)
# "Vote into a red player outside critical state, when a red leaves by vote"
OUTSIDE_CRITICAL = -100
OUTSIDE_CRITICAL_CAP = "red-vote-outside-critical"  # "Maximum once per player per game"
IN_CRITICAL = -200  # "Vote into a red player during critical state" — no cap
SHERIFF_AT_9_NON_ELIMINATING = -100
# "… when a red leaves by vote and the city loses its margin for error": −0.2 in total
SHERIFF_AT_9_NON_ELIMINATING_MARGIN = -200
SHERIFF_AT_9_ELIMINATING = -200
SHERIFF_AT_9_ELIMINATING_MARGIN = -300
SIX_PLAYER_SPLIT = -100  # Raises And Splits: two-player split at 6 with a live Sheriff, one black


@rule("eliminating-vote", heading="Positive Actions Against Black Targets")
def eliminating_vote(table: GameFacts, ledger: Ledger) -> None:
    """Eliminating vote into a black target: 100% of that black's value."""
    black = table.black
    for rnd in table.votes:
        target = rnd.eliminated
        if target is None or not black[target]:
            continue
        value = table.value(target, rnd.index)
        note = f"{table.when(rnd.index)}: eliminating vote into black seat {target}"
        voters = [
            voter for voter, choice in rnd.ballots.items() if choice == target and not black[voter]
        ]
        ledger.award_each(voters, target, value, "eliminating-vote", note, rnd.index)


LEFT_NOTE = "{}: non-eliminating vote into black seat {}, who left the table ({})"
WON_NOTE = "{}: non-eliminating vote into black seat {}, who won at the table"


@rule(
    "non-eliminating-vote",
    "non-eliminating-vote-black-wins",
    heading="Positive Actions Against Black Targets",
)
def non_eliminating_vote(table: GameFacts, ledger: Ledger) -> None:
    """A vote into a black who is not eliminated by that round: 50% of the value if that
    black later leaves the table, 100% if that black wins at the table. The vote keeps this
    meaning when the round turns into a split whose revote has only red candidates."""
    end = len(table.events)
    black = table.black
    exits = table.exit_index
    # A revote into the same black on the same day earns exactly the same award (and no
    # Pass the Helm can fall between two rounds of one day): write it once.
    seen: set[tuple[int, int, int]] = set()
    for rnd in table.votes:
        index = rnd.index
        eliminated = rnd.eliminated
        for voter, target in rnd.ballots.items():
            if target == eliminated or not black[target] or black[voter]:
                continue
            key = (voter, target, rnd.day)
            if key in seen:
                continue
            seen.add(key)
            exit_index = exits.get(target)
            if exit_index is not None and exit_index > index:
                value = share(table.value(target, exit_index), 50)
                note = (LEFT_NOTE, table.when(index), target, table.when(exit_index))
                ledger.award(voter, target, value, "non-eliminating-vote", note, index)
            elif table.black_won_at_table(target):
                note = (WON_NOTE, table.when(index), target)
                ledger.award(
                    voter,
                    target,
                    table.value(target, end),
                    "non-eliminating-vote-black-wins",
                    note,
                    index,
                )


def red_vote_penalty(
    table: GameFacts, rnd: VoteRound, candidate: int
) -> tuple[int, str, str, str | None] | None:
    """Red Vote Penalties: what one vote into red `candidate` in round `rnd` costs.

    Returns (points, rule, note, cap group) or None. Exactly one row applies: the Sheriff at
    9 players, else the six-player two-candidate split, else critical state, else the
    non-critical row (only when a red leaves by vote in this round). Shared by real votes
    and Pass the Helm to a black recipient.
    """
    when = table.when(rnd.index)
    players = len(rnd.alive_before)
    if candidate == table.sheriff and players == 9:
        margin = table.margin_lost_at(rnd.index)
        if rnd.eliminated == candidate:
            if margin:
                return (
                    SHERIFF_AT_9_ELIMINATING_MARGIN,
                    "eliminating-vote-into-sheriff-at-9",
                    f"{when}: eliminating vote into the Sheriff (seat {candidate}) at 9 players; "
                    "the city lost its margin for error",
                    None,
                )
            return (
                SHERIFF_AT_9_ELIMINATING,
                "eliminating-vote-into-sheriff-at-9",
                f"{when}: eliminating vote into the Sheriff (seat {candidate}) at 9 players",
                None,
            )
        red_left = rnd.eliminated is not None and table.is_red(rnd.eliminated)
        if red_left and margin:
            return (
                SHERIFF_AT_9_NON_ELIMINATING_MARGIN,
                "non-eliminating-vote-into-sheriff-at-9",
                f"{when}: vote into the Sheriff (seat {candidate}) at 9 players while red seat "
                f"{rnd.eliminated} left by vote and the city lost its margin for error",
                None,
            )
        return (
            SHERIFF_AT_9_NON_ELIMINATING,
            "non-eliminating-vote-into-sheriff-at-9",
            f"{when}: non-eliminating vote into the Sheriff (seat {candidate}) at 9 players",
            None,
        )
    if six_player_split(table, rnd):
        return (
            SIX_PLAYER_SPLIT,
            "six-player-split-red-vote",
            f"{when}: vote into red seat {candidate} in a two-player split at 6 players "
            "with a live Sheriff and one black in the split",
            None,
        )
    if table.critical_before(rnd.index):
        return (
            IN_CRITICAL,
            "red-vote-in-critical-state",
            f"{when}: vote into red seat {candidate} in critical state",
            None,
        )
    if rnd.eliminated is not None and table.is_red(rnd.eliminated):
        return (
            OUTSIDE_CRITICAL,
            "red-vote-outside-critical",
            f"{when}: vote into red seat {candidate} while red seat {rnd.eliminated} left by vote",
            OUTSIDE_CRITICAL_CAP,
        )
    return None


@rule(
    "red-vote-outside-critical",
    "red-vote-in-critical-state",
    "non-eliminating-vote-into-sheriff-at-9",
    "eliminating-vote-into-sheriff-at-9",
    "six-player-split-red-vote",
    heading="Red Vote Penalties",
)
def red_vote_penalties(table: GameFacts, ledger: Ledger) -> None:
    """Every red vote into a red player, priced by `red_vote_penalty`, except the Sheriff's
    free vote (`sheriff_free_vote`), whichever row prices it."""
    black = table.black
    for rnd in table.votes:
        into_red: dict[int, list[int]] = {}  # red candidate → the red players who voted for him
        for voter, candidate in rnd.ballots.items():
            if not black[candidate] and not black[voter]:
                into_red.setdefault(candidate, []).append(voter)
        for candidate, voters in into_red.items():
            penalty = red_vote_penalty(table, rnd, candidate)
            if penalty is None:
                continue
            points, slug, note, cap = penalty
            if table.sheriff in voters:
                voters = [v for v in voters if not sheriff_free_vote(table, v, rnd, candidate)]
            ledger.add_each(voters, points, slug, note, rnd.index, cap)
