import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from games.models import Game
from tournaments.standings import selectors
from tournaments.standings.compute import ScoreRow, compute_standings

from .factories import TournamentFactory, accepted_players, make_round, scored_game

D = Decimal


def row(pid, total, *, won=False, role="civilian", items=(), coefficient="1", game=1, final=False, nick=None):
    return ScoreRow(player_id=pid, nickname=nick or f"P{pid}", game_id=game, round_number=game, role=role,
                    won=won, total=D(str(total)), items=list(items), coefficient=D(coefficient), is_final=final)


def test_totals_wins_games_roles_extra_and_penalty():
    rows = [
        row(1, "1.5", won=True, role="sheriff", items=[{"points": 1.0, "rule": "a"}, {"points": 0.8, "rule": "b"},
                                                       {"points": -0.3, "rule": "foul"}], game=1),
        row(1, "0.4", role="mafia", items=[{"points": 0.4, "rule": "c"}], game=2),
        row(2, "-0.5", role="don", items=[{"points": -0.5, "rule": "foul"}], game=1),
    ]
    first, second = compute_standings(rows)
    assert (first.player_id, first.place, first.total, first.wins, first.games) == (1, 1, D("1.9"), 1, 2)
    assert first.by_role == {"sheriff": D("1.5"), "mafia": D("0.4")}
    assert first.extra == D("2.2") and first.penalty == D("-0.3")
    assert (second.total, second.penalty, second.extra, second.place) == (D("-0.5"), D("-0.5"), 0, 2)


def test_final_coefficient_and_organizer_win_points():
    rows = [
        row(1, "1", won=True, game=1),
        row(1, "2", won=True, coefficient="1.5", final=True, game=2, items=[{"points": 2}]),
        row(2, "3", won=False, game=1),
    ]
    plain = {s.player_id: s for s in compute_standings(rows)}
    assert plain[1].total == D("1") + D("2") * D("1.5")  # 4.0
    assert plain[1].extra == D("3.0") and plain[1].final_points == D("3.0")
    with_wins = {s.player_id: s for s in compute_standings(rows, win_points=D("0.5"))}
    # (1 + 0.5) × 1 + (2 + 0.5) × 1.5 = 5.25
    assert with_wins[1].total == D("5.25") and with_wins[1].win_points == D("1.25")
    assert with_wins[2].total == D("3")


def test_default_tie_break_is_total_then_wins_then_extra():
    rows = [
        row(1, "2", items=[{"points": 2}], nick="Anna"),
        row(2, "2", won=True, items=[{"points": 1}, {"points": 1}], nick="Boris"),
        row(3, "2", won=True, items=[{"points": 3}, {"points": -1}], nick="Clara"),
        row(4, "2", won=True, items=[{"points": 3}, {"points": -1}], nick="Dima"),
    ]
    ranked = compute_standings(rows)
    assert [s.nickname for s in ranked] == ["Clara", "Dima", "Boris", "Anna"]
    assert [s.place for s in ranked] == [1, 1, 3, 4]  # Clara and Dima level on every key share 1st


def test_the_organizer_chooses_the_tie_break_order():
    rows = [
        row(1, "2", won=True, items=[{"points": 2}, {"points": -0.5}, {"points": 0.5}], nick="Anna"),
        row(2, "2", items=[{"points": 2}], nick="Boris"),
    ]
    assert [s.nickname for s in compute_standings(rows, order=["total", "wins"])] == ["Anna", "Boris"]
    assert [s.nickname for s in compute_standings(rows, order=["total", "penalty"])] == ["Boris", "Anna"]
    assert [s.nickname for s in compute_standings(rows, order=["extra"])] == ["Anna", "Boris"]  # total first
    with pytest.raises(ValueError):
        compute_standings(rows, order=["total", "luck"])


def test_players_without_games_are_listed_with_zeros():
    ranked = compute_standings([row(1, "1")], players=[(1, "P1"), (5, "Zed")])
    assert [(s.player_id, s.total, s.games) for s in ranked] == [(1, D("1"), 1), (5, 0, 0)]


@pytest.mark.django_db
def test_the_selector_reads_confirmed_published_games_only_with_the_round_coefficient():
    tournament = TournamentFactory(tables=1, win_points=D("0.25"), tie_break_order=["wins"])
    players = accepted_players(tournament, 10)
    r1, final = make_round(tournament, 1), make_round(tournament, 2, is_final=True, coefficient="2.00")
    seats = [(p, "civilian", i < 7, D(i), [{"points": i}]) for i, p in enumerate(players)]
    scored_game(tournament, r1, 1, seats)
    scored_game(tournament, final, 1, seats)
    scored_game(tournament, make_round(tournament, 3), 1, seats, status=Game.Status.FINISHED)  # not confirmed
    scored_game(tournament, make_round(tournament, 4), 1, seats, published=False)  # results not published
    standings = selectors.tournament_standings(tournament)
    by_player = {s.player_id: s for s in standings}
    assert by_player[players[9].pk].total == D(9) + D(9) * 2 and by_player[players[9].pk].games == 2
    assert by_player[players[6].pk].total == (D(6) + D("0.25")) * 3
    assert standings[0].player_id == players[9].pk


@pytest.mark.django_db
def test_standings_csv_export(client):
    tournament = TournamentFactory(tables=1, publish_standings=True)
    players = accepted_players(tournament, 10)
    scored_game(tournament, make_round(tournament, 1), 1,
                [(p, "sheriff" if i == 0 else "civilian", i == 0, D(i) / 10, []) for i, p in enumerate(players)])
    response = client.get(reverse("tournaments:standings_csv", kwargs={"slug": tournament.slug}))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert lines[0][:5] == ["Place", "Player", "Total", "Wins", "Games"]
    assert lines[1][1] == players[9].nickname and lines[1][2] == "0.900"
    assert len(lines) == 11
