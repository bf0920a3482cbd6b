"""Named stages in a written order: the one table the engine runs and a public page prints.

A ruleset writes its night (or any resolution) as a tuple of `Stage`s and a function per
stage; `run_stages` calls them in the table's order over one shared piece of work.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    id: str
    title: str
    description: str
    abilities: tuple[str, ...] = ()  # the abilities that act in this stage


def run_stages(order: Sequence[Stage], runners: Mapping[str, Callable], work: object) -> None:
    for stage in order:
        runners[stage.id](work)


def stage_of(order: Sequence[Stage], ability: str) -> Stage | None:
    for stage in order:
        if ability in stage.abilities:
            return stage
    return None
