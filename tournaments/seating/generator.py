"""Who sits out, who sits at which table, and the search that balances the meetings."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from itertools import permutations
from operator import add, sub

from .model import SEATS_PER_TABLE, Seating, SeatingError, check_dimensions
from .seats import assign_seat_numbers

# The search makes this many steps per player-round …
STEPS_PER_SLOT = 60
# … within this much work (a step scans the other tables of its round: cost ∝ tables + 2), so
# that an organiser never waits much more than 5 s of one core (more: ``iterations``).
WORK_LIMIT = 900_000
MIN_STEPS = 2_000
# Temperatures of the annealing, in repeat meetings (Σ C(m, 2)), geometric from start to end.
# The affine start (see _affine_start) melts into a random-like state above about 1.5.
START_TEMPERATURE = 1.1
END_TEMPERATURE = 0.1


def default_iterations(players: int, tables: int, rounds: int) -> int:
    """The number of search steps :func:`generate_seating` takes when not told otherwise.

    About 2 s of one core for 100 players at 10 tables over 10 rounds (60,000 steps), 0.2 s
    for 30 at 3, about 5 s for 200 at 20 over 12 rounds (40,900 steps, capped by WORK_LIMIT).
    """
    slots = rounds * tables * SEATS_PER_TABLE
    return max(MIN_STEPS, min(STEPS_PER_SLOT * slots, WORK_LIMIT // (tables + 2)))


def default_club_rounds(rounds: int) -> int:
    """Clubmates are kept apart in the first half of the tournament (rounded up) by default."""
    return (rounds + 1) // 2


def generate_seating(
    players: int,
    tables: int,
    rounds: int,
    seed: int,
    clubs: Sequence[str | None] | None = None,
    time_budget: float | None = None,
    *,
    iterations: int | None = None,
    club_rounds: int | None = None,
) -> Seating:
    """Seat ``players`` (numbered 1..players) at ``tables`` tables of ten for ``rounds`` rounds.

    ``clubs[p - 1]`` is player p's club (None for none); clubmates are kept apart in the first
    ``club_rounds`` rounds wherever the numbers allow. ``iterations`` sets the effort of the
    search (default :func:`default_iterations`); ``time_budget`` (seconds) stops it early — the
    result is then no longer a function of the seed alone. Same arguments, same seating.
    """
    check_dimensions(players, tables, rounds)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeatingError(f"The seed must be a whole number, not {seed!r}.")
    club_ids = _club_ids(clubs, players)
    if club_rounds is None:
        club_rounds = default_club_rounds(rounds)
    if iterations is None:
        iterations = default_iterations(players, tables, rounds)
    if iterations < 0:
        raise SeatingError(f"The number of iterations cannot be negative (got {iterations}).")
    if time_budget is not None and time_budget <= 0:
        raise SeatingError(f"The time budget must be positive (got {time_budget}).")
    deadline = None if time_budget is None else time.monotonic() + time_budget

    rng = random.Random(seed)
    sit_outs = plan_sit_outs(players, tables, rounds, rng)
    tabs = _initial_tables(players, tables, sit_outs, rng)
    anneal_tables(
        tabs,
        players,
        rng,
        iterations,
        club_ids=club_ids,
        club_rounds=club_rounds,
        deadline=deadline,
    )
    seated = assign_seat_numbers(tabs, players, rng)
    return Seating(
        players=players,
        tables=tables,
        rounds=tuple(tuple(tuple(p + 1 for p in table) for table in rnd) for rnd in seated),
    )


def plan_sit_outs(players: int, tables: int, rounds: int, rng: random.Random) -> list[list[int]]:
    """The (0-based) players sitting out each round.

    Players are shuffled once and then sit out in that order, wrapping round: nobody sits out a
    second time before everybody has sat out once, so games per player differ by at most one.
    """
    per_round = players - tables * SEATS_PER_TABLE
    order = list(range(players))
    rng.shuffle(order)
    return [
        sorted(order[(r * per_round + i) % players] for i in range(per_round))
        for r in range(rounds)
    ]


def _initial_tables(
    players: int, tables: int, sit_outs: list[list[int]], rng: random.Random
) -> list[list[list[int]]]:
    """The starting tables when everybody plays every round: the affine construction with at
    least ten tables, the orthogonal array of :func:`_three_table_start` with three; random
    tables otherwise."""
    everybody_plays = all(not out for out in sit_outs)
    if tables >= SEATS_PER_TABLE and everybody_plays:
        return _affine_start(tables, len(sit_outs), rng)
    if tables == 3 and everybody_plays:
        return _three_table_start(len(sit_outs), rng)
    result = []
    for out in sit_outs:
        absent = set(out)
        playing = [p for p in range(players) if p not in absent]
        rng.shuffle(playing)
        result.append(
            [playing[t * SEATS_PER_TABLE : (t + 1) * SEATS_PER_TABLE] for t in range(tables)]
        )
    return result


def _next_prime(n: int) -> int:
    while any(n % d == 0 for d in range(2, math.isqrt(n) + 1)):
        n += 1
    return n


# The 21 points of the affine plane over Z_11 that 100 players at ten tables leave empty (x, y).
# Cutting the 10 × 10 grid (the row x = 10 and the column y = 10) leaves two perfect parallel
# classes and ten that need 9 points moved each: 72 moves for ten rounds. These holes, found by
# simulated annealing over 21-point sets on those moves, need 5–7 moves in each of the ten
# cheapest classes, 57 in all (docs/seating.md).
TEN_TABLE_HOLES = (
    (0, 2), (0, 3), (1, 0), (1, 1), (1, 3), (1, 6), (1, 9), (1, 10), (2, 4), (3, 2), (3, 5),
    (3, 10), (4, 9), (5, 0), (5, 10), (6, 7), (7, 8), (8, 1), (8, 10), (9, 0), (10, 10),
)


def _affine_holes(tables: int, q: int) -> set[tuple[int, int]]:
    """The points of the affine plane over Z_q left empty: :data:`TEN_TABLE_HOLES` for ten
    tables, otherwise everything outside the 10 × ``tables`` grid."""
    if tables == SEATS_PER_TABLE and q == 11:
        return set(TEN_TABLE_HOLES)
    return {(x, y) for x in range(q) for y in range(q) if x >= SEATS_PER_TABLE or y >= tables}


def _moves_to_fit(lines: list[list[int]], tables: int) -> int:
    """How many points must change table to make ``tables`` tables of ten from a parallel class:
    the points of the lines beyond the ``tables`` largest, and the points beyond ten of those."""
    sizes = sorted((len(line) for line in lines), reverse=True)
    return sum(sizes[tables:]) + sum(max(0, n - SEATS_PER_TABLE) for n in sizes[:tables])


def _affine_start(tables: int, rounds: int, rng: random.Random) -> list[list[list[int]]]:
    """Rounds cut from the lines of the affine plane over Z_q, q the least prime ≥ ``tables``,
    for 10·``tables`` players (everybody plays); 0-based players, random labels from ``rng``.

    The players are the points (x, y) of Z_q² but the holes (:func:`_affine_holes`). Each of the
    q + 1 parallel classes (the lines y ≡ k·x + c for a slope k, and the lines x = c) is a round
    whose tables are its lines; two points lie on at most one line, so these rounds never put a
    pair together twice. When the lines do not hold ten players each, the ``tables`` largest are
    kept, the points of the others and those beyond ten fill the holes, each point where it
    meets the fewest players it already meets in the kept lines of all chosen rounds (or in
    earlier fills); each moved point costs about seven repeat meetings. The classes needing the
    fewest moves are used first (a random order among equals); more rounds than classes are
    random.
    """
    size = SEATS_PER_TABLE
    players = size * tables
    q = _next_prime(tables)
    holes = _affine_holes(tables, q)
    points = [(x, y) for x in range(q) for y in range(q) if (x, y) not in holes]
    classes: list[list[list[int]]] = []
    for k in range(q + 1):
        lines: list[list[int]] = [[] for _ in range(q)]
        for p, (x, y) in enumerate(points):
            lines[(y - k * x) % q if k < q else x].append(p)
        classes.append([line for line in lines if line])
    rng.shuffle(classes)
    classes.sort(key=lambda lines: _moves_to_fit(lines, tables))
    chosen = classes[:rounds]

    # Meetings of the lines kept in all chosen rounds, then of the points moved so far.
    m = [[0] * players for _ in range(players)]
    kept_by_round = []
    for lines in chosen:
        order = sorted(range(len(lines)), key=lambda i: -len(lines[i]))
        kept = [list(lines[i]) for i in order[:tables]]
        kept += [[] for _ in range(tables - len(kept))]  # a class of fewer lines than tables
        spare = [p for i in order[tables:] for p in lines[i]]
        for line in kept:
            while len(line) > size:
                spare.append(line.pop(int(rng.random() * len(line))))
            for a in line:
                row = m[a]
                for b in line:
                    row[b] += 1
        kept_by_round.append((kept, spare))
    result = []
    for kept, spare in kept_by_round:
        for p in spare:
            row = m[p]
            group = min(
                (g for g in kept if len(g) < size), key=lambda g: sum(map(row.__getitem__, g))
            )
            for c in group:
                row[c] += 1
                m[c][p] += 1
            group.append(p)
        result.append(kept)
    for _ in range(rounds - len(chosen)):
        order = list(range(players))
        rng.shuffle(order)
        result.append([order[t * size : (t + 1) * size] for t in range(tables)])
    label = list(range(players))
    rng.shuffle(label)
    rng.shuffle(result)
    return [[[label[p] for p in group] for group in rnd] for rnd in result]


def _three_table_start(rounds: int, rng: random.Random) -> list[list[list[int]]]:
    """Rounds for 30 players at three tables that reach the lower bound: every two of the
    first 13 rounds share players in the pattern 4 3 3 / 3 4 3 / 3 3 4 (docs/seating.md).

    Players 0..26 are the vectors v of GF(3)³, players 27..29 the extras 0, 1, 2. A round is a
    point u of the projective plane PG(2, 3) (a non-zero vector up to its sign; 13 of them):
    v sits at table v·u mod 3, the three extras at the three tables. For two points u ≠ u′ the
    pair (v·u, v·u′) takes each of the nine values for three vectors, and the extras add one to
    three cells of different rows and columns. Which extra sits where does not change the
    deviation; it is chosen round by round so that no extra meets one vector nearly every round
    (the zero vector is always at table 0). Rounds beyond 13 are random.
    """
    vectors = [(a, b, c) for a in range(3) for b in range(3) for c in range(3)]
    points = [u for u in vectors if u != (0, 0, 0) and u[next(i for i in range(3) if u[i])] == 1]
    rng.shuffle(points)
    result = []
    # met[i][p] = how often extra i has met vector p so far.
    met = [[0] * len(vectors) for _ in range(3)]
    for u in points[:rounds]:
        rnd: list[list[int]] = [[] for _ in range(3)]
        for p, v in enumerate(vectors):
            rnd[(v[0] * u[0] + v[1] * u[1] + v[2] * u[2]) % 3].append(p)
        # Any order of the extras reaches the bound; take the one whose meetings with the
        # vectors grow least in Σ m³, so that no pair meets nearly every round.
        orders = list(permutations(range(3)))
        rng.shuffle(orders)
        order = min(
            orders,
            key=lambda seats: sum((met[i][p] + 1) ** 3 for i in range(3) for p in rnd[seats[i]]),
        )
        for i in range(3):
            for p in rnd[order[i]]:
                met[i][p] += 1
            rnd[order[i]].append(len(vectors) + i)
        result.append(rnd)
    players = len(vectors) + 3
    for _ in range(rounds - len(result)):
        order = list(range(players))
        rng.shuffle(order)
        result.append([order[t * SEATS_PER_TABLE : (t + 1) * SEATS_PER_TABLE] for t in range(3)])
    label = list(range(players))
    rng.shuffle(label)
    return [[[label[p] for p in group] for group in rnd] for rnd in result]


def _club_ids(clubs: Sequence[str | None] | None, players: int) -> list[int] | None:
    """Clubs as small integers (first appearance first); clubless players get an id of their own."""
    if clubs is None:
        return None
    if isinstance(clubs, str) or len(clubs) != players:
        raise SeatingError(f"Give one club (or None) for each of the {players} players.")
    ids: dict[str, int] = {}
    result = []
    for p, club in enumerate(clubs):
        if club is None or club == "":
            result.append(-1 - p)
        else:
            result.append(ids.setdefault(str(club), len(ids)))
    if not ids:
        return None
    return [c if c >= 0 else len(ids) - 1 - c for c in result]


def meeting_matrix(tabs: list[list[list[int]]], players: int) -> list[list[int]]:
    """``m[a][b]`` = how many times 0-based players a and b sat at one table."""
    m = [[0] * players for _ in range(players)]
    for rnd in tabs:
        for table in rnd:
            for a in table:
                row = m[a]
                for b in table:
                    row[b] += 1
    for a in range(players):
        m[a][a] = 0
    return m


def anneal_tables(
    tabs: list[list[list[int]]],
    players: int,
    rng: random.Random,
    steps: int,
    *,
    club_ids: list[int] | None = None,
    club_rounds: int = 0,
    deadline: float | None = None,
) -> None:
    """Improve ``tabs`` in place by simulated annealing over swaps of two players between two
    tables of one round.

    The energy is Σ C(m, 2) over pairs — the squared meeting deviation is 2·Σ C(m, 2) plus a
    constant, the number of meetings being fixed — plus a heavy penalty per pair of clubmates at
    one table in the first ``club_rounds`` rounds.

    ``W[r][t][p]`` = Σ over the players c at table t of round r of m[p][c] (m = the meeting
    matrix) makes the cost of swapping a (table A) with b (table B) in round r O(1):
    h = W[A][b] + W[B][a] − 2·m[a][b] − W[A][a] − W[B][b] + 2·(10 − 1) (the repeat meetings gained
    minus those lost). Each step picks a random player of a random round, scores the swaps with
    all players at the other tables of that round, takes the cheapest (ties to the first seen,
    from a random table on) and accepts it by the Metropolis rule. Accepting costs O(players +
    rounds·table size) to keep m and W up to date; near good states only a few per cent of the
    steps move, so the time goes into the (list-comprehension) scoring. A plain annealer with one
    random swap per step (four sums of ten m entries, about 4 µs) was tried: at equal CPU it is
    worse from the affine start (≈ 1,300 against ≈ 1,240 for 100/10/10) and much worse from random
    tables. The best state seen at a block boundary, the start included, is returned, so a start
    that the search melts is never made worse.
    """
    rounds = len(tabs)
    tables = len(tabs[0]) if rounds else 0
    if tables < 2 or steps <= 0:
        return
    size = SEATS_PER_TABLE
    n = players
    m = meeting_matrix(tabs, n)
    where = [[-1] * n for _ in range(rounds)]
    for r, rnd in enumerate(tabs):
        for t, table in enumerate(rnd):
            for p in table:
                where[r][p] = t
    weights = [
        [list(map(sum, zip(*[m[c] for c in table], strict=True))) for table in rnd] for rnd in tabs
    ]
    others = [[u for u in range(tables) if u != t] for t in range(tables)]
    base_gain = 2 * (size - 1)

    use_clubs = club_ids is not None and club_rounds > 0
    club_rounds = min(club_rounds, rounds) if use_clubs else 0
    # A pair of clubmates costs more than any number of repeat meetings one swap can save.
    club_weight = 2 * size * (rounds + 1)
    counts: list[list[list[int]]] = []
    if use_clubs:
        assert club_ids is not None
        kinds = max(club_ids) + 1
        for rnd in tabs[:club_rounds]:
            per_table = []
            for table in rnd:
                tally = [0] * kinds
                for p in table:
                    tally[club_ids[p]] += 1
                per_table.append(tally)
            counts.append(per_table)

    rand = rng.random
    big = 1 << 60
    temperature = START_TEMPERATURE
    block = 256
    cooling = (END_TEMPERATURE / START_TEMPERATURE) ** (block / steps)
    energy = 0
    # The best state seen at a block boundary (the start included): a search that melts a good
    # start never returns anything worse than it.
    best_energy = 0
    best = [[table[:] for table in rnd2] for rnd2 in tabs]
    done = 0
    while done < steps:
        if deadline is not None and time.monotonic() > deadline:
            break
        chunk = min(block, steps - done)
        if energy < best_energy:
            best = [[table[:] for table in rnd2] for rnd2 in tabs]
            best_energy = energy
        # accept[h] = probability of accepting a move that costs h repeat meetings.
        accept = [math.exp(-h / temperature) for h in range(32)]
        limit = len(accept)
        for _ in range(chunk):
            r = int(rand() * rounds)
            big_a = int(rand() * tables)
            i = int(rand() * size)
            rnd = tabs[r]
            wr = weights[r]
            table_a = rnd[big_a]
            a = table_a[i]
            wa = wr[big_a]
            ma = m[a]
            base = base_gain - wa[a]
            clubs_now = r < club_rounds
            best_h = big
            best_t = -1
            best_vals: list[int] = []
            best_c0 = 0
            ca = club_ids[a] if clubs_now else 0
            for t in others[big_a]:
                wt = wr[t]
                c0 = wt[a] + base
                vals = [wa[b] - wt[b] - ma[b] - ma[b] for b in rnd[t]]
                if clubs_now:
                    ta = counts[r][big_a]
                    tt = counts[r][t]
                    pen = club_weight * (tt[ca] - ta[ca] + 2)
                    vals = [
                        v + pen + club_weight * (ta[cb] - tt[cb]) if cb != ca else v
                        for v, cb in zip(vals, [club_ids[b] for b in rnd[t]], strict=True)
                    ]
                low = min(vals) + c0
                if low < best_h or (low == best_h and rand() < 0.5):
                    best_h, best_t, best_vals, best_c0 = low, t, vals, c0
            best_j = best_vals.index(best_h - best_c0)
            if best_h > 0 and (best_h >= limit or rand() >= accept[best_h]):
                continue
            # Swap a (table A, seat i) with b (table B, seat j) in round r.
            big_b = best_t
            table_b = rnd[big_b]
            b = table_b[best_j]
            mb = m[b]
            diff = list(map(sub, mb, ma))
            wr[big_a] = list(map(add, wa, diff))
            wr[big_b] = list(map(sub, wr[big_b], diff))
            if clubs_now:
                ca = club_ids[a]
                cb = club_ids[b]
                ta = counts[r][big_a]
                tb = counts[r][big_b]
                ta[ca] -= 1
                ta[cb] += 1
                tb[cb] -= 1
                tb[ca] += 1
            left_a = [c for c in table_a if c != a]
            left_b = [c for c in table_b if c != b]
            table_a[i] = b
            table_b[best_j] = a
            where[r][a] = big_b
            where[r][b] = big_a
            # a stops meeting A's players and starts meeting B's; b the other way round.
            for c in left_a:
                mc = m[c]
                ma[c] -= 1
                mc[a] -= 1
                mb[c] += 1
                mc[b] += 1
            for c in left_b:
                mc = m[c]
                mb[c] -= 1
                mc[b] -= 1
                ma[c] += 1
                mc[a] += 1
            for r2 in range(rounds):
                w2 = where[r2]
                wr2 = weights[r2]
                ta2 = w2[a]
                tb2 = w2[b]
                wta = wr2[ta2] if ta2 >= 0 else None
                wtb = wr2[tb2] if tb2 >= 0 else None
                for c in left_a:
                    tc = w2[c]
                    if tc < 0:
                        continue
                    wc = wr2[tc]
                    if wta is not None:
                        wc[a] -= 1
                        wta[c] -= 1
                    if wtb is not None:
                        wc[b] += 1
                        wtb[c] += 1
                for c in left_b:
                    tc = w2[c]
                    if tc < 0:
                        continue
                    wc = wr2[tc]
                    if wtb is not None:
                        wc[b] -= 1
                        wtb[c] -= 1
                    if wta is not None:
                        wc[a] += 1
                        wta[c] += 1
            energy += best_h
        done += chunk
        temperature *= cooling
    if best_energy < energy:
        for r, rnd in enumerate(best):
            tabs[r][:] = rnd
