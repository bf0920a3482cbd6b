"""Setups are data: roles, sides and options, loaded from plain dicts or JSON.

    {
      "name": "Mini Normal",
      "ruleset": "forum",
      "roles": [{"role": "cop"}, {"role": "mafia_goon", "count": 2}, {"role": "townie", "count": 6}],
      "options": {"day_start": false, "day_hours": 48},
      "sides": {"yakuza": {"name": "Yakuza", "kind": "scum"}}
    }

A role entry may name another `side` (a second scum team) and a `uses` limit (a one-shot
Vigilante). Options not given take the ruleset's defaults: the setup's own rules take
precedence over the ruleset's. Anything the ruleset does not know is refused (`setup.*`), so a
misspelt option never passes silently as its default.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import RuleError
from .rulesets import ruleset_named

TOWN, SCUM, SOLO = "town", "scum", "solo"
SIDE_KINDS = (TOWN, SCUM, SOLO)


@dataclass(frozen=True)
class AbilitySpec:
    """An ability a role may use: `stage` is its named stage in the night order."""

    id: str
    stage: str
    phase: str = "night"  # "night" or "day"


@dataclass(frozen=True)
class RoleSpec:
    id: str
    name: str
    side: str
    abilities: tuple[AbilitySpec, ...] = ()
    appears: str = "innocent"  # what an investigation reads: "innocent" or "guilty"
    unvotable: bool = False  # no vote may be cast on this player (the Innocent Child)
    revealed_at_start: bool = False  # the public record shows the role from the start
    message: str = ""

    def ability(self, ability_id: str) -> AbilitySpec | None:
        for ability in self.abilities:
            if ability.id == ability_id:
                return ability
        return None


@dataclass(frozen=True)
class SideSpec:
    """A side: the town, a scum team (a killing team that shares a thread), or a solo killer.

    A `solo` side is one per player: two Serial Killers are two sides.
    """

    id: str
    name: str
    kind: str
    thread: bool = False  # its members share a private thread
    knows_members: bool = False  # its members are told who the others are


@dataclass(frozen=True)
class RoleEntry:
    """One dealt role: the role, its side in this setup, its use limit (None: unlimited)."""

    role: str
    side: str
    uses: int | None = None

    def to_dict(self) -> dict:
        entry = {"role": self.role, "side": self.side}
        if self.uses is not None:
            entry["uses"] = self.uses
        return entry


@dataclass(frozen=True)
class Setup:
    name: str
    ruleset: str
    entries: tuple[RoleEntry, ...]  # one per player, in the order the setup lists them
    options: Mapping[str, object]
    sides: Mapping[str, SideSpec] = field(default_factory=dict)

    def option(self, key: str):
        return self.options[key]

    def side(self, side_id: str) -> SideSpec:
        return self.sides[side_id]

    def to_dict(self) -> dict:
        """The normalised setup, as the log's first event stores it."""
        roles: list[dict] = []
        for entry in self.entries:
            as_dict = entry.to_dict()
            if roles and {k: v for k, v in roles[-1].items() if k != "count"} == as_dict:
                roles[-1]["count"] += 1
            else:
                roles.append({**as_dict, "count": 1})
        return {
            "name": self.name,
            "ruleset": self.ruleset,
            "roles": roles,
            "options": dict(self.options),
            "sides": {
                side.id: {"name": side.name, "kind": side.kind} for side in self.sides.values()
            },
        }


def load_setup(data: Mapping | str | bytes) -> Setup:
    """A `Setup` from a dict or a JSON text; `RuleError` (`setup.*`) for anything wrong."""

    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except ValueError as error:
            raise RuleError("setup.not-json", f"The setup is not JSON: {error}.") from None
    if not isinstance(data, Mapping):
        raise RuleError("setup.not-an-object", "A setup is a JSON object.")
    unknown = set(data) - {"name", "ruleset", "roles", "options", "sides"}
    if unknown:
        raise RuleError(
            "setup.unknown-field",
            f"Unknown setup fields: {', '.join(sorted(unknown))}.",
            fields=sorted(unknown),
        )
    ruleset = ruleset_named(data.get("ruleset"))
    name = data.get("name", "")
    if not isinstance(name, str):
        raise RuleError("setup.name", "The setup's name is text.")
    sides = _sides(ruleset, data.get("sides", {}))
    entries = _entries(ruleset, sides, data.get("roles"))
    options = _options(ruleset, data.get("options", {}))
    setup = Setup(name, ruleset.id, entries, MappingProxyType(options), MappingProxyType(sides))
    ruleset.check_setup(setup)
    return setup


def _sides(ruleset, extra) -> dict[str, SideSpec]:
    sides = dict(ruleset.sides)
    if not isinstance(extra, Mapping):
        raise RuleError("setup.sides", '"sides" maps a side id to {"name", "kind"}.')
    for side_id, spec in extra.items():
        if not isinstance(side_id, str) or not side_id or "#" in side_id:
            raise RuleError("setup.sides", f"{side_id!r} is not a side id.", side=str(side_id))
        if not isinstance(spec, Mapping) or set(spec) - {"name", "kind"}:
            raise RuleError(
                "setup.sides", f'Side {side_id!r} is {{"name": …, "kind": …}}.', side=side_id
            )
        base = sides.get(side_id)
        kind = spec.get("kind", base.kind if base else None)
        if kind not in SIDE_KINDS:
            raise RuleError(
                "setup.side-kind",
                f"Side {side_id!r}: kind is one of {', '.join(SIDE_KINDS)}.",
                side=side_id,
            )
        name = spec.get("name", base.name if base else side_id)
        if not isinstance(name, str):
            raise RuleError("setup.sides", f"Side {side_id!r}: the name is text.", side=side_id)
        sides[side_id] = SideSpec(
            side_id, name, kind, thread=kind == SCUM, knows_members=kind == SCUM
        )
    return sides


def _entries(ruleset, sides, roles) -> tuple[RoleEntry, ...]:
    if not isinstance(roles, list) or not roles:
        raise RuleError("setup.roles", '"roles" is a non-empty list of {"role": …}.')
    entries: list[RoleEntry] = []
    for index, item in enumerate(roles):
        if not isinstance(item, Mapping) or set(item) - {"role", "count", "side", "uses"}:
            raise RuleError(
                "setup.roles",
                f'Role entry {index} is {{"role", "count", "side", "uses"}}.',
                entry=index,
            )
        spec = ruleset.roles.get(item.get("role"))
        if spec is None:
            raise RuleError(
                "setup.unknown-role",
                f"Role entry {index}: no role {item.get('role')!r}.",
                entry=index,
                role=str(item.get("role")),
            )
        count = item.get("count", 1)
        if type(count) is not int or count < 1:
            raise RuleError(
                "setup.count",
                f"Role entry {index}: the count is a whole number ≥ 1.",
                entry=index,
                role=spec.id,
            )
        side = item.get("side", spec.side)
        if side not in sides:
            raise RuleError(
                "setup.unknown-side",
                f"Role entry {index}: no side {side!r}.",
                entry=index,
                role=spec.id,
                side=str(side),
            )
        if sides[side].kind != sides[spec.side].kind:
            raise RuleError(
                "setup.side-kind",
                f"Role entry {index}: a {spec.name} plays for a {sides[spec.side].kind} side, "
                f"not {side!r}.",
                entry=index,
                role=spec.id,
                side=side,
            )
        uses = item.get("uses")
        if uses is not None and (type(uses) is not int or uses < 1 or not spec.abilities):
            raise RuleError(
                "setup.uses",
                f"Role entry {index}: uses is a whole number ≥ 1, for a role with an ability.",
                entry=index,
                role=spec.id,
            )
        entries.extend(RoleEntry(spec.id, side, uses) for _ in range(count))
    return tuple(entries)


OPTION_KINDS = {bool: "true or false", int: "a whole number ≥ 1", str: "text", list: "a list"}


def _options(ruleset, given) -> dict[str, object]:
    if not isinstance(given, Mapping):
        raise RuleError("setup.options", '"options" is an object.')
    options = {}
    for key, (kind, default) in ruleset.options.items():
        value = given.get(key, default)
        if type(value) is not kind or (kind is int and value < 1):
            expected = OPTION_KINDS.get(kind, kind.__name__)
            raise RuleError(
                "setup.option-type", f"Option {key!r} is {expected}.", option=key, kind=kind.__name__
            )
        if kind is list:
            value = list(value)
        options[key] = value
    unknown = set(given) - set(options)
    if unknown:
        raise RuleError(
            "setup.unknown-option",
            f"Unknown options: {', '.join(sorted(unknown))}.",
            options=sorted(unknown),
        )
    return options
