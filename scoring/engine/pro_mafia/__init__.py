"""Pro Mafia Scoring 1.1: every rule of the seed, one function each (see `registry.RULES`)."""

from __future__ import annotations

from games.engine import GameRecord

from ..result import GameScore
from ..review import NO_REVIEW, Review
from . import black, discipline, endings, raises, red_votes, sheriff, wills  # noqa: F401  (register rules)
from .ledger import Ledger
from .registry import RULES, all_slugs
from .table import GameFacts


def score_pro_mafia(record: GameRecord, *, review: Review = NO_REVIEW) -> GameScore:
    table = GameFacts(record, review)
    ledger = Ledger(table.seats)
    for entry in RULES:
        entry.function(table, ledger)
    items = ledger.resolve()
    return GameScore.of(record, items)


__all__ = ["RULES", "all_slugs", "score_pro_mafia"]
