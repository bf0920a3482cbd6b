"""The rulesets the engine knows, as small tables: one rule, one place.

Where Pro Mafia (`pro-mafia-1.1`) and the Official 2025 rules (`fiim-2025`) differ, the
difference is a field here, named after the rule; the replay reads the field and never the
ruleset's id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import vocabulary as v

# Night stages, named after the event that records each one.
SHOT = "shot"
DON_CHECK = "don_check"
SHERIFF_CHECK = "sheriff_check"

# How the black team's night shot is decided.
SHOWN_NUMBERS = "shown_numbers"  # every living black shows a number; one shared number kills
DON_DECIDES = "don_decides"  # the Don (or, without the Don, the remaining mafia) names the kill


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The table procedure's rules that differ between rulesets (games.rulesets.RulesetChoice is
    the same id as a form offers it)."""

    id: str
    title: str
    # The deal: role → how many seats get it; the table has as many seats as the deal has cards.
    deal: Mapping[str, int]
    # Night procedure: the stages of every night, in the order the host calls them.
    night_order: tuple[str, ...]
    # Mafia meet (zero night): Pro Mafia records nothing in Night 0.
    night_zero_has_events: bool
    # Night shot: SHOWN_NUMBERS or DON_DECIDES.
    shot_rule: str
    # Nominations: "Each player may nominate only one candidate per day" (fiim-2025).
    one_nomination_per_player_per_day: bool
    # Special cases: "First day: if only one nomination, no vote occurs" (fiim-2025).
    day_one_single_nomination_votes: bool
    # Judge bonuses and penalty points (fiim-2025 tournament points).
    judge_bonuses: bool
    # The first night with a night shot (for the first-night Sheriff kill responsibility).
    first_shot_night: int
    # The host's timers, in seconds, for each timed moment of the table (host mode's clock).
    timers: Mapping[str, int]

    def stage_position(self, stage: str) -> int:
        return self.night_order.index(stage)

    @property
    def seat_count(self) -> int:
        """How many seats the table has: seats are numbered 1..seat_count."""
        return sum(self.deal.values())


PRO_MAFIA = Ruleset(
    id=v.PRO_MAFIA,
    title="Pro Mafia table procedure, Scoring 1.1",
    deal=v.CLASSIC_DEAL,
    # "The night order is: the black team makes the night shot; the Don makes the Don check;
    # the Sheriff makes the Sheriff check."
    night_order=(SHOT, DON_CHECK, SHERIFF_CHECK),
    night_zero_has_events=False,
    shot_rule=SHOWN_NUMBERS,
    one_nomination_per_player_per_day=False,
    day_one_single_nomination_votes=True,
    judge_bonuses=False,
    first_shot_night=1,
    # "the black players have 60 seconds" (Mafia Meet); "Each player has 60 seconds for a speech";
    # "their next speech limited to 30 seconds" (three fouls); "Each tied candidate receives 30
    # seconds"; "that player receives 60 seconds for a farewell speech".
    timers={"mafia_meet": 60, "speech": 60, "shortened_speech": 30, "split_speech": 30, "farewell": 60},
)

FIIM_2025 = Ruleset(
    id=v.FIIM_2025,
    title="Official 2025 rules (FIIM style)",
    deal=v.CLASSIC_DEAL,
    # "Sheriff checks first so they can check even if they are killed this night", then the
    # mafia kill, then the Don check.
    night_order=(SHERIFF_CHECK, SHOT, DON_CHECK),
    night_zero_has_events=True,
    shot_rule=DON_DECIDES,
    one_nomination_per_player_per_day=True,
    day_one_single_nomination_votes=False,
    judge_bonuses=True,
    first_shot_night=0,
    # "The Sheriff wakes up, you have ten seconds." / "The Don wakes up, you have ten seconds."
    # The rules limit speeches by words for agents; at a seated table a speech is timed as Pro
    # Mafia's (docs/rules.md, "Host mode's timers").
    timers={"speech": 60, "shortened_speech": 30, "split_speech": 30, "farewell": 60,
            "sheriff_check": 10, "don_check": 10},
)

RULESETS: dict[str, Ruleset] = {ruleset.id: ruleset for ruleset in (PRO_MAFIA, FIIM_2025)}


# --- rules both rulesets share ------------------------------------------------------------


def last_will_target_limit(alive_after_departure: int) -> int:
    """Last Will Ordered: how many targets, by the players alive after the departure."""
    if alive_after_departure >= 7:
        return 3
    if alive_after_departure >= 5:
        return 2
    if alive_after_departure >= 3:
        return 1
    return 0


FIRST_COLOR_WILL_MAX_DECLARATIONS = 3  # "The First Out may name up to 3 players."

# The wills: the First Out leaves a First Color Will or passes the helm; a later departure
# leaves a Last Will Ordered or passes the helm; "none" records that no will was left.
FIRST_OUT_WILLS = ("first_color", "pass_the_helm", "none")
LATER_WILLS = ("ordered", "pass_the_helm", "none")
WILL_KINDS = frozenset({"first_color", "ordered", "pass_the_helm", "none"})
WILL_FIELDS = {"first_color": "declarations", "ordered": "targets", "pass_the_helm": "recipient"}

FOURTH_ORDINARY_FOUL = 4  # "A player who receives a fourth ordinary foul is removed."
SECOND_TECHNICAL_FOUL = 2  # "A player who receives two technical fouls is disqualified."
SHORTENED_SPEECH_FOULS = 3  # "A player with three ordinary fouls has their next speech 30 s."


def raise_passes(hands: int, alive: int) -> bool:
    """The raise passes only by majority; half of the voting players is not enough."""
    return 2 * hands > alive
