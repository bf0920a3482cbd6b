"""Each player's totals per scope (`records.models.PlayerTotals`; docs/records.md, "Leaderboards",
"The totals"): the sums a leaderboard ranks by, kept so that a page reads one row per player
rather than summing the store's seat rows.

Each sum is defined once, here (``SUMS``: a column of the totals and its value for one seat row),
and written by one set-based statement on both databases: ``INSERT … SELECT`` of the seat rows
grouped by player and scope, adding onto the rows already there (``ON CONFLICT … DO UPDATE``,
PostgreSQL and SQLite alike). A game's rows leaving the store subtract their sums and arriving
add them (``game_totals_changed``, in the writer's transaction); a rebuild sums every row
(``totals_rebuild``: one scan of the rows grouped by player, club and month, and each coarser
scope's totals the sums of those). Adding and subtracting
integers is exact, so the totals kept game by game equal the rebuilt ones.

The scopes: every counting game (``all``), a club's, and a calendar month's (UTC) of all clubs
(``month``) and of a club (``club_month``). A period of days (a season's too) reads the months
wholly inside it from the totals and sums only the seat rows of its two ends (``period_pieces``);
a series' tournaments have no totals: a leaderboard of theirs sums the seat rows of the scope,
which an index finds (docs/records.md, "Leaderboards").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import connection
from django.db.models import (
    BigIntegerField,
    Case,
    Count,
    ExpressionWrapper,
    F,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import ExtractMonth, ExtractYear

from .models import PlayerTotals, SeatRecord, TotalsScope


def _counted(column: str):
    return Sum(Case(When(**{column: True}, then=Value(1)), default=Value(0)))


# a column of PlayerTotals → its sum over a player's seat rows
SUMS = {
    "games": Count("pk"),
    "wins": _counted("won"),
    "decided": Count("won"),  # the games with a winner (won is null without one)
    "points_milli": Sum("points_milli"),
    "guessed_three": _counted("guessed_three"),
    "guessed_two": _counted("guessed_two"),
    "shot_first_night": _counted("shot_first_night"),
    "fouls_ordinary": Sum("fouls_ordinary"),
    "fouls_technical": Sum("fouls_technical"),
}

# the same sums under names that are not the seat rows' columns (as the queries annotate them)
SUMMED = {f"total_{name}": aggregate for name, aggregate in SUMS.items()}

# A month's number: UTC year × 12 + month − 1 (January 2026 is 24,312); a club's month is the
# club's id × CLUB_MONTHS + the month's number, so one integer names both.
CLUB_MONTHS = 100_000


def month_number(moment: datetime) -> int:
    moment = moment.astimezone(UTC)
    return moment.year * 12 + moment.month - 1


def month_start(number: int) -> datetime:
    return datetime(number // 12, number % 12 + 1, 1, tzinfo=UTC)


_MONTH = ExtractYear("played_at", tzinfo=UTC) * 12 + ExtractMonth("played_at", tzinfo=UTC) - 1

# a scope → the seat row's expression that names it (all rows in one scope: 0)
SCOPE_KEYS = {
    TotalsScope.ALL: Value(0),
    TotalsScope.CLUB: F("club_id"),
    TotalsScope.MONTH: ExpressionWrapper(_MONTH, output_field=BigIntegerField()),
    TotalsScope.CLUB_MONTH: ExpressionWrapper(F("club_id") * CLUB_MONTHS + _MONTH, output_field=BigIntegerField()),
}


@dataclass(frozen=True)
class PeriodPieces:
    """A period [start, end) cut where the totals can answer: the calendar months (UTC) wholly
    inside it, ``first``…``last`` (None: open on that side; ``whole_months`` False: none), and the
    spans of seat rows left at its ends ([from, to), None: open)."""

    whole_months: bool
    first: int | None
    last: int | None
    edges: tuple[tuple[datetime | None, datetime | None], ...]


def period_pieces(start: datetime | None, end: datetime | None) -> PeriodPieces:
    first = last = None
    if start is not None:
        first = month_number(start)
        if month_start(first) != start:
            first += 1  # the month the period starts inside is an edge
    if end is not None:
        last = month_number(end) - 1  # the month the period ends inside (or before) is after it
    if first is not None and last is not None and first > last:
        return PeriodPieces(False, None, None, ((start, end),))
    edges = []
    if start is not None and month_start(first) > start:
        edges.append((start, month_start(first)))
    if end is not None and month_start(last + 1) < end:
        edges.append((month_start(last + 1), end))
    return PeriodPieces(True, first, last, tuple(edges))


def _scope_sums(rows: QuerySet, scope: str, key) -> QuerySet:
    return rows.filter(player__isnull=False).order_by().values("player_id", scope=Value(str(scope)),
                                                               scope_id=key).annotate(**SUMMED)


def _add(rows: QuerySet, sign: int) -> None:
    """Add ``sign`` times the sums of ``rows`` (seat rows) to the totals of every scope."""
    first, *others = [_scope_sums(rows, scope, key) for scope, key in SCOPE_KEYS.items()]
    sql, params = first.union(*others, all=True).query.sql_with_params()
    table = connection.ops.quote_name(PlayerTotals._meta.db_table)
    names = [connection.ops.quote_name(name) for name in SUMS]
    summed = [connection.ops.quote_name(name) for name in SUMMED]
    key = ", ".join(connection.ops.quote_name(name) for name in ("player_id", "scope", "scope_id"))
    with connection.cursor() as cursor:
        # WHERE true: SQLite reads an ON CONFLICT after a bare SELECT … FROM as a join's ON; the
        # rows in key order, so two games' runs sharing players lock their totals in one order
        cursor.execute(
            f"INSERT INTO {table} ({key}, {', '.join(names)}) "
            f"SELECT {key}, {', '.join(f'{sign} * {name}' for name in summed)} FROM ({sql}) grouped WHERE true "
            f"ORDER BY {key} ON CONFLICT ({key}) DO UPDATE SET "
            + ", ".join(f"{name} = {table}.{name} + excluded.{name}" for name in names), params)


def game_totals_changed(game_id: int, *, sign: int) -> None:
    """The game's rows in the store leave (``sign`` -1, before they are deleted) or arrive (+1,
    after they are written): their sums leave or join their players' totals."""
    rows_totals_changed(SeatRecord.objects.filter(game_id=game_id), sign=sign)


def rows_totals_changed(rows: QuerySet, *, sign: int) -> None:
    """These seat rows leave the store (``sign`` -1, before they are deleted) or arrive (+1, after
    they are written). A total left with no game goes, as a rebuild would not write it."""
    players = list(rows.exclude(player=None).values_list("player_id", flat=True))
    if not players:
        return
    _add(rows, sign)
    if sign < 0:
        PlayerTotals.objects.filter(player_id__in=players, games=0).delete()


# a scope → how its key is made from a row of the finest grouping (player, club, month):
# ``GROUP BY`` columns of that grouping and the key's SQL over them
ROLLUPS = {
    TotalsScope.CLUB_MONTH: (None, "{in_club} * " + str(CLUB_MONTHS) + " + {in_month}"),  # the finest's own rows
    TotalsScope.CLUB: (("in_club",), "{in_club}"),
    TotalsScope.MONTH: (("in_month",), "{in_month}"),
    TotalsScope.ALL: ((), "0"),
}


def totals_rebuild(*, emptied: bool = False) -> None:
    """Every total summed again from the store's rows (in the store's rebuild), in one statement
    that reads the rows once: each player's totals per club and month (UTC), then those of each
    coarser scope summed from them (every sum is a count or a sum, so the parts add up to the
    whole; every row has its club and its month). No totals are left by then (``emptied``: the
    caller emptied the table) and the store's lock keeps every other writer out, so the rows are
    inserted with no ``ON CONFLICT`` and in no order."""
    if not emptied:
        PlayerTotals.objects.all().delete()
    finest = (SeatRecord.objects.filter(player__isnull=False).order_by()
              .values("player_id", in_club=F("club_id"), in_month=SCOPE_KEYS[TotalsScope.MONTH]).annotate(**SUMMED))
    sql, params = finest.query.sql_with_params()
    quote = connection.ops.quote_name
    player = quote("player_id")
    summed = [quote(name) for name in SUMMED]
    parts, scopes = [], []
    for scope, (grouped, key) in ROLLUPS.items():
        key = key.format(in_club=quote("in_club"), in_month=quote("in_month"))
        if grouped is None:
            parts.append(f"SELECT {player}, %s, {key}, {', '.join(summed)} FROM finest")
        else:
            by = ", ".join([player, *(quote(name) for name in grouped)])
            parts.append(f"SELECT {player}, %s, {key}, {', '.join(f'SUM({name})' for name in summed)} "
                         f"FROM finest GROUP BY {by}")
        scopes.append(str(scope))
    columns = ", ".join(quote(name) for name in ("player_id", "scope", "scope_id", *SUMS))
    with connection.cursor() as cursor:
        cursor.execute(f"WITH finest AS ({sql}) INSERT INTO {quote(PlayerTotals._meta.db_table)} ({columns}) "
                       + " UNION ALL ".join(parts), [*params, *scopes])
