"""Forming the families from the sign-ups' requests (seed 004, "Setup": "The Moderators will do
their best to honor all requests"). Pure: it reads the entries and answers a plan; the moderators
review it (and move players by hand) before the enrolment. docs/mafia1923-site.md, "Forming the
families", pins each step with its test (tests/online/site/test_mafia1923_site.py).

1. A whole family whose members number 8 or 10 stays as it is, under its own name.
2. Everyone else is packed into new families: the sizes are chosen so that as many players as
   possible get a place (8a + 10b as large as possible, and then as many families of 10 as
   possible), the groups first (largest first, each into the family with the most room left, so
   a group is kept together whenever it fits anywhere), an incomplete "whole family" counting as a
   group, then the individuals in the order they signed up.
3. What could not be met is answered: an incomplete family, a group that had to be split, and the
   last individuals for whom no place was left (the number of players is not 8a + 10b).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SIZES = (10, 8)


@dataclass
class Plan:
    families: dict[str, list[int]] = field(default_factory=dict)  # name → entry ids
    family_of: dict[int, str] = field(default_factory=dict)
    unmet: list[dict] = field(default_factory=list)


def best_sizes(count: int) -> list[int]:
    """The family sizes for `count` players: the most players placed, then the most 10s."""
    for total in range(count, -1, -1):
        for tens in range(total // 10, -1, -1):
            rest = total - 10 * tens
            if rest % 8 == 0:
                return [10] * tens + [8] * (rest // 8)
    return []


def form_families(entries) -> Plan:
    """`entries`: objects with pk, name, request ("family", "group", "individual"), together."""
    plan = Plan()
    units: dict[tuple[str, str], list] = {}
    individuals = []
    for entry in entries:
        if entry.request == "individual" or not entry.together:
            individuals.append(entry)
        else:
            units.setdefault((entry.request, entry.together.casefold()), []).append(entry)
    groups = []
    for (request, _key), members in units.items():
        name = members[0].together
        if request == "family" and len(members) in SIZES:
            _place(plan, name, members)
            continue
        if request == "family":
            plan.unmet.append({"kind": "family", "name": name, "size": len(members), "reason": "size"})
        groups.append((name, request, members))
    count = len(individuals) + sum(len(members) for _n, _r, members in groups)
    bins = [{"size": size, "members": [], "name": ""} for size in best_sizes(count)]
    for name, request, members in sorted(groups, key=lambda g: -len(g[2])):
        room = max(bins, key=lambda b: b["size"] - len(b["members"]), default=None)
        if room is not None and room["size"] - len(room["members"]) >= len(members):
            room["members"].extend(members)
            if request == "family" and not room["name"]:
                room["name"] = name
            continue
        placed = _spread(bins, members)
        reason = "split" if placed == len(members) else "no-place"
        plan.unmet.append({"kind": request, "name": name, "size": len(members), "reason": reason})
        individuals_left = members[placed:]
        for entry in individuals_left:
            plan.unmet.append({"kind": "individual", "name": entry.name, "reason": "no-place"})
    for entry in individuals:
        if _spread(bins, [entry]) == 0:
            plan.unmet.append({"kind": "individual", "name": entry.name, "reason": "no-place"})
    number = 0
    for box in bins:
        name = box["name"]
        while not name or name in plan.families:
            number += 1
            name = f"Family {number}"
        _place(plan, name, box["members"])
    return plan


def _spread(bins: list[dict], members: list) -> int:
    """Members one by one into the families with room: answers how many found a place."""
    placed = 0
    for entry in members:
        room = next((b for b in bins if len(b["members"]) < b["size"]), None)
        if room is None:
            break
        room["members"].append(entry)
        placed += 1
    return placed


def _place(plan: Plan, name: str, members: list) -> None:
    plan.families[name] = [entry.pk for entry in members]
    for entry in members:
        plan.family_of[entry.pk] = name
