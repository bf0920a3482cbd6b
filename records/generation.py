"""The store's generation: a token in the cache that changes whenever the store's rows change
(docs/records.md, "Leaderboards", Cost). A leaderboard summed over the whole store costs a scan;
kept in the cache under the generation it was summed at, it is read again until the next change,
and a change makes every kept one unreachable at once (they expire on their own).

A token rather than a counter: a counter lost by the cache (an eviction, a restart) would count
again from 1 and could reach an old table's key; a new random token never does. With the cache
down every read is a miss and the tables are summed per request, as before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from core.cache import current_generation, new_generation

GENERATION_KEY = "records:store-generation"
KEPT_SECONDS = 600  # a table outlives no change; this only bounds what an idle cache holds
Kept = TypeVar("Kept")


def store_changed() -> None:
    """The store's rows changed (called on the commit of every write of the store)."""
    new_generation(GENERATION_KEY)


def store_generation() -> str:
    return current_generation(GENERATION_KEY)


def kept(name: str, arguments: tuple, compute: Callable[[], Kept]) -> Kept:
    """``compute()``, kept in the cache for the store's current generation and these arguments.
    The generation is read before the rows are, so a table is never kept under a generation
    newer than the rows it was summed from."""
    digest = hashlib.sha256(repr(arguments).encode()).hexdigest()[:32]
    key = f"records:{name}:{store_generation()}:{digest}"
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, KEPT_SECONDS)
    return found
