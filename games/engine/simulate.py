"""Random complete Pro Mafia games: for property tests, benchmarks and the demo site.

A small simulator that follows the table procedure closely enough that the engine accepts
(almost) every game it writes: nominations, votes with splits, revotes and raises, night
shots with misses and self-shots, checks, wills of every kind, fouls, disqualifications,
and now and then a DD or a surrender. Deterministic for a given seed.
"""

from __future__ import annotations

import random

from vocabulary import BLACK, CIVILIAN, DON, MAFIA, PRO_MAFIA, PROTOCOL_FORMAT, SHERIFF, TEAMS

LAST_WILL_LIMIT = {10: 3, 9: 3, 8: 3, 7: 3, 6: 2, 5: 2, 4: 1, 3: 1}


def random_game(seed: int, city_skill: float = 0.0, fouls_per_phase: int = 0, will_skill: float = 0.0) -> dict:
    """`city_skill`: how often a red voter picks a black candidate when there is one (longer,
    more realistic games); `fouls_per_phase`: extra ordinary fouls written each phase;
    `will_skill`: how often the first red out names two or three real blacks in their First Color
    Will (the "guessed 2 / 3 blacks" of the records). With `will_skill` 0 a seed gives the same
    game as before it existed."""
    rng = random.Random(seed)
    seats = list(range(1, 11))
    blacks = rng.sample(seats, 3)
    don = blacks[0]
    sheriff = rng.choice([seat for seat in seats if seat not in blacks])
    roles = {}
    for seat in seats:
        roles[seat] = CIVILIAN
    for seat in blacks:
        roles[seat] = MAFIA
    roles[don] = DON
    roles[sheriff] = SHERIFF
    events: list[dict] = []
    alive = set(seats)
    state = {"first_out": None, "over": False}
    fouls = dict.fromkeys(seats, 0)

    def black_count() -> int:
        return sum(1 for seat in alive if seat in blacks)

    def check_end() -> None:
        b = black_count()
        if b == 0 or 2 * b >= len(alive):
            state["over"] = True

    def will(seat: int, how: str) -> None:
        if how == "disqualified":
            return
        first = state["first_out"] is None
        if first:
            state["first_out"] = seat
        if state["over"]:  # nothing but assessments after the end
            return
        roll = rng.random()
        others = sorted(alive)
        if not others:
            return
        if roll < 0.25:
            events.append({"type": "will", "seat": seat, "kind": "none"})
        elif roll < 0.4:
            events.append(
                {
                    "type": "will",
                    "seat": seat,
                    "kind": "pass_the_helm",
                    "recipient": rng.choice(others),
                }
            )
        elif will_skill and seat not in blacks and rng.random() < will_skill:
            # A red who reads the table: two or three real blacks named (as black), and a red
            # beside them when a First Color Will names three and only two are black.
            limit = 3 if first else LAST_WILL_LIMIT.get(len(alive), 0)
            alive_blacks = [s for s in others if s in blacks]
            named = rng.sample(alive_blacks, min(len(alive_blacks), limit, rng.choice((2, 3, 3))))
            if first:
                named += rng.sample([s for s in others if s not in blacks], 3 - len(named))
                declarations = {str(s): BLACK for s in sorted(named)}
                events.append({"type": "will", "seat": seat, "kind": "first_color", "declarations": declarations})
            else:
                events.append({"type": "will", "seat": seat, "kind": "ordered", "targets": named})
        elif first:
            named = rng.sample(others, min(len(others), rng.randint(0, 3)))
            declarations = {str(s): rng.choice(TEAMS) for s in named}
            events.append(
                {"type": "will", "seat": seat, "kind": "first_color", "declarations": declarations}
            )
        else:
            limit = LAST_WILL_LIMIT.get(len(alive), 0)
            targets = rng.sample(others, min(len(others), rng.randint(0, limit)))
            events.append({"type": "will", "seat": seat, "kind": "ordered", "targets": targets})

    def leave(seats_out: list[int], how: str) -> None:
        for seat in seats_out:
            alive.discard(seat)
        check_end()
        for seat in seats_out:
            will(seat, how)

    def ballots(candidates: list[int]) -> dict[str, int]:
        votes = {}
        black_candidates = [seat for seat in candidates if seat in blacks]
        for voter in sorted(alive):
            if rng.random() < 0.9:
                if black_candidates and voter not in blacks and rng.random() < city_skill:
                    votes[str(voter)] = rng.choice(black_candidates)
                else:
                    votes[str(voter)] = rng.choice(candidates)
        return votes

    def count(candidates: list[int], votes: dict[str, int]) -> list[int]:
        if len(candidates) == 1:
            return candidates
        tally = dict.fromkeys(candidates, 0)
        for voter in alive:
            tally[votes.get(str(voter), candidates[-1])] += 1
        top = max(tally.values())
        return [seat for seat in candidates if tally[seat] == top]

    def discipline(phase: dict) -> None:
        for _ in range(fouls_per_phase):
            seat = rng.choice(sorted(alive))
            if fouls[seat] < 3:
                events.append({"type": "foul", **phase, "seat": seat, "kind": "ordinary"})
                fouls[seat] += 1
        roll = rng.random()
        if roll < 0.1:
            seat = rng.choice(sorted(alive))
            events.append({"type": "foul", **phase, "seat": seat, "kind": "ordinary"})
            fouls[seat] += 1
            if fouls[seat] == 4:
                leave([seat], "disqualified")
        elif roll < 0.115:
            seat = rng.choice(sorted(alive))
            events.append({"type": "disqualify", **phase, "seat": seat, "reason": "insulted a player"})
            leave([seat], "disqualified")
        elif roll < 0.12:
            events.append({"type": "dd", **phase, "seat": rng.choice(seats), "reason": "leaked a role to the table"})
            state["over"] = True
        elif roll < 0.125:
            events.append({"type": "surrender", **phase})
            state["over"] = True

    day = 1
    while not state["over"] and day < 12:
        phase = {"day": day}
        discipline(phase)
        if state["over"]:
            break
        listed: list[int] = []
        for _ in range(rng.randint(0 if city_skill == 0 else 1, 3)):
            by, target = rng.choice(sorted(alive)), rng.choice(sorted(alive))
            if city_skill and rng.random() < city_skill / 2:
                target = rng.choice([seat for seat in sorted(alive) if seat in blacks] or [target])
            if target not in listed:
                listed.append(target)
                events.append({"type": "nominate", **phase, "by": by, "target": target})
        candidates = listed
        round_number = 1
        while candidates and not state["over"]:
            votes = {} if len(candidates) == 1 else ballots(candidates)
            events.append(
                {
                    "type": "vote",
                    **phase,
                    "round": round_number,
                    "candidates": candidates,
                    "votes": votes,
                }
            )
            leaders = count(candidates, votes)
            if len(leaders) == 1:
                leave(leaders, "vote")
                break
            if round_number > 1 and len(leaders) == len(candidates):
                hands = [seat for seat in sorted(alive) if rng.random() < 0.5]
                events.append({"type": "raise", **phase, "candidates": candidates, "hands": hands})
                if 2 * len(hands) > len(alive):
                    leave(list(candidates), "raise")
                break
            candidates = leaders
            round_number += 1
        if state["over"]:
            break
        phase = {"night": day}
        discipline(phase)
        if state["over"]:
            break
        living_blacks = [seat for seat in blacks if seat in alive]
        if rng.random() < 0.8:
            target = rng.choice(sorted(alive))
            if target in blacks and rng.random() < 0.7:
                target = rng.choice(sorted(alive - set(blacks)))
            shots = {str(seat): target for seat in living_blacks}
            events.append({"type": "shot", **phase, "shots": shots})
            leave([target], "shot")
            killed = target
        else:
            shots = {str(seat): rng.choice(sorted(alive)) for seat in living_blacks}
            if len(set(shots.values())) == 1 and len(living_blacks) > 1:
                shots[str(living_blacks[0])] = None
            event = {"type": "shot", **phase, "shots": shots}
            if len(living_blacks) > 1 or shots[str(living_blacks[0])] is None:
                event["responsible"] = rng.sample(living_blacks, rng.randint(0, len(living_blacks)))
                killed = None
                events.append(event)
            else:
                events.append(event)
                killed = shots[str(living_blacks[0])]
                leave([killed], "shot")
        if state["over"]:
            if killed == sheriff and day == 1 and rng.random() < 0.5:
                events.append({"type": "sheriff_kill_responsible", "seat": rng.choice(blacks)})
            break
        if don in alive:
            target = rng.choice(sorted(alive - {don}))
            events.append({"type": "don_check", **phase, "target": target})
        if sheriff in alive:
            target = rng.choice(sorted(alive - {sheriff}))
            events.append({"type": "sheriff_check", **phase, "target": target})
        if killed == sheriff and day == 1 and rng.random() < 0.5:
            events.append({"type": "sheriff_kill_responsible", "seat": rng.choice(blacks)})
        day += 1

    return {
        "format": PROTOCOL_FORMAT,
        "ruleset": PRO_MAFIA,
        "seats": [
            {"seat": seat, "player": f"Player {seat}", "role": roles[seat]} for seat in seats
        ],
        "events": events,
    }
