"""Black And Don Scoring: table presence, the margin for error, the first-night Sheriff kill,
black votes into black, misses, self-shots and the Least Suspicious Black.

"Black and Don use the same team-side scoring unless a rule explicitly says otherwise."
"""

from __future__ import annotations

from collections import Counter

from games.engine import VoteRound

from .ledger import Ledger
from .registry import rule
from .table import GameFacts

BLACK_WINS_AT_TABLE = 200
BLACK_EARLY_LEAVE = -100
EARLY_LEAVE_PLAYERS = (9, 10)  # "the 9-10 player stage"
SHERIFF_LEAVES_AT_9 = 200
MARGIN_LOST_AT_TABLE = 200
FIRST_NIGHT_SHERIFF_KILL = 200
BLACK_VOTE_INTO_BLACK_STAYS_AND_WINS = -100
BLACK_VOTE_INTO_BLACK_DECISIVE_LEAVES_AND_WINS = -200
BLACK_VOTE_INTO_BLACK_DECISIVE_LOSES = -300
ONE_MISS = -100
TWO_OR_MORE_MISSES = -200
CRITICAL_MISS = -500
SELF_SHOT_ALLY_NOT_THREATENED = 300
SELF_SHOT_ALLY_THREATENED = 100
SELF_SHOT_ALLY_LEFT = -100
LEAST_SUSPICIOUS_ONE = 200
LEAST_SUSPICIOUS_TIED = 100

PRESENCE = "Black Win And Table Presence"


@rule("black-wins-at-table", heading=PRESENCE)
def black_wins_at_table(table: GameFacts, ledger: Ledger) -> None:
    """Black survives at the table and wins: +0.2."""
    if table.winner != "black":
        return
    end = table.record.end_index if table.record.end_index is not None else len(table.events) - 1
    for seat in table.blacks:
        if seat in table.alive_at_end:
            ledger.add(
                seat,
                BLACK_WINS_AT_TABLE,
                "black-wins-at-table",
                f"{table.when(end)}: won at the table",
                end,
            )


@rule("black-early-leave", heading=PRESENCE)
def black_early_leave(table: GameFacts, ledger: Ledger) -> None:
    """Black leaves at the 9-10 player stage: −0.1, only to the black who left (by vote or
    raise; a self-shot has its own rules and a removal its own penalty)."""
    for departure in table.departures:
        if not table.is_black(departure.seat) or departure.how not in ("vote", "raise"):
            continue
        players = table.players_before(departure.event_index)
        if players in EARLY_LEAVE_PLAYERS:
            note = (
                f"{table.when(departure.event_index)}: left by {departure.how} at {players} players"
            )
            ledger.add(
                departure.seat, BLACK_EARLY_LEAVE, "black-early-leave", note, departure.event_index
            )


@rule("sheriff-leaves-at-9", heading=PRESENCE)
def sheriff_leaves_at_9(table: GameFacts, ledger: Ledger) -> None:
    """Sheriff leaves at 9 players (by vote, raise or shot): each black still at the table
    receives +0.2."""
    departure = table.departure.get(table.sheriff)
    if departure is None or departure.how == "disqualified":
        return
    if table.players_before(departure.event_index) != 9:
        return
    note = f"{table.when(departure.event_index)}: the Sheriff (seat {table.sheriff}) left by {departure.how} at 9 players"
    for seat in table.blacks_alive_after(departure.event_index):
        ledger.add(seat, SHERIFF_LEAVES_AT_9, "sheriff-leaves-at-9", note, departure.event_index)


@rule("margin-lost-at-table", heading="Raises And Splits / Black Win And Table Presence")
def margin_lost_at_table(table: GameFacts, ledger: Ledger) -> None:
    """City loses its margin for error while the black remains at the table: +0.2 to each
    black at the table after the event that first took the margin away."""
    index = table.record.margin_lost_index
    if index is None:
        return
    note = f"{table.when(index)}: the city lost its margin for error while this black stayed at the table"
    for seat in table.blacks_alive_after(index):
        ledger.add(seat, MARGIN_LOST_AT_TABLE, "margin-lost-at-table", note, index)


@rule("first-night-sheriff-kill", heading="First-Night Sheriff Kill Responsibility")
def first_night_sheriff_kill(table: GameFacts, ledger: Ledger) -> None:
    """The Sheriff killed on the first night: +0.2 to the explicitly assigned responsible
    black player (never automatically to the Don)."""
    departure = table.departure.get(table.sheriff)
    if departure is None:
        return
    for seat in table.record.sheriff_kill_responsible:
        note = f"{table.when(departure.event_index)}: held responsible for the first-night Sheriff kill"
        ledger.add(
            seat, FIRST_NIGHT_SHERIFF_KILL, "first-night-sheriff-kill", note, departure.event_index
        )


def vote_is_decisive(rnd: VoteRound, voter: int, red_candidates: list[int]) -> bool:
    """Moving this one vote to a red candidate would have removed that red instead: the red
    candidate would then lead alone."""
    counts = dict(rnd.counts)
    counts[rnd.ballots[voter]] -= 1
    for red in red_candidates:
        counts[red] += 1
        if all(counts[red] > votes for seat, votes in counts.items() if seat != red):
            return True
        counts[red] -= 1
    return False


@rule("black-vote-into-black", heading="Black Votes Into Black")
def black_vote_into_black(table: GameFacts, ledger: Ledger) -> None:
    """A black helps vote out an allied black when a red candidate could have been voted out
    instead: stays at the table and black wins −0.1; decisive vote, later leaves, black
    still wins −0.2; decisive vote and black loses −0.3."""
    black = table.black
    for rnd in table.votes:
        eliminated = rnd.eliminated
        if eliminated is None or not black[eliminated]:
            continue
        reds = [seat for seat in rnd.candidates if not black[seat]]
        if not reds:
            continue
        when = table.when(rnd.index)
        for voter, choice in rnd.ballots.items():
            if choice != eliminated or voter == eliminated or not black[voter]:
                continue
            decisive = vote_is_decisive(rnd, voter, reds)
            stays = voter in table.alive_at_end
            if table.winner == "black" and stays:
                points, what = (
                    BLACK_VOTE_INTO_BLACK_STAYS_AND_WINS,
                    "stayed at the table and black won",
                )
            elif table.winner == "black" and decisive:
                points, what = (
                    BLACK_VOTE_INTO_BLACK_DECISIVE_LEAVES_AND_WINS,
                    "decisive; later left, black won",
                )
            elif table.winner == "red" and decisive:
                points, what = BLACK_VOTE_INTO_BLACK_DECISIVE_LOSES, "decisive; black lost"
            else:
                continue
            note = (
                f"{when}: vote into allied black seat {eliminated} with a red alternative ({what})"
            )
            ledger.add(voter, points, "black-vote-into-black", note, rnd.index)


@rule("miss", "critical-miss", heading="Misses")
def misses(table: GameFacts, ledger: Ledger) -> None:
    """Misses by responsible shooters: one miss and that black later leaves −0.1; two or more
    −0.2 once; a critical miss (a correct shot would have won at once) and blacks lose −0.5,
    independent of the others."""
    count: Counter[int] = Counter()
    first: dict[int, int] = {}
    for night in table.nights:
        if not night.miss:
            continue
        for seat in night.responsible:
            count[seat] += 1
            first.setdefault(seat, night.index)
        if table.winner == "red" and could_have_won(table, night.index):
            note = f"{table.when(night.index)}: critical miss — a shot at a red player would have won the game"
            for seat in night.responsible:
                ledger.add(seat, CRITICAL_MISS, "critical-miss", note, night.index)
    for seat, misses_ in count.items():
        departure = table.departure.get(seat)
        if departure is None or departure.event_index <= first[seat]:
            continue
        points = ONE_MISS if misses_ == 1 else TWO_OR_MORE_MISSES
        note = f"responsible for {misses_} miss{'es' if misses_ > 1 else ''} and left the table ({table.when(departure.event_index)})"
        ledger.add(seat, points, "miss", note, departure.event_index)


def could_have_won(table: GameFacts, index: int) -> bool:
    """One red fewer at the table would have given the blacks parity: a correct shot wins."""
    blacks = len(table.blacks_alive_before(index))
    reds = len(table.reds_alive_before(index))
    return blacks > 0 and blacks >= reds - 1


def one_red_vote_away(table: GameFacts, rnd: VoteRound, black: int) -> bool:
    """Threat After Self-Shot: the black has red-side votes, and one additional red-side vote
    (a red voter moving to him) would be enough to eliminate him."""
    red_votes = [v for v, c in rnd.ballots.items() if c == black and table.is_red(v)]
    if not red_votes:
        return False
    for voter, choice in rnd.ballots.items():
        if choice == black or table.is_black(voter):
            continue
        counts = dict(rnd.counts)
        counts[choice] -= 1
        counts[black] += 1
        if all(counts[black] > votes for seat, votes in counts.items() if seat != black):
            return True
    return False


def threatened_after(table: GameFacts, black: int, index: int) -> bool:
    """A red player names the black in a Last Will Ordered, or a voting round puts the black
    one red-side vote from elimination — after event `index`."""
    for will in table.wills:
        if (
            will.index > index
            and will.kind == "ordered"
            and table.is_red(will.seat)
            and black in will.targets
        ):
            return True
    return any(
        rnd.index > index and black in rnd.candidates and one_red_vote_away(table, rnd, black)
        for rnd in table.votes
    )


@rule(
    "self-shot-ally-not-threatened",
    "self-shot-ally-threatened",
    "self-shot-ally-left",
    heading="Self-Shot With Black Allies Remaining",
)
def self_shot_with_allies(table: GameFacts, ledger: Ledger) -> None:
    """The self-shooting black, for each black ally left after the self-shot: not threatened
    +0.3, threatened but stayed +0.1, left the table −0.1."""
    for night in table.self_shots:
        shooter = night.killed
        when = table.when(night.index)
        for ally in table.blacks_alive_after(night.index):
            if table.left_after(ally, night.index):
                points, slug, what = SELF_SHOT_ALLY_LEFT, "self-shot-ally-left", "left the table"
            elif threatened_after(table, ally, night.index):
                points, slug, what = (
                    SELF_SHOT_ALLY_THREATENED,
                    "self-shot-ally-threatened",
                    "was threatened but stayed",
                )
            else:
                points, slug, what = (
                    SELF_SHOT_ALLY_NOT_THREATENED,
                    "self-shot-ally-not-threatened",
                    "was not threatened",
                )
            ledger.add(
                shooter,
                points,
                slug,
                f"{when}: self-shot; black ally seat {ally} {what}",
                night.index,
            )


def suspicion_mentions(table: GameFacts) -> Counter[int]:
    """How often each black is named by red players' wills: Last Will Ordered targets and
    First Color Will "black" declarations (the best-move style mentions)."""
    mentions: Counter[int] = Counter()
    for will in table.wills:
        if not table.is_red(will.seat):
            continue
        for seat in will.targets:
            mentions[seat] += 1
        for seat, colour in will.declarations.items():
            if colour == "black":
                mentions[seat] += 1
    return mentions


@rule("least-suspicious-black", heading="Least Suspicious Black")
def least_suspicious_black(table: GameFacts, ledger: Ledger) -> None:
    """Only when black wins. Eligible: blacks who win at the table, and a self-shooter whose
    allies all stayed after the self-shot. Fewest mentions: one +0.2, tied +0.1 each."""
    if table.winner != "black":
        return
    eligible = [seat for seat in table.blacks if seat in table.alive_at_end]
    for night in table.self_shots:
        allies = table.blacks_alive_after(night.index)
        if allies and not any(table.left_after(ally, night.index) for ally in allies):
            eligible.append(night.killed)
    if not eligible:
        return
    mentions = suspicion_mentions(table)
    fewest = min(mentions[seat] for seat in eligible)
    chosen = sorted(seat for seat in eligible if mentions[seat] == fewest)
    points = LEAST_SUSPICIOUS_ONE if len(chosen) == 1 else LEAST_SUSPICIOUS_TIED
    end = table.record.end_index if table.record.end_index is not None else len(table.events) - 1
    for seat in chosen:
        tied = (
            ""
            if len(chosen) == 1
            else f", tied with seat(s) {', '.join(str(s) for s in chosen if s != seat)}"
        )
        note = f"least suspicious black: named {fewest} time(s) in wills{tied}"
        ledger.add(seat, points, "least-suspicious-black", note, end)
