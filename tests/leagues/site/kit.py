"""A league, a series and finished tournaments whose stored standings are written by hand (the
pipeline's own path is tested in test_pipeline.py)."""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from clubs.models import ClubMembership
from leagues import services
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory
from tournaments.models import StandingsSnapshot, Tournament

SEASON = (date(2026, 1, 1), date(2026, 12, 31))
TABLE = [25_000, 18_000, 15_000, 12_000, 10_000]  # thousandths: 25 18 15 12 10


class League:
    """A league of its club's organizer, a points table (one version from 1 January) and a series."""

    def __init__(self, points=TABLE, **version):
        self.club = ClubFactory()
        self.organizer = MembershipFactory(club=self.club, role=ClubMembership.Role.ORGANIZER).player.user
        self.league = services.league_create(club=self.club, actor=self.organizer, name="Northern League")
        self.table = services.points_table_create(league=self.league, actor=self.organizer, name="Main",
                                                  effective_from=SEASON[0], points=points, **version)
        self.series = services.series_create(league=self.league, actor=self.organizer, name="Series 2026",
                                             starts_on=SEASON[0], ends_on=SEASON[1], points_table=self.table)

    def add(self, tournament):
        return services.series_tournament_add(series=self.series, actor=self.organizer, tournament=tournament)


def players(*nicknames):
    return [PlayerFactory(nickname=nickname) for nickname in nicknames]


def standings_row(player, place, games=5, total="10.000"):
    return {"player_id": player.pk, "nickname": player.nickname, "place": place, "wins": 1, "games": games,
            "by_role": {}, "total": total, "extra": "0", "penalty": "0", "win_points": "0", "final_points": "0"}


def tournament(name, ends_on, placed, *, published=True, finished=True, rating_tier="tournament", club=None):
    """A tournament (another club's by default) whose stored standings place ``placed``: a list of
    (player, place) or (player, place, games)."""
    club = club or ClubFactory()
    t = Tournament.objects.create(
        club=club, name=name, slug=name.lower().replace(" ", "-"), starts_on=ends_on, ends_on=ends_on,
        status=Tournament.Status.FINISHED if finished else Tournament.Status.RUNNING,
        publish_standings=published, rating_tier=rating_tier)
    store(t, placed)
    return t


def store(t, placed):
    """The pipeline's save of the stored standings (what ``standings_store`` does)."""
    rows = [standings_row(*entry) for entry in placed]
    StandingsSnapshot.objects.update_or_create(tournament=t, defaults={
        "rows": rows, "games": 1, "computed_at": timezone.now()})


def results(series):
    """{nickname: (place, points)} of the series' stored results, and the versions used."""
    return {r.player.nickname: (r.place, r.points)
            for r in services.SeriesResult.objects.filter(entry__series=series).select_related("player")}
