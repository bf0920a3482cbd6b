"""Leaderboards by statistic (docs/records.md, "Leaderboards", readings L1–L7): hand-counted
figures of four players over four games at two clubs, every statistic, every scope, the minimum
of games, the store's secrecy (a game hidden again leaves), and the page with its bad values."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from games.engine.examples import full_pro_mafia_game
from records.engine import win_rate_interval
from records.generation import store_changed, store_generation
from records.models import SeatRecord
from records.selectors import leaderboard
from tests.discipline.helpers import dd_game
from tests.factories import ClubFactory, PlayerFactory
from tests.foundation.test_raw_values import visible_text
from tournaments.models import Tournament

from .kit import publish
from .store_rows import counted_game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _a_new_generation():
    """The rows below are written straight into the store, not by its pipeline: a new generation,
    so no table kept by an earlier test is read (records/generation.py)."""
    store_changed()


def at(month, day, hour=19, minute=0):
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


@pytest.fixture
def board():
    """Four players (and a pending guest, and a seat of no registered player) in four games:

    ====  =======  ========  ====================================================================
    game  club     day       seats (won, points, facts)
    ====  =======  ========  ====================================================================
    g1    A        1 Oct     Ann won 1.0 shot N1, guessed 3, 1 foul; Bob won 0.5 guessed 2;
                             Cid lost −0.2, 2 fouls + 1 technical; Dan lost 0; Pen (pending)
                             won 3.0; a seat with no player won 2.0
    g2    A        15 Oct    Ann lost 0.3; Bob won 0.7 shot N1, guessed 2; Cid won 1.2
    g3    B        5 Nov     Ann won 0.5; Cid no winner 0; Dan won 2.5 shot N1, guessed 3
    g4    A (cup)  20 Nov    Bob lost 0.1; Dan lost 0.4
    ====  =======  ========  ====================================================================

    All time: Ann 3 games, 2 wins of 3 decided, 1.8 points; Bob 3, 2 of 3, 1.3; Cid 3, 1 of 2
    (one game without a winner), 1.0; Dan 3, 1 of 3, 2.9."""
    a, b = ClubFactory(), ClubFactory()
    cup = Tournament.objects.create(club=a, name="A Cup", slug="a-cup", starts_on=at(11, 20).date(),
                                    ends_on=at(11, 20).date())
    ann, bob, cid, dan = (PlayerFactory(nickname=name) for name in ("Ann", "Bob", "Cid", "Dan"))
    pen = PlayerFactory(nickname="Pen", is_pending=True)
    g1, g2, g3 = counted_game(a, at(10, 1)), counted_game(a, at(10, 15)), counted_game(b, at(11, 5))
    g4 = counted_game(a, at(11, 20), tournament=cup)
    seat(g1, ann, 1, won=True, points=1000, shot_first_night=True, guessed_three=True, fouls_ordinary=1)
    seat(g1, bob, 2, won=True, points=500, guessed_two=True)
    seat(g1, cid, 3, won=False, points=-200, fouls_ordinary=2, fouls_technical=1, team="black", role="mafia")
    seat(g1, dan, 4, won=False, points=0, team="black", role="don")
    seat(g1, pen, 5, won=True, points=3000)
    seat(g1, None, 6, won=True, points=2000)
    seat(g2, ann, 1, won=False, points=300, team="black", role="mafia")
    seat(g2, bob, 2, won=True, points=700, shot_first_night=True, guessed_two=True)
    seat(g2, cid, 3, won=True, points=1200)
    seat(g3, ann, 1, won=True, points=500)
    seat(g3, cid, 2, won=None, points=0)
    seat(g3, dan, 3, won=True, points=2500, shot_first_night=True, guessed_three=True)
    seat(g4, bob, 1, won=False, points=100)
    seat(g4, dan, 2, won=False, points=400)
    return {"a": a, "b": b, "cup": cup, "players": (ann, bob, cid, dan)}


def table(rows):
    return [(row.place, row.nickname, row.value) for row in rows]


def test_every_statistic_all_time_hand_counted(board):
    assert table(leaderboard("points", min_games=1)) == [(1, "Dan", 2.9), (2, "Ann", 1.8), (3, "Bob", 1.3),
                                                         (4, "Cid", 1.0)]
    # every player has 3 games: one place, by nickname
    assert table(leaderboard("games")) == [(1, "Ann", 3), (1, "Bob", 3), (1, "Cid", 3), (1, "Dan", 3)]
    assert table(leaderboard("wins")) == [(1, "Ann", 2), (1, "Bob", 2), (3, "Cid", 1), (3, "Dan", 1)]
    # wins over decided games: Cid's game without a winner is left out of his rate (1 of 2)
    rates = leaderboard("win_rate", min_games=1)
    assert [(row.place, row.nickname, row.key) for row in rates] == [
        (1, "Ann", Fraction(2, 3)), (1, "Bob", Fraction(2, 3)), (3, "Cid", Fraction(1, 2)), (4, "Dan", Fraction(1, 3))]
    assert rates[2].interval == win_rate_interval(1, 2) and rates[2].rate_shown == "50%"
    assert rates[2].interval_shown == "9–91%"
    means = leaderboard("mean", min_games=1)
    assert [(row.place, row.nickname, row.key) for row in means] == [
        (1, "Dan", Fraction(2900, 3)), (2, "Ann", Fraction(600)), (3, "Bob", Fraction(1300, 3)),
        (4, "Cid", Fraction(1000, 3))]
    assert means[1].value == 0.6
    assert table(leaderboard("shot_first_night")) == [(1, "Ann", 1), (1, "Bob", 1), (1, "Dan", 1), (4, "Cid", 0)]
    assert table(leaderboard("guessed_three")) == [(1, "Ann", 1), (1, "Dan", 1), (3, "Bob", 0), (3, "Cid", 0)]
    assert table(leaderboard("guessed_two")) == [(1, "Bob", 2), (2, "Ann", 0), (2, "Cid", 0), (2, "Dan", 0)]
    assert table(leaderboard("fouls")) == [(1, "Cid", 2), (2, "Ann", 1), (3, "Bob", 0), (3, "Dan", 0)]
    assert table(leaderboard("technical_fouls")) == [(1, "Cid", 1), (2, "Ann", 0), (2, "Bob", 0), (2, "Dan", 0)]


def test_a_club_a_period_and_tournaments(board):
    # Club A (g1, g2, g4): Ann 2 games 1.3, Bob 3 games 1.3 — tied, more games first; Cid 1.0; Dan 0.4
    assert table(leaderboard("points", club=board["a"])) == [(1, "Bob", 1.3), (1, "Ann", 1.3), (3, "Cid", 1.0),
                                                             (4, "Dan", 0.4)]
    # From 1 November (g3, g4), the end excluded: 20 November 19:00 is not before 20 November 19:00
    assert table(leaderboard("points", start=at(11, 1, 0))) == [(1, "Dan", 2.9), (2, "Ann", 0.5), (3, "Bob", 0.1),
                                                                (4, "Cid", 0.0)]
    assert table(leaderboard("points", start=at(11, 1, 0), end=at(11, 20))) == [
        (1, "Dan", 2.5), (2, "Ann", 0.5), (3, "Cid", 0.0)]
    # a series' tournaments (ids or objects)
    assert table(leaderboard("points", tournaments=[board["cup"].pk])) == [(1, "Dan", 0.4), (2, "Bob", 0.1)]
    assert table(leaderboard("points", tournaments=[board["cup"]], club=board["b"])) == []


def test_the_minimum_of_games_and_its_defaults(board):
    # club A: Bob alone has 3 games there
    assert table(leaderboard("wins", club=board["a"], min_games=3)) == [(1, "Bob", 2)]
    # a rate and a mean ask for 10 games when no minimum is given; the others for 1
    assert leaderboard("win_rate") == [] and leaderboard("mean") == []
    assert len(leaderboard("points")) == 4
    # a minimum of 0 is 1: a player without a game in the scope is never listed
    assert [row.nickname for row in leaderboard("points", club=board["b"], min_games=0)] == ["Dan", "Ann", "Cid"]


def test_pending_players_and_seats_without_a_player_are_never_listed(board):
    names = {row.nickname for row in leaderboard("points", limit=1000)}
    assert names == {"Ann", "Bob", "Cid", "Dan"}


def test_the_limit_keeps_the_places(board):
    assert table(leaderboard("wins", limit=3)) == [(1, "Ann", 2), (1, "Bob", 2), (3, "Cid", 1)]


def test_an_unknown_statistic_is_refused(board):
    with pytest.raises(ValueError):
        leaderboard("charisma")


def test_one_aggregate_query(board, django_assert_num_queries):
    with django_assert_num_queries(1):
        leaderboard("win_rate", club=board["a"], min_games=1)
    # a period: its whole months' totals, and the rows of its two ends in one more (L8)
    with django_assert_num_queries(2):
        leaderboard("win_rate", club=board["a"], start=at(9, 1), end=at(12, 1), min_games=1)


def test_a_game_hidden_again_leaves_every_leaderboard(cup, run):
    """Real games through the services: the full Pro Mafia game (seat 4, a civilian shot on Night 1
    whose will guessed two blacks; seat 3: three fouls and a technical one) and a DD game; hiding
    the full game again takes its figures out (the store's rows go)."""
    full = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    run(cup.confirm, run(cup.play, dd_game()))
    four, three = cup.player(4).nickname, cup.player(3).nickname
    assert [(row.nickname, row.value) for row in leaderboard("guessed_two")][:1] == [(four, 1)]
    fouls = {row.nickname: (row.place, row.value) for row in leaderboard("fouls")}
    assert fouls[three] == (1, 3)
    assert {row.nickname: row.games for row in leaderboard("games")}[four] == 2
    run(publish, cup, full, False)
    assert not SeatRecord.objects.filter(game=full).exists()
    assert [row.value for row in leaderboard("guessed_two")] == [0] * 10
    assert {row.nickname: row.value for row in leaderboard("fouls")}[three] == 0
    assert {row.nickname: row.games for row in leaderboard("games")}[four] == 1


# --- the page ------------------------------------------------------------------------------------


def page(client, query="", **headers):
    response = client.get(f"{reverse('records:leaderboards')}?{query}", **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_the_places_and_links_each_player_to_their_record(client, board):
    html = page(client)  # points, all time, the default minimum (1)
    text = visible_text(html)
    assert "1 Dan 3 2.90 2 Ann 3 1.80 3 Bob 3 1.30 4 Cid 3 1.00" in text
    for player in board["players"]:
        assert reverse("records:player", args=[player.pk]) in html
    assert "Pen" not in text


def test_the_win_rate_shows_its_interval_and_the_scope_narrows(client, board):
    text = visible_text(page(client, f"statistic=win_rate&club={board['a'].slug}&min_games=2"))
    # club A: Ann 1 of 2, Bob 2 of 3, Cid 1 of 2, Dan 0 of 2
    assert "1 Bob 3 67% 21–94% 2 Ann 2 50% 9–91% 2 Cid 2 50% 9–91% 4 Dan 2 0% 0–66%" in text
    text = visible_text(page(client, "statistic=points&since=2026-11-01&until=2026-11-05"))
    assert "1 Dan 1 2.50 2 Ann 1 0.50 3 Cid 1 0.00" in text and "Bob" not in text


def test_bad_values_are_reported_and_filter_nothing(client, board):
    html = page(client, "statistic=charisma&club=nowhere&min_games=-1&since=2026-12-01&until=2026-11-01")
    text = visible_text(html)
    assert "These filters were not applied" in text
    for label in ("Statistic:", "Club:", "At least … games:", "To:"):
        assert label in text, label
    # the defaults: points, all clubs, all time, at least one game
    assert "1 Dan 3 2.90 2 Ann 3 1.80 3 Bob 3 1.30 4 Cid 3 1.00" in text
    text = visible_text(page(client, "statistic=points&min_games=abc&since=yesterday"))
    assert "At least … games:" in text and "From:" in text and "1 Dan 3 2.90" in text


def test_htmx_gets_the_table_alone_and_russian_reads(client, board):
    html = page(client, "statistic=fouls", HTTP_HX_REQUEST="true")
    assert "<form" not in html and "1 Cid 3 2" in visible_text(html)
    text = visible_text(page(client, "statistic=wins", HTTP_ACCEPT_LANGUAGE="ru"))
    assert "Победы" in text and "1 Ann 3 2 1 Bob 3 2" in text
    # a rate's interval column too (a percent sign in the template's string: looked up doubled)
    text = visible_text(page(client, "statistic=win_rate&min_games=1", HTTP_ACCEPT_LANGUAGE="ru"))
    assert "Доля побед" in text and "Интервал 95%" in text and "interval" not in text


def test_the_filters_fold_counts_the_filters_applied_and_htmx_redraws_it(client, board):
    """As the record page's: the summary says how many filters apply (the statistic is the
    table's title, not a filter); a refused value applies nothing and is not counted."""
    html = page(client, f"statistic=wins&club={board['a'].slug}&since=2026-10-01&min_games=abc")
    assert re.search(r'<details class="card filters-fold" open data-fold-on-phone>\s*'
                     r'<summary>Filters<span id="filters-applied"> · 2 applied</span></summary>', html)
    assert "hx-swap-oob" not in html
    html = page(client, "min_games=2", HTTP_HX_REQUEST="true")
    assert '<span id="filters-applied" hx-swap-oob="true"> · 1 applied</span>' in html
    html = page(client, "statistic=fouls", HTTP_HX_REQUEST="true")
    assert '<span id="filters-applied" hx-swap-oob="true"></span>' in html


def test_the_pages_table_is_kept_until_the_pipeline_changes_the_store(client, cup, run):
    """The page reads the table kept for the store's generation (records/generation.py): a row
    changed behind the pipeline's back is not seen, and the pipeline's next write is."""
    full = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    four = cup.player(4).nickname
    assert f"1 {four} 1 1" in visible_text(page(client, "statistic=guessed_two"))
    SeatRecord.objects.filter(game=full).update(guessed_two=False)
    assert f"1 {four} 1 1" in visible_text(page(client, "statistic=guessed_two"))
    before = store_generation()
    run(publish, cup, full, False)  # the pipeline deletes the game's rows: a new generation
    assert store_generation() != before
    assert "No player has enough published games here." in visible_text(page(client, "statistic=guessed_two"))


def test_a_clubs_period_is_of_its_days(client, board):
    """Club B in Vladivostok (UTC+10): g3, 5 November 19:00 UTC, is 6 November there."""
    Club = type(board["b"])
    Club.objects.filter(pk=board["b"].pk).update(timezone="Asia/Vladivostok")
    club = board["b"].slug
    assert "No player has enough" in visible_text(page(client, f"club={club}&since=2026-11-05&until=2026-11-05"))
    assert "1 Dan 1 2.50" in visible_text(page(client, f"club={club}&since=2026-11-06&until=2026-11-06"))
