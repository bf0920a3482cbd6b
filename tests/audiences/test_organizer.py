"""The organizer's day in Chromium, at a phone's size and a laptop's, in English and in Russian:
the queue, applications accepted and rejected, the seating generated and published, the judges'
links handed out (seen whole, its QR code, copied), a submitted protocol confirmed and published,
a protocol of their own that someone else must confirm, and a DD case decided.

The world is built through the services (the judge's protocols too); the browser does only what
the organizer does. Each distinct screen goes through ``page_check`` (the tour's picture, axe-core).
The steps find controls by their forms and attributes, not their words: the same test reads both
languages.
"""

from __future__ import annotations

import pytest

from clubs.models import ClubMembership
from discipline.models import DisciplineCase
from games import services
from games.engine.examples import full_pro_mafia_game
from games.models import Game
from tests.browser_kit import Table, follow, log_in, page_check
from tests.discipline.helpers import dd_game
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    UserPlayerFactory,
)
from tests.tournaments.factories import ApplicationFactory, TournamentFactory, accepted_players
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organizer-pass-1"
# The entry page's seat grid is the judge's screen, checked by the judges' path; the organizer's
# steps there check the rest of the page (the result, the confirmation workflow).
ENTRY_TABLE = (".seats",)


class Day:
    """A club's tournament on the day: nine players accepted, two applications waiting, a judge,
    and the organizer — a superuser who organizes the club, as the demo's organizer."""

    def __init__(self):
        self.club = ClubFactory(name="Red Square Mafia Club")
        self.organizer = UserFactory(username="oleg", is_superuser=True, is_staff=True)
        self.organizer.set_password(PASSWORD)
        self.organizer.save()
        ClubMembership.objects.create(club=self.club, role=ClubMembership.Role.ORGANIZER, player=PlayerFactory(
            nickname="Organizer Oleg", user=self.organizer, home_club=self.club))
        self.judge = MembershipFactory(club=self.club, role=ClubMembership.Role.JUDGE,
                                       player__nickname="Judge Julia").player
        self.tournament = TournamentFactory(club=self.club, name="Red Square Cup", tables=1, qualifying_rounds=2,
                                            status=Tournament.Status.REGISTRATION_OPEN)
        accepted_players(self.tournament, 9)
        self.newcomer = ApplicationFactory(tournament=self.tournament, player=UserPlayerFactory(nickname="Vera"))
        self.latecomer = ApplicationFactory(tournament=self.tournament, player=UserPlayerFactory(nickname="Boris"))

    def judge_enters(self, game: Game, scenario) -> Game:
        """The table's judge deals the seating's players, enters the whole game and submits it."""
        judge = self.judge.user
        document = scenario.build()
        roles = {seat["seat"]: seat["role"] for seat in document["seats"]}
        game = services.game_deal(game=game, players=services.seated_players(game), roles=roles,
                                  expected_version=game.protocol_version, actor=judge)
        game = services.protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                         expected_version=game.protocol_version, actor=judge)
        return services.game_submit(game=game, expected_version=game.protocol_version, actor=judge)

    def organizers_own_game(self) -> Game:
        """A standalone game the organizer judged himself and submitted."""
        game = services.game_create(club=self.club, actor=self.organizer)
        scenario = full_pro_mafia_game()
        game = services.game_deal(game=game, players={seat: PlayerFactory() for seat in range(1, 11)},
                                  roles=scenario.roles, expected_version=0, actor=self.organizer)
        game = services.protocol_replace(game=game, document={**game.protocol, "events": scenario.build()["events"]},
                                         expected_version=game.protocol_version, actor=self.organizer)
        return services.game_submit(game=game, expected_version=game.protocol_version, actor=self.organizer)


def assert_on_screen(page, locator) -> None:
    """The control is inside the viewport's width: reachable without scrolling sideways."""
    box = locator.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)


# The elements that stick out of the screen's width (outside the scrolling regions meant for it).
STICKING_OUT = """width => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > width + 1 && !e.closest('.table-scroll'))
  .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className)"""


def assert_fits_the_screen(page, step) -> None:
    """Nothing makes the page wider than the screen (a phone would zoom the whole page out)."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (
        f"{step}: wider than the screen: {page.evaluate(STICKING_OUT, width)}")


# Every control a visitor can see, numbered (a radio group is one stop: its checked radio).
CONTROLS = """() => [...document.querySelectorAll(
    "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary, "
    + "[tabindex='0']")]
  .filter(e => (e.matches('.nav-toggle') ? e.nextElementSibling : e).checkVisibility({visibilityProperty: true}))
  .filter(e => !(e.type === 'radio' && !e.checked))
  .map((e, i) => { e.dataset.control = i; return e.tagName.toLowerCase() + (e.name ? '[name=' + e.name + ']' : '')
    + ' ' + (e.getAttribute('aria-label') || e.textContent.trim()).slice(0, 40); })"""
FOCUSED = """() => { const e = document.activeElement;
  const style = getComputedStyle(e.matches('.nav-toggle') ? e.nextElementSibling : e);  // the menu's label shows it
  return [e.dataset.control ?? null, style.outlineStyle !== 'none' && style.outlineWidth !== '0px'
    || style.boxShadow !== 'none']; }"""


def assert_keyboard_reaches_every_control(page, step) -> None:
    """Tab from the top of the page reaches every visible control, each showing where the focus is."""
    controls = page.evaluate(CONTROLS)
    # Start from the top of the page, whatever was clicked last (a script-only focus stop, first).
    page.evaluate("""() => { const start = document.createElement('span'); start.tabIndex = -1;
      start.id = 'keyboard-start'; document.body.prepend(start); start.focus(); }""")
    reached, unseen = set(), []
    for _ in range(len(controls) + 5):
        page.keyboard.press("Tab")
        control, ring = page.evaluate(FOCUSED)
        if control is None or control in reached:
            break
        reached.add(control)
        if not ring:
            unseen.append(controls[int(control)])
    page.evaluate("document.getElementById('keyboard-start').remove()")
    missed = [name for number, name in enumerate(controls) if str(number) not in reached]
    assert not missed, f"{step}: the keyboard does not reach {missed}"
    assert not unseen, f"{step}: no visible focus on {unseen}"


def test_the_organizers_day(browser_context, live_server, size, language):
    base = live_server.url
    day = Day()
    browser_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = browser_context.new_page()

    def check(step, exclude=()):
        page_check(page, f"organizer-{size}-{language}-{step}", exclude=exclude)
        assert_fits_the_screen(page, step)

    log_in(page, base, "oleg", PASSWORD)

    # The queue: two applications wait; the count is in the navigation bar.
    page.goto(f"{base}/organize/")
    assert page.locator("a.role-organizer .nav-count").first.inner_text().startswith("2")
    check("1-queue")
    assert_keyboard_reaches_every_control(page, "1-queue")
    page.locator("#queue a[href*='/applications/']").click()

    # The pending ones: accept one, reject the other — the buttons are on the screen at either size.
    # A decided application leaves the pending list.
    check("2-pending")
    assert_keyboard_reaches_every_control(page, "2-pending")
    for application, decision in ((day.newcomer, "accepted"), (day.latecomer, "rejected")):
        button = page.locator(f"#application-{application.pk} form:has(input[value={decision}]) button")
        assert_on_screen(page, button)
        button.click()
        page.wait_for_function(f"() => !document.querySelector('#application-{application.pk}.t-app-pending')")
        application.refresh_from_db()
        assert application.status == decision
    page.locator(".t-filters a[href='?']").click()
    page.wait_for_selector(f"#application-{day.latecomer.pk}.t-app-rejected")
    check("3-applications")

    # Seat: generate, give the table its judge, publish.
    page.goto(f"{base}/organize/tournaments/{day.tournament.slug}/seating/")
    page.fill("input[name=seed]", "7")
    page.locator("form[action$='/seating/generate/'] button").click()
    page.wait_for_selector("select[name=table_1]")
    page.select_option("select[name=table_1]", str(day.judge.pk))
    follow(page, page.locator("form[action$='/seating/judges/'] button"))
    follow(page, page.locator("form[action$='/seating/publish/'] button"))
    rounds = list(Game.objects.filter(tournament=day.tournament).order_by("round__number"))
    assert len(rounds) == 2 and {game.judge_id for game in rounds} == {day.judge.pk}
    assert page.locator(f"[data-judge-link='{rounds[0].pk}']").count() == 1  # the round in play's link
    check("4-seating")
    assert_keyboard_reaches_every_control(page, "4-seating")
    # The tournament's page has every round's links too.
    follow(page, page.locator(".t-tabs a").first)
    assert page.locator(f"#judge-links [data-judge-link='{rounds[0].pk}']").count() == 1
    check("4-tournament")

    # Hand out the link from the queue's tables in play: the whole address, its QR code, copied.
    page.goto(f"{base}/organize/")
    panel = page.locator(f"#tables [data-judge-link='{rounds[0].pk}']")
    field = panel.locator("textarea[data-link-url]")
    url = f"{base}/t/{rounds[0].judge_token}/"
    assert field.input_value() == url
    assert field.evaluate("f => f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight + 1"), \
        "the address does not show whole"
    panel.locator(".judge-link-qr summary").click()
    assert panel.locator("svg.qr").is_visible()
    copy = panel.locator("button[data-copy]")
    assert_on_screen(page, copy)
    copy.click()
    page.wait_for_function("b => b.textContent === b.dataset.copied", arg=copy.element_handle())
    assert page.evaluate("navigator.clipboard.readText()") == url
    check("5-links")
    assert_keyboard_reaches_every_control(page, "5-links")

    # The judge enters both rounds and submits them; the second has a DD, which opens a case.
    first = day.judge_enters(rounds[0], full_pro_mafia_game())
    second = day.judge_enters(rounds[1], dd_game())
    dd_case = DisciplineCase.objects.get(game=second, kind=DisciplineCase.Kind.DD)
    page.goto(f"{base}/organize/")
    for game in (first, second):
        assert page.locator(f"#queue [data-game='{game.pk}']").count() == 1
    check("6-to-confirm")

    # The first protocol: an Undo would make him an author, and he is asked first (he declines).
    page.locator(f"#queue [data-game='{first.pk}'] a").click()
    table = Table(page)
    version = table.version
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator("button.undo").click()
    page.wait_for_timeout(200)
    assert asked and table.version == version
    check("7-protocol", exclude=ENTRY_TABLE)
    table.saved(lambda: page.locator("button.confirm").click())
    page.locator(f"form[action$='/{first.pk}/publish/'] button").click()
    page.wait_for_selector(f"form[action$='/{first.pk}/unpublish/']")
    check("8-confirmed", exclude=ENTRY_TABLE)
    first.refresh_from_db()
    assert (first.status, first.confirmed_by, first.results_published) == (
        Game.Status.CONFIRMED, day.organizer, True)

    # A protocol he entered himself: where Confirm would be, why not and what to do.
    own = day.organizers_own_game()
    page.goto(f"{base}/judge/games/{own.pk}/")
    assert page.locator(".confirm-refusal").is_visible() and page.locator("button.confirm").count() == 0
    check("9-own-protocol", exclude=ENTRY_TABLE)

    # The DD case, from the queue: decided.
    page.goto(f"{base}/organize/")
    page.locator(f"#queue a[href$='/organize/discipline/{dd_case.pk}/']").click()
    check("10-case")
    assert_keyboard_reaches_every_control(page, "10-case")
    page.check("input[name=decision][value=dd_to_disqualification]")
    page.fill("textarea[name=reason]", "A phone at the table is a technical matter here.")
    follow(page, page.locator(f"form[action$='/{dd_case.pk}/decide/'] button"))
    dd_case.refresh_from_db()
    assert dd_case.decision == DisciplineCase.Decision.DD_TO_DISQUALIFICATION
    check("11-case-decided")
