"""Each scoring rule's name in the reader's language: the catalogue the site shows points with.

The scoring engine writes each item's rule as a slug (``eliminating-vote``) and a note in English
for the judge's reference (``day 4: eliminating vote into black seat 7``). People read the rule's
name from here; the note is the engine's and is shown as written only to English readers
(docs/scoring.md, "Rule names"). tests/games/test_rule_names.py holds that every slug either
table can write has a name here.
"""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

RULE_NAMES = {
    # fiim-2025 (the Official 2025 rules, section 6)
    "win": _("Win"),
    "loss": _("Loss"),
    "disqualification": _("Disqualification"),
    "rules-based-team-loss": _("Team loss by the rules"),
    "destructive-play": _("Destructive play (judge's penalty)"),
    "judge-bonus": _("Judge's bonus"),
    # Pro Mafia 1.1
    "black-wins-at-table": _("Black win at the table"),
    "black-early-leave": _("Black left the table early"),
    "sheriff-leaves-at-9": _("Sheriff left at 9 players"),
    "margin-lost-at-table": _("At the table when the city lost its margin"),
    "first-night-sheriff-kill": _("First-night Sheriff kill"),
    "black-vote-into-black": _("Black vote into a black"),
    "miss": _("Miss"),
    "critical-miss": _("Critical miss"),
    "self-shot-ally-not-threatened": _("Self-shot, ally not threatened"),
    "self-shot-ally-threatened": _("Self-shot, ally threatened"),
    "self-shot-ally-left": _("Self-shot, ally gone"),
    "least-suspicious-black": _("Least suspicious black"),
    "technical-disqualification": _("Technical disqualification"),
    "declared-defeat": _("Declared defeat (DD)"),
    "removed-black": _("Black removed by discipline"),
    "surrender": _("Mafia surrender"),
    "last-black-self-shot": _("Last black shot himself"),
    "raise-hand-black": _("Hand to raise a black"),
    "raise-removes-margin": _("Raise took the city's margin"),
    "raise-causes-red-loss": _("Raise lost the game for the city"),
    "raise-removes-margin-and-causes-red-loss": _("Raise took the margin and lost the game"),
    "raise-last-black-at-4-missed": _("No hand to raise the last black at 4"),
    "raise-two-blacks-at-10-missed": _("No hand to raise two blacks at 10"),
    "raise-blacks-at-9-missed": _("No hand to raise the blacks at 9"),
    "failed-three-way-raise-at-9": _("Failed three-way raise at 9"),
    "raise-causes-black-win": _("Raise won the game for the Mafia"),
    "black-decisive-hand-losing-raise": _("Black's decisive hand in a losing raise"),
    "sheriff-check": _("Sheriff's black check"),
    "sheriff-check-black-leaves": _("Sheriff's black check, the black left"),
    "red-checks-confirm-blacks": _("Red checks that confirm the blacks"),
    "eliminating-vote": _("Vote that eliminated a black"),
    "non-eliminating-vote": _("Vote into a black"),
    "non-eliminating-vote-black-wins": _("Vote into a black who won"),
    "red-vote-outside-critical": _("Vote into a red"),
    "red-vote-in-critical-state": _("Vote into a red in critical state"),
    "non-eliminating-vote-into-sheriff-at-9": _("Vote into the Sheriff at 9"),
    "eliminating-vote-into-sheriff-at-9": _("Vote that eliminated the Sheriff at 9"),
    "six-player-split-red-vote": _("Vote into a red in a split at 6"),
    "first-color-will": _("First Color will"),
    "early-night-shot-will": _("Will after an early night shot"),
    "last-will-ordered": _("Last Will Ordered: a black named"),
    "last-will-red-target": _("Last Will Ordered: a red named"),
    "pass-the-helm": _("Pass the Helm"),
}


def rule_name(slug: str) -> str:
    """The rule's name, or the slug itself for a rule a newer engine added (the test keeps this
    catalogue complete, so a reader never meets one)."""
    name = RULE_NAMES.get(slug)
    return str(name) if name is not None else slug


def rule_note(note: str) -> str:
    """The engine's note as written, for English readers only: it is English prose with numbers
    filled in, not a message the catalogue can translate."""
    return note if (get_language() or "en").startswith("en") else ""
