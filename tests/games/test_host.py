"""Host mode's clock and speaker (games/host.py), pure: issue 28, "the current speaker large on
screen, the next one named. The judge taps 'next'"; "A timer for every timed moment of the ruleset
… with start, pause, resume and reset"; "a reload or a second device resumes at the same speaker
with the same time left"."""

from datetime import UTC, datetime, timedelta

import pytest

from games.engine.actions import next_actions
from games.engine.record import Phase
from games.engine.rulesets import PRO_MAFIA
from games.engine.scenario import Scenario
from games.entry import speech_taps
from games.host import HostError, host_step, next_speaker, time_left
from games.live import live_speech
from games.selectors import EntryTable

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


# --- in the speech: nominations and fouls with the speaker preset (games.entry.speech_taps) -------

def _table(scenario, phase):
    record = scenario.replay()
    return EntryTable(None, record, record.current, PRO_MAFIA, phase, actions=next_actions(record, phase))


def test_the_speaker_nominates_any_seat_at_the_table_not_yet_on_today_s_list():
    day1 = Phase("day", 1)
    game = Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7).day(1).nominate(1, 2)
    taps = speech_taps(3, _table(game, day1))
    assert taps["targets"] == [1, 3, 4, 5, 6, 7, 8, 9, 10] and taps["nominated"] == [] and taps["fouls"] == 0
    # seat 1 has had its nomination: the panel names it and offers no second one
    assert speech_taps(1, _table(game, day1)) | {"fouls": 0} == {
        "speaker": 1, "nominate_open": True, "targets": [], "nominated": [2], "fouls": 0}
    assert speech_taps(None, _table(game, day1)) is None  # nobody speaks
    # after the day's first vote the nominations are closed; the speaker's foul stays
    voted = game.nominate(3, 5).vote({2: [1, 3, 4, 6], 5: [2, 5, 7, 8, 9, 10]}).foul(3)
    taps = speech_taps(3, _table(voted, day1))
    assert taps["targets"] == [] and not taps["nominate_open"] and taps["fouls"] == 1


def test_no_taps_at_night_nor_for_a_speaker_who_has_left():
    game = Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7).day(1).night(1).shot(4)
    assert speech_taps(3, _table(game, Phase("night", 1))) is None
    day2 = _table(game, Phase("day", 2))
    assert speech_taps(4, day2) is None  # shot: a farewell speech, no nomination or foul at the table
    assert speech_taps(5, day2)["targets"] == [1, 2, 3, 5, 6, 7, 8, 9, 10]  # a new day: a fresh list


# --- the hall's view of host mode (games.live.live_speech) ---------------------------------------

def test_the_hall_sees_the_speaker_and_when_the_running_clock_ends_never_a_night_timer():
    day2 = Phase("day", 2)

    def hall(state, phase=day2):  # ``step`` keeps its states in a "day" 2; Day 2's key is 3
        return live_speech({**state, "day": day2.key}, phase, {4: "Vera"})

    state = step(step({}, "speaker", seat=4), "start", 0)
    state = step(step(state, "pause", 17.5), "start", 20)  # 42.5 s left from T0 + 20 s
    speech = hall(state)
    assert (speech.speaker, speech.name, speech.kind_label, speech.seconds, speech.left) == (4, "Vera", "Speech", 60, 42.5)
    assert speech.ends_at == int((T0 + timedelta(seconds=62.5)).timestamp() * 1000) and speech.running
    paused = hall(step(state, "pause", 30))
    assert not paused.running and paused.paused and paused.left == 32.5
    # the state of another phase is stale: nothing
    assert hall(state, Phase("day", 3)) is None and hall(state, Phase("night", 2)) is None
    # a timer the hall does not see: the speaker alone, no clock
    meeting = hall(step(state, "timer", kind="mafia_meet"))
    assert meeting.speaker == 4 and meeting.kind_label == "" and not meeting.running
    # nobody speaking and an untouched clock: nothing to show; a started clock: the clock alone
    assert hall(step({}, "timer", kind="split_speech")) is None
    alone = hall(step(step({}, "timer", kind="split_speech"), "start", 0))
    assert alone.speaker is None and alone.running and alone.kind_label == "Split speech"
