"""A person at an auto-judged table: sitting down, the seat's own view only, answers, the
windows and their defaults, a whole game through the services (docs/auto-judged-table.md)."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.errors import ApplicationError
from games.engine import replay as replay_protocol
from online.core import clock
from online.core.refusals import TABLE_MESSAGES, table_refusal
from online.engine.judged_table import TableError, replay
from online.engine.judged_table.protocol import to_protocol, transcript
from online.engine.judged_table.views import request_for
from online.models import JudgedTable
from online.table.play import table_answer, table_review, table_sit_down, table_tick, window_of
from scoring.engine import score_document

pytestmark = pytest.mark.django_db
ENGINE = Path(__file__).resolve().parents[3] / "online" / "engine" / "judged_table"


@pytest.fixture(autouse=True)
def _clock():
    clock.reset()
    yield
    clock.reset()


def sit(seat=4, bots="rule") -> JudgedTable:
    return table_sit_down(session_key="s", seat=seat, bots=bots, now=clock.now())


def answer_for(request: dict, rng: random.Random) -> dict:
    action = request["action"]
    if action == "speak":
        return {"speech": "PASS"}
    if action == "hand":
        return {"up": False}
    if action == "vote":
        return {"target": None}
    return {"target": rng.choice(request["targets"])}


def test_the_time_left_is_shown_in_seconds_in_the_sites_language():
    visitor = Client()
    visitor.post(reverse("online:table_new"), {"seat": "1", "bots": "rule", "language": "en"})
    table = JudgedTable.objects.get()
    body = visitor.get(table.get_absolute_url()).content.decode()
    assert re.search(r'data-format="\{n\} s">\d+ s</span>', body)  # not milliseconds
    visitor.cookies["django_language"] = "ru"
    body = visitor.get(table.get_absolute_url(), headers={"Accept-Language": "ru"}).content.decode()
    assert re.search(r'data-format="\{n\} с">\d+ с</span>', body)


def test_a_visitor_sits_down_and_sees_only_their_seat():
    visitor, other = Client(), Client()
    response = visitor.post(reverse("online:table_new"), {"seat": "3", "bots": "rule"})
    table = JudgedTable.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.seat == 3
    page = visitor.get(table.get_absolute_url())
    assert page.status_code == 200
    state = replay(table.log)
    body = page.content.decode()
    assert "Your seat: 3" in body
    assert other.get(table.get_absolute_url()).status_code == 404
    assert (
        other.post(
            reverse("online:table_answer", args=[table.token]), {"action": "speak"}
        ).status_code
        == 404
    )
    # Nothing of another seat's role: the roles dealt appear only as the seat's own.
    for seat in range(1, 11):
        if seat != 3 and state.roles[seat] in ("don", "sheriff"):
            assert f"{seat}: {state.roles[seat]}" not in body


def test_the_person_is_asked_in_turn_and_the_bots_play_at_once():
    table = sit(seat=1)
    state = replay(table.log)
    # Night 0 (if the person is no night actor) is over; Day 1 waits for seat 1's speech,
    # unless the person was killed or acts at night first.
    assert request_for(state, 1) is not None or state.winner is not None


def test_a_speech_goes_to_the_judge():
    table = sit(seat=1)
    rng = random.Random(1)
    state = replay(table.log)
    while request_for(state, 1)["action"] != "speak":
        table = table_answer(
            table=table, answer=answer_for(request_for(state, 1), rng), now=clock.now()
        )
        state = replay(table.log)
    table = table_answer(
        table=table, answer={"speech": "I nominate number 5. PASS"}, now=clock.now()
    )
    speeches = [e for e in table.log if e["type"] == "speech" and e["seat"] == 1]
    assert speeches[-1]["text"] == "I nominate number 5. PASS"


def test_a_malformed_answer_is_refused_and_changes_nothing():
    table = sit(seat=2)
    before = list(table.log)
    with pytest.raises(ApplicationError):
        table_answer(table=table, answer={"target": "x"}, now=clock.now())
    table.refresh_from_db()
    assert table.log == before


def test_a_window_that_passed_gets_the_default():
    table = sit(seat=2)
    state = replay(table.log)
    window = window_of(table, state)
    assert window is not None
    clock.advance(timedelta(seconds=600))
    table = table_tick(table=table, now=clock.now())
    defaults = [e for e in table.log if e["type"] in ("default_applied",) and e["seat"] == 2]
    votes_missed = [e for e in table.log if e["type"] == "votes_counted" and 2 in e["defaulted"]]
    assert defaults or votes_missed
    assert any("late" in e.get("note", "") for e in defaults) or votes_missed


def test_a_hand_counts_only_in_its_candidates_window():
    rng = random.Random(3)
    for seed_seat in range(1, 11):
        table = sit(seat=seed_seat)
        state = replay(table.log)
        for _ in range(200):
            request = request_for(state, table.seat) if state.winner is None else None
            if request is None:
                break
            if request["action"] == "vote" and len(request["candidates"]) > 2:
                window = window_of(table, state)
                second = window["windows"][1]
                with pytest.raises(ApplicationError, match="not open"):
                    table_answer(
                        table=table, answer={"target": second["candidate"]}, now=window["opened"]
                    )
                table = table_answer(
                    table=table,
                    answer={"target": second["candidate"]},
                    now=second["opens"] + timedelta(milliseconds=10),
                )
                counted = [e for e in table.log if e["type"] == "vote" and e["seat"] == table.seat]
                assert counted[-1]["target"] == second["candidate"]
                return
            table = table_answer(table=table, answer=answer_for(request, rng), now=clock.now())
            state = replay(table.log)
    pytest.skip("no vote with three candidates came up for the person")


def test_a_whole_game_as_a_person_is_a_valid_protocol():
    rng = random.Random(7)
    table = sit(seat=6, bots="random")
    state = replay(table.log)
    for _ in range(500):
        if state.winner is not None:
            break
        request = request_for(state, table.seat)
        table = table_answer(table=table, answer=answer_for(request, rng), now=clock.now())
        state = replay(table.log)
    assert state.winner in ("red", "black") and table.winner == state.winner
    result = replay_protocol(to_protocol(table.log)).to_result()
    assert result["valid"] and result["winner"] == state.winner


def play_to_the_end(table: JudgedTable, seed: int = 7) -> JudgedTable:
    rng = random.Random(seed)
    state = replay(table.log)
    for _ in range(500):
        if state.winner is not None:
            return table
        table = table_answer(table=table, answer=answer_for(request_for(state, table.seat), rng), now=clock.now())
        state = replay(table.log)
    raise AssertionError("the game did not end")


def test_the_whole_game_opens_to_its_owner_once_it_is_over_and_to_no_one_else():
    owner, stranger = Client(), Client()
    owner.post(reverse("online:table_new"), {"seat": "6", "bots": "random"})
    table = JudgedTable.objects.get()
    secrets_ = [reverse("online:table_protocol", args=[table.token]),
                reverse("online:table_transcript", args=[table.token])]  # fmt: skip
    assert [owner.get(url).status_code for url in secrets_] == [404, 404]  # the game goes on
    assert "The whole game" not in owner.get(table.get_absolute_url()).content.decode()

    table = play_to_the_end(table)
    page = owner.get(table.get_absolute_url()).content.decode()
    assert "The whole game" in page
    roles = {seat: role for seat, role in enumerate(replay(table.log).roles) if seat}
    for seat, role in roles.items():
        assert f'<td>{seat}</td><td>Player {seat}' in page and f'class="role-{role}"' in page
    document = owner.get(secrets_[0]).json()
    assert document == to_protocol(table.log)
    assert replay_protocol(document).to_result()["winner"] == table.winner
    transcript_ = owner.get(secrets_[1]).content.decode()
    assert "roles dealt" in transcript_ and transcript_.count("\n") == len(transcript(table.log))
    assert [stranger.get(url).status_code for url in [*secrets_, table.get_absolute_url()]] == [404] * 3


def test_the_whole_game_shows_every_players_points_from_the_sites_scoring():
    table = play_to_the_end(sit(seat=2, bots="random"), seed=11)
    review = table_review(table)
    scores = {player["seat"]: player["total"] for player in score_document(to_protocol(table.log)).to_dict()["players"]}
    assert {entry["seat"]: entry["points"]["total"] for entry in review["seats"]} == scores
    winners = [entry for entry in review["seats"] if entry["points"]["total"] >= 0.75]
    assert winners and all((entry["role"] in ("mafia", "don")) == (table.winner == "black") for entry in winners)


@pytest.mark.parametrize(
    "data",
    [{}, {"action": "vote", "target": "abc"}, {"action": "speak"}, {"action": "hand", "up": "maybe"},
     {"action": "check", "target": "99"}, {"action": "speak", "speech": "x" * 30_000}],
)  # fmt: skip
def test_bad_answers_get_a_clear_message_and_change_nothing(data):
    visitor = Client()
    visitor.post(reverse("online:table_new"), {"seat": "5"})
    table = JudgedTable.objects.get()
    before = list(table.log)
    response = visitor.post(reverse("online:table_answer", args=[table.token]), data, follow=True)
    assert response.status_code == 200
    assert response.context["messages"] and list(response.context["messages"])
    table.refresh_from_db()
    assert table.log == before


# --- the table's language (docs/auto-judged-table.md, "The table's language") ----------------


def _judge_lines(table: JudgedTable) -> list[str]:
    return [event["say"] for event in table.log if "say" in event and "to" not in event]


@pytest.mark.parametrize(("site", "expected"), [("ru", "ru"), ("en", "en")])
def test_a_new_table_speaks_the_visitors_language_unless_another_is_chosen(site, expected):
    visitor = Client(HTTP_ACCEPT_LANGUAGE=site)
    home = visitor.get(reverse("online:table_home")).content.decode()
    assert f'<option value="{expected}" selected>' in home
    visitor.post(reverse("online:table_new"), {"seat": "3", "bots": "rule"})
    assert JudgedTable.objects.get().log[0]["config"]["language"] == expected
    other = "en" if expected == "ru" else "ru"
    visitor.post(reverse("online:table_new"), {"seat": "3", "bots": "rule", "language": other})
    assert JudgedTable.objects.latest("created_at").log[0]["config"]["language"] == other
    assert sorted(table.language for table in JudgedTable.objects.all()) == ["en", "ru"]
    home = visitor.get(reverse("online:table_home")).content.decode()
    listed = home[home.index('<ul class="list">') :]  # "Your tables", each with its language
    assert ("Russian" if site == "en" else "Русский") in listed
    assert ("English" if site == "en" else "Английский") in listed


def test_a_russian_table_shows_the_russian_judge_and_the_pages_own_texts_in_the_sites_language():
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.post(reverse("online:table_new"), {"seat": "3", "bots": "rule", "language": "ru"})
    table = JudgedTable.objects.get()
    assert _judge_lines(table)[:2] == ["Наступает ночь.", "Шериф просыпается, у вас десять секунд."]
    body = russian.get(table.get_absolute_url()).content.decode()
    assert "Судья: Наступает ночь." in body and "Ваше место: 3" in body
    assert "Night falls." not in body and "Judge:" not in body
    # The same table seen with the site in English: the page's texts follow the site, the judge's
    # words stay the table's.
    english = russian.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Your seat: 3" in english and "Судья: Наступает ночь." in english


def test_an_english_table_for_a_russian_visitor_keeps_the_english_judge():
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.post(reverse("online:table_new"), {"seat": "3", "bots": "rule", "language": "en"})
    body = russian.get(JudgedTable.objects.get().get_absolute_url()).content.decode()
    assert "Judge: Night falls." in body and "Ваше место: 3" in body


def test_a_table_in_another_language_is_refused():
    with pytest.raises(ApplicationError):
        table_sit_down(session_key="s", seat=1, bots="rule", language="de", now=clock.now())
    assert not JudgedTable.objects.exists()
    response = Client().post(reverse("online:table_new"), {"seat": "1", "language": "de"}, follow=True)
    assert "A table speaks English or Russian." in response.content.decode()
    assert not JudgedTable.objects.exists()


def test_a_russian_person_plays_a_whole_russian_game_whose_protocol_validates():
    table = table_sit_down(session_key="s", seat=5, bots="random", language="ru", now=clock.now())
    rng = random.Random(5)
    state = replay(table.log)
    for _ in range(300):
        request = request_for(state, 5) if state.winner is None else None
        if request is None:
            break
        answer = answer_for(request, rng)
        if request["action"] == "speak":
            answer = {"speech": "Я выставляю номер 1. ПАС" if request["purpose"] == "day" else "Спасибо"}
        table = table_answer(table=table, answer=answer, now=clock.now())
        state = replay(table.log)
    assert state.winner is not None
    mine = [event for event in table.log if event["type"] == "speech" and event["seat"] == 5]
    assert mine and not [event for event in table.log if event["type"] == "foul" and event["seat"] == 5]
    assert _judge_lines(table)[-1] in ("Игра окончена, победа красных.", "Игра окончена, победа чёрных.")
    result = replay_protocol(to_protocol(table.log)).to_result()
    assert result["valid"] and result["winner"] == state.winner


def test_refusals_reach_the_person_in_the_sites_language_never_in_the_engines_english():
    table = sit(seat=2)
    with translation.override("ru"), pytest.raises(ApplicationError) as refused:
        table_answer(table=table, answer={"target": "x", "speech": 5}, now=clock.now())
    assert refused.value.message in (
        "Выберите одного из предложенных игроков или никого.",
        "Ответьте «да» или «нет».",
    ) or refused.value.message.startswith("Речь — это текст")
    with translation.override("ru"):
        message = table_refusal(TableError("seat.not-at-table", "player number 4 has left", seat=4)).message
        assert message == "Игрок номер 4 покинул игровой стол."


def test_every_refusal_of_the_table_has_the_sites_own_text():
    source = "\n".join(path.read_text() for path in ENGINE.glob("*.py"))
    codes = set(re.findall(r'TableError\(\s*"([a-z]+\.[a-z-]+)"', source))
    for rule in ("check", "claim", "kill"):
        codes |= {f"{rule}.{suffix}" for suffix in re.findall(r'f"\{rule\}\.([a-z-]+)"', source)}
    assert len(codes) > 25 and not sorted(codes - set(TABLE_MESSAGES))


def test_a_russian_tables_window_closed_by_the_site_is_noted_in_russian():
    # Issue 26: "Every text a table writes is in its language" (the site's note included).
    table = table_sit_down(session_key="s", seat=2, bots="rule", language="ru", now=clock.now())
    state = replay(table.log)
    while window_of(table, state) is not None and window_of(table, state)["action"] == "vote":
        clock.advance(timedelta(seconds=600))
        table = table_tick(table=table, now=clock.now())
        state = replay(table.log)
    assert window_of(table, state) is not None
    clock.advance(timedelta(seconds=600))
    table = table_tick(table=table, now=clock.now())
    notes = [e["note"] for e in table.log if e["type"] == "window_closed" and e.get("note")]
    assert "опоздание: окно игрока закрылось" in notes
    assert not any("late" in note or "seat" in note for note in notes)
