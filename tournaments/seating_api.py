"""The door to the pure seating generator (``tournaments/seating/``): its public API, as its
``__init__`` exports it."""

from __future__ import annotations

from .seating import SEATS_PER_TABLE, Seating, SeatingError, generate_seating, seating_quality

__all__ = ["SEATS_PER_TABLE", "Seating", "SeatingError", "generate_seating", "seating_quality"]
