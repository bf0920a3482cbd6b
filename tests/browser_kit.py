"""Driving the site in Debian's Chromium: shared by the full suite (PostgreSQL) and the smoke suite
on the embedded default (SQLite), so a whole game is entered, confirmed and published the same
way on both databases.

Set SCREENSHOTS=/some/dir to keep a full-page picture at each ``snapshot``.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1024, "height": 768}}

NICKNAMES = ["Arkady", "Boris", "Vera", "Galina", "Dmitry", "Elena", "Zhenya", "Igor", "Katya", "Lev"]
ROLES = {1: "civilian", 2: "don", 3: "civilian", 4: "civilian", 5: "mafia",
         6: "civilian", 7: "sheriff", 8: "civilian", 9: "mafia", 10: "civilian"}


@contextlib.contextmanager
def launched_chromium():
    """Debian's Chromium driven by Playwright (its own browser download does not work here).

    Playwright's sync API runs an event loop in the test's thread; Django's ORM would otherwise
    refuse to run there ("You cannot call this from an async context")."""
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_violations(page, *, impacts=SERIOUS, exclude=()) -> list[dict]:
    """axe-core's violations on the page as it is now (the vendored copy: no CDN), those of the
    given impacts only: each {"id", "impact", "help", "targets"}. ``exclude``: CSS selectors of
    parts of the page another path's test checks."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async (exclude) => await axe.run({exclude: exclude.map(s => [s])}, "
                           "{resultTypes: ['violations']})", list(exclude))
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"],
         "targets": [", ".join(node["target"]) for node in v["nodes"]][:5]}
        for v in result["violations"] if v["impact"] in impacts
    ]


def page_check(page, name: str, *, exclude=()) -> None:
    """Every page an audience's path reaches: its picture for the screenshot tour (when SCREENSHOTS
    is set) and no serious or critical accessibility violation (outside ``exclude``)."""
    snapshot(page, name)
    violations = axe_violations(page, exclude=exclude)
    assert not violations, f"{name}: {violations}"


def snapshot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS") or os.environ.get("ENTRY_SCREENSHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def host_clock_tap(page, selector: str) -> None:
    """A clock tap in host mode (start, pause, reset) and the server's answer to it. The page runs
    the clock at the tap (static/js/host.js) and the server keeps the real time: a test that moves
    the page's fake clock waits for the server to have the tap first."""
    with page.expect_response(lambda answer: answer.url.endswith("/host/") and answer.request.method == "POST"):
        page.locator(selector).click()
    # and for the page to have read the answer (data-awaiting goes when it has): a clock moved before
    # that would race the page's own comparison of the two clocks
    page.locator("#host:not([data-awaiting])").wait_for(state="attached")


def follow(page, control) -> None:
    """Clicks a link or a form's button that leads to another page, and waits for that page. A
    click returns once the browser has taken it; on a busy machine the next page may not have begun
    to load, and what is read next would be read off the old one (two CI failures)."""
    with page.expect_navigation():
        control.click()


def log_in(page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    follow(page, page.locator("form").get_by_role("button").last)
    assert "/accounts/login/" not in page.url, "the log-in was refused"


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

    def press(self, form, text=None):
        """The form's button (by its words, or its first submit button: any language)."""
        buttons = self.page.locator(form)
        button = buttons.get_by_role("button", name=text) if text else buttons.locator("button[type=submit]")
        button.first.click()

    def answer_yes(self, action):
        """Do something the page asks about first: the question shows, then "yes" saves."""
        action()
        self.page.wait_for_selector("#entry-refusal[data-placed].entry-question")
        self.saved(lambda: self.page.locator("#entry-refusal .confirm-yes").click())

    def nominate(self, by, target):
        self.tap("form.nominate", "by", by)
        self.tap("form.nominate", "target", target)
        self.saved(lambda: self.press("form.nominate"))

    def vote(self, against=None):
        """Mark the votes and record them; with nothing marked and two candidates or more the page
        shows the tally and asks (a single candidate gets every vote by rule: nothing to ask)."""
        for candidate, voters in (against or {}).items():
            for voter in voters:
                self.tap("form.vote", f"against_{candidate}", voter)
        if against or not self.page.locator("form.vote .vote-row").count():
            self.saved(lambda: self.press("form.vote"))
        else:
            self.answer_yes(lambda: self.press("form.vote"))

    def no_will(self):
        self.saved(lambda: self.page.locator("form.will-kind.kind-none button").first.click())

    def next_phase(self, label):
        """Go to the phase ``label`` ("Night 1": its data-phase, so in any language)."""
        button = self.page.locator("button.next-phase")
        self.saved(button.click)
        assert self.page.locator(".phase").get_attribute("data-phase") == label.lower().replace(" ", "-")

    def shot(self, shown):
        for black, number in shown.items():
            self.tap("form.stage-shot", f"shot_{black}", number)
        self.saved(lambda: self.press("form.stage-shot"))

    def check(self, stage, target):
        self.tap(f"form.stage-{stage}", "target", target)
        self.saved(lambda: self.press(f"form.stage-{stage}"))


def enter_whole_game(page, url: str) -> None:
    """At the entry page ``url`` of a game in setup: the deal of ``NICKNAMES`` with ``ROLES``, then a
    whole game that red wins on Day 3, submitted by the judge."""
    page.goto(url)
    table = Table(page)

    # The deal: nicknames found by search, roles from the physical cards.
    for seat, nickname in enumerate(NICKNAMES, start=1):
        page.fill(f"input[name=player_{seat}]", nickname[:3].lower())
        page.wait_for_selector(f"#player-options option[value='{nickname}']", state="attached")
        page.fill(f"input[name=player_{seat}]", nickname)
        page.select_option(f"select[name=role_{seat}]", ROLES[seat])
    snapshot(page, "entry-1-deal")
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
    snapshot(page, "entry-2-vote")
    table.saved(lambda: table.press("form.vote"))
    table.no_will()

    # A mistaken tap is undone.
    table.saved(lambda: page.locator(".seat[data-seat='10'] .foul-button").click())
    table.saved(lambda: page.locator("button.undo").click())
    assert page.locator(".seat[data-seat='10'] .fouls").get_attribute("data-fouls") == "0"
    table.next_phase("Night 2")

    snapshot(page, "entry-3-night")
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
    snapshot(page, "entry-4-result")
    assert page.locator("table.scores tbody tr").count() == 10
    assert page.locator("table.scores .items li").count() > 0
    table.saved(lambda: page.get_by_role("button", name="Submit the protocol").click())
    assert "waiting for an organizer" in page.locator(".workflow").inner_text()


def confirm_and_publish(page, url: str) -> None:
    """An organizer, logged in on ``page``, confirms the submitted protocol at ``url`` and publishes
    its results."""
    page.goto(url)
    table = Table(page)
    table.saved(lambda: page.get_by_role("button", name="Confirm the protocol").click())
    assert "Confirmed by" in page.locator(".workflow").inner_text()
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("button", name="Hide the results").wait_for()
    snapshot(page, "entry-5-confirmed")


# --- How a page looks: the checks every page of the demo site passes (tests/audiences/test_demo_site.py)

# Text a person cannot read for its colours: a link, a button, a summary or a badge whose words
# have (almost) the colour of what is behind them (the judge's "Withdraw" was red words on a red
# button). The ratio is WCAG's; below 3 no one reads it well (axe-core holds the finer 4.5).
LOW_CONTRAST = """(minimum) => {
  const rgba = (text) => { const m = text.match(/[\\d.]+/g) || []; return m.length < 3 ? null
      : [+m[0], +m[1], +m[2], m.length > 3 ? +m[3] : 1]; };
  const luminance = ([r, g, b]) => { const c = [r, g, b].map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const behind = (element) => { for (let e = element; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor); if (c && c[3] > 0.5) return c; }
    return [255, 255, 255, 1]; };
  const out = [];
  for (const e of document.querySelectorAll('a, button, summary, .badge, .button, [role=button]')) {
    const words = (e.innerText || '').trim();
    if (!words || !e.checkVisibility({visibilityProperty: true})) continue;
    const fg = rgba(getComputedStyle(e).color), bg = behind(e);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    if (ratio < minimum) out.push(`${e.tagName.toLowerCase()}.${e.className} "${words.slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return out.slice(0, 10);
}"""

# What scrolls sideways: the page itself, or a box inside it whose content is wider than it.
SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > width + 1) out.push(`the page: ${document.documentElement.scrollWidth} px`);
  for (const e of document.querySelectorAll('body *')) {
    const style = getComputedStyle(e);
    if (!['auto', 'scroll'].includes(style.overflowX) || !e.checkVisibility()) continue;
    if (e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'TEXTAREA' && e.tagName !== 'SELECT')
      out.push(`${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth} in ${e.clientWidth} px`);
  }
  return out.slice(0, 10);
}"""

# Words cut off: an element that hides what overflows it (or ends it with "…") and has more text
# than it shows.
CUT_TEXT = """() => {
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const style = getComputedStyle(e);
    const clips = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
    if (!clips || !e.checkVisibility() || !(e.innerText || '').trim()) continue;
    if (e.getBoundingClientRect().width <= 1) continue;  // hidden on purpose (read aloud): .sr-only and the like
    if (e.scrollWidth > e.clientWidth + 1)
      out.push(`${e.tagName.toLowerCase()}.${e.className} "${e.innerText.trim().slice(0, 30)}"`);
  }
  return out.slice(0, 10);
}"""

# The top bar's lines: its visible items' middles, one line where they are within 12 px (the brand, the links, the account, the language).
TOPBAR_LINES = """() => {
  const items = [...document.querySelectorAll('.topbar > .brand, .topbar > .nav-toggle-label, .nav > *')]
    .filter(e => e.checkVisibility() && e.getBoundingClientRect().width > 0);
  const centers = items.map(e => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; })
    .sort((a, b) => a - b);
  return 1 + centers.filter((c, i) => i > 0 && c - centers[i - 1] > 12).length;
}"""

# A chart's words written over each other: two visible texts of one SVG whose boxes overlap by
# more than a pixel across and by more than half the lower one's height (a text's box holds its
# line's ascent and descent: lines set close together overlap a little without touching), as two
# axis dates on one line on a phone.
OVERLAPPING_LABELS = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('svg')) {
    const boxes = [...svg.querySelectorAll('text')].filter(t => t.checkVisibility() && t.textContent.trim())
      .map(t => [t.textContent.trim(), t.getBoundingClientRect()]);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, r] = boxes[i], [b, q] = boxes[j];
      const across = Math.min(r.right, q.right) - Math.max(r.left, q.left);
      const down = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (across > 1 && down > Math.min(r.height, q.height) / 2)
        out.push(`"${a}" / "${b}"`);
    }
  }
  return out.slice(0, 10);
}"""


def look_problems(page, *, laptop: bool) -> dict[str, list]:
    """What a person would see wrong on the page as it is now: words in unreadable colours, anything
    scrolling sideways, words cut off, a chart's words over each other, and (at a laptop's width) a
    top bar on more than one line."""
    problems = {
        "low contrast": page.evaluate(LOW_CONTRAST, 3.0),
        "sideways": page.evaluate(SIDEWAYS),
        "cut text": page.evaluate(CUT_TEXT),
        "overlapping labels": page.evaluate(OVERLAPPING_LABELS),
    }
    if laptop:
        lines = page.evaluate(TOPBAR_LINES)
        problems["top bar lines"] = [] if lines == 1 else [lines]
    return {name: found for name, found in problems.items() if found}
