"""A whole online forum game driven in Debian's Chromium, shared by the full suite (PostgreSQL,
tests/online/site/test_browser.py) and the smoke suite on the embedded default that `make run`
serves (SQLite, smoke/test_online_browser.py).

The moderator (a laptop, 1024 px) makes the setup with the form, creates the game, randomises,
sends the role messages, starts, extends a deadline, replaces a player and publishes the review;
the players (phones, 390 px; one on a laptop) sign up, post, vote with the control and with a
`VOTE:` tag, and send night actions. Deadlines pass on the site's controllable clock
(online/core/clock.py) and resolve through the in-process sweep.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from online.core import clock
from online.core.play import state_of
from online.models import Game
from tests.browser_kit import LAPTOP, PHONE, follow, log_in, page_check

PASSWORD = "secret-pass-123"
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dana"]


@pytest.fixture
def site_clock(settings):
    """The site's clock, moved by the test; every request runs the in-process sweep."""
    settings.ONLINE_SWEEP_IN_PROCESS = True
    settings.ONLINE_SWEEP_SECONDS = 0  # every request sweeps: the clock jumps, the page shows it
    clock.reset()
    yield clock
    clock.reset()


def make_user(username: str, **fields):
    from tests.factories import UserFactory

    user = UserFactory(username=username, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user


def past(game: Game, page) -> None:
    """The site's clock a minute past the game's deadline, then ``page`` reloaded until a request's
    in-process sweep has resolved the phase (another page's poll may be the request that sweeps,
    and a request that finds the sweep busy answers without waiting for it)."""
    before = fresh(game)
    clock.advance(before.deadline - clock.now() + timedelta(minutes=1))
    for _attempt in range(40):
        page.reload()
        if fresh(game).event_count != before.event_count and fresh(game).phase != before.phase:
            return
        time.sleep(0.25)
    raise AssertionError(f"the {before.phase} deadline was not resolved")


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def look(page, name: str) -> None:
    """The page's picture and accessibility check, and nothing on it wider than the screen."""
    page_check(page, name)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), f"{name}: wider than the screen"


def vote_with_the_control(page, name: str) -> None:
    """The vote control (an htmx POST that swaps in the updated count): waits for its answer."""
    page.select_option(".vote-control select[name=target]", label=name)
    with page.expect_response(lambda response: response.url.endswith("/vote/")):
        page.locator(".vote-control").get_by_role("button", name="Vote", exact=True).click()


def play_a_whole_game(chromium, base: str) -> Game:
    """Answers the finished game."""
    moderator = make_user("moderator", is_staff=True)
    players = {name: make_user(name.lower()) for name in NAMES}
    from clubs.models import Player

    for name, user in players.items():  # each person's one name (clubs.selectors.person_name)
        Player.objects.create(nickname=name, user=user)
    make_user("zed")  # the replacement

    office = chromium.new_context(**LAPTOP)
    mod = office.new_page()
    log_in(mod, base, moderator.username, PASSWORD)

    # --- the moderator: a setup with the form, then the game -------------------------------------
    mod.goto(f"{base}/organize/online/setups/new/")
    mod.fill("input[name=name]", "Browser five")
    mod.fill("input[name=count_mafia_goon]", "2")
    mod.fill("input[name=count_cop]", "1")
    follow(mod, mod.get_by_role("button", name="Create the setup"))
    assert "This setup is decided before anyone plays: Mafia would win at the start." in mod.content()
    mod.fill("input[name=count_mafia_goon]", "1")
    mod.fill("input[name=count_townie]", "3")
    mod.check("input[name=mandatory_lynch]")
    look(mod, "online-setup-form")
    follow(mod, mod.get_by_role("button", name="Create the setup"))
    assert "Setup “Browser five” created." in mod.content()
    mod.fill("input[name=title]", "Browser game")
    mod.select_option("select[name=time_zone]", "Europe/Moscow")
    mod.select_option("select[name=setup]", label="Browser five (5)")
    mod.get_by_role("button", name="Create the game").click()
    game = Game.objects.get(title="Browser game")
    assert game.time_zone == "Europe/Moscow" and game.setup.data["options"]["mandatory_lynch"] is True

    # --- the players sign up (join) --------------------------------------------------------------
    pages = {}
    for name, user in players.items():
        context = chromium.new_context(**(LAPTOP if name == "Dana" else PHONE))
        page = context.new_page()
        log_in(page, base, user.username, PASSWORD)
        page.goto(f"{base}{game.get_absolute_url()}")
        assert f"You play as {name}, your name on this site." in page.content()
        follow(page, page.get_by_role("button", name="Sign up"))
        assert "You have signed up." in page.content()
        pages[name] = page
    look(pages["Anna"], "online-sign-ups-phone")

    console = f"{base}/organize/online/{game.slug}/"
    mod.goto(console)
    mod.get_by_role("button", name="Randomise the roles").click()
    mod.get_by_role("button", name="Send the role messages").click()
    mod.get_by_role("button", name="Start the game").click()
    game = fresh(game)
    assert game.phase == "N0"
    state = state_of(game)
    role_of = {NAMES[slot.number - 1]: slot.role for slot in state.slots}
    goon = next(name for name, role in role_of.items() if role == "mafia_goon")
    cop = next(name for name, role in role_of.items() if role == "cop")
    town = [name for name, role in role_of.items() if role == "townie"]

    # --- the moderator extends Night 0's deadline by an hour, with a public note ------------------
    before = game.deadline
    extend = mod.locator("form[action$='/extend/']")
    extend.locator("input[name=hours]").fill("1")
    extend.locator("input[name=note]").fill("One more hour to read the role messages.")
    extend.get_by_role("button", name="Extend").click()
    game = fresh(game)
    assert game.deadline == before + timedelta(hours=1)
    look(mod, "online-console-laptop")

    watcher = pages[town[2]]
    watcher.reload()
    header = watcher.locator(".phase").inner_text()
    assert "MSK" in header and "Z" not in header.split("deadline")[-1]
    assert "One more hour to read the role messages." in watcher.content()
    assert header.split("deadline ")[-1].strip() in watcher.locator(".posts").inner_text(), \
        "the heading and the public note write the deadline the same way"
    for name, page in pages.items():
        page.reload()
        expected = {"mafia_goon": "Mafia Goon", "cop": "Cop", "townie": "Townie"}[role_of[name]]
        assert expected in page.locator("#my-role").inner_text()
    look(pages[goon], "online-night-0-phone")

    # --- Day 1: a post, two votes with the control, the hammer by a VOTE: tag ---------------------
    past(game, watcher)
    watcher.reload()
    assert "Day 1" in watcher.locator(".phase").inner_text()
    victim = town[0]
    pages[town[1]].fill("#post-body", f"Good morning. I suspect {victim}.")
    follow(pages[town[1]], pages[town[1]].get_by_role("button", name="Post", exact=True))
    for name in (goon, town[1]):
        page = pages[name]
        page.reload()
        vote_with_the_control(page, victim)
    watcher.locator("#vote-count").get_by_text("L-1").wait_for(timeout=15000)  # no reload: htmx
    look(watcher, "online-day-1-count")
    pages[cop].reload()
    pages[cop].fill("#post-body", f"Fine.\nVOTE: {victim}")
    follow(pages[cop], pages[cop].get_by_role("button", name="Post", exact=True))
    game = fresh(game)
    assert game.phase == "N1", "the hammer lynches at once"
    history = game.votes.filter(phase="D1").order_by("pk").last()
    assert history.post is not None and history.post.body.endswith(f"VOTE: {victim}")

    # --- the moderator replaces the cop with zed: the slot keeps its role, zed gets the message -----
    mod.goto(console)
    row = mod.locator("tr", has_text=f"{cop} (")
    row.locator("input[name=username]").fill("zed")
    follow(mod, row.get_by_role("button", name="Replace"))
    assert "The slot has its new player, who has the role message." in mod.content()
    pages[cop].context.close()
    zed = chromium.new_context(**PHONE).new_page()
    log_in(zed, base, "zed", PASSWORD)
    zed.goto(f"{base}{game.get_absolute_url()}")
    assert "Cop" in zed.locator("#my-role").inner_text()
    pages[cop] = zed

    # --- Night 1: the goon's kill and the cop's investigation -------------------------------------
    killed = town[1]
    night = pages[goon]
    night.reload()
    night.select_option("select[data-ability=kill]", label=killed)
    follow(night, night.locator(".night-action").get_by_role("button", name="Send"))
    assert "last one you send counts" in night.content()
    zed.reload()
    zed.select_option("select[data-ability=investigate]", label=goon)
    zed.locator(".night-action").get_by_role("button", name="Send").click()
    look(zed, "online-night-1-phone")
    past(game, zed)
    zed.goto(f"{base}{game.get_absolute_url()}?thread=slot:{NAMES.index(cop) + 1}")
    look(zed, "online-night-result-phone")
    assert f"{goon} is guilty." in zed.content(), zed.locator(".posts").inner_text()

    # --- Day 2: the town lynches the goon (a tag and the control); the game ends --------------------
    survivor = town[2]
    pages[survivor].reload()
    pages[survivor].fill("#post-body", f"VOTE: {goon}")
    follow(pages[survivor], pages[survivor].get_by_role("button", name="Post", exact=True))
    zed.goto(f"{base}{game.get_absolute_url()}")
    vote_with_the_control(zed, goon)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and state_of(game).result["winner"] == "town"

    # --- the moderator publishes the review; everyone reads every role and action -------------------
    review_url = f"{base}/online/{game.slug}/review/"
    reader = pages[victim]
    reader.goto(review_url)
    assert "opens when the game is over and the moderator has published it" in reader.content()
    mod.goto(console)
    mod.fill("form[action$='/publish/'] input[name=note]", "Thank you all!")
    mod.get_by_role("button", name="Publish the post-game review").click()
    assert fresh(game).review_published_at is not None
    reader.goto(review_url)
    text = reader.content()
    assert "Mafia Goon" in text and "Investigate" in text and "Team kill" in text
    look(reader, "online-review-phone")
    russian = pages[survivor]
    russian.goto(review_url)
    if not russian.locator("select[name=language]").is_visible():
        russian.locator("label.nav-toggle-label").click()  # the header's menu, folded on narrow screens
    with russian.expect_navigation():
        russian.select_option("select[name=language]", "ru")
    text = russian.content()
    assert "Разбор после игры" in text and "Мафиози" in text and "Комиссар" in text
    look(russian, "online-review-ru")
    russian.goto(f"{base}{game.get_absolute_url()}")
    assert "Игра окончена" in russian.content() and "МСК" in russian.content()  # the zone in the reader's language
    from online.core.languages import language_of

    assert language_of(players[survivor]) == "ru", "the site keeps the language for the player's e-mails"
    for page in [*pages.values(), mod]:
        page.context.close()  # no page keeps polling the live server once the test is over
    return fresh(game)
