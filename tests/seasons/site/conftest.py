"""The seasons' fixtures: a club's hand-counted October, and the discipline tests' cup."""

from datetime import UTC, date, datetime

import pytest

from ratings.models import RatingEntry
from records.generation import store_changed
from seasons.models import ClubSeason
from tests.discipline.helpers import Cup
from tests.factories import ClubFactory, PlayerFactory
from tests.records.site.store_rows import counted_game, seat


@pytest.fixture(autouse=True)
def _a_new_generation():
    """The fixtures write rows straight into the records' store, not by its pipeline: a new
    generation, so no leaderboard kept by an earlier test is read (records/generation.py)."""
    store_changed()


@pytest.fixture
def cup(db):
    """A tournament with a judge, two organizers and ten players; confirmed games are published at once."""
    return Cup()


def utc(month, day, hour, minute=0):
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


def rated(player, game, before, after, at=None):
    return RatingEntry.objects.create(
        player=player, game=game, rated_at=at or game.played_at, track="red", won=after > before, expected=0.5,
        before=before, after=after, delta=after - before, overall_before=before, overall_after=after,
        red_rating=after, black_rating=1500, red_games=1, black_games=0)


@pytest.fixture
def october():
    """A Moscow club's October (1–15 October, Moscow time: 30 Sep 21:00 to 15 Oct 21:00 UTC).

    ====  ====================  =====  ============================================================
    game  when (UTC)            in?    seats (won, points) and overall rating before → after
    ====  ====================  =====  ============================================================
    s0    30 Sep 21:00          yes    Ann won 1.0 (1500 → 1510); Bob lost 0.2 (1500 → 1495)
          (1 Oct 00:00 MSK)
    s1    5 Oct 17:00           yes    Ann lost 0.4 (1510 → 1502); Bob won 1.5 (1495 → 1515.4);
                                       Cid won 0.9 (1600 → 1612.5)
    s2    15 Oct 20:59          yes    Cid won 1.1 (1612.5 → 1620); Bob lost 0 (1515.4 → 1512)
          (23:59 MSK)
    s3    15 Oct 21:00          no     Ann won 5.0 (1505 → 1530): 16 October in Moscow
    s4    30 Sep 20:59          no     Bob won 5.0: 30 September in Moscow
    x1    10 Oct, another club  no     Cid won 5.0; Ann's rating there 1502 → 1505 (counts: S6)
    h1    12 Oct, hidden        no     Cid +100 in the ratings' history of a hidden game (S7)
    ====  ====================  =====  ============================================================

    Ann: 2 games, 1 win, 1.4 points, rating +5 (10 − 8 + 3); Bob: 3 games, 1 win, 1.7 points,
    +12; Cid: 2 games, 2 wins, 2.0 points, +20."""
    club, other = ClubFactory(timezone="Europe/Moscow"), ClubFactory()
    ann, bob, cid = (PlayerFactory(nickname=name) for name in ("Ann", "Bob", "Cid"))
    s0, s1, s2 = counted_game(club, utc(9, 30, 21)), counted_game(club, utc(10, 5, 17)), counted_game(club, utc(10, 15, 20, 59))
    s3, s4, x1 = counted_game(club, utc(10, 15, 21)), counted_game(club, utc(9, 30, 20, 59)), counted_game(other, utc(10, 10, 12))
    h1 = counted_game(club, utc(10, 12, 12), published=False)
    seat(s0, ann, 1, won=True, points=1000), rated(ann, s0, 1500, 1510)
    seat(s0, bob, 2, won=False, points=200), rated(bob, s0, 1500, 1495)
    seat(s1, ann, 1, won=False, points=400), rated(ann, s1, 1510, 1502)
    seat(s1, bob, 2, won=True, points=1500), rated(bob, s1, 1495, 1515.4)
    seat(s1, cid, 3, won=True, points=900), rated(cid, s1, 1600, 1612.5)
    seat(s2, cid, 1, won=True, points=1100), rated(cid, s2, 1612.5, 1620)
    seat(s2, bob, 2, won=False, points=0), rated(bob, s2, 1515.4, 1512)
    seat(s3, ann, 1, won=True, points=5000), rated(ann, s3, 1505, 1530)
    seat(s4, bob, 1, won=True, points=5000), rated(bob, s4, 1400, 1500)
    seat(x1, cid, 1, won=True, points=5000), rated(ann, x1, 1502, 1505)
    rated(cid, h1, 1620, 1720)
    season = ClubSeason.objects.create(club=club, name="October", starts_on=date(2026, 10, 1),
                                       ends_on=date(2026, 10, 15))
    return season
