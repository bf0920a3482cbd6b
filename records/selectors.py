"""Reads of the players' records (docs/records.md, "The store"): a player's rows for a filter,
and their totals summed by the database."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import astuple, dataclass
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.core.cache import cache
from django.db import connections
from django.db.models import (
    Count,
    Exists,
    ExpressionWrapper,
    F,
    FloatField,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Sum,
)
from django.db.models.expressions import Combinable
from django.db.models.functions import Cast, Lower, TruncMonth
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club
from core.written import local
from games.engine import ProtocolError, replay
from games.models import Game
from online.core.visibility import review_open_q
from online.forum import texts
from online.mafia1923 import texts as mafia1923_texts
from online.models import GameEvent, Slot
from scoring.engine.points import ONE
from tournaments.models import Evening, Tournament
from vocabulary import ROLES, TEAM_OF_ROLE, TEAMS

from .engine import BY_ROLE_FIELDS, SUM_NAMES, RulePoints, Totals, by_role_name, win_rate_interval
from .engine.aggregate import LEFT_COUNTERS
from .engine.pairs import INTERACTIONS_EDITION, Interactions, SharedGame, interactions
from .engine.ranking import ranked
from .generation import kept
from .leaderboards import POINTS, RATE, STATISTICS
from .models import PlayerTotals, SeatRecord, TotalsScope
from .totals import CLUB_MONTHS, SUMMED, SUMS, period_pieces

logger = logging.getLogger(__name__)

# The counters of Totals that count seats (a seat adds one when the condition holds), as
# `Totals.of` reads its facts; every other counter is the sum of the column of its own name.
_COUNTED_WHEN = {
    "games": None,  # every seat
    "wins": Q(won=True),
    "losses": Q(won=False),
    "undecided": Q(won__isnull=True),
    **{counter: Q(left=how or "") for how, counter in LEFT_COUNTERS.items()},
    "shot_first_night": Q(shot_first_night=True),
    "first_night_wills": Q(first_night_will=True),
    "guessed_three": Q(guessed_three=True),
    "guessed_two": Q(guessed_two=True),
    "disqualified": Q(disqualified=True),
    "declared_defeats": Q(declared_defeat=True),
}
_COLUMNS = {field.name for field in SeatRecord._meta.concrete_fields if isinstance(field, IntegerField)}
if not set(SUM_NAMES) <= _COUNTED_WHEN.keys() | _COLUMNS:
    raise TypeError(f"counters of Totals the store cannot sum: {set(SUM_NAMES) - _COUNTED_WHEN.keys() - _COLUMNS}")
# ``with_team``: the other player on this player's team, or on the other one
SAME_TEAM, OTHER_TEAM = "same", "other"
_SUMS = {
    name: Count("pk", filter=_COUNTED_WHEN[name]) if name in _COUNTED_WHEN else Sum(name) for name in SUM_NAMES
}


def player_records(
    player, *, since: date | None = None, until: date | None = None, club=None, tournament=None,
    evening=None, ruleset: str | None = None, role: str | None = None, team: str | None = None,
    seat: int | None = None, with_player=None, with_team: str | None = None,
) -> QuerySet[SeatRecord]:
    """The player's seats in the games that count, newest first; each filter narrows them (None:
    any). ``since`` and ``until``: the first and the last day of the period, in the site's zone;
    ``club``, ``tournament``, ``evening``: an object or its id; ``role``: one of vocabulary.ROLES;
    ``team``: red or black; ``with_player`` (an object or its id): the games where that player sat
    too, and ``with_team`` (SAME_TEAM or OTHER_TEAM, only with ``with_player``) on the player's team
    or the other one."""
    rows = SeatRecord.objects.filter(player=player)
    if with_player is not None:
        rows = rows.filter(Exists(_seats_of(with_player, with_team)))
    if since is not None and since > date.min:  # the first day there is bounds nothing (and has no eve)
        rows = rows.filter(played_at__gte=_start_of(since))
    if until is not None and until < date.max:  # the last day there is has no morrow
        rows = rows.filter(played_at__lt=_start_of(until + timedelta(days=1)))
    wanted = {"club": club, "tournament": tournament, "evening": evening, "ruleset": ruleset, "role": role,
              "team": team, "seat": seat}
    return rows.filter(**{name: value for name, value in wanted.items() if value is not None})


def _seats_of(with_player, with_team: str | None) -> QuerySet[SeatRecord]:
    """The other player's seat in the outer row's game (on the outer row's team, or not)."""
    seats = SeatRecord.objects.filter(game=OuterRef("game"), player=with_player)
    if with_team == SAME_TEAM:
        return seats.filter(team=OuterRef("team"))
    if with_team == OTHER_TEAM:
        return seats.exclude(team=OuterRef("team"))
    if with_team is not None:
        raise ValueError(f"with_team is {SAME_TEAM!r}, {OTHER_TEAM!r} or None, not {with_team!r}")
    return seats


def player_totals(player, **filters) -> Totals:
    """The totals of the player's seats for the filters of ``player_records``: every counter
    summed in one aggregate query, and the per-rule breakdown summed in a second."""
    rows = player_records(player, **filters).order_by()
    sums = rows.aggregate(**_SUMS)
    return Totals.from_sums({name: value or 0 for name, value in sums.items()}, rule_points_summed(rows))


def rule_points_summed(rows: QuerySet[SeatRecord]) -> list[RulePoints]:
    """Each rule's items and thousandths over the rows, one entry a rule. PostgreSQL sums the
    rows' JSON lists itself: decoding 2,000 rows' lists in Python took twice as long as the
    aggregate of every other counter. Elsewhere (the embedded SQLite) Python sums them."""
    connection = connections[rows.db]
    if connection.vendor != "postgresql":
        return rule_points_read(rows)
    sql, params = rows.values("rule_points").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT entry ->> 0, SUM((entry ->> 1)::bigint), SUM((entry ->> 2)::bigint) "
            f"FROM ({sql}) AS seat, jsonb_array_elements(seat.rule_points) AS entry GROUP BY 1",
            params,
        )
        return [RulePoints(rule, int(items), int(milli)) for rule, items, milli in cursor.fetchall()]


def rule_points_read(rows: QuerySet[SeatRecord]) -> list[RulePoints]:
    """Every row's per-rule entries, read one by one (`Totals.from_sums` adds them up)."""
    return [RulePoints(*entry) for breakdown in rows.values_list("rule_points", flat=True) for entry in breakdown]


# --- the games a figure counts (docs/records.md, "Each figure's games") -----------------------
@dataclass(frozen=True)
class FigureCondition:
    """The seats a figure of the record page counts: ``where`` picks them; a sum (fouls, votes…)
    adds each seat's ``amount`` (a column expression), or for a rule's row its items of ``rule``;
    a count (games, wins…) has neither: each seat counts one."""

    where: Q
    amount: Combinable | None = None
    rule: str | None = None


RULE_FIGURE = "rule:"  # a rule's row: "rule:<the scoring engine's slug>"
_RULE_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
_COUNTED_FIGURES = ("games", "wins", "losses", "undecided", "shot_first_night", "first_night_wills", "guessed_three",
                    "guessed_two", "disqualified", "declared_defeats")
_SUMMED_FIGURES = ("fouls_ordinary", "fouls_technical", "checked_by_don", "checked_by_sheriff",
                   *(by_role_name(field, role) for field in BY_ROLE_FIELDS for role in ROLES))


def _summed(columns: list[str]) -> FigureCondition:
    where = Q()
    for column in columns:  # every column is a count (≥ 0): the sum is positive when one is
        where |= Q(**{f"{column}__gt": 0})
    amount = F(columns[0])
    for column in columns[1:]:
        amount = amount + F(column)
    return FigureCondition(where, amount)


# One rule: a figure's name → the seats it counts. The page's totals (`_SUMS`) count the same
# conditions and sum the same columns; tests/records/site/test_figure_games.py holds them equal.
FIGURES: dict[str, FigureCondition] = {
    **{name: FigureCondition(_COUNTED_WHEN[name] or Q()) for name in _COUNTED_FIGURES},
    "decided": FigureCondition(Q(won__isnull=False)),  # the win rate's games
    **{column: _summed([column]) for column in _SUMMED_FIGURES},
    # a colour: the sum of its roles' columns ("nominated_black": the mafia and the Don nominated)
    **{f"{field}_{team}": _summed([by_role_name(field, role) for role in ROLES if TEAM_OF_ROLE[role] == team])
       for field in BY_ROLE_FIELDS for team in TEAMS},
}


def figure_condition(name: str) -> FigureCondition | None:
    """The figure's condition (`FIGURES`, or a rule's row "rule:<slug>"); None for no figure. A
    rule's seats are those whose breakdown names the rule: its JSON text holds the quoted slug,
    which no other entry can (the other entries are numbers; a slug has no quote)."""
    if name.startswith(RULE_FIGURE):
        slug = name.removeprefix(RULE_FIGURE)
        if not _RULE_SLUG.fullmatch(slug):
            return None
        return FigureCondition(Q(rule_points__icontains=json.dumps(slug)), rule=slug)
    return FIGURES.get(name)


def figure_records(player, figure: str, **filters) -> QuerySet[SeatRecord]:
    """The player's seats for the filters of `player_records` that the figure counts, newest
    first; a sum's seats carry their amount as ``figure_amount``. ValueError for no figure."""
    condition = figure_condition(figure)
    if condition is None:
        raise ValueError(f"no figure {figure!r}")
    rows = player_records(player, **filters).filter(condition.where)
    return rows.annotate(figure_amount=condition.amount) if condition.amount is not None else rows


def figure_total(player, figure: str, **filters) -> int:
    """The figure over the player's seats for the filters: how many seats it counts, or the sum
    of their amounts; the same number the page's totals show."""
    condition = figure_condition(figure)
    rows = figure_records(player, figure, **filters).order_by()
    if condition.rule is not None:
        return sum(entry.items for entry in rule_points_summed(rows) if entry.rule == condition.rule)
    if condition.amount is None:
        return rows.count()
    return rows.aggregate(total=Sum("figure_amount"))["total"] or 0


def seat_amount(row: SeatRecord, figure: str) -> int | None:
    """The figure's amount in one seat of `figure_records` (None: a count, each seat one)."""
    condition = figure_condition(figure)
    if condition is None or (condition.amount is None and condition.rule is None):
        return None
    if condition.rule is not None:
        return sum(items for rule, items, _milli in row.rule_points if rule == condition.rule)
    return row.figure_amount


def player_evenings(player) -> QuerySet[Evening]:
    """The club evenings of the games in the player's record, the latest first."""
    seats = SeatRecord.objects.filter(player=player, evening__isnull=False).values("evening_id")
    return Evening.objects.filter(pk__in=seats)  # the model orders the latest first


# --- the charts (docs/records.md, "The charts") ------------------------------------------------
def monthly_results(player, **filters) -> list[tuple[date, str, int, int]]:
    """(the month's first day in the site's zone, role, wins, decided games) of the player's seats
    for the filters, by month and role, oldest first."""
    rows = (player_records(player, **filters).order_by()
            .annotate(month=TruncMonth("played_at")).values("month", "role")
            .annotate(wins=Count("pk", filter=Q(won=True)), decided=Count("pk", filter=Q(won__isnull=False)))
            .order_by("month", "role"))
    return [(_as_date(row["month"]), row["role"], row["wins"], row["decided"]) for row in rows]


def _as_date(value) -> date:
    return local(value).date() if isinstance(value, datetime) else value


def last_points(player, count: int, **filters) -> list[tuple[datetime, int]]:
    """(played at, points in thousandths) of the player's last ``count`` seats for the filters,
    oldest first."""
    rows = player_records(player, **filters).values_list("played_at", "points_milli")[:count]
    return list(reversed(rows))


def seat_results(player, **filters) -> dict[int, tuple[int, int, int]]:
    """Seat number → (games, wins, decided games) of the player's seats for the filters."""
    rows = (player_records(player, **filters).order_by().values("seat")
            .annotate(games=Count("pk"), wins=Count("pk", filter=Q(won=True)),
                      decided=Count("pk", filter=Q(won__isnull=False))))
    return {row["seat"]: (row["games"], row["wins"], row["decided"]) for row in rows}


# --- head-to-head (docs/records.md, "Head-to-head") --------------------------------------------
@dataclass(frozen=True)
class Shared:
    """One published game of two players: each one's seat row, and the game as the engine sums it."""

    mine: SeatRecord
    theirs: SeatRecord
    game: SharedGame


def shared_games(player, other) -> list[Shared]:
    """The counting games both players sat in, newest first. The store gives the games (published
    only) and both seats; the nominations, ballots and checks between the two seats come from each
    game's acts (``game_interactions``: the store keeps them by the other seat's role, not by seat)."""
    mine = list(player_records(player, with_player=other).select_related("tournament", "evening", "club")
                .annotate(protocol_version=F("game__protocol_version")))
    theirs = {row.game_id: row for row in SeatRecord.objects.filter(player=other, game_id__in=[r.game_id for r in mine])}
    acts = game_interactions({row.game_id: row.protocol_version for row in mine})
    shared = []
    for row in mine:
        other_row = theirs.get(row.game_id)
        if other_row is None:  # the store changed between the two reads
            continue
        shared.append(Shared(row, other_row, SharedGame(
            same_team=row.team == other_row.team, won=row.won, points_milli=row.points_milli,
            other_points_milli=other_row.points_milli,
            pair=acts.get(row.game_id, Interactions()).between(row.seat, other_row.seat),
        )))
    return shared


INTERACTIONS_KEPT_SECONDS = 30 * 24 * 3600  # a protocol's acts never change; this bounds an idle cache


def _interactions_key(game_id: int, protocol_version: int) -> str:
    return f"records:interactions:{INTERACTIONS_EDITION}:{game_id}:{protocol_version}"


def game_interactions(versions: dict[int, int]) -> dict[int, Interactions]:
    """Each game's acts ({game id: protocol version} → {game id: ``Interactions``}), replayed by the
    protocol engine as the store's runner does, once per protocol: kept in the cache under the
    game and its protocol's version (every new protocol is a new version,
    ``games.services.save_protocol_version``), so a head-to-head page replays only the games no
    page has read since their last change. A protocol that does not replay has no acts."""
    keys = {game_id: _interactions_key(game_id, version) for game_id, version in versions.items()}
    found = cache.get_many(list(keys.values()))
    acts = {game_id: Interactions(*found[key]) for game_id, key in keys.items() if key in found}
    missing = [game_id for game_id in versions if game_id not in acts]
    fresh = {}
    for game_id, protocol, version in Game.objects.filter(pk__in=missing).values_list(
            "pk", "protocol", "protocol_version"):
        try:
            acts[game_id] = interactions(replay(protocol))
        except (ProtocolError, TypeError, KeyError):  # a protocol replaced since the store's rows
            logger.warning("head-to-head: the protocol of stored game %s does not replay", game_id)
            continue
        fresh[_interactions_key(game_id, version)] = astuple(acts[game_id])  # plain data: any release reads it
    if fresh:
        cache.set_many(fresh, INTERACTIONS_KEPT_SECONDS)
    return acts


def _start_of(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def player_clubs(player) -> QuerySet[Club]:
    """The clubs of the games in the player's record, by name: what the record page filters by."""
    return Club.objects.filter(pk__in=SeatRecord.objects.filter(player=player).values("club_id")).order_by("name")


def player_tournaments(player) -> QuerySet[Tournament]:
    """The tournaments of the games in the player's record, the latest first."""
    seats = SeatRecord.objects.filter(player=player, tournament__isnull=False).values("tournament_id")
    return Tournament.objects.filter(pk__in=seats)  # the model orders the latest first


def table_mates(player) -> list[tuple[int, str, int]]:
    """The listed players who sat at a counting game with the player, as (id, nickname, games
    together), the most games first, then by nickname: one query over the store, which holds the
    published games only, so an unpublished game's table never shows."""
    games = SeatRecord.objects.filter(player=player).values("game_id")
    mates = (SeatRecord.objects.filter(game_id__in=games, player__is_pending=False)
             .exclude(player=player).order_by()
             .values("player_id", "player__nickname").annotate(together=Count("game_id", distinct=True))
             .order_by("-together", "player__nickname", "player_id"))
    return [(row["player_id"], row["player__nickname"], row["together"]) for row in mates]


# --- online games (docs/records.md, "Online games") ---------------------------------------------

MAFIA1923 = "mafia1923"  # the online ruleset of the family event (online/mafia1923/services.py)


def player_online_games(player) -> QuerySet[Slot]:
    """The player's seats in the online games whose roles are public, the latest ended first: the
    slots held by the player's account in the games over whose post-game review is published
    (online.core.visibility's one rule, as a filter). A game still running, or over with its review not
    yet published, is not there at all; the auto-judged table (its owner's alone) never is."""
    if player.user_id is None:
        return Slot.objects.none()
    return (Slot.objects.filter(review_open_q("game__"), user_id=player.user_id)
            .select_related("game__setup").order_by("-game__finished_at", "-game_id"))


@dataclass(frozen=True)
class OnlineGameRow:
    """One online game of a player's record: the seat, its role and the result, from the game's
    ``game_ended`` event (which names every role and the winning seats)."""

    slot: Slot
    role: str  # the ruleset's role id
    won: bool | None  # None: nobody won (everyone left)

    @property
    def game(self):
        return self.slot.game

    @property
    def mafia1923(self) -> bool:
        return self.slot.game.setup.data.get("ruleset") == MAFIA1923

    @property
    def role_name(self) -> str:
        return mafia1923_texts.role_name(self.role) if self.mafia1923 else texts.role_name(self.role)

    @property
    def url(self) -> str:
        if self.mafia1923:
            return reverse("m1923:event", kwargs={"slug": self.slot.game.slug})
        return self.slot.game.get_absolute_url()


def online_game_rows(slots) -> list[OnlineGameRow]:
    """A page of ``player_online_games`` as rows: one query for the games' ends."""
    slots = list(slots)
    ends = dict(GameEvent.objects.filter(game_id__in=[slot.game_id for slot in slots], type="game_ended")
                .values_list("game_id", "data"))
    rows = []
    for slot in slots:
        end = ends.get(slot.game_id) or {}
        role = ((end.get("roles") or {}).get(str(slot.number)) or {}).get("role") or ""
        winners = end.get("winners") or []
        won = None if not winners and end.get("winner") is None else slot.number in winners
        rows.append(OnlineGameRow(slot=slot, role=role, won=won))
    return rows


# --- leaderboards (docs/records.md, "Leaderboards") ----------------------------------------------

LEADERBOARD_SIZE = 100


@dataclass(frozen=True)
class LeaderRow:
    """One player's line of a leaderboard: the place (shared by equal values), the player, their
    games, wins and decided games and points in the scope, and the statistic's value."""

    place: int
    player_id: int
    nickname: str
    games: int
    wins: int
    decided: int
    points_milli: int
    value: int | float  # a count, points (sum or mean), or a rate between 0 and 1
    key: object  # the exact value the place is decided by (an int or a Fraction)

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson's 95% interval of the win rate (records.engine.win_rate_interval)."""
        return win_rate_interval(self.wins, self.decided)

    @property
    def rate_shown(self) -> str:
        return f"{round(100 * self.wins / self.decided)}%" if self.decided else "—"

    @property
    def interval_shown(self) -> str:
        if not self.decided:
            return "—"
        low, high = self.interval
        return f"{round(100 * low)}–{round(100 * high)}%"


def leaderboard(statistic: str, *, club=None, start: datetime | None = None, end: datetime | None = None,
                tournaments=None, min_games: int | None = None, limit: int = LEADERBOARD_SIZE) -> list[LeaderRow]:
    """The players with the best values of a statistic (`records.leaderboards.STATISTICS`) over
    the store's rows (the published games only), best first, at most ``limit``. One aggregate query,
    grouped by player. ``club``: an object or its id; ``start`` (included) and ``end`` (excluded):
    aware moments; ``tournaments``: ids or objects (a series' tournaments); ``min_games``: the
    fewest games a player needs in the scope (None: the statistic's default). Equal values share a
    place (records.engine.ranking); among them, more games first, then by nickname."""
    chosen = STATISTICS.get(statistic)
    if chosen is None:
        raise ValueError(f"no leaderboard statistic {statistic!r}")
    minimum = max(1, chosen.default_min_games if min_games is None else min_games)
    if tournaments is None and (start is not None or end is not None):
        lines = _period_lines(statistic, club=club, start=start, end=end, minimum=minimum, limit=limit)
    else:
        grouped = _leader_sums(club=club, start=start, end=end, tournaments=tournaments)
        if chosen.column is not None:
            grouped = grouped.annotate(value=F(f"total_{chosen.column}"))
        grouped = grouped.filter(total_games__gte=minimum)
        if statistic == "win_rate":
            grouped = grouped.filter(total_decided__gt=0)  # a rate over no decided game is no number
        grouped = grouped.order_by(_LEADER_ORDER.get(statistic, F("value")).desc(), "-total_games",
                                   Lower("player__nickname"), "player_id")[:limit]
        lines = [(_exact_key(statistic, row), row) for row in grouped]
        # the database sorted by floats; the places are decided by the exact values (a stable re-sort)
        lines.sort(key=lambda line: line[0], reverse=True)
    return [
        LeaderRow(place=place, player_id=row["player_id"], nickname=row["player__nickname"], games=row["total_games"],
                  wins=row["total_wins"], decided=row["total_decided"], points_milli=row["total_points_milli"] or 0,
                  value=_shown_value(chosen.kind, key), key=key)
        for place, (key, row) in ranked(lines, key=lambda line: line[0])
    ]


def _leader_sums(*, club, start, end, tournaments) -> QuerySet:
    """Each listed player's sums (records.totals.SUMS) in the scope, with their nickname: all
    time or a club's, the players' totals (a row per player); tournaments (a series), summed over
    the store's seat rows of the scope (by the tournaments' index; a period alone is
    ``period_sums``'). A seat of no registered player, or of a pending one, drops out."""
    if tournaments is None and start is None and end is None:
        scope = (Q(scope=TotalsScope.ALL, scope_id=0) if club is None
                 else Q(scope=TotalsScope.CLUB, scope_id=_plain(club)))
        return (PlayerTotals.objects.filter(scope, player__is_pending=False).order_by()
                .values("player_id", "player__nickname", **{alias: F(name) for alias, name in _TOTALS.items()}))
    return _row_sums(club=club, start=start, end=end, tournaments=tournaments)


def _row_sums(*, club=None, start=None, end=None, tournaments=None) -> QuerySet:
    """Each player's sums summed over the store's seat rows of the scope."""
    rows = SeatRecord.objects.filter(player__is_pending=False)
    if club is not None:
        rows = rows.filter(club=club)
    if start is not None:
        rows = rows.filter(played_at__gte=start)
    if end is not None:
        rows = rows.filter(played_at__lt=end)
    if tournaments is not None:
        rows = rows.filter(tournament__in=tournaments)
    return rows.order_by().values("player_id", "player__nickname").annotate(**SUMMED)


_TOTALS = {f"total_{name}": name for name in SUMS}  # SUMMED's names → the totals' columns


def period_sums(*, club=None, start: datetime | None, end: datetime | None) -> dict[int, dict]:
    """Each player's sums over a period [start, end), of all clubs or a club's: the calendar
    months wholly inside it read from the players' month totals (a row per player and month), the
    rest of its days summed over the seat rows at its two ends (records.totals.period_pieces).
    Player id → a row as ``_row_sums`` gives it (``player__nickname`` and the ``total_`` sums);
    equal to ``_row_sums`` of the period (tests/records/site/test_period_totals.py)."""
    pieces = period_pieces(start, end)
    found: dict[int, dict] = {}

    def add(rows) -> None:
        for row in rows:
            line = found.get(row["player_id"])
            if line is None:
                found[row["player_id"]] = {**row, **{name: row[name] or 0 for name in _TOTALS}}
            else:
                for name in _TOTALS:
                    line[name] += row[name] or 0

    if pieces.whole_months:
        if club is None:
            scope, low, high = TotalsScope.MONTH, pieces.first, pieces.last
        else:
            base = _plain(club) * CLUB_MONTHS
            scope = TotalsScope.CLUB_MONTH
            low = base + (0 if pieces.first is None else pieces.first)
            high = base + (CLUB_MONTHS - 1 if pieces.last is None else pieces.last)
        months = PlayerTotals.objects.filter(scope=scope, player__is_pending=False)
        if low is not None:
            months = months.filter(scope_id__gte=low)
        if high is not None:
            months = months.filter(scope_id__lte=high)
        add(months.order_by().values("player_id", "player__nickname")
            .annotate(**{alias: Sum(name) for alias, name in _TOTALS.items()}))
    if pieces.edges:  # both ends in one query
        spans = Q()
        for since, until in pieces.edges:
            spans |= Q(**{key: moment for key, moment in (("played_at__gte", since), ("played_at__lt", until))
                          if moment is not None})
        add(_row_sums(club=club).filter(spans))
    return found


def _period_lines(statistic: str, *, club, start, end, minimum: int, limit: int) -> list[tuple]:
    """(exact value, row) of the best ``limit`` players of a period, best first, as the SQL
    path orders them: the value, more games, the nickname, the id."""
    column = STATISTICS[statistic].column
    rows = []
    for row in period_sums(club=club, start=start, end=end).values():
        if row["total_games"] < minimum or (statistic == "win_rate" and not row["total_decided"]):
            continue
        if column is not None:
            row["value"] = row[f"total_{column}"]
        rows.append(row)
    rows.sort(key=lambda row: (-row["total_games"], row["player__nickname"].lower(), row["player_id"]))
    lines = [(_exact_key(statistic, row), row) for row in rows]
    lines.sort(key=lambda line: line[0], reverse=True)
    return lines[:limit]


def kept_leaderboard(statistic: str, **filters) -> list[LeaderRow]:
    """`leaderboard`, kept in the cache until the store's next change (records.generation): what
    the pages read, so an all-time table is summed once per change, not once per request."""
    arguments = (statistic, tuple(sorted((name, _plain(value)) for name, value in filters.items())))
    return kept("leaderboard", arguments, lambda: leaderboard(statistic, **filters))


def _plain(value):
    """A filter's value as the cache key reads it: an object by its id, a collection sorted."""
    if hasattr(value, "pk"):
        return value.pk
    if isinstance(value, (list, tuple, set, frozenset, QuerySet)):
        return tuple(sorted(_plain(item) for item in value))
    return value


def _float(expression):
    return ExpressionWrapper(Cast(expression, FloatField()), output_field=FloatField())


_LEADER_ORDER = {
    "points": F("total_points_milli"),
    "mean": ExpressionWrapper(_float(F("total_points_milli")) / _float(F("total_games")), output_field=FloatField()),
    "games": F("total_games"),
    "wins": F("total_wins"),
    "win_rate": ExpressionWrapper(_float(F("total_wins")) / _float(F("total_decided")), output_field=FloatField()),
}


def _exact_key(statistic: str, row: dict) -> int | Fraction:
    if statistic == "points":
        return row["total_points_milli"] or 0
    if statistic == "mean":
        return Fraction(row["total_points_milli"] or 0, row["total_games"])
    if statistic == "win_rate":
        return Fraction(row["total_wins"], row["total_decided"])
    if statistic in ("games", "wins"):
        return row[f"total_{statistic}"]
    return row["value"] or 0


def _shown_value(kind: str, key: int | Fraction) -> int | float:
    if kind == POINTS:  # points (a sum or a mean) to the hundredth, halves up, as pages show points
        return float((Decimal(key.numerator) / key.denominator / ONE).quantize(Decimal("0.01"), ROUND_HALF_UP))
    if kind == RATE:
        return float(key)
    return int(key)


def day_start(day: date, *, after: bool = False, zone=None) -> datetime:
    """The first moment of the day (``after``: of the next day) in ``zone`` (a tzinfo; None: the
    site's zone, as the record page's period): a leaderboard's or a season's bounds."""
    if after:
        day += timedelta(days=1)
    return timezone.make_aware(datetime.combine(day, time.min), zone)
