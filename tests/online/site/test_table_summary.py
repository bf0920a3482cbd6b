"""Issue 27: the auto-judged table for a person — what happened each day and night, the whole
transcript, the person's vote window, the vote's controls open and closed, the count in words."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from online.core import clock
from online.engine.judged_table import TableConfig, create_table, replay
from online.engine.judged_table.protocol import transcript
from online.engine.judged_table.views import request_for
from online.models import JudgedTable
from online.table.play import person_config, table_answer, table_sit_down, window_of
from online.table.summary import heard, outcomes, summary, tally_in_words
from tests.online.site.test_table_pages import answer_for

pytestmark = pytest.mark.django_db



@pytest.fixture(autouse=True)
def _clock():
    clock.reset()
    yield
    clock.reset()


def visit(seat: int = 4) -> tuple[Client, JudgedTable]:
    visitor = Client()
    visitor.post(reverse("online:table_new"), {"seat": str(seat), "bots": "rule", "language": "en"})
    return visitor, JudgedTable.objects.get()


def play_until(table: JudgedTable, done, seed: int = 5) -> JudgedTable:
    rng = random.Random(seed)
    state = replay(table.log)
    for _ in range(500):
        if done(table) or state.winner is not None:
            return table
        table = table_answer(table=table, answer=answer_for(request_for(state, table.seat), rng), now=clock.now())
        state = replay(table.log)
    return table


def test_after_the_bots_finish_a_day_the_summary_says_who_left_and_how():
    visitor, table = visit(seat=4)
    table = play_until(table, lambda t: any(e["type"] == "day_started" and e["day"] >= 3 for e in t.log))
    body = visitor.get(table.get_absolute_url()).content.decode()
    assert "What happened" in body
    left = [e for e in table.log if e["type"] in ("eliminated", "disqualified")]
    kills = [e for e in table.log if e["type"] == "day_started" and e.get("killed")]
    assert left or kills
    for event in left:
        assert f"Seat {event['seat']} left the table" in body or f"Seat {event['seat']} was disqualified" in body
    for event in kills:
        assert f"Seat {event['killed']} was killed in the night." in body
    assert "Day 1" in body and "Night 1" in body


def test_outcomes_read_only_public_events_and_never_a_living_players_role():
    table = table_sit_down(session_key="s", seat=2, bots="rule", now=clock.now())
    table = play_until(table, lambda t: False)
    for entry in outcomes(table.log):
        for item in entry["items"]:
            assert "role" not in item and "roles" not in item
    lines = [line for entry in summary(table.log) for line in entry["lines"]]
    assert any(line.startswith("Game over") for line in lines)
    for word in ("Sheriff", "Don", "Mafia", "sheriff", "mafia"):
        assert not any(word in line for line in lines)


def test_a_morning_kill_belongs_to_the_night_before():
    log = [
        {"type": "table_created", "names": [str(n) for n in range(1, 11)], "day": 0},
        {"type": "night_started", "night": 1, "say": "night"},
        {"type": "kill_decided", "night": 1, "seat": 3, "target": 7, "to": [3]},
        {"type": "day_started", "day": 2, "killed": 7, "say": "morning"},
        {"type": "votes_counted", "day": 2, "round": 1, "tally": {"5": 7, "9": 1}, "say": "Votes: 5: 7, 9: 1."},
        {"type": "eliminated", "day": 2, "seat": 5, "how": "vote", "say": "5 leaves"},
    ]
    assert outcomes(log) == [
        {"phase": "night", "number": 1, "items": [{"type": "killed", "seat": 7}]},
        {"phase": "day", "number": 2, "items": [{"type": "votes", "round": 1, "tally": {"5": 7, "9": 1}},
                                                {"type": "eliminated", "seat": 5, "how": "vote"}]},
    ]
    with translation.override("en"):
        assert summary(log)[1]["lines"] == ["The vote: Seat 5: 7 votes; seat 9: 1 vote.",
                                            "Seat 5 left the table by the vote."]


def test_the_whole_transcript_is_reachable_and_longer_than_the_last_80_lines():
    for _attempt in range(5):  # the bots' game is dealt at random: most run far past 80 lines
        JudgedTable.objects.all().delete()
        visitor, table = visit(seat=6)
        table = play_until(table, lambda t: len(transcript(t.log, seat=t.seat)) > 100)
        lines = heard(table.log, table.seat)
        if len(lines) > 80:
            break
    assert len(lines) > 80 and len(lines) == len(transcript(table.log, seat=table.seat))
    body = visitor.get(table.get_absolute_url()).content.decode()
    url = reverse("online:table_heard", args=[table.token])
    assert f'href="{url}">The whole transcript ({len(lines)} lines)' in body
    page = visitor.get(url).content.decode()
    whole = re.search(r'<ol class="table-log whole"[^>]*>(.*?)</ol>', page, re.S)
    assert whole and whole.group(1).count("<li>") == len(lines) > 80
    assert Client().get(url).status_code == 404  # the seat's owner only


def test_the_count_reads_in_words_in_english_and_russian():
    with translation.override("en"):
        assert tally_in_words({"5": 7, "9": 1}) == "Seat 5: 7 votes; seat 9: 1 vote"
        assert tally_in_words({"3": 2}) == "Seat 3: 2 votes"
    with translation.override("ru"):
        assert tally_in_words({"5": 7, "9": 1}) == "Игрок 5: 7 голосов; игрок 9: 1 голос"
        assert tally_in_words({"3": 2, "4": 21}) == "Игрок 3: 2 голоса; игрок 4: 21 голос"


def test_the_heard_count_is_in_words_and_the_logged_text_is_unchanged():
    table = table_sit_down(session_key="s", seat=2, bots="rule", now=clock.now())
    table = play_until(table, lambda t: any(e["type"] == "votes_counted" and e.get("say") for e in t.log))
    counted = next(e for e in table.log if e["type"] == "votes_counted" and e.get("say"))
    assert counted["say"].startswith("Votes: ")
    with translation.override("en"):
        lines = heard(table.log, table.seat)
    assert not any(counted["say"] in line for line in lines)
    seat, n = next(iter(counted["tally"].items()))
    assert any(f"Count: Seat {seat}: {n} vote" in line for line in lines)


@override_settings(TABLE_PERSON_VOTE_SECONDS=17)
def test_a_persons_table_has_the_persons_vote_window_and_an_agents_table_keeps_1_5_s():
    assert person_config().vote_window_seconds == 17
    table = table_sit_down(session_key="s", seat=2, bots="rule", now=clock.now())
    assert replay(table.log).config.vote_window_seconds == 17
    assert TableConfig().vote_window_seconds == 1.5
    state, _log = create_table("agents")
    assert state.config.vote_window_seconds == 1.5


def test_an_old_log_with_the_agents_window_still_replays_with_it():
    table = table_sit_down(session_key="s", seat=2, bots="rule", now=clock.now())
    old = [dict(e) for e in table.log]
    old[0] = {**old[0], "config": {**old[0]["config"], "vote_window_seconds": 1.5}}
    assert replay(old).config.vote_window_seconds == 1.5


def test_the_default_person_vote_window_is_a_persons():
    assert person_config().vote_window_seconds >= 10


def _to_a_vote(visitor, table):
    rng = random.Random(11)
    for _ in range(500):
        state = replay(table.log)
        if state.winner is not None:
            return table, None
        request = request_for(state, table.seat)
        if request["action"] == "vote" and len(request["candidates"]) >= 2:
            return table, state
        table = table_answer(table=table, answer=answer_for(request, rng), now=clock.now())
    return table, None


def test_the_open_vote_window_is_unmistakable_and_a_closed_one_looks_closed():
    for seat in range(1, 11):
        JudgedTable.objects.all().delete()
        visitor, table = visit(seat=seat)
        table, state = _to_a_vote(visitor, table)
        if state is None:
            continue
        window = window_of(table, state)
        first = window["windows"][0]
        body = visitor.get(table.get_absolute_url()).content.decode()
        assert f"Vote now: is seat {first['candidate']} to leave?" in body
        assert 'class="vote-now"' in body
        # the first candidate's window has closed (the next one's, if any, is open)
        clock.advance((first["closes"] - clock.now()) + timedelta(milliseconds=10))
        body = visitor.get(table.get_absolute_url()).content.decode()
        assert f"The vote on seat {first['candidate']} is closed" in body
        button = re.search(rf'<button[^>]*value="{first["candidate"]}"[^>]*>', body).group(0)
        assert "disabled" in button and "closed" in button
        if len(window["windows"]) > 1:
            assert f"Vote now: is seat {window['windows'][1]['candidate']} to leave?" in body
        return
    pytest.skip("no vote came up for the person")


def test_a_russian_visitor_reads_what_happened_and_the_count_in_russian():
    log = [
        {"type": "table_created", "names": [str(n) for n in range(1, 11)], "day": 0},
        {"type": "night_started", "night": 1, "say": "night"},
        {"type": "day_started", "day": 2, "killed": None, "say": "morning"},
        {"type": "votes_counted", "day": 2, "round": 2, "tally": {"5": 2, "9": 5}, "say": "Votes: 5: 2, 9: 5."},
        {"type": "disqualified", "day": 2, "seat": 3, "reason": "fourth-foul", "say": "3 leaves"},
        {"type": "game_over", "day": 2, "winner": "red", "say": "over"},
    ]
    translation.activate("ru")
    try:
        assert summary(log) == [
            {"phase": "night", "number": 1, "title": "Ночь 1", "lines": ["Ночью никто не убит."]},
            {"phase": "day", "number": 2, "title": "День 2",
             "lines": ["Переголосование: Игрок 5: 2 голоса; игрок 9: 5 голосов.",
                       "Игрок 3 дисквалифицирован (четвёртый фол).", "Игра окончена: победа красных."]},
        ]
    finally:
        translation.activate("en")
