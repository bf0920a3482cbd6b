"""A period's leaderboard reads the players' month totals for the calendar months (UTC) wholly
inside it and sums the seat rows only at its two ends (records.totals.period_pieces; docs/records.md,
"Leaderboards", L8). PROPERTY: for any rows and any period, of all clubs or a club's, the sums are
those of the period's seat rows summed one by one; the months kept by the store's writes equal the
months summed again (a rebuild, and the migration that first summed them)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from importlib import import_module
from zoneinfo import ZoneInfo

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.models import PlayerTotals, SeatRecord, TotalsScope
from records.selectors import _row_sums, leaderboard, period_sums
from records.totals import month_start, period_pieces, rows_totals_changed, totals_rebuild
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db
MOSCOW = ZoneInfo("Europe/Moscow")
FIRST = datetime(2026, 1, 1, tzinfo=UTC)  # the rows fall within four months from here
SPAN = timedelta(days=120)


def test_a_period_is_cut_into_whole_months_and_two_ends():
    # 15 January 12:00 → 3 April 00:00 (UTC): February and March whole, the ends of January and April
    start, end = datetime(2026, 1, 15, 12, tzinfo=UTC), datetime(2026, 4, 3, tzinfo=UTC)
    pieces = period_pieces(start, end)
    assert (pieces.whole_months, month_start(pieces.first), month_start(pieces.last)) == (
        True, datetime(2026, 2, 1, tzinfo=UTC), datetime(2026, 3, 1, tzinfo=UTC))
    assert pieces.edges == ((start, datetime(2026, 2, 1, tzinfo=UTC)), (datetime(2026, 4, 1, tzinfo=UTC), end))
    # a period on the months' edges has no end rows; inside one month it is rows only
    whole = period_pieces(datetime(2026, 2, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC))
    assert (whole.whole_months, whole.edges) == (True, ())
    inside = period_pieces(datetime(2026, 2, 3, tzinfo=UTC), datetime(2026, 2, 20, tzinfo=UTC))
    assert (inside.whole_months, inside.edges) == (
        False, ((datetime(2026, 2, 3, tzinfo=UTC), datetime(2026, 2, 20, tzinfo=UTC)),))
    # open on one side: every month before (or after) it
    assert period_pieces(None, end).first is None and period_pieces(start, None).last is None
    # a club's days in Moscow start at 21:00 UTC the day before: March and April there hold the
    # whole UTC March only, and the ends' rows are the last three hours of February and April's rest
    moscow = period_pieces(datetime(2026, 3, 1, tzinfo=MOSCOW), datetime(2026, 5, 1, tzinfo=MOSCOW))
    assert (month_start(moscow.first), month_start(moscow.last)) == (datetime(2026, 3, 1, tzinfo=UTC),) * 2
    assert moscow.edges == ((datetime(2026, 2, 28, 21, tzinfo=UTC), datetime(2026, 3, 1, tzinfo=UTC)),
                            (datetime(2026, 4, 1, tzinfo=UTC), datetime(2026, 4, 30, 21, tzinfo=UTC)))
    # a month there is no whole UTC month: its rows only
    assert not period_pieces(datetime(2026, 3, 1, tzinfo=MOSCOW), datetime(2026, 4, 1, tzinfo=MOSCOW)).whole_months


@pytest.fixture
def people():
    return [ClubFactory(), ClubFactory()], [PlayerFactory(nickname=name) for name in ("Ann", "Bob", "Cid", "Dan")]


ROW = st.tuples(st.integers(0, 3), st.integers(0, 1), st.integers(0, int(SPAN.total_seconds()) // 600),
                st.sampled_from([True, False, None]), st.integers(-500, 3000), st.integers(0, 3), st.booleans())
MOMENT = st.one_of(
    st.none(),
    st.integers(0, int(SPAN.total_seconds()) // 600).map(lambda tens: FIRST + timedelta(minutes=10 * tens)),
    st.integers(0, 4).map(lambda month: datetime(2026, 1 + month, 1, tzinfo=UTC)),  # a month's first moment
    st.integers(0, 119).map(lambda day: datetime(2026, 1, 1, tzinfo=MOSCOW) + timedelta(days=day)),  # a club's day
)


def _write(people, rows) -> None:
    clubs, players = people
    PlayerTotals.objects.all().delete()
    SeatRecord.objects.all().delete()
    SeatRecord.objects.bulk_create(
        SeatRecord(game_id=1000 + n, seat=1, player=players[player], club=clubs[club], role="civilian", team="red",
                   played_at=FIRST + timedelta(minutes=10 * tens), ruleset="pro-mafia-1.1", won=won,
                   points_milli=points, fouls_ordinary=fouls, shot_first_night=shot)
        for n, (player, club, tens, won, points, fouls, shot) in enumerate(rows))
    rows_totals_changed(SeatRecord.objects.all(), sign=1)  # as the store's writes keep the totals


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(ROW, max_size=25), start=MOMENT, end=MOMENT, club=st.sampled_from([None, 0, 1]))
def test_a_periods_sums_equal_its_rows_summed(people, rows, start, end, club):
    _write(people, rows)
    chosen = None if club is None else people[0][club]
    expected = {row["player_id"]: row for row in _row_sums(club=chosen, start=start, end=end)}
    for row in expected.values():
        for name in row:
            if name.startswith("total_"):
                row[name] = row[name] or 0
    assert period_sums(club=chosen, start=start, end=end) == expected


def test_the_leaderboard_of_a_period_ranks_the_periods_games(people):
    clubs, _players = people
    at = datetime(2026, 1, 31, 23, 30, tzinfo=UTC)  # the last half hour of January, then February
    tens = (at - FIRST) // timedelta(minutes=10)
    # Ann at 23:30 on 31 January, Bob at 00:30 and Cid at 01:30 on 1 February (Cid in the other club)
    _write(people, [(0, 0, tens, True, 1000, 0, False), (1, 0, tens + 6, True, 2500, 0, False),
                    (2, 1, tens + 12, False, 300, 0, False)])
    # Ann on 31 January (an end's rows), Bob and Cid in February (a whole month's totals)
    whole = leaderboard("points", start=datetime(2026, 1, 31, tzinfo=UTC), end=datetime(2026, 3, 1, tzinfo=UTC))
    assert [(row.place, row.nickname, row.points_milli) for row in whole] == [
        (1, "Bob", 2500), (2, "Ann", 1000), (3, "Cid", 300)]
    february = leaderboard("points", club=clubs[0], start=datetime(2026, 2, 1, tzinfo=UTC))
    assert [row.nickname for row in february] == ["Bob"]
    assert [row.nickname for row in leaderboard("win_rate", start=at, min_games=1)] == ["Ann", "Bob", "Cid"]


def _months() -> set[tuple]:
    return set(PlayerTotals.objects.filter(scope__in=[TotalsScope.MONTH, TotalsScope.CLUB_MONTH])
               .values_list("player_id", "scope", "scope_id", "games", "wins", "decided", "points_milli",
                            "fouls_ordinary", "shot_first_night"))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(ROW, min_size=1, max_size=25), leaving=st.integers(0, 24))
def test_the_months_kept_by_the_writes_equal_the_months_summed_again(people, rows, leaving):
    _write(people, rows)
    gone = SeatRecord.objects.order_by("pk")[leaving % len(rows):][:3]
    gone = SeatRecord.objects.filter(pk__in=[row.pk for row in gone])
    rows_totals_changed(gone, sign=-1)  # a game hidden again: its rows leave
    gone.delete()
    kept = _months()
    totals_rebuild()
    assert _months() == kept
    # the migration that first summed the months of the rows already in the store
    month_totals = import_module("records.migrations.0003_month_totals")
    PlayerTotals.objects.filter(scope__in=[TotalsScope.MONTH, TotalsScope.CLUB_MONTH]).delete()
    month_totals.sum_the_months(apps, None)
    assert _months() == kept
