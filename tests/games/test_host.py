"""Host mode's clock and speaker (games/host.py), pure: issue 28, "the current speaker large on
screen, the next one named. The judge taps 'next'"; "A timer for every timed moment of the ruleset
… with start, pause, resume and reset"; "a reload or a second device resumes at the same speaker
with the same time left"."""

from datetime import UTC, datetime, timedelta

import pytest

from games.engine.rulesets import PRO_MAFIA
from games.host import HostError, host_step, next_speaker, time_left

T0 = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
ORDER = [3, 4, 5, 6, 7, 8, 9, 1]


def step(state, op, at=0.0, **kwargs):
    return host_step(state, op, now=T0 + timedelta(seconds=at), day=2, order=ORDER, timers=dict(PRO_MAFIA.timers),
                     speech_seconds=lambda seat: 30 if seat == 5 else 60, **kwargs)


def test_next_walks_today_s_order_from_its_opener_to_the_end():
    state = step({}, "next")
    assert state["speaker"] == 3 and next_speaker(state, ORDER) == 4
    spoken = [state["speaker"]]
    while (state := step(state, "next"))["speaker"] is not None:
        spoken.append(state["speaker"])
    assert spoken == ORDER and next_speaker(state, ORDER) is None


def test_the_clock_starts_pauses_resumes_and_resets_and_survives_a_reload():
    state = step(step({}, "next"), "start", 0)
    assert time_left(state, T0 + timedelta(seconds=20)) == 40
    state = step(state, "pause", 20)
    assert time_left(state, T0 + timedelta(seconds=500)) == 40  # paused: a reload later finds 40 s left
    state = step(state, "start", 500)
    assert time_left(state, T0 + timedelta(seconds=530)) == 10
    assert time_left(state, T0 + timedelta(seconds=600)) == 0
    assert time_left(step(state, "reset", 530), T0 + timedelta(seconds=900)) == 60


def test_three_fouls_give_a_30_second_speech_and_each_timed_moment_its_time():
    state = step({}, "speaker", seat=5)
    assert state["seconds"] == 30
    assert step(state, "timer", kind="farewell")["seconds"] == 60
    assert step(state, "timer", kind="split_speech")["seconds"] == 30
    assert step(state, "timer", kind="mafia_meet")["seconds"] == 60


def test_a_speaker_who_has_left_hands_on_to_the_next_in_the_rotation():
    state = step({}, "speaker", seat=8)
    assert next_speaker(state, [3, 4, 5, 6, 7, 9, 1]) == 9  # 8 was just disqualified


def test_a_tap_that_cannot_apply_is_refused():
    with pytest.raises(HostError):
        step({}, "speaker", seat=2)  # not at the table today
    with pytest.raises(HostError):
        step({}, "timer", kind="lunch")
    with pytest.raises(HostError):
        step({}, "dance")
