"""The entry table in parts (games/entry_parts.py, issue 28's "per-tap work in the browser under
16 ms"): an entry's answer holds only the parts of the table that changed, and the page they make
is the page a reload shows."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.entry_parts import HEADER, EntryParts, shown_parts
from tests.games.factories import dealt_game

VOLATILE = '<input name="version" value="7">'


def _render(seat_three: str = "3", shell: str = "", volatile: str = VOLATILE) -> EntryParts:
    """A root with a header and a grid of two seats, rendered inner parts first as the tags do."""
    parts = EntryParts(volatile=(volatile,))
    parts.open()  # root
    parts.open()
    head = parts.close("head", f"<header>{volatile}version</header>")
    parts.open()  # seats
    parts.open()
    one = parts.close("seat-1", "<div>1</div>")
    parts.open()
    three = parts.close("seat-3", f"<div>{seat_three}</div>")
    seats = parts.close("seats", f"<form{shell}>{volatile}{one}{three}</form>")
    parts.close("entry", f"<section>{head}{seats}</section>")
    return parts


def test_a_part_s_digest_leaves_its_inner_parts_and_the_volatile_fields_out():
    before, after = _render().all(), _render(seat_three="3 (1 foul)").all()
    assert [key for key in before if before[key] != after[key]] == ["seat-3"]
    assert _render(volatile='<input name="version" value="8">').all() == before  # a new version alone


def test_only_the_changed_parts_are_sent_and_a_changed_shell_sends_its_inner_parts_with_it():
    shown = _render().all()
    assert _render().changed_since(shown) == []
    assert [part.key for part in _render(seat_three="x").changed_since(shown)] == ["seat-3"]
    assert [part.key for part in _render(shell=' class="out"', seat_three="x").changed_since(shown)] == ["seats"]


def test_another_shape_or_an_unknown_page_gets_the_whole_table():
    rendered = _render()
    assert rendered.changed_since(None) is None
    assert rendered.changed_since({**rendered.all(), "redeal": "abc"}) is None  # a part the page has and we do not
    assert rendered.changed_since({key: digest for key, digest in rendered.all().items() if key != "head"}) is None
    assert rendered.changed_since({**rendered.all(), "entry": "-"}) is None  # the table's own markup changed


def test_a_part_starts_with_its_element_and_an_empty_one_is_no_part():
    parts = EntryParts()
    parts.open()
    with pytest.raises(ValueError):
        parts.close("head", "just text")
    parts.open()
    assert parts.close("will-3", "  \n") == "  \n" and parts.all() == {}
    parts.open()
    with pytest.raises(ValueError):
        parts.close("Bad Key", "<p></p>")


@pytest.mark.parametrize("header", ["", "head", "head:", "head:1,head:2", "Head:1", "x:" + "1" * 33,
                                    ",".join(f"seat-{n}:1" for n in range(201))])
def test_a_header_that_is_not_the_page_s_is_read_as_no_header(header):
    assert shown_parts(header) is None


# --- the view ------------------------------------------------------------------------------------

def _shown(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-part="([a-z0-9-]+)" data-digest="([0-9a-f]+)"', html))


@pytest.mark.django_db
def test_a_foul_s_answer_holds_the_seat_and_what_else_changed_not_the_table():
    game = dealt_game()
    judge = Client()
    base = f"/t/{game.judge_token}/"
    judge.post(base + "foul/", {"seat": "2", "version": "1"}, headers={"HX-Request": "true"})  # the deal's panel goes
    page = judge.get(base, headers={"HX-Request": "true"}).content.decode()
    shown = _shown(page)
    assert {"entry", "head", "undo", "redeal", "seats", "seat-1", "seat-10", "phase", "discipline"} <= shown.keys()
    header = ",".join(f"{key}:{digest}" for key, digest in shown.items())
    answer = judge.post(base + "foul/", {"seat": "3", "version": "2"}, headers={"HX-Request": "true", HEADER: header})
    assert answer.status_code == 200 and answer[HEADER] == "changed" and answer["HX-Reswap"] == "none"
    assert answer["X-Protocol-Version"] == "3"
    sent = list(_shown(answer.content.decode()))
    assert "seat-3" in sent and "head" in sent  # the seat's foul and the header's "version 3"
    assert not {"entry", "seats", "seat-1", "seat-2", "seat-4"} & set(sent)
    # each part sent is the part a full rendering has now
    whole = _shown(judge.get(base, headers={"HX-Request": "true"}).content.decode())
    assert {key: whole[key] for key in sent} == {key: _shown(answer.content.decode())[key] for key in sent}
    assert all(shown[key] == whole[key] for key in whole if key not in sent)


@pytest.mark.django_db
def test_without_the_header_or_after_a_refusal_the_answer_is_the_whole_table():
    game = dealt_game()
    judge = Client()
    base = f"/t/{game.judge_token}/"
    page = judge.get(base, headers={"HX-Request": "true"}).content.decode()
    header = ",".join(f"{key}:{digest}" for key, digest in _shown(page).items())
    whole = judge.post(base + "foul/", {"seat": "3", "version": "1"}, headers={"HX-Request": "true"})
    assert HEADER not in whole and 'id="entry"' in whole.content.decode()
    stale = judge.post(base + "foul/", {"seat": "4", "version": "1"}, headers={"HX-Request": "true", HEADER: header})
    assert stale["X-Entry-Refused"] == "conflict" and HEADER not in stale and 'id="entry-refusal"' in stale.content.decode()


# --- the page ------------------------------------------------------------------------------------

NORMALISED = """() => {
  const table = document.getElementById("entry").cloneNode(true);
  table.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((field) => field.removeAttribute("value"));
  table.querySelectorAll("*").forEach((node) => {
    node.removeAttribute("data-shown");
    node.removeAttribute("data-kept");  // the test's own mark
    Array.from(node.classList).filter((name) => name.startsWith("htmx-")).forEach((name) => node.classList.remove(name));
    if (node.getAttribute("class") === "") node.removeAttribute("class");
  });
  return table.outerHTML;
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_put_together_from_parts_is_the_table_a_reload_shows(chromium, live_server):
    from tests.browser_kit import PHONE, ROLES, Table

    game = dealt_game(roles=ROLES)
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    answers = []
    page.on("response", lambda answer: answers.append(answer.headers.get("x-entry-parts"))
            if answer.request.method == "POST" else None)
    page.goto(f"{live_server.url}/t/{game.judge_token}/")
    table = Table(page)
    table.saved(lambda: page.locator(".seat[data-seat='3'] .foul-button").click())  # the deal's panel goes
    page.evaluate("document.querySelector(\"[data-part='seat-1']\").dataset.kept = 'yes'")
    table.saved(lambda: page.locator(".seat[data-seat='4'] .foul-button").click())
    table.nominate(1, 5)
    table.saved(lambda: page.locator(".seat[data-seat='4'] .foul-button").click())
    assert answers == ["changed"] * 4  # the first event's too: the deal's part stays, empty
    assert page.locator(".redeal-gone[hidden]").count() == 1 and page.locator("details.redeal").count() == 0
    assert page.locator("[data-part='seat-1'][data-kept='yes']").count() == 1  # a seat nothing changed is kept
    assert page.locator(".seat[data-seat='4'] .fouls").get_attribute("data-fouls") == "2"
    assert set(page.eval_on_selector_all("#entry input[name=version]", "fields => fields.map(f => f.value)")) == {"5"}
    built = page.evaluate(NORMALISED)
    page.reload()
    assert page.evaluate(NORMALISED) == built
    context.close()
