"""The record page's online games (docs/records.md, "Online games"): the player's online games
over whose roles are public (online.core.visibility's one rule: the game is over and its post-game
review is published), newest first, each with its date, kind, role and result, linking to the
game; paginated apart from the seated games. A running game, or one over whose review is not
published, shows nothing at all; an auto-judged table (its owner's alone) never shows."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from clubs.models import Player
from online.core.visibility import review_open, review_open_q
from online.forum import services
from online.models import Game, GameEvent, JudgedTable, Setup, Slot
from records.selectors import online_game_rows, player_online_games
from tests.factories import UserFactory, UserPlayerFactory
from tests.foundation.test_raw_values import visible_text
from tests.online.factories import START, a_game

pytestmark = pytest.mark.django_db
ROLE_WORDS = ("Mafia Goon", "Townie")


@pytest.fixture
def forum():
    """A forum game, running: slots 1 and 2 the Mafia, 3 to 7 Town; the players of slots 1 and 3
    are listed players with these accounts."""
    game, users, moderator = a_game("mafia_goon", "mafia_goon", "townie", "townie", "townie", "townie", "townie",
                                    day_start=True)
    mafia = Player.objects.create(nickname="Online Mafia", user=users[0])
    town = Player.objects.create(nickname="Online Town", user=users[2])
    return game, mafia, town


def online_section(client, player, query="", **headers) -> str:
    response = client.get(f"{reverse('records:player', args=[player.pk])}?{query}", **headers)
    assert response.status_code == 200
    html = response.content.decode()
    return html[html.index('id="online-games"'):]


def end(game: Game) -> Game:
    services.slot_modkill(game=game, number=1, note="Gone", now=START + timedelta(minutes=3))
    services.slot_modkill(game=game, number=2, note="Gone", now=START + timedelta(minutes=4))
    return Game.objects.get(pk=game.pk)


def test_a_running_game_and_a_game_over_before_its_review_show_nothing(client, forum):
    game, mafia, town = forum
    for player in (mafia, town):
        section = online_section(client, player)
        assert "No online games with public roles." in section and game.get_absolute_url() not in section
        assert not any(word in visible_text(section) for word in ROLE_WORDS)
    game = end(game)
    assert game.is_over and not review_open(game)
    for player in (mafia, town):
        section = online_section(client, player)
        assert "No online games with public roles." in section and game.get_absolute_url() not in section
        assert not any(word in visible_text(section) for word in ROLE_WORDS)


def test_a_published_review_lists_the_game_with_its_role_and_result(client, forum):
    game, mafia, town = forum
    game = services.review_publish(game=end(game), now=START + timedelta(minutes=5))
    section = online_section(client, mafia)
    assert f'href="{game.get_absolute_url()}"' in section
    text = visible_text(section)
    assert f"{game.title} Forum game Mafia Goon lost" in text and "Townie" not in text
    assert "Townie won" in visible_text(online_section(client, town))
    # the date is the game's end, in the game's time zone
    assert "Mon 3 Mar 2025" in visible_text(online_section(client, town))


def test_the_list_reads_the_one_rule(forum):
    """The filter and the per-game rule agree, game by game, through the game's life."""
    game, mafia, _town = forum

    def agree():
        game_now = Game.objects.get(pk=game.pk)
        assert Game.objects.filter(review_open_q(), pk=game.pk).exists() == review_open(game_now)
        assert player_online_games(mafia).exists() == review_open(game_now)

    agree()
    end(game)
    agree()
    services.review_publish(game=Game.objects.get(pk=game.pk), now=START + timedelta(minutes=5))
    agree()


def test_someone_elses_game_a_player_without_an_account_and_a_judged_table(client, forum):
    game, _mafia, _town = forum
    services.review_publish(game=end(game), now=START + timedelta(minutes=5))
    stranger = UserPlayerFactory()
    JudgedTable.objects.create(token="own-table", seed="own-table", seat=3, user=stranger.user, winner="red")
    assert not player_online_games(stranger).exists()
    assert "No online games with public roles." in online_section(client, stranger)
    assert not player_online_games(Player.objects.create(nickname="No Account")).exists()


def ended_game(user, number: int, *, role: str, winners: list[int], ruleset: str = "forum", minutes: int = 0,
               published: bool = True) -> Game:
    """A finished online game written directly (its end event as the engine writes it)."""
    setup = Setup.objects.create(name=f"S{Setup.objects.count()}", slug=f"s-{Setup.objects.count()}",
                                 data={"ruleset": ruleset, "roles": []})
    game = Game.objects.create(slug=f"g-{setup.slug}", title=f"Game {setup.slug}", setup=setup, moderator=UserFactory(),
                               seed="x", status=Game.Status.FINISHED, finished_at=START + timedelta(minutes=minutes),
                               review_published_at=START + timedelta(minutes=minutes) if published else None)
    Slot.objects.create(game=game, number=number, user=user, name="P")
    GameEvent.objects.create(game=game, index=0, type="game_ended", data={
        "type": "game_ended", "winner": "town" if winners else None, "winners": winners, "reason": "x",
        "roles": {str(number): {"role": role, "side": "x"}}})
    return game


def test_the_newest_first_and_paginated_by_25_apart_from_the_seated_games(client):
    player = UserPlayerFactory()
    made = [ended_game(player.user, 2, role="townie", winners=[2], minutes=n) for n in range(26)]
    ended_game(player.user, 2, role="cop", winners=[2], minutes=99, published=False)
    first = online_section(client, player, "role=red")
    links = re.findall(r'href="(/online/[^"]+/)"', first)
    assert links == [game.get_absolute_url() for game in reversed(made[1:])]
    assert "page 1 of 2" in first and "role=red&amp;online_page=2" in first
    second = online_section(client, player, "role=red&online_page=2")
    assert re.findall(r'href="(/online/[^"]+/)"', second) == [made[0].get_absolute_url()]
    assert "Cop" not in visible_text(first + second)


def test_a_mafia_1923_event_links_to_its_page_and_names_its_role(client):
    player = UserPlayerFactory()
    event = ended_game(player.user, 5, role="doctor", winners=[1, 2], ruleset="mafia1923")
    nobody = ended_game(player.user, 3, role="townie", winners=[], minutes=1)
    rows = online_game_rows(player_online_games(player))
    assert [(row.game, row.won, row.mafia1923) for row in rows] == [(nobody, None, False), (event, False, True)]
    assert rows[1].url == reverse("m1923:event", kwargs={"slug": event.slug}) and rows[1].role_name == "Doctor"
    text = visible_text(online_section(client, player))
    assert "Mafia 1923 Doctor lost" in text and "Forum game Townie no winner" in text


def test_the_online_games_in_russian(client):
    player = UserPlayerFactory()
    ended_game(player.user, 2, role="townie", winners=[2])
    text = visible_text(online_section(client, player, HTTP_ACCEPT_LANGUAGE="ru"))
    assert "Онлайн-игры" in text and "Игра на форуме" in text and "победа" in text
