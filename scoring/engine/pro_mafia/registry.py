"""The rule catalogue: every scoring rule is a function registered under the slug(s) it writes.

`@rule("eliminating-vote", heading="Positive Actions Against Black Targets")` — the slug is the
`rule` of every item the function writes, taken from the seed's heading or table row, so a
judge can go from a point to its rule and from the rule to its one function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .ledger import Ledger
from .table import GameFacts

RuleFunction = Callable[[GameFacts, Ledger], None]


@dataclass(frozen=True, slots=True)
class Rule:
    slugs: tuple[str, ...]
    heading: str
    function: RuleFunction


RULES: list[Rule] = []


def rule(*slugs: str, heading: str) -> Callable[[RuleFunction], RuleFunction]:
    def register(function: RuleFunction) -> RuleFunction:
        RULES.append(Rule(slugs, heading, function))
        return function

    return register


def all_slugs() -> list[str]:
    return [slug for entry in RULES for slug in entry.slugs]
