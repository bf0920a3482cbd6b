"""The door to the pure seating generator (``tournaments/seating/``, another engineer's package).

It is imported from the package when its ``__init__`` exports the API, else from its modules,
so this app does not depend on how the package is laid out inside.
"""

from __future__ import annotations

try:  # the package's public API, once its __init__ exports it
    from .seating import Seating, SeatingError, generate_seating, seating_quality  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the package's progress
    from .seating.generator import generate_seating
    from .seating.model import Seating, SeatingError
    from .seating.quality import seating_quality

__all__ = ["Seating", "SeatingError", "generate_seating", "seating_quality"]
