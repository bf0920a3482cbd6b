"""A club season's games and standings (docs/seasons.md, readings S1–S9): hand-counted rows of
the records' store and the ratings' history, the club's time zone, each measure, the minimum of
games, and real games through the services (a game hidden again leaves the standings)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from clubs.models import Player
from games.engine.examples import full_pro_mafia_game
from ratings.models import RatingEntry
from records.models import SeatRecord
from seasons import selectors
from seasons.models import ClubSeason
from tests.discipline.helpers import dd_game
from tests.factories import PlayerFactory
from tests.records.site.kit import publish
from tests.records.site.store_rows import counted_game, seat

pytestmark = pytest.mark.django_db


def utc(month, day, hour, minute=0):
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


def standings(season, **changes):
    ClubSeason.objects.filter(pk=season.pk).update(**changes)
    season.refresh_from_db()
    return [(s.place, s.entry.nickname, s.entry.games, s.entry.wins, s.entry.points_milli) for s in
            selectors.season_standings(season)]


def test_the_season_is_the_clubs_days_in_its_time_zone(october):
    start, end = october.bounds()
    assert (start, end) == (utc(9, 30, 21), utc(10, 15, 21))
    assert {row.game.played_at for row in selectors.season_seats(october).select_related("game")} == {
        utc(9, 30, 21), utc(10, 5, 17), utc(10, 15, 20, 59)}


def test_points_summed(october):
    assert standings(october, measure="points") == [(1, "Cid", 2, 2, 2000), (2, "Bob", 3, 1, 1700),
                                                    (3, "Ann", 2, 1, 1400)]


def test_points_per_game_with_a_minimum(october):
    # Cid 1.0, Ann 0.7, Bob 0.567 a game
    assert [row[:2] for row in standings(october, measure="mean", min_games=2)] == [(1, "Cid"), (2, "Ann"), (3, "Bob")]
    # at least 3 games: Bob alone is placed, the others listed below without a place
    assert [row[:2] for row in standings(october, measure="mean", min_games=3)] == [(1, "Bob"), (None, "Cid"),
                                                                                    (None, "Ann")]


def test_rating_change_over_the_season(october):
    october.measure = "rating"
    players = {player.nickname: player.pk for player in Player.objects.all()}
    changes = selectors.rating_changes(october, list(players.values()))
    assert {nickname: changes.get(pk) for nickname, pk in players.items()} == pytest.approx(
        {"Ann": 5.0, "Bob": 12.0, "Cid": 20.0})
    table = selectors.season_standings(october)
    assert [(s.place, s.entry.nickname, s.entry.rating_shown) for s in table] == [
        (1, "Cid", 20), (2, "Bob", 12), (3, "Ann", 5)]


def test_a_game_hidden_from_the_store_leaves_the_standings(october):
    # the store keeps the published games only: its pipeline deletes a hidden game's rows
    SeatRecord.objects.filter(played_at=utc(10, 5, 17)).delete()
    assert standings(october, measure="points") == [(1, "Cid", 1, 1, 1100), (2, "Ann", 1, 1, 1000),
                                                    (3, "Bob", 2, 0, 200)]


def test_a_pending_player_is_not_listed(october):
    guest = PlayerFactory(nickname="Guest", is_pending=True)
    seat(counted_game(october.club, utc(10, 3, 12)), guest, 1, won=True, points=9000)
    assert "Guest" not in [row[1] for row in standings(october)]


def test_the_season_leaderboard_is_the_leaderboard_in_its_scope(october):
    rows = selectors.season_leaderboard(october, "wins")
    assert [(row.place, row.nickname, row.value) for row in rows] == [(1, "Cid", 2), (2, "Bob", 1), (2, "Ann", 1)]


def test_real_games_and_a_game_hidden_again(cup, run):
    """The full Pro Mafia game (seat 4: won, 1.00 point) and a DD game (seat 3, the offender's
    team loses) through the services; hiding the full game takes it out of the standings and of
    the rating change."""
    full = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    run(cup.confirm, run(cup.play, dd_game()))
    today = timezone.localdate()
    season = ClubSeason.objects.create(club=cup.club, name="Now", starts_on=today - timedelta(days=1),
                                       ends_on=today + timedelta(days=1), measure="rating")
    four = cup.player(4)
    entries = list(RatingEntry.objects.filter(player=four))
    assert len(entries) == 2
    in_dd = SeatRecord.objects.exclude(game=full).get(player=four)
    table = {s.entry.player_id: s.entry for s in selectors.season_standings(season)}
    assert (table[four.pk].games, table[four.pk].wins, table[four.pk].points_milli) == (
        2, 1, 1000 + in_dd.points_milli)
    assert table[four.pk].rating_change == pytest.approx(sum(e.overall_after - e.overall_before for e in entries))
    assert table[four.pk].rating_change == pytest.approx(entries[-1].overall_after - entries[0].overall_before)
    run(publish, cup, full, False)
    table = {s.entry.player_id: s.entry for s in selectors.season_standings(season)}
    assert (table[four.pk].games, table[four.pk].wins, table[four.pk].points_milli) == (1, 0, in_dd.points_milli)
    kept = RatingEntry.objects.get(player=four)
    assert table[four.pk].rating_change == pytest.approx(kept.overall_after - kept.overall_before)
