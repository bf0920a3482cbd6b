"""The judge's day in Chromium: "My tables", a new game, the deal, and a whole game to the
submitted protocol, at a phone's size and a laptop's in English, and at the phone's size in
Russian (the same page in other words: the laptop in Russian would repeat both).

Every refusal a judge meets on the way is tried where it happens: the message shows next to the
control, inside the screen, announced (role=alert), worded in the page's language without the
engine's event numbers; the input stays as typed with the wrong field marked; nothing is saved.
So are the questions the page asks before it records (a vote nobody is marked in, moving on past a
due vote, a disqualification). Each screen goes through ``page_check`` (the tour's picture and
axe-core). Controls are found by forms and attributes, not words.
"""

from __future__ import annotations

import re

import pytest

from clubs.models import ClubMembership
from games import services
from games.engine.examples import full_pro_mafia_game
from games.models import Game
from tests.audiences.test_organizer import assert_fits_the_screen
from tests.browser_kit import NICKNAMES, ROLES, Table, log_in, page_check
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "judge-pass-1"
CYRILLIC = re.compile("[а-яА-Я]")


class Club:
    """A club with its ten players, a judge with an account, and two older tables of theirs: one
    in play and one submitted."""

    def __init__(self):
        self.club = ClubFactory(name="Red Square Mafia Club")
        membership = MembershipFactory(club=self.club, role=ClubMembership.Role.JUDGE, player__nickname="Judge Julia")
        self.judge = membership.player.user
        self.judge.set_password(PASSWORD)
        self.judge.save()
        self.players = [PlayerFactory(nickname=nickname, home_club=self.club) for nickname in NICKNAMES]
        self.open = self.game()
        self.submitted = self.game(finished=True)

    def game(self, *, finished=False) -> Game:
        game = services.game_create(club=self.club, actor=self.judge)
        scenario = full_pro_mafia_game()
        game = services.game_deal(game=game, players={seat: PlayerFactory() for seat in range(1, 11)},
                                  roles=scenario.roles, expected_version=0, actor=self.judge)
        if finished:
            game = services.protocol_replace(game=game, document={**game.protocol, "events": scenario.build()["events"]},
                                             expected_version=game.protocol_version, actor=self.judge)
            game = services.game_submit(game=game, expected_version=game.protocol_version, actor=self.judge)
        return game


def assert_in_view(page, locator, what) -> None:
    """Seen without scrolling: inside the viewport, both ways."""
    locator.wait_for()
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 80) <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (what, box, size)


class Refusals:
    """The page's refusals and questions, checked the same way everywhere."""

    def __init__(self, page, game, language):
        self.page, self.game, self.language = page, game, language
        self.table = Table(page)

    @property
    def message(self):
        return self.page.locator("#entry-refusal")

    def refused(self, action, what, *, form, field=None):
        """``action`` is refused: the message shows right after ``form``, in view, in the page's
        language, with the field marked; nothing is saved."""
        version = self.table.version
        action()
        self.page.wait_for_selector("#entry-refusal[data-placed]:not(.entry-question)")
        assert_in_view(self.page, self.message, what)
        assert self.message.get_attribute("role") == "alert"
        assert self.page.evaluate(
            "form => document.querySelector(form).nextElementSibling?.id === 'entry-refusal'", form), \
            f"{what}: the message is not next to its form"
        text = self.message.inner_text()
        assert "event " not in text and "`" not in text, f"{what}: the engine's own words: {text}"
        if self.language == "ru":
            assert CYRILLIC.search(text), f"{what}: not in Russian: {text}"
        if field:
            assert self.page.locator(f"{form} [name='{field}'][aria-invalid=true]").count() > 0, f"{what}: unmarked"
        assert self.table.version == version
        self.game.refresh_from_db()
        assert self.game.protocol_version == version, f"{what}: something was saved"
        return text

    def asked(self, action, what):
        """``action`` asks first: the question shows in view; nothing is saved yet."""
        version = self.table.version
        action()
        self.page.wait_for_selector("#entry-refusal[data-placed].entry-question")
        assert_in_view(self.page, self.message, what)
        self.game.refresh_from_db()
        assert self.game.protocol_version == version, f"{what}: saved before the answer"
        return self.message.inner_text()

    def go_back(self):
        self.page.locator("#entry-refusal .question-back").click()
        assert self.message.count() == 0

    def yes(self):
        self.table.saved(lambda: self.page.locator("#entry-refusal .confirm-yes").click())


def assert_keyboard_reaches(page, step, selectors) -> None:
    """Tab from the top reaches each of ``selectors``, and every stop on the way shows its focus
    (a tile: its drawn square)."""
    page.evaluate("""() => { const start = document.createElement('span'); start.tabIndex = -1;
      start.id = 'keyboard-start'; document.body.prepend(start); start.focus(); }""")
    wanted = {selector: False for selector in selectors}
    unseen = []
    for _ in range(120):
        page.keyboard.press("Tab")
        stop = page.evaluate("""(selectors) => { const e = document.activeElement;
          if (!e || e === document.body) return null;
          const drawn = e.matches('.tile input') ? e.nextElementSibling : e;
          const style = getComputedStyle(drawn);
          return {hits: selectors.filter(s => e.matches(s)), label: e.outerHTML.slice(0, 80),
                  ring: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' || style.boxShadow !== 'none'}; }""",
                             list(wanted))
        if stop is None:
            break
        for hit in stop["hits"]:
            wanted[hit] = True
        if not stop["ring"]:
            unseen.append(stop["label"])
        if all(wanted.values()):
            break
    page.evaluate("document.getElementById('keyboard-start').remove()")
    assert all(wanted.values()), f"{step}: the keyboard does not reach {[s for s, hit in wanted.items() if not hit]}"
    assert not unseen, f"{step}: no visible focus on {unseen[:5]}"


# Russian runs at the phone's size only: the laptop's page is the same in other words.
@pytest.mark.parametrize(("size", "language"), [("phone", "en"), ("laptop", "en"), ("phone", "ru")])
def test_the_judges_game(browser_context, live_server, size, language):
    base = live_server.url
    club = Club()
    page = browser_context.new_page()
    phone = size == "phone"

    def check(step):
        page_check(page, f"judge-{size}-{language}-{step}")
        assert_fits_the_screen(page, step)

    log_in(page, base, club.judge.username, PASSWORD)

    # My tables: the New game form first, then the tables open for entry before the submitted ones.
    page.goto(f"{base}/judge/")
    check("1-my-tables")
    assert_in_view(page, page.locator(".new-game-box > summary"), "the New game form")
    groups = page.locator(".table-group").evaluate_all("sections => sections.map(s => s.id)")
    assert groups == ["tables-open", "tables-submitted"], groups
    assert page.locator(f"#tables-open [data-game='{club.open.pk}']").is_visible()
    page.locator(".new-game-box > summary").click()
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_selector("form.deal")
    game = Game.objects.exclude(pk__in=[club.open.pk, club.submitted.pk]).get()
    refusals = Refusals(page, game, language)
    table = refusals.table

    # The deal: the grid fits and no row overlaps another. A typo at seat 3 is refused with all
    # twenty fields kept and seat 3 marked; corrected, the deal is saved.
    check("2-deal")
    rows = page.locator(".deal-row").evaluate_all("""rows => rows.map(r => {
      const b = r.getBoundingClientRect(); const inner = [...r.children].map(c => c.getBoundingClientRect());
      return [b.left, b.top, b.right, b.bottom, inner.every(c => c.left >= b.left - 1 && c.right <= b.right + 1)]; })""")
    assert all(row[4] for row in rows), "a deal row's field sticks out of its row"
    for i, one in enumerate(rows):
        for other in rows[i + 1:]:
            assert one[2] <= other[0] + 1 or other[2] <= one[0] + 1 or one[3] <= other[1] + 1 or other[3] <= one[1] + 1, \
                ("deal rows overlap", one, other)
    typed = {seat: ("Nobody" if seat == 3 else nickname) for seat, nickname in enumerate(NICKNAMES, start=1)}
    for seat, nickname in typed.items():
        page.fill(f"input[name=player_{seat}]", nickname)
        page.select_option(f"select[name=role_{seat}]", ROLES[seat])
    refusals.refused(lambda: page.locator("form.deal button[name=random][value='0']").click(), "a deal with a typo",
                     form="form.deal", field="player_3")
    for seat, nickname in typed.items():
        assert page.input_value(f"input[name=player_{seat}]") == nickname
        assert page.input_value(f"select[name=role_{seat}]") == ROLES[seat]
    page.fill("input[name=player_3]", NICKNAMES[2])
    table.saved(lambda: page.locator("form.deal button[name=random][value='0']").click())
    assert page.locator(".seat").count() == 10

    # Day 1 on a phone: the seats are a compact strip, the first control close below.
    if phone:
        height = page.locator(".seats").bounding_box()["height"]
        assert height < 300, f"the seat strip is {height} px tall"
    check("3-day")
    assert_keyboard_reaches(page, "3-day", ["form.nominate input[name=by]", "form.nominate button[type=submit]",
                                            ".foul-button", "button.next-phase", ".discipline > summary"])
    refusals.refused(lambda: table.press("form.nominate"), "a nomination with nobody picked",
                     form="form.nominate", field="by")
    table.nominate(1, 5)
    table.tap("form.nominate", "by", 2)
    table.tap("form.nominate", "target", 5)
    text = refusals.refused(lambda: table.press("form.nominate"), "seat 5 nominated twice",
                            form="form.nominate", field="target")
    assert "5" in text
    assert page.locator("form.nominate input[name=by][value='2']").is_checked()
    assert page.locator("form.nominate input[name=target][value='5']").is_checked()

    # The vote on a single candidate: every vote is theirs by rule, so it is recorded without a
    # question (issue 28; a vote on two nobody is marked in still asks: tests/games/test_entry_page.py);
    # then the day shows the tally.
    table.saved(lambda: table.press("form.vote"))
    assert_in_view(page, page.locator(".vote-tally"), "the round's tally")
    assert page.locator("form.nominate").count() == 0 and page.locator("form.vote").count() == 0
    table.no_will()
    table.next_phase("Night 1")

    # Night 1: nothing is preselected (an untouched row is refused); the checks do not offer
    # the checker's own seat.
    assert page.locator("form.stage-shot input:checked").count() == 0
    table.tap("form.stage-shot", "shot_9", 4)
    refusals.refused(lambda: table.press("form.stage-shot"), "a shot with a row untouched",
                     form="form.stage-shot", field="shot_2")
    assert page.locator("form.stage-shot input[name=shot_9][value='4']").is_checked()
    check("5-night")
    table.shot({2: 4})
    assert page.locator("form.stage-don_check input[name=target][value='2']").count() == 0
    table.check("don_check", 7)
    assert page.locator("form.stage-sheriff_check input[name=target][value='7']").count() == 0
    table.check("sheriff_check", 2)
    table.no_will()
    table.next_phase("Day 2")

    # Day 2: moving on with two nominees pending says so and asks (declined); then the vote.
    table.nominate(7, 2)
    table.nominate(1, 9)
    question = refusals.asked(lambda: page.locator("button.next-phase").click(), "moving on past the vote")
    assert "2" in question and "9" in question
    refusals.go_back()
    for voter in (1, 3, 6, 7, 8):
        table.tap("form.vote", "against_2", voter)
    table.saved(lambda: table.press("form.vote"))
    assert page.locator(".vote-tally li").count() == 1

    # Seat 2's Last Will Ordered, with tiles.
    page.locator(".will-more:has(form.kind-ordered) > summary").click()
    table.tap("form.kind-ordered", "target_1", 9)
    check("6-will")
    table.saved(lambda: table.press("form.kind-ordered"))

    # A disqualification asks first; declined, the form keeps the seat and the reason.
    page.locator(".discipline > summary").click()
    table.tap("form.discipline-form", "seat", 10)
    page.fill("form.discipline-form input[name=reason]", "a phone at the table")
    refusals.asked(lambda: page.locator("form.discipline-form button.danger").first.click(), "a disqualification")
    check("7-disqualify-question")
    refusals.go_back()
    assert page.locator("form.discipline-form input[name=seat][value='10']").is_checked()
    assert page.input_value("form.discipline-form input[name=reason]") == "a phone at the table"
    table.next_phase("Night 2")

    table.shot({9: 3})
    table.check("sheriff_check", 9)
    table.no_will()
    table.next_phase("Day 3")
    table.nominate(7, 9)
    table.vote()

    # The result: every player's "why" whole on the screen; then the judge submits.
    assert page.locator(".result .winner-red").count() == 1
    assert page.locator("table.scores tbody tr").count() == 10
    width = page.viewport_size["width"]
    clipped = page.locator("table.scores .items").evaluate_all(
        f"lists => lists.filter(l => l.getBoundingClientRect().right > {width} + 1).length")
    assert clipped == 0, "the result's why column is clipped"
    assert page.locator(".table-scroll").evaluate("s => s.scrollWidth <= s.clientWidth + 1")
    check("8-result")
    table.saved(lambda: page.locator("button.submit").click())
    game.refresh_from_db()
    assert (game.status, game.winner) == (Game.Status.FINISHED, "red") and game.submitted_at is not None
    check("9-submitted")
