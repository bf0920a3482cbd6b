"""Issue 29: "The demo data holds a season, a series of three tournaments and players with a few
hundred games, so `make run` shows every page filled." The demo's history (records/demo.py), its
past tournaments (tournaments/demo_past.py), its league (leagues/demo.py) and the club's seasons
(seasons/demo.py), as ``seed_demo`` makes them (docs/records.md, "The demo's history")."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db.models import Count, Q, Sum

from clubs.models import Player
from games.models import Game
from leagues import selectors
from leagues.models import Series
from records.models import SeatRecord
from scoring.models import SeatScore
from scoring.services import game_scores_recompute
from seasons.models import ClubSeason
from seasons.selectors import season_standings
from tournaments.demo_past import PAST_TOURNAMENTS
from vocabulary import ROLES

pytestmark = pytest.mark.django_db

COUNTED = ("games", "tournaments", "scoring", "ratings", "records", "leagues", "seasons", "core", "clubs")


def _rows() -> dict[str, int]:
    return {model._meta.label: model._base_manager.count() for model in apps.get_models()
            if model._meta.app_label in COUNTED}


def test_the_demo_fills_the_records_and_a_series_of_three_tournaments_once(run):
    out = io.StringIO()
    run(call_command, "seed_demo", stdout=out)
    printed = out.getvalue()

    arkady = Player.objects.get(nickname="Arkady")
    mine = SeatRecord.objects.filter(player=arkady)
    assert 150 <= mine.count() <= 300
    assert f"/players/{arkady.pk}/record/" in printed
    # Most of the thirty players have 150–300 published games.
    per_player = SeatRecord.objects.values("player").annotate(n=Count("id")).values_list("n", flat=True)
    assert sum(150 <= n <= 300 for n in per_player) >= 25
    # Every row is a published, confirmed game's (the store's rule), and every such game has its rows.
    assert not SeatRecord.objects.exclude(game__status=Game.Status.CONFIRMED, game__results_published=True).exists()
    assert SeatRecord.objects.values("game").distinct().count() == Game.objects.filter(
        status=Game.Status.CONFIRMED, results_published=True).count()
    # Varied: every role, every seat, wins and losses, fouls, first-night shots and wills.
    assert set(mine.values_list("role", flat=True)) == set(ROLES)
    assert set(mine.values_list("seat", flat=True)) == set(range(1, 11))
    assert set(mine.values_list("won", flat=True)) == {True, False}
    facts = SeatRecord.objects.aggregate(fouls=Sum("fouls_ordinary"), shot=Count("id", filter=Q(shot_first_night=True)),
                                         will=Count("id", filter=Q(first_night_will=True)),
                                         three=Count("id", filter=Q(guessed_three=True)),
                                         two=Count("id", filter=Q(guessed_two=True)))
    assert all(facts.values()), facts  # the simulator's will_skill: some wills guess two or three blacks
    # The bulk-loaded scores are the ones the pipeline stores.
    game = Game.objects.filter(evening__title="Club evening").order_by("pk").first()
    stored = list(SeatScore.objects.filter(game=game).values_list("seat", "player_id", "role", "won", "total"))
    game_scores_recompute(game_id=game.pk)
    assert list(SeatScore.objects.filter(game=game).values_list("seat", "player_id", "role", "won", "total")) == stored

    series = Series.objects.get(slug="red-square-open")
    assert series.get_absolute_url() in printed
    entries = list(series.entries.select_related("tournament", "version").order_by("tournament__ends_on"))
    assert [e.tournament.slug for e in entries] == [slug for slug, _name, _days in PAST_TOURNAMENTS]
    assert all(e.results.exists() for e in entries)
    # The table's two versions: the older for the first two tournaments, the newer for the third.
    assert entries[0].version == entries[1].version != entries[2].version
    standings = selectors.series_standings(series)
    assert standings and standings[0].place == 1
    assert max(len(s.results) for s in standings) == 3

    # The club's two seasons over the history, each with players placed in its standings.
    seasons = list(ClubSeason.objects.order_by("starts_on"))
    assert [season.name for season in seasons] == ["Previous season", "Current season"]
    assert seasons[-1].get_absolute_url() in printed
    assert all(len(season_standings(season).placed) >= 10 for season in seasons)

    before = _rows()
    run(call_command, "seed_demo", stdout=io.StringIO())
    assert _rows() == before

