"""The entry page in a real browser: a whole game from the deal to the score, and a conflict.

Set ENTRY_SCREENSHOTS=/some/dir to keep screenshots of the page at a few moments.
"""

import os

import pytest

from games.models import Game
from scoring.models import SeatScore
from tests.factories import PlayerFactory

from .factories import judged_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NICKNAMES = ["Arkady", "Boris", "Vera", "Galina", "Dmitry", "Elena", "Zhenya", "Igor", "Katya", "Lev"]
ROLES = {1: "civilian", 2: "don", 3: "civilian", 4: "civilian", 5: "mafia",
         6: "civilian", 7: "sheriff", 8: "civilian", 9: "mafia", 10: "civilian"}


def snapshot(page, name):
    folder = os.environ.get("ENTRY_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


class Table:
    """The judge's tablet: taps tiles and buttons, and waits for each saved version."""

    def __init__(self, page):
        self.page = page

    @property
    def version(self) -> int:
        return int(self.page.locator("#entry").get_attribute("data-version"))

    def saved(self, action):
        """Do something that saves exactly one version, and wait for the table to show it."""
        before = self.version
        action()
        self.page.wait_for_selector(f'#entry[data-version="{before + 1}"]')
        error = self.page.locator(".entry-error")
        assert error.count() == 0, error.inner_text()

    def tap(self, form, name, value):
        self.page.locator(f"{form} input[name='{name}'][value='{value}'] + span").first.click()

    def press(self, form, text):
        self.page.locator(form).get_by_role("button", name=text).first.click()

    def nominate(self, by, target):
        self.tap("form.nominate", "by", by)
        self.tap("form.nominate", "target", target)
        self.saved(lambda: self.press("form.nominate", "Nominate"))

    def vote(self, against=None):
        for candidate, voters in (against or {}).items():
            for voter in voters:
                self.tap("form.vote", f"against_{candidate}", voter)
        self.saved(lambda: self.press("form.vote", "Record the vote"))

    def no_will(self):
        self.saved(lambda: self.page.locator("form.will-kind.kind-none button").first.click())

    def next_phase(self, label):
        button = self.page.locator("button.next-phase")
        assert label in button.inner_text()
        self.saved(button.click)
        assert self.page.locator(".phase").inner_text() == label

    def shot(self, shown):
        for black, number in shown.items():
            self.tap("form.stage-shot", f"shot_{black}", number)
        self.saved(lambda: self.press("form.stage-shot", "Record"))

    def check(self, stage, target):
        self.tap(f"form.stage-{stage}", "target", target)
        self.saved(lambda: self.press(f"form.stage-{stage}", "Record"))


@pytest.fixture
def players():
    return [PlayerFactory(nickname=nickname) for nickname in NICKNAMES]


def test_a_whole_game_from_the_deal_to_the_score(chromium, live_server, players):
    game = judged_game()
    context = chromium.new_context(viewport={"width": 1024, "height": 768})  # a tablet
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    table = Table(page)

    # The deal: nicknames found by search, roles from the physical cards.
    for seat, nickname in enumerate(NICKNAMES, start=1):
        page.fill(f"input[name=player_{seat}]", nickname[:3].lower())
        page.wait_for_selector(f"#player-options option[value='{nickname}']", state="attached")
        page.fill(f"input[name=player_{seat}]", nickname)
        page.select_option(f"select[name=role_{seat}]", ROLES[seat])
    snapshot(page, "1-deal")
    table.saved(lambda: page.get_by_role("button", name="Deal with these cards").click())
    assert page.locator(".phase").inner_text() == "Day 1"
    assert page.locator(".seat").count() == 10

    # Day 1: a single nomination is voted on; the first out leaves no will.
    table.nominate(1, 5)
    table.saved(lambda: page.locator(".seat[data-seat='3'] .foul-button").click())  # a foul at any moment
    assert page.locator(".seat[data-seat='3'] .fouls").get_attribute("data-fouls") == "1"
    table.vote()
    table.no_will()
    table.next_phase("Night 1")

    # Night 1: both living blacks show 4; then the checks, with the answers for the judge.
    table.shot({2: 4, 9: 4})
    table.check("don_check", 7)
    assert "Don checked seat 7: the Sheriff." in page.locator(".panel.night").inner_text()
    table.check("sheriff_check", 2)
    assert "Sheriff checked seat 2: black." in page.locator(".panel.night").inner_text()
    table.no_will()
    table.next_phase("Day 2")

    # Day 2: two candidates; the missing votes are shown against the last one before saving.
    table.nominate(7, 2)
    table.nominate(1, 9)
    for voter in (1, 3, 6, 7, 8):
        table.tap("form.vote", "against_2", voter)
    assert page.locator(".vote-last .rest").inner_text().startswith("3 — 2 9 10")
    snapshot(page, "2-vote")
    table.saved(lambda: table.press("form.vote", "Record the vote"))
    table.no_will()

    # A mistaken tap is undone.
    table.saved(lambda: page.locator(".seat[data-seat='10'] .foul-button").click())
    table.saved(lambda: page.locator("button.undo").click())
    assert page.locator(".seat[data-seat='10'] .fouls").get_attribute("data-fouls") == "0"
    table.next_phase("Night 2")

    snapshot(page, "3-night")
    table.shot({9: 3})
    table.check("sheriff_check", 9)
    table.no_will()

    # The page survives a reload exactly where it was.
    page.reload()
    assert page.locator(".phase").inner_text() == "Night 2"
    table.next_phase("Day 3")
    table.nominate(7, 9)
    table.vote()

    # The end: the winner and every player's score with its items, then the judge submits.
    assert "Red wins" in page.locator(".winner").inner_text()
    snapshot(page, "4-result")
    assert page.locator("table.scores tbody tr").count() == 10
    assert page.locator("table.scores .items li").count() > 0
    table.saved(lambda: page.get_by_role("button", name="Submit the protocol").click())
    assert "waiting for an organizer" in page.locator(".workflow").inner_text()

    game.refresh_from_db()
    assert (game.status, game.winner, game.end) == (Game.Status.FINISHED, "red", "all_black_out")
    assert game.submitted_at is not None
    assert SeatScore.objects.filter(game=game).count() == 10
    context.close()


def test_two_devices_on_one_table_cannot_overwrite_each_other(chromium, live_server, players):
    from games.services import game_deal

    game = judged_game()
    game = game_deal(game=game, players=dict(enumerate(players, start=1)), roles=ROLES, expected_version=0,
                     actor=game.judge.user)
    url = f"{live_server.url}/t/{game.judge_token}/"
    tablet = chromium.new_context(viewport={"width": 1024, "height": 768})
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
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
