"""Reads for games: the entry page's table, the judge's tables, the history."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Q, QuerySet

from clubs.models import Player
from clubs.permissions import clubs_user_organizes
from games.engine import GameRecord, Phase, ProtocolError, TableState, replay
from games.engine.rulesets import RULESETS, Ruleset

from .models import Game, ProtocolVersion
from .services import entry_phase_key, remembered_replay


def game_queryset() -> QuerySet[Game]:
    return Game.objects.select_related("club", "judge", "tournament", "round", "evening")


# What the entry page shows of a game besides the protocol (the heading: ``str(game)`` names the
# round, the evening's title) and the judge's account, which the private link acts for.
ENTRY_RELATED = ("club", "judge__user", "round", "evening")


def game_by_token(token: str) -> Game | None:
    return game_for_entry(token=token)


def game_for_entry(*, token: str | None = None, pk: int | None = None, lock: bool = False) -> Game | None:
    """The game of the entry page, by its private link or its id, with ``ENTRY_RELATED``: one query.

    ``lock=True`` (inside the caller's transaction) locks the game's row — that row only — as the
    services' ``_lock`` does: an action reads the table once, under the lock, and the services'
    ``.locked`` forms check and save on that very read (games.views.entry_action).

    The same as ``Game.objects.select_related(*ENTRY_RELATED).select_for_update(of=("self",))
    .get(…)``, but the SQL is built once per process (``_entry_read``): compiling that query
    costs the ORM about 1.5 ms of CPU, a tenth of a whole action, on every tap.
    """
    if (token is None) == (pk is None):
        raise TypeError("game_for_entry needs either token or pk")
    sql, nodes = _entry_read("token" if token is not None else "pk", lock)
    connection = connections[DEFAULT_DB_ALIAS]
    with connection.cursor() as cursor:
        cursor.execute(sql, [token if token is not None else pk])
        row = cursor.fetchone()
    if row is None:
        return None
    objects: list = []
    start = 0
    for parent, field, model, attnames, columns in nodes:
        values = list(row[start:start + len(attnames)])
        start += len(attnames)
        for index, (column, converters) in enumerate(columns):
            for converter in converters:
                values[index] = converter(values[index], column, connection)
        instance = None
        if parent is None or values[attnames.index(model._meta.pk.attname)] is not None:
            instance = model.from_db(DEFAULT_DB_ALIAS, attnames, values)
        if parent is not None and objects[parent] is not None:
            field.set_cached_value(objects[parent], instance)
        objects.append(instance)
    return objects[0]


@functools.cache
def _entry_read(by: str, lock: bool) -> tuple[str, list]:
    """game_for_entry's SQL and how to read its row, from the models' metadata (once per process).

    Every concrete column of the game and of each ``ENTRY_RELATED`` object (left joins: a missing
    judge, round or evening is None), with each column's converters as the ORM applies them.
    """
    connection = connections[DEFAULT_DB_ALIAS]
    quote = connection.ops.quote_name
    paths, nodes, selected, joins = [""], [], [], []

    def add(model, parent: int | None, field) -> None:
        alias = f"t{len(nodes)}"
        columns = []
        for model_field in model._meta.concrete_fields:
            column = model_field.get_col(alias)
            converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            columns.append((column, tuple(converters)))
            selected.append(f"{alias}.{quote(model_field.column)}")
        if parent is not None:
            joins.append(f"LEFT OUTER JOIN {quote(model._meta.db_table)} {alias} ON {alias}."
                         f"{quote(field.target_field.column)} = t{parent}.{quote(field.column)}")
        nodes.append((parent, field, model, [f.attname for f in model._meta.concrete_fields], columns))

    add(Game, None, None)
    for path in ENTRY_RELATED:
        model, parent, prefix = Game, 0, ""
        for name in path.split("__"):
            prefix = f"{prefix}__{name}" if prefix else name
            field = model._meta.get_field(name)
            model = field.related_model
            if prefix not in paths:
                paths.append(prefix)
                add(model, parent, field)
            parent = paths.index(prefix)
    key = Game._meta.get_field("judge_token" if by == "token" else "id").column
    sql = (f"SELECT {', '.join(selected)} FROM {quote(Game._meta.db_table)} t0 {' '.join(joins)} "
           f"WHERE t0.{quote(key)} = %s")
    if lock:
        sql += " FOR UPDATE OF t0"
    return sql, nodes


def games_for_judge(user) -> QuerySet[Game]:
    """The games this user judges, and every game of the clubs they organize."""
    if user is None or not user.is_authenticated:
        return Game.objects.none()
    mine = Q(judge__user=user)
    if not user.is_superuser:
        mine |= Q(club__in=clubs_user_organizes(user))
    return (
        game_queryset()
        .filter(mine)
        .order_by("status", "-created_at", "table_number")
    )


def game_history(game: Game) -> QuerySet[ProtocolVersion]:
    """Every version, newest first, without the documents (they are big)."""
    return (
        ProtocolVersion.objects.filter(game=game)
        .select_related("author")
        .defer("document")
        .order_by("-version")
    )


def player_search(query: str, limit: int = 12) -> QuerySet[Player]:
    query = query.strip()
    if not query:
        return Player.objects.none()
    return Player.objects.filter(nickname__icontains=query, is_pending=False).order_by("nickname")[:limit]


@dataclass
class Table:
    """What the entry page shows: the replayed record and where the judge is."""

    game: Game
    record: GameRecord | None
    state: TableState | None
    ruleset: Ruleset | None
    phase: Phase | None  # the phase the page is in (may be ahead of the last event)
    replay_error: ProtocolError | None = None

    @property
    def dealt(self) -> bool:
        return self.record is not None or self.replay_error is not None


def game_table(game: Game) -> Table:
    ruleset = RULESETS.get(game.ruleset)
    if not game.protocol or not game.protocol.get("seats"):
        return Table(game, None, None, ruleset, None)
    # A service that has just saved this document already replayed it (services.remember_replay).
    record = remembered_replay(game)
    try:
        if record is None:
            record = replay(game.protocol)
    except ProtocolError as error:
        # Every save replayed its document, so this means the engine's rules changed since: show
        # it instead of failing the page; no action is possible until the protocol is corrected.
        return Table(game, None, None, ruleset, None, replay_error=error)
    return Table(game, record, record.current, ruleset, Phase.from_key(entry_phase_key(game, record)))
