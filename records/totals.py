"""Each player's totals per scope (`records.models.PlayerTotals`; docs/records.md, "Leaderboards",
"The totals"): the sums a leaderboard ranks by, kept so that a page reads one row per player
rather than summing the store's seat rows.

Each sum is defined once, here (``SUMS``: a column of the totals and its value for one seat row),
and written by one set-based statement on both databases: ``INSERT … SELECT`` of the seat rows
grouped by player and scope, adding onto the rows already there (``ON CONFLICT … DO UPDATE``,
PostgreSQL and SQLite alike). A game's rows leaving the store subtract their sums and arriving
add them (``game_totals_changed``, in the writer's transaction); a rebuild sums every row
(``totals_rebuild``: one scan of the rows grouped by player and club, and each player's all-time
totals the sums of their clubs' totals, as every row has its club). Adding and subtracting
integers is exact, so the totals kept game by game equal the rebuilt ones.

The scopes: every counting game (``all``) and a club's. A period of days (a season's too) and a
series' tournaments have none: a leaderboard of theirs sums the seat rows of the scope, which
an index finds (docs/records.md, "Leaderboards").
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Case, Count, F, QuerySet, Sum, Value, When

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

# a scope → the seat row's column that names it (None: one scope for all rows)
SCOPE_COLUMNS = {TotalsScope.ALL: None, TotalsScope.CLUB: "club_id"}


def _scope_sums(rows: QuerySet, scope: str, column: str | None) -> QuerySet:
    key = F(column) if column is not None else Value(0)
    return rows.filter(player__isnull=False).order_by().values("player_id", scope=Value(str(scope)),
                                                               scope_id=key).annotate(**SUMMED)


def _add(rows: QuerySet, sign: int) -> None:
    """Add ``sign`` times the sums of ``rows`` (seat rows) to the totals of every scope."""
    first, *others = [_scope_sums(rows, scope, column) for scope, column in SCOPE_COLUMNS.items()]
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


def totals_rebuild(*, emptied: bool = False) -> None:
    """Every total summed again from the store's rows (in the store's rebuild), in one statement
    that reads the rows once: each player's totals per club, then their all-time totals summed
    from those (every sum is a count or a sum, so the clubs' add up to the whole; every row has its
    club). No totals are left by then (``emptied``: the caller emptied the table) and the store's
    lock keeps every other writer out, so the rows are inserted with no ``ON CONFLICT`` and in no
    order."""
    if not emptied:
        PlayerTotals.objects.all().delete()
    by_club = _scope_sums(SeatRecord.objects.all(), TotalsScope.CLUB, SCOPE_COLUMNS[TotalsScope.CLUB])
    sql, params = by_club.query.sql_with_params()
    quote = connection.ops.quote_name
    key = ", ".join(quote(name) for name in ("player_id", "scope", "scope_id"))
    summed = [quote(name) for name in SUMMED]
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH by_club AS ({sql}) INSERT INTO {quote(PlayerTotals._meta.db_table)} "
            f"({key}, {', '.join(quote(name) for name in SUMS)}) "
            f"SELECT {key}, {', '.join(summed)} FROM by_club UNION ALL "
            f"SELECT {quote('player_id')}, %s, 0, {', '.join(f'SUM({name})' for name in summed)} FROM by_club "
            f"GROUP BY {quote('player_id')}", [*params, str(TotalsScope.ALL)])
