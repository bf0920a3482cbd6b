"""Seat numbers: an equitable edge colouring of the players × games bipartite graph.

Every game (a table in a round) is a vertex with ten edges, one per player at it; every player is
a vertex with one edge per game they play. A seat number is a colour: a table needs ten different
colours on its edges, and a player wants each colour as rarely as possible. König's theorem says a
bipartite graph whose degrees are at most ten can be edge-coloured with ten colours, so a player
who plays at most ten games never repeats a seat number. A player with more games is split into
chunks of ten games (the last chunk shorter), each its own vertex: a full chunk uses every seat
once, so every seat number is used ⌊g/10⌋ or ⌈g/10⌉ times — the best possible.

The colouring is the classic one edge at a time: for the edge (game, player) pick a colour α free
at the player and β free at the game; if α is taken at the game, swap α and β along the
alternating path that starts at the game (it cannot end at the player, the graph being
bipartite), which frees α at the game.
"""

from __future__ import annotations

import random

from .model import SEATS_PER_TABLE


def assign_seat_numbers(
    tables_by_round: list[list[list[int]]], players: int, rng: random.Random
) -> list[list[list[int]]]:
    """Order each table's players into seats 1..10.

    ``tables_by_round[r][t]`` lists the (0-based) players of table ``t`` in round ``r`` in any
    order; the result has the same players in seat order. Deterministic for a given ``rng``.
    """
    seats = SEATS_PER_TABLE
    games: list[tuple[int, int]] = []
    for r, rnd in enumerate(tables_by_round):
        for t in range(len(rnd)):
            games.append((r, t))
    game_count = len(games)

    # One vertex per chunk of ten games of a player, numbered after the game vertices.
    played = [0] * players
    edges: list[tuple[int, int, int]] = []  # (game vertex, chunk vertex, player)
    chunk_vertex: dict[tuple[int, int], int] = {}
    for g, (r, t) in enumerate(games):
        for p in tables_by_round[r][t]:
            key = (p, played[p] // seats)
            played[p] += 1
            if key not in chunk_vertex:
                chunk_vertex[key] = game_count + len(chunk_vertex)
            edges.append((g, chunk_vertex[key], p))
    vertex_count = game_count + len(chunk_vertex)
    # at[v][c] = the vertex joined to v by the edge of colour c, or -1.
    at = [[-1] * seats for _ in range(vertex_count)]
    colours = list(range(seats))
    rng.shuffle(colours)
    rng.shuffle(edges)

    for g, v, _p in edges:
        at_g = at[g]
        at_v = at[v]
        alpha = next(c for c in colours if at_v[c] < 0)
        if at_g[alpha] >= 0:
            beta = next(c for c in colours if at_g[c] < 0)
            _swap_alternating_path(at, g, alpha, beta)
        at_g[alpha] = v
        at_v[alpha] = g

    result: list[list[list[int]]] = [[[] for _ in rnd] for rnd in tables_by_round]
    vertex_player = {vertex: p for (p, _chunk), vertex in chunk_vertex.items()}
    for g, (r, t) in enumerate(games):
        result[r][t] = [vertex_player[at[g][c]] for c in range(seats)]
    return result


def _swap_alternating_path(at: list[list[int]], start: int, alpha: int, beta: int) -> None:
    """Exchange colours α and β on the α/β path leaving ``start`` by its α edge."""
    path: list[tuple[int, int, int]] = []
    x, colour = start, alpha
    while at[x][colour] >= 0:
        y = at[x][colour]
        path.append((x, y, colour))
        x = y
        colour = beta if colour == alpha else alpha
    for x, y, colour in path:
        at[x][colour] = -1
        at[y][colour] = -1
    for x, y, colour in path:
        other = beta if colour == alpha else alpha
        at[x][other] = y
        at[y][other] = x
