"""A person at an auto-judged table: sitting down, the seat's own view only, answers, the
windows and their defaults, a whole game through the services (docs/auto-judged-table.md)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ApplicationError
from games.engine import replay as replay_protocol
from online import clock
from online.engine.judged_table import replay
from online.engine.judged_table.protocol import to_protocol, transcript
from online.engine.judged_table.views import request_for
from online.models import JudgedTable
from online.table_play import table_answer, table_review, table_sit_down, table_tick, window_of
from scoring.engine import score_document

pytestmark = pytest.mark.django_db


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
