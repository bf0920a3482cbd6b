"""player_totals: a player's stored rows summed by the database for any filter equal the records
engine's Totals summed by hand over the same seats' facts."""

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.models import Game
from records.engine import SUM_NAMES, Totals
from records.selectors import player_records, player_totals, rule_points_read, rule_points_summed
from tests.discipline.helpers import Cup, dd_game, red_disqualification_game
from tournaments.models import Application

from .kit import engine_facts, publish

pytestmark = pytest.mark.django_db
OCTOBER_FIRST = datetime(2026, 10, 1, 19, 0, tzinfo=ZoneInfo("UTC"))


@pytest.fixture
def league(cup, run):
    """The cup's ten players in four games: three Pro Mafia games of the cup (one played on
    1 October, one hidden again) and a fiim-2025 game of another club's cup. Each player keeps
    their seat. Returns the counted games with what the filters read of each."""
    other = Cup("fiim-2025")
    other.players = cup.players
    for player in cup.players:
        Application.objects.create(tournament=other.tournament, player=player, status=Application.Status.ACCEPTED)
    october = run(cup.play, full_pro_mafia_game())
    Game.objects.filter(pk=october.pk).update(played_at=OCTOBER_FIRST)
    counted = [run(cup.confirm, october), run(cup.confirm, run(cup.play, red_disqualification_game())),
               run(other.confirm, run(other.play, full_fiim_game()))]
    hidden = run(cup.confirm, run(cup.play, dd_game()))
    run(publish, cup, hidden, False)
    return cup, other, [(game, engine_facts(game)) for game in counted]


def _by_hand(games, seat: int, *, since=None, until=None, club=None, tournament=None, ruleset=None, role=None,
             team=None, at_seat=None) -> Totals:
    """The engine's Totals of the seat's facts in the games the filters keep."""
    kept = []
    for game, facts in games:
        day = game.played_at.date()
        one = facts[seat - 1]
        if ((since is None or day >= since) and (until is None or day <= until)
                and (club is None or game.club_id == club.pk)
                and (tournament is None or game.tournament_id == tournament.pk)
                and (ruleset is None or one.ruleset == ruleset) and (role is None or one.role == role)
                and (team is None or one.team == team) and (at_seat is None or one.seat == at_seat)):
            kept.append(one)
    return Totals.of_all(kept)


def test_the_totals_for_every_filter_equal_the_engines_summed_by_hand(league):
    cup, other, games = league
    filters = [
        {}, {"since": date(2026, 11, 1)}, {"until": date(2026, 10, 31)},
        {"since": date(2026, 10, 1), "until": date(2026, 10, 1)},
        {"club": cup.club}, {"club": other.club}, {"tournament": cup.tournament}, {"ruleset": "fiim-2025"},
        {"role": "civilian"}, {"role": "sheriff"}, {"role": "mafia"}, {"role": "don"},
        {"team": "red"}, {"team": "black"}, {"club": cup.club, "team": "red", "since": date(2026, 11, 1)},
    ]
    checked = 0
    for seat in range(1, 11):
        player = cup.player(seat)
        for given in filters:
            expected = _by_hand(games, seat, **given)
            assert player_totals(player, **given) == expected, (seat, given)
            checked += expected.games
        assert player_totals(player, seat=seat) == _by_hand(games, seat, at_seat=seat)
        assert player_totals(player, seat=seat % 10 + 1) == Totals()
    assert checked > 100  # the filters kept seats, not only empty totals


def test_a_players_totals_for_everything_and_what_they_count(league):
    cup, other, games = league
    # Seat 4: a civilian in all three counted games (the hidden fourth does not count).
    totals = player_totals(cup.player(4))
    assert (totals.games, totals.wins, totals.losses) == (3, 2, 1)
    # Red won both Pro Mafia games and lost the fiim-2025 one; shot on Night 1 of the first, the
    # First Color Will guessed two.
    assert (totals.shot_first_night, totals.first_night_wills, totals.guessed_two) == (1, 1, 1)
    assert totals == Totals.of_all(facts[3] for _game, facts in games)
    assert [row.game_id for row in player_records(cup.player(4))] == [
        game.pk for game, _facts in sorted(games, key=lambda pair: pair[0].played_at, reverse=True)]


def test_the_totals_are_one_aggregate_query_and_one_read_of_the_breakdowns(league, django_assert_num_queries):
    cup, _other, _games = league
    with django_assert_num_queries(2):
        player_totals(cup.player(7), role="sheriff", since=date(2026, 10, 1))


def test_the_databases_sums_of_the_breakdowns_equal_the_rows_read_one_by_one(league):
    # PostgreSQL sums the JSON lists itself; the embedded SQLite reads them (rule_points_read).
    cup, other, _games = league
    no_counts = dict.fromkeys(SUM_NAMES, 0)
    for player in cup.players:
        for given in ({}, {"club": other.club}, {"role": "civilian"}, {"seat": 99}):
            rows = player_records(player, **given).order_by()
            summed = Totals.from_sums(no_counts, rule_points_summed(rows)).rule_points
            assert summed == Totals.from_sums(no_counts, rule_points_read(rows)).rule_points
            assert len(summed) == len({entry.rule for entry in summed})  # one entry a rule
