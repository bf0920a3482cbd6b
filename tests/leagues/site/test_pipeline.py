"""The whole path: games confirmed and published → the pipeline stores the tournament's standings →
the series' results follow; a game hidden again leaves them (docs/leagues.md, "Secrecy")."""

from __future__ import annotations

import pytest

from games.engine.examples import full_pro_mafia_game
from games.services import game_publish_results
from leagues import selectors
from leagues.models import SeriesResult
from tests.discipline.helpers import Cup
from tournaments.models import Tournament
from tournaments.standings.selectors import tournament_standings

from .kit import League

pytestmark = pytest.mark.django_db


def test_the_series_counts_the_published_games_of_a_finished_tournament(run):
    league = League()
    cup = Cup()
    game = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    cup.tournament.status = Tournament.Status.FINISHED
    cup.tournament.publish_standings = True
    run(cup.tournament.save)
    run(league.add, cup.tournament)

    standings = tournament_standings(cup.tournament)
    stored = {r.player_id: r.place for r in SeriesResult.objects.all()}
    assert stored == {s.player_id: s.place for s in standings if s.games}
    assert len(stored) == 10
    assert [s.player_id for s in selectors.series_standings(league.series)][:1] == [standings[0].player_id]

    run(game_publish_results, game=game, actor=cup.organizer, published=False)
    assert not SeriesResult.objects.exists()
    assert selectors.series_standings(league.series) == []
