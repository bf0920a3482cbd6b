"""Helpers for the online engine's tests (the scenario kit itself is online.engine.scenario)."""

from __future__ import annotations

from collections.abc import Iterator

from online.engine.scenario import ForumScenario

# A small game: slot 1 Cop, 2 Doctor, 3 and 4 Mafia Goons, 5-7 Townies.
MINI = ("cop", "doctor", "mafia_goon", "mafia_goon", "townie", "townie", "townie")


def mini(**options) -> ForumScenario:
    return ForumScenario(*MINI, options=options)


def dicts_in(tree: object) -> Iterator[dict]:
    """Every dict anywhere in a JSON-like tree."""
    if isinstance(tree, dict):
        yield tree
        for value in tree.values():
            yield from dicts_in(value)
    elif isinstance(tree, list | tuple):
        for value in tree:
            yield from dicts_in(value)


def reveals(tree: object, **fact: object) -> bool:
    """Whether some dict in the tree holds all of `fact`'s items ({"slot": 5, "role": "cop"})."""
    return any(
        all(key in found and found[key] == value for key, value in fact.items())
        for found in dicts_in(tree)
    )


def keys_in(tree: object) -> set[str]:
    return {key for found in dicts_in(tree) for key in found}


def townies(count: int) -> tuple[str, ...]:
    return ("townie",) * count
