"""The online games' player pages in Chromium at 390 and 1024 px, in English and Russian (issue 27):
one name per person (the top bar, the forum thread, Mafia 1923's announcement and jail list), the
forum's vote control starting on no one with a verb on its button, the vote count opened directly
as a whole page, and the Mafia 1923 forms saying what each action does."""

from __future__ import annotations

import pytest

from tests.browser_kit import log_in, look_problems, snapshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "mafia-demo-2026"
WORDS = {"en": {"choose": "Choose a player", "vote": "Vote", "jail": "their votes, and the votes against them"},
         "ru": {"choose": "Выберите игрока", "vote": "Проголосовать", "jail": "их голоса и голоса против них"}}


def test_the_player_s_online_pages(browser_context, live_server, size, language, demo_world):
    base, words = live_server.url, WORDS[language]
    page = browser_context.new_page()
    log_in(page, base, "player", PASSWORD)
    pictures = {}

    page.goto(f"{base}/online/demo-forum-game/")
    assert page.locator("summary").first.inner_text().strip() == "Arkady", "the top bar"
    assert page.locator("section.players").get_by_text("Arkady", exact=True).count() == 1, "the seat"
    select = page.locator(".vote-control select[name=target]")
    assert select.input_value() == "" and select.locator("option").first.inner_text() == words["choose"]
    assert page.locator(".vote-control button[type=submit]").first.inner_text().strip() == words["vote"]
    pictures["forum"] = look_problems(page, laptop=size == "laptop")
    snapshot(page, f"online-player-{size}-{language}-forum")

    page.goto(f"{base}/online/demo-forum-game/votes/")
    assert page.locator("header, nav").first.is_visible() and page.locator("#vote-count").is_visible()
    pictures["votes"] = look_problems(page, laptop=size == "laptop")
    snapshot(page, f"online-player-{size}-{language}-vote-count")

    page.goto(f"{base}/online/1923/demo-mafia-1923/")
    body = page.locator("main").inner_text()
    assert "Shimon Mizrahi" in body and "m1923-" not in body.lower()
    pictures["event"] = look_problems(page, laptop=size == "laptop")
    snapshot(page, f"online-player-{size}-{language}-m1923-event")

    page.goto(f"{base}/online/1923/demo-mafia-1923/actions/")
    body = page.locator("main").inner_text()
    assert words["jail"] in body and "Avraham Cohen" in body and "m1923-" not in body.lower()
    pictures["actions"] = look_problems(page, laptop=size == "laptop")
    snapshot(page, f"online-player-{size}-{language}-m1923-actions")

    page.goto(f"{base}/online/1923/demo-mafia-1923/votes/")
    pictures["m1923-votes"] = look_problems(page, laptop=size == "laptop")
    snapshot(page, f"online-player-{size}-{language}-m1923-votes")
    assert not any(pictures.values()), pictures
