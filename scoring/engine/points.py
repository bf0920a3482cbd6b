"""Exact points: every amount is an integer number of thousandths of a point.

Scoring 1.1 works in tenths (0.2, 0.3 …) and percentages of them (50 % of 0.3 = 0.15,
75 % of 0.3 = 0.225), so thousandths are exact; sums never show float noise.
"""

from __future__ import annotations

Milli = int  # thousandths of a point

ONE = 1000


def milli(points: str | float | int) -> Milli:
    """`milli("0.2") == 200`. Floats are rounded to the nearest thousandth."""
    return round(float(points) * ONE)


def share(value: Milli, percent: int) -> Milli:
    """`percent` % of a black target's value, exact in thousandths."""
    amount, rest = divmod(value * percent, 100)
    if rest:  # never with the seed's values (0.2, 0.3, 0.4) and shares (50, 75, 100)
        raise ValueError(f"{percent}% of {value} thousandths is not a whole thousandth")
    return amount


def as_number(amount: Milli) -> float | int:
    """Thousandths as the JSON number a reader expects: 200 → 0.2, -1000 → -1.0, 0 → 0."""
    if amount == 0:
        return 0
    return amount / ONE
