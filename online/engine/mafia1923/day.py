"""The day (seed 004, "Daytime"), in its exact order: the Sheriff, the Councilor, the Pacifist,
the votes, the Lawyer, the court. Then the Court Secretary, the strikes for missing votes
and the exiles they bring. One small function per rule, named after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..stages import Stage
from .common import is_injured, living_members
from .events import ext
from .resolution import Resolution, collect_acts

DAY_ORDER: tuple[Stage, ...] = (
    Stage(
        "sheriff",
        "Sheriffs",
        "jail one player and one family: their votes and the votes against them do not count",
        ("jail",),
    ),
    Stage(
        "councilor",
        "Councilors",
        "cast an extra family vote and an extra individual vote",
        ("boost",),
    ),
    Stage(
        "pacifist",
        "Pacifists",
        "cast a negative family vote and a negative individual vote",
        ("dampen",),
    ),
    Stage(
        "votes", "The votes", "every living player's family vote and individual vote are counted"
    ),
    Stage("lawyer", "Lawyers", "represent one player in court", ("defend",)),
    Stage("court", "The court", "in each of the most-voted families the most-voted player dies"),
)


@dataclass
class Day(Resolution):
    extra: list[tuple[int, int, dict]] = field(default_factory=list)  # Councilor, Pacifist
    families: dict[str, int] = field(default_factory=dict)  # the counted totals
    players: dict[int, int] = field(default_factory=dict)
    counted: list[dict] = field(default_factory=list)  # the ballots that counted (the Secretary's)


# --- the rules, one function each ---------------------------------------------------------------
def sheriff_jails(work: Day, actor, target: dict) -> str:
    """The jailed player and every member of the jailed family are out of today's vote."""
    work.jailed_players.add(target["player"])
    work.jailed_families.add(target["family"])
    return "done"


def councilor_votes(work: Day, actor, target: dict) -> str:
    """+1 to a family and +1 to a player, anywhere ("not bound by the normal voting rules")."""
    work.extra.append((actor.number, 1, target))
    return "done"


def pacifist_votes(work: Day, actor, target: dict) -> str:
    """−1 to a family and −1 to a player, anywhere."""
    work.extra.append((actor.number, -1, target))
    return "done"


def lawyer_defends(work: Day, actor, target: dict) -> str:
    """The represented player is not killed by the court today: in their family the next
    most-voted die instead; no one if they are its only living (or only voted) player."""
    work.defended.add(target["player"])
    return "done"


def votes_are_counted(work: Day) -> None:
    """Each family's and each player's total: the votes of living, unjailed players for an
    unjailed family or player, and the Councilor's and Pacifist's extra votes. The ballots that
    count are kept, in the order of the ballots and the voters, for the Court Secretary."""
    state = work.state
    families = {family: 0 for family in ext(state).families}
    players: dict[int, int] = {}

    def counts(voter: int) -> bool:
        return (
            state.slot(voter).alive
            and not work.jailed(voter)
            and not is_injured(state, voter, work.phase)
        )

    def add_family(family, weight: int) -> bool:
        if family in families and family not in work.jailed_families:
            families[family] += weight
            return True
        return False

    def add_player(number, weight: int) -> bool:
        if state.has_slot(number) and state.slot(number).alive and not work.jailed(number):
            players[number] = players.get(number, 0) + weight
            return True
        return False

    counted = []
    for ballot_name, add in (("family", add_family), ("individual", add_player)):
        ballot = state.ballots.get((work.phase, ballot_name))
        for voter, (target, _) in sorted(ballot.current.items()) if ballot else ():
            if target is not None and counts(voter) and add(target, 1):
                counted.append({"voter": voter, "ballot": ballot_name, "target": target})
    for actor, weight, target in work.extra:
        if not counts(actor):
            continue
        if "family" in target:
            add_family(target["family"], weight)
        if "player" in target:
            add_player(target["player"], weight)
    work.families, work.players, work.counted = families, players, counted


def families_sent_to_court(work: Day) -> list[str]:
    """The `court_families` (3) families with the most votes, all tied ones too; a family needs
    at least one vote. A family with no living player still takes its place."""
    ranked = sorted(
        ((total, index, family) for index, (family, total) in enumerate(work.families.items())),
        key=lambda row: (-row[0], row[1]),
    )
    ranked = [row for row in ranked if row[0] > 0]
    if not ranked:
        return []
    places = work.state.setup.option("court_families")
    cutoff = ranked[min(places, len(ranked)) - 1][0]
    return [family for total, _, family in ranked if total >= cutoff]


def court_condemns(work: Day, family: str) -> list[int]:
    """In a family sent to court the most-voted living player dies, all tied ones too, whatever
    the number of votes — none at all for the only living member, or for every member when no
    individual vote in the family counted; not a jailed player, not one the Lawyer represents
    (the next most-voted die instead: no one if there is no other)."""
    candidates = [
        number
        for number in living_members(work.state, family)
        if not work.jailed(number) and number not in work.defended
    ]
    if not candidates:
        return []
    top = max(work.players.get(number, 0) for number in candidates)
    return [number for number in candidates if work.players.get(number, 0) == top]


def the_court(work: Day) -> None:
    court = families_sent_to_court(work)
    work.emit(
        "vote_totals",
        phase=work.phase,
        families=work.families,
        players={str(n): total for n, total in sorted(work.players.items()) if total},
        court=court,
    )
    condemned = [number for family in court for number in court_condemns(work, family)]
    for number in condemned:
        work.kill(number, cause="court", by=None)


def missing_votes_strike(work: Day, voters_needed: dict[int, bool]) -> None:
    """A living, uninjured, unjailed player who did not cast the family vote, or the individual
    vote while another member of the family lived, is struck; two strikes exile."""
    state = work.state
    family = state.ballots.get((work.phase, "family"))
    individual = state.ballots.get((work.phase, "individual"))
    for number, needs_individual in voters_needed.items():
        cast_family = family is not None and number in family.current
        cast_individual = (
            individual is not None and individual.current.get(number, (None,))[0] is not None
        )
        if not cast_family or (needs_individual and not cast_individual):
            work.emit("struck", phase=work.phase, slot=number, reason="missing-vote")


def two_strikes_exile(work: Day) -> None:
    """Two strikes exile the player at the end of the day; the exile is not announced
    (seed 004, "Announcements"): the player alone is told."""
    state = work.state
    for number, strikes in sorted(ext(state).strikes.items()):
        if strikes >= 2 and state.slot(number).alive:
            work.ctx.remove(state.slot(number), "exiled", phase=work.phase, reason="two-strikes")
            work.emit(
                "private_result", phase=work.phase, slot=number, kind="exiled", reason="two-strikes"
            )


def court_secretary_learns(work: Day) -> None:
    """Each living Court Secretary is told an independent random 25% (rounded down) of the
    day's specific votes: the family and individual votes that counted (not a jailed voter's,
    not one against a jailed player or family: they "do not count")."""
    state = work.state
    pool = work.counted
    size = len(pool) * 25 // 100
    for slot in state.slots:
        if slot.alive and slot.role == "court_secretary":
            position, source = work.ctx.random()
            picked = sorted(source.sample(range(len(pool)), size))
            work.emit(
                "private_result",
                phase=work.phase,
                slot=slot.number,
                kind="court_secretary",
                votes=[pool[i] for i in picked],
                draw=position,
            )


RULES = {
    "jail": sheriff_jails,
    "boost": councilor_votes,
    "dampen": pacifist_votes,
    "defend": lawyer_defends,
}


def court_and_strikes(work: Day) -> None:
    """The court, then the strikes for missing votes (counted among the players who had to vote
    before the court), then the exiles they bring."""
    state = work.state
    needed = {
        slot.number: len(living_members(state, ext(state).family_of[slot.number])) > 1
        for slot in state.slots
        if slot.alive
        and not work.jailed(slot.number)
        and not is_injured(state, slot.number, work.phase)
    }
    the_court(work)
    missing_votes_strike(work, needed)
    two_strikes_exile(work)


def resolve_day(ctx, phase: str, actions: dict) -> Day:
    work = Day(ctx, phase)
    after = {"votes": votes_are_counted, "court": court_and_strikes}
    work.run(DAY_ORDER, collect_acts(ctx.state, actions, DAY_ORDER), RULES, after)
    court_secretary_learns(work)
    work.deliver()
    return work
