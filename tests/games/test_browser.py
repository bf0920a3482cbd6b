"""The entry page in a real browser: a whole game from the deal to the score, and a conflict.

Set ENTRY_SCREENSHOTS=/some/dir to keep screenshots of the page at a few moments.
"""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import ClubMembership
from games.engine.examples import full_pro_mafia_game
from games.models import Game
from scoring.models import SeatScore
from tests.browser_kit import (
    LAPTOP,
    NICKNAMES,
    PHONE,
    ROLES,
    Table,
    confirm_and_publish,
    enter_whole_game,
    log_in,
    snapshot,
)
from tests.factories import MembershipFactory, PlayerFactory

from .driving import Judge
from .factories import GameFactory, dealt_game, judged_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def players():
    return [PlayerFactory(nickname=nickname) for nickname in NICKNAMES]


def test_a_whole_game_entered_confirmed_and_published(chromium, live_server, players):
    """The judge enters a whole game through the private link on a tablet, an organizer confirms
    and publishes it, and an anonymous visitor then sees the roles and scores."""
    game = judged_game()
    organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user
    organizer.set_password("organizer-pass-1")
    organizer.save()

    judge = chromium.new_context(**LAPTOP)
    enter_whole_game(judge.new_page(), f"{live_server.url}/t/{game.judge_token}/")
    game.refresh_from_db()
    assert (game.status, game.winner, game.end) == (Game.Status.FINISHED, "red", "all_black_out")
    assert game.submitted_at is not None
    assert SeatScore.objects.filter(game=game).count() == 10
    judge.close()

    office = chromium.new_context(**LAPTOP)
    page = office.new_page()
    log_in(page, live_server.url, organizer.username, "organizer-pass-1")
    confirm_and_publish(page, f"{live_server.url}/judge/games/{game.pk}/")
    game.refresh_from_db()
    assert (game.status, game.results_published, game.confirmed_by) == (Game.Status.CONFIRMED, True, organizer)
    office.close()

    guest = chromium.new_context(**PHONE)
    page = guest.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "the city wins" in page.locator(".game-result").inner_text()
    assert page.locator("td[data-label='Role']").all_inner_texts().count("Sheriff") == 1
    snapshot(page, "public-game-phone")
    guest.close()


def test_two_devices_on_one_table_cannot_overwrite_each_other(chromium, live_server, players):
    from games.services import game_deal

    game = judged_game()
    game = game_deal(game=game, players=dict(enumerate(players, start=1)), roles=ROLES, expected_version=0,
                     actor=game.judge.user)
    url = f"{live_server.url}/t/{game.judge_token}/"
    tablet = chromium.new_context(**LAPTOP)
    phone = chromium.new_context(**PHONE)
    tablet_page, phone_page = tablet.new_page(), phone.new_page()
    tablet_page.goto(url)
    phone_page.goto(url)

    Table(tablet_page).nominate(1, 5)  # the tablet saves version 2

    # The phone still shows version 1: its nomination is refused with the current table.
    phone_table = Table(phone_page)
    phone_table.tap("form.nominate", "by", 3)
    phone_table.tap("form.nominate", "target", 8)
    phone_table.press("form.nominate", "Nominate")
    phone_page.wait_for_selector(".entry-error.conflict")
    snapshot(phone_page, "5-conflict-phone")
    assert "Someone else changed this table" in phone_page.locator(".entry-error").inner_text()
    assert phone_page.locator(".voting-list .chip[data-candidate='5']").count() == 1  # the tablet's work
    assert phone_page.locator("#entry").get_attribute("data-version") == "2"

    game.refresh_from_db()
    assert game.protocol_version == 2
    assert game.protocol["events"] == [{"type": "nominate", "day": 1, "by": 1, "target": 5}]

    # Now up to date, the phone's next action is accepted.
    phone_table.nominate(3, 8)
    game.refresh_from_db()
    assert [event["target"] for event in game.protocol["events"]] == [5, 8]
    tablet.close()
    phone.close()


def _marker(page, selector):
    return page.eval_on_selector(selector, "s => getComputedStyle(s, '::before').content")


def test_every_fold_on_the_entry_page_shows_whether_it_is_open(chromium, live_server):
    """Issue 28: the folded sections looked inert. Each summary shows ▸ closed and ▾ open."""
    game = dealt_game()
    Judge(Client(), game).post("foul", {"seat": 4})  # so the recorded events show
    page = chromium.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    folds = page.locator(".entry details > summary")
    assert folds.count() >= 2
    for selector in (".entry details.discipline > summary", ".entry details.log > summary"):
        assert _marker(page, selector) == '"▸"'
        page.click(selector)
        assert _marker(page, selector) == '"▾"'
    for index in range(folds.count()):
        assert _marker(page, f":nth-match(.entry details > summary, {index + 1})") in ('"▸"', '"▾"')


def test_a_first_color_tap_is_taken_back_on_a_phone(chromium, live_server):
    """Issue 28: a wrong colour tile had no way back but a reload. Each seat's row has "—" (not
    declared, the default); tapping it takes a colour back, and the will records only the rest."""
    scenario = full_pro_mafia_game()
    game = dealt_game(roles=scenario.roles, ruleset=scenario.ruleset)
    events = scenario.build()["events"]
    judge = Judge(Client(), game)
    for event in events[:next(i for i, e in enumerate(events) if e["type"] == "will")]:
        judge.enter(event)
    page = chromium.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    page.click("details.will-more:has(form.kind-first_color) > summary")
    form = page.locator("form.kind-first_color")
    assert form.locator("input[name=color_5][value='']").is_checked()  # "—" before any tap
    form.locator("label.tile.black:has(input[name=color_5])").click()
    form.locator("label.tile.red:has(input[name=color_8])").click()
    form.locator("label.tile.undeclared:has(input[name=color_8])").click()  # the wrong tap, taken back
    assert not form.locator("input[name=color_8][value=red]").is_checked()
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f'#entry[data-version="{judge.version + 1}"]')
    game.refresh_from_db()
    will = game.protocol["events"][-1]
    assert will["type"] == "will" and will["declarations"] == {"5": "black"}


def test_my_tables_fold_the_earlier_tables_on_a_phone(chromium, live_server):
    """Issue 28: 23 old tables made "My tables" 3,879 px tall at 390 px. Today's table and "New
    game" stay on top; confirmed tables of earlier days are folded by day."""
    today = judged_game()
    judge = today.judge
    judge.user.set_password("judge-pass-1")
    judge.user.save()
    now = timezone.now()
    old = [GameFactory(club=today.club, judge=judge, status=Game.Status.CONFIRMED,
                       played_at=now - timedelta(days=1 + n // 3)) for n in range(23)]
    page = chromium.new_context(**PHONE).new_page()
    log_in(page, live_server.url, judge.user.username, "judge-pass-1")
    page.goto(f"{live_server.url}/judge/")
    new_game = page.locator(".new-game-box > summary").bounding_box()
    assert new_game["y"] + new_game["height"] < PHONE["viewport"]["height"]
    assert page.locator(f'#tables-open [data-game="{today.pk}"]').is_visible()
    assert not page.locator(f'[data-game="{old[0].pk}"]').is_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 1400, height
    page.click("#tables-earlier > summary")
    assert page.locator(f'[data-game="{old[0].pk}"]').is_visible()
    assert page.locator("#tables-earlier .table-day").count() == 8
