"""A whole game entered, confirmed and published in a real browser, on the embedded default."""

import pytest

from clubs.models import ClubMembership
from games.models import Game
from tests.browser_kit import (
    LAPTOP,
    NICKNAMES,
    PHONE,
    confirm_and_publish,
    enter_whole_game,
    log_in,
)
from tests.factories import MembershipFactory, PlayerFactory
from tests.games.factories import judged_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_game_entered_confirmed_and_published_in_a_browser(chromium, live_server):
    for nickname in NICKNAMES:
        PlayerFactory(nickname=nickname)
    game = judged_game()
    organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user
    organizer.set_password("organizer-pass-1")
    organizer.save()

    judge = chromium.new_context(**PHONE)  # the judge's phone at the table
    enter_whole_game(judge.new_page(), f"{live_server.url}/t/{game.judge_token}/")
    judge.close()
    office = chromium.new_context(**LAPTOP)
    page = office.new_page()
    log_in(page, live_server.url, organizer.username, "organizer-pass-1")
    confirm_and_publish(page, f"{live_server.url}/judge/games/{game.pk}/")
    office.close()

    game.refresh_from_db()
    assert (game.status, game.winner, game.results_published) == (Game.Status.CONFIRMED, "red", True)
    assert game.scores.count() == 10
