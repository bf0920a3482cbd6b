"""The stored ratings stay a pure function of the confirmed, published games, however they are
recomputed."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.models import Game, GameSeat
from ratings import views
from ratings.models import PlayerRating, RatingEntry
from ratings.services import ratings_recompute
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

ROLES = ["civilian", "don", "civilian", "civilian", "mafia", "civilian", "sheriff", "civilian", "mafia", "civilian"]
START = timezone.now().replace(microsecond=0) - timedelta(days=30)


def confirmed_game(club, players, *, day: int, winner: str = "red", status=Game.Status.CONFIRMED,
                   published: bool = True) -> Game:
    """A game with its results published unless ``published=False`` (only those are rated)."""
    game = Game.objects.create(club=club, status=status, winner=winner, played_at=START + timedelta(days=day),
                               results_published=published)
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player, role=role)
        for seat, (player, role) in enumerate(zip(players, ROLES, strict=True), start=1)
    )
    return game


@pytest.fixture
def league():
    club = ClubFactory()
    players = [PlayerFactory() for _ in range(14)]
    games = [
        confirmed_game(club, players[(i % 5):(i % 5) + 10], day=i, winner="red" if i % 3 else "black")
        for i in range(8)
    ]
    return club, players, games


def snapshot():
    entries = list(RatingEntry.objects.order_by("game_id", "player_id").values_list(
        "game_id", "player_id", "track", "before", "after", "red_games", "black_games"))
    ratings = list(PlayerRating.objects.order_by("player_id").values_list("player_id", "overall", "red", "black", "games"))
    return entries, ratings


def test_full_rebuild_writes_ten_rows_per_confirmed_game_and_current_ratings(league):
    club, players, games = league
    summary = ratings_recompute()
    assert summary.games == 8 and summary.entries == 80
    assert RatingEntry.objects.count() == 80
    assert PlayerRating.objects.count() == 14
    total = sum(PlayerRating.objects.values_list("overall", flat=True))
    assert total == pytest.approx(14 * 1500)  # the engine is zero-sum


def test_recompute_is_idempotent(league):
    ratings_recompute()
    first = snapshot()
    ratings_recompute()
    assert snapshot() == first


def test_recompute_from_a_game_equals_a_full_rebuild(league):
    club, players, games = league
    ratings_recompute()
    # A protocol change in the middle: the winner of game 4 flips.
    Game.objects.filter(pk=games[4].pk).update(winner="black" if games[4].winner == "red" else "red")
    ratings_recompute(from_game_id=games[4].pk)
    partial = snapshot()
    ratings_recompute()
    assert snapshot() == partial


def test_an_annulled_game_leaves_the_history_and_later_games_shift(league):
    club, players, games = league
    ratings_recompute()
    Game.objects.filter(pk=games[2].pk).update(status=Game.Status.ANNULLED)
    ratings_recompute(from_game_id=games[2].pk)
    assert not RatingEntry.objects.filter(game=games[2]).exists()
    assert RatingEntry.objects.count() == 70
    partial = snapshot()
    ratings_recompute()
    assert snapshot() == partial


def test_a_player_whose_only_game_is_annulled_loses_the_rating():
    club = ClubFactory()
    players = [PlayerFactory() for _ in range(10)]
    game = confirmed_game(club, players, day=1)
    ratings_recompute()
    assert PlayerRating.objects.count() == 10
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ANNULLED)
    ratings_recompute(from_game_id=game.pk)
    assert PlayerRating.objects.count() == 0


def test_unconfirmed_unpublished_and_incomplete_games_are_not_rated():
    club = ClubFactory()
    players = [PlayerFactory() for _ in range(10)]
    confirmed_game(club, players, day=1, status=Game.Status.FINISHED)
    confirmed_game(club, players, day=3, published=False)  # a rating change would tell the teams
    incomplete = confirmed_game(club, players, day=2)
    GameSeat.objects.filter(game=incomplete, seat=3).update(role="")
    summary = ratings_recompute()
    assert summary.games == 0 and summary.skipped == [incomplete.pk]
    assert not RatingEntry.objects.exists()


def test_rebuild_ratings_command_reports_what_it_did(league, capsys):
    call_command("rebuild_ratings")
    out = capsys.readouterr()
    assert "Rated 8 games: 80 history rows for 14 players" in out.out
    assert "100%" in out.err


def test_leaderboard_and_player_pages(client, league, django_assert_max_num_queries):
    club, players, games = league
    ratings_recompute()
    with django_assert_max_num_queries(8):
        response = client.get(reverse("ratings:leaderboard"), {"track": "black", "min_games": 1})
    assert response.status_code == 200
    best = PlayerRating.objects.filter(black_games__gte=1).order_by("-black").first()
    assert best.player.nickname in response.content.decode()
    fragment = client.get(reverse("ratings:leaderboard"), {"track": "red"}, HTTP_HX_REQUEST="true")
    assert "<html" not in fragment.content.decode()
    page = client.get(reverse("ratings:player", kwargs={"pk": players[0].pk}))
    assert page.status_code == 200 and "class=\"rating-plot\"" in page.content.decode()
    profile = client.get(players[0].get_absolute_url())
    assert "class=\"rating-plot\"" in profile.content.decode()


def test_history_hides_games_whose_results_are_not_published(client, league):
    """A history row's colour and result would give a role away before the results are public.
    Only published games are rated; between a game's unpublishing and the recompute that takes it
    out, its rows are still stored, and the history hides them."""
    club, players, games = league
    ratings_recompute()
    Game.objects.filter(pk__in=[g.pk for g in games[3:]]).update(results_published=False)
    shown = [g for g in games[:3] if RatingEntry.objects.filter(game=g, player=players[4]).exists()]
    response = client.get(reverse("ratings:player", kwargs={"pk": players[4].pk}))
    assert len(response.context["history"]) == len(shown)
    assert response.context["hidden"] == RatingEntry.objects.filter(player=players[4]).count() - len(shown)
    organizer = UserFactory()
    MembershipFactory(club=club, player=PlayerFactory(user=organizer), role="organizer")
    client.force_login(organizer)
    response = client.get(reverse("ratings:player", kwargs={"pk": players[4].pk}))
    assert response.context["hidden"] == 0


def test_the_history_is_paginated_newest_first_and_the_chart_keeps_every_game(client, league, monkeypatch):
    """A regular's history ran to 24,700 px on a phone in one page: it is shown by pages of
    ``HISTORY_PER_PAGE`` (50), newest first; the chart draws the whole history."""
    club, players, games = league
    ratings_recompute()
    monkeypatch.setattr(views, "HISTORY_PER_PAGE", 3)
    url = reverse("ratings:player", kwargs={"pk": players[4].pk})
    entries = list(RatingEntry.objects.filter(player=players[4]).order_by("-rated_at", "-game_id"))
    assert len(entries) == 8
    first = client.get(url)
    assert [e.pk for e in first.context["history"]] == [e.pk for e in entries[:3]]
    assert len(first.context["chart"].markers) == 8
    html = first.content.decode()
    assert 'class="pager"' in html and "page=2" in html
    last = client.get(url, {"page": 3})
    assert [e.pk for e in last.context["history"]] == [e.pk for e in entries[6:]]
    assert client.get(url, {"page": "nonsense"}).status_code == 200


def test_the_history_ids_follow_on_after_a_rebuild_and_a_recompute_from_a_game(league):
    """The COPY gives the rows' ids (PostgreSQL): a rebuild from 1, a recompute from a game after
    the highest id kept; the sequence goes on after them, so a row written by the ORM fits."""
    club, players, games = league
    ratings_recompute()
    assert sorted(RatingEntry.objects.values_list("id", flat=True)) == list(range(1, 81))
    ratings_recompute(from_game_id=games[5].pk)  # the last three games' rows written again
    kept = RatingEntry.objects.filter(game__in=games[:5]).values_list("id", flat=True)
    assert sorted(kept) == list(range(1, 51))
    rewritten = RatingEntry.objects.filter(game__in=games[5:]).values_list("id", flat=True)
    assert sorted(rewritten) == list(range(51, 81))
    row = RatingEntry.objects.filter(game=games[7]).values().first()
    RatingEntry.objects.filter(pk=row.pop("id")).delete()
    assert RatingEntry.objects.create(**row).pk == 81
