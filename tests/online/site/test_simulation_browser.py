"""A moderator asks for a simulation run in a real browser at a phone's width and reads its page:
the charts fit the screen (docs/auto-judged-table.md, "Simulations")."""

from __future__ import annotations

import json

import pytest

from clubs.models import ClubMembership
from online.models import SimulationRun
from tests.browser_kit import LAPTOP, PHONE, follow, log_in, page_check
from tests.factories import MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "secret-pass-123"


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_moderator_asks_for_a_run_and_reads_its_charts(chromium, live_server, size):
    moderator = MembershipFactory(role=ClubMembership.Role.ORGANIZER).player.user
    context = chromium.new_context(**(PHONE if size == "phone" else LAPTOP))
    page = context.new_page()
    log_in(page, live_server.url, moderator.username, PASSWORD)
    page.goto(f"{live_server.url}/online/")
    page.get_by_role("link", name="Simulations of the auto-judged table").click()
    page.locator("#simulation-new").click()
    page_check(page, f"simulation-new-{size}")
    page.fill("input[name=games]", "12")
    page.fill("input[name=seed]", "browser")
    page.fill("input[name=compare_spec]", "red=rule,black=random")
    page.locator("#simulation-request").click()
    page.wait_for_selector("#chart-paths")  # played after the commit (Celery eager in the tests)
    run = SimulationRun.objects.get()
    assert run.status == SimulationRun.Status.DONE and run.requested_by == moderator
    assert page.locator("#simulation-status").inner_text() == "done"
    for key in ("win-rate", "difference", "points", "length", "paths"):
        assert page.locator(f"#chart-{key} svg").first.is_visible(), key
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = 390 if size == "phone" else 1024
    assert width <= viewport + 1
    page_check(page, f"simulation-page-{size}")
    follow(page, page.locator("#simulation-json"))
    assert json.loads(page.locator("body").inner_text()) == run.report
    context.close()
