"""Tournament standings as a function of plain rows: no database, no Django models.

One :class:`ScoreRow` per confirmed game seat (the selector ``selectors.standings_rows`` reads
them from ``SeatScore`` of games whose status is ``confirmed``). For each row:

    game points = (seat total + win points if the seat won and the organizer set them) × coefficient

where the coefficient is the round's (1 for qualifying rounds, the final's coefficient for the
final round). A player's **total** is the sum of their game points; **wins** and **games**
count rows; **points by role** sums game points per role; **extra** is the sum of the positive
items of the seats' scores and **penalty** the sum of the negative items (a number ≤ 0), both
× coefficient. Organizer's win points count in the total, not in extra.

The order is by the tie-break keys in turn (``total`` is always first), each "more is better"
(``penalty`` being ≤ 0, fewer penalty points rank higher; ``average`` is total ÷ games). Players
level on every key share a place and are listed by nickname. Sums are rounded to thousandths
(half up) before they are compared, so what the table shows is what decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

ZERO = Decimal("0")
THOUSANDTH = Decimal("0.001")
TIE_BREAK_KEYS = ("total", "wins", "extra", "penalty", "average")
DEFAULT_ORDER = ("total", "wins", "extra")


@dataclass(frozen=True, slots=True)
class ScoreRow:
    player_id: int
    nickname: str
    game_id: int
    round_number: int
    role: str
    won: bool
    total: Decimal
    items: Sequence[dict] = ()
    coefficient: Decimal = Decimal("1")
    is_final: bool = False


@dataclass(slots=True)
class Standing:
    player_id: int
    nickname: str
    place: int = 0
    total: Decimal = ZERO
    wins: int = 0
    games: int = 0
    extra: Decimal = ZERO
    penalty: Decimal = ZERO
    win_points: Decimal = ZERO
    by_role: dict[str, Decimal] = field(default_factory=dict)
    final_points: Decimal = ZERO
    role_points: list = field(default_factory=list)  # filled by views in a fixed role order

    @property
    def average(self) -> Decimal:
        return (self.total / self.games).quantize(THOUSANDTH, rounding=ROUND_HALF_UP) if self.games else ZERO

    def key(self, order: Sequence[str]) -> tuple:
        return tuple(getattr(self, k) for k in order)


def _dec(value) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(str(value))


def _q(value: Decimal) -> Decimal:
    """Thousandths, as scores are kept: what is shown is what is compared."""
    return _dec(value).quantize(THOUSANDTH, rounding=ROUND_HALF_UP)


def game_points(row: ScoreRow, win_points: Decimal | None = None) -> Decimal:
    base = _dec(row.total) + (_dec(win_points) if win_points is not None and row.won else ZERO)
    return base * _dec(row.coefficient)


def compute_standings(
    rows: Iterable[ScoreRow],
    *,
    order: Sequence[str] = DEFAULT_ORDER,
    win_points: Decimal | None = None,
    players: Iterable[tuple[int, str]] = (),
) -> list[Standing]:
    """Aggregate ``rows`` per player and rank them by ``order``.

    ``players`` (id, nickname) are listed even without a game (zeros), e.g. every participant.
    """
    order = tuple(order)
    unknown = [k for k in order if k not in TIE_BREAK_KEYS]
    if unknown:
        raise ValueError(f"Unknown tie-break keys: {unknown}")
    if not order or order[0] != "total":
        order = ("total", *(k for k in order if k != "total"))
    table: dict[int, Standing] = {pid: Standing(pid, nick) for pid, nick in players}
    for row in rows:
        standing = table.get(row.player_id)
        if standing is None:
            standing = table[row.player_id] = Standing(row.player_id, row.nickname)
        coefficient = _dec(row.coefficient)
        points = game_points(row, win_points)
        standing.total += points
        standing.games += 1
        if row.won:
            standing.wins += 1
            if win_points is not None:
                standing.win_points += _dec(win_points) * coefficient
        if row.is_final:
            standing.final_points += points
        standing.by_role[row.role] = standing.by_role.get(row.role, ZERO) + points
        for item in row.items or ():
            amount = _dec(item.get("points", 0)) * coefficient
            if amount > 0:
                standing.extra += amount
            elif amount < 0:
                standing.penalty += amount
    for standing in table.values():
        standing.total = _q(standing.total)
        standing.extra = _q(standing.extra)
        standing.penalty = _q(standing.penalty)
        standing.win_points = _q(standing.win_points)
        standing.final_points = _q(standing.final_points)
        standing.by_role = {role: _q(points) for role, points in standing.by_role.items()}
    ranked = sorted(table.values(), key=lambda s: s.nickname.lower())
    ranked.sort(key=lambda s: s.key(order), reverse=True)
    previous = None
    for index, standing in enumerate(ranked, start=1):
        key = standing.key(order)
        standing.place = previous[0] if previous and previous[1] == key else index
        previous = (standing.place, key)
    return ranked


# --- stored form: the pipeline keeps each tournament's standings as JSON -----------------------

_DECIMAL_FIELDS = ("total", "extra", "penalty", "win_points", "final_points")


def standing_to_json(standing: Standing) -> dict:
    data = {
        "player_id": standing.player_id, "nickname": standing.nickname, "place": standing.place,
        "wins": standing.wins, "games": standing.games,
        "by_role": {role: str(points) for role, points in standing.by_role.items()},
    }
    for name in _DECIMAL_FIELDS:
        data[name] = str(getattr(standing, name))
    return data


def standing_from_json(data: dict) -> Standing:
    return Standing(
        player_id=data["player_id"], nickname=data["nickname"], place=data["place"],
        wins=data["wins"], games=data["games"],
        by_role={role: Decimal(points) for role, points in data.get("by_role", {}).items()},
        **{name: Decimal(data.get(name, "0")) for name in _DECIMAL_FIELDS},
    )
