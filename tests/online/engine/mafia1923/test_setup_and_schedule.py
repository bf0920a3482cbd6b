"""Setup (families, levels, the deal) and the schedule (seed 004, "Setup", "Flow Of A Full Day")."""

from datetime import timedelta

import pytest

from online.engine import (
    DeadlineReached,
    DealRoles,
    Join,
    Modkill,
    PublishResolution,
    RuleError,
    Start,
    Vote,
    create_game,
    load_setup,
    replay,
    resolve,
)
from online.engine.clock import utc
from online.engine.mafia1923 import Enrol
from online.engine.mafia1923.scenario import START, TOWN6, Event

from .kit import event

SETUP = {
    "name": "Pool",
    "ruleset": "mafia1923",
    "roles": [{"role": "doctor", "count": 2}, {"role": "butler"}],
}


def enrolled(sizes, setup=SETUP, levels=None, seed="deal"):
    at = utc(START)
    state, log = create_game(setup, seed, at)
    commands = []
    number = 0
    for index, size in enumerate(sizes, start=1):
        for _ in range(size):
            number += 1
            level = (levels or {}).get(number, "standard")
            commands.append(Enrol(at=at, name=f"P{number}", family=f"F{index}", level=level))
    state, events = resolve(state, commands)
    return state, log + events


def deal_by_hand(changes: dict) -> dict:
    """Townspeople, the Mafia Members at 8, 16 and 24, and `changes`."""
    base = {n: "townsperson" for n in range(1, 25)}
    return base | {8: "mafia_member", 16: "mafia_member", 24: "mafia_member"} | changes


def refusal(state, command) -> str:
    with pytest.raises(RuleError) as error:
        resolve(state, command)
    return error.value.rule


def dealt(state):
    return {slot.number: (slot.role, slot.side) for slot in state.slots}


def test_setup_families_of_8_or_10_players():
    state, _ = enrolled([8, 9])
    assert refusal(state, DealRoles(at=utc(START))) == "deal.family-size"


def test_setup_one_mafia_member_in_a_family_of_8_two_in_a_family_of_10():
    state, _ = enrolled([8, 10, 8])
    state, _ = resolve(state, DealRoles(at=utc(START)))
    mafia = [n for n, (_, side) in dealt(state).items() if side == "mafia"]
    assert sum(1 for n in mafia if n <= 8) == 1
    assert sum(1 for n in mafia if 9 <= n <= 18) == 2
    assert sum(1 for n in mafia if n >= 19) == 1


def test_setup_beginners_are_only_townspeople_or_mafia_members():
    levels = {n: "beginner" for n in range(1, 25) if n % 3}
    for seed in ("a", "b", "c"):
        state, _ = enrolled([8, 8, 8], levels=levels, seed=seed)
        state, _ = resolve(state, DealRoles(at=utc(START)))
        for number, (role, _) in dealt(state).items():
            if number in levels:
                assert role in ("townsperson", "mafia_member")
    state, _ = enrolled([8, 8, 8], levels={1: "beginner"})
    hand = deal_by_hand({1: "doctor"})
    assert refusal(state, DealRoles(at=utc(START), roles=hand)) == "deal.beginner"


def test_setup_mafia_second_roles_come_from_the_per_game_list_empty_by_default():
    state, _ = enrolled([8, 8, 8])
    hand = deal_by_hand({8: {"role": "doctor", "mafia": True}})
    assert refusal(state, DealRoles(at=utc(START), roles=hand)) == "deal.second-role"
    allowed = {**SETUP, "options": {"mafia_second_roles": ["doctor"]}}
    state, _ = enrolled([8, 8, 8], setup=allowed)
    state, _ = resolve(state, DealRoles(at=utc(START), roles=hand))
    assert state.slot(8).role == "doctor" and state.slot(8).side == "mafia"


def test_setup_random_deal_gives_pool_roles_to_mafia_only_when_listed():
    for seed in range(10):
        state, _ = enrolled([8, 8, 8], seed=f"p{seed}")
        state, _ = resolve(state, DealRoles(at=utc(START)))
        for role, side in dealt(state).values():
            if side == "mafia":
                assert role == "mafia_member"
        assert sorted(
            r for r, _ in dealt(state).values() if r not in ("townsperson", "mafia_member")
        ) == ["butler", "doctor", "doctor"]


def test_setup_deal_is_seeded_recorded_and_replayed_without_drawing():
    one, log = enrolled([8, 8, 8], seed="same")
    two, _ = enrolled([8, 8, 8], seed="same")
    one, events = resolve(one, DealRoles(at=utc(START)))
    two, _ = resolve(two, DealRoles(at=utc(START)))
    assert dealt(one) == dealt(two)
    assert events[0]["draw"] == 0 and events[0]["roles"]["1"]["role"] == one.slot(1).role
    assert replay(log + events).snapshot() == one.snapshot()


def test_setup_moderators_may_deal_again_or_by_hand_before_the_start():
    state, _ = enrolled([8, 8, 8])
    state, _ = resolve(state, DealRoles(at=utc(START)))
    hand = deal_by_hand({1: "doctor"})
    state, _ = resolve(state, [DealRoles(at=utc(START), roles=hand), Start(at=utc(START))])
    assert state.slot(1).role == "doctor"
    assert refusal(state, DealRoles(at=utc(START))) == "deal.started"


def test_setup_hand_deal_keeps_the_mafia_count_per_family():
    state, _ = enrolled([8, 8, 8])
    hand = deal_by_hand({7: "mafia_member"})
    assert refusal(state, DealRoles(at=utc(START), roles=hand)) == "deal.mafia-count"


def test_setup_a_pool_larger_than_the_standard_civilians_is_refused():
    state, _ = enrolled([8, 8, 8], levels={n: "beginner" for n in range(1, 25) if n > 2})
    assert refusal(state, DealRoles(at=utc(START))) == "deal.pool-too-large"


def test_setup_players_enrol_in_a_family_at_a_level():
    state, _ = enrolled([])
    at = utc(START)
    for command, rule in (
        (Join(at=at, name="X"), "join.family-required"),
        (Enrol(at=at, name="X", family=""), "join.family"),
        (Enrol(at=at, name="X", family="F", level="spectator"), "join.level"),
        (Enrol(at=at, actor=3, name="X", family="F"), "actor.not-moderator"),
    ):
        with pytest.raises(RuleError) as error:
            resolve(state, command)
        assert error.value.rule == rule
    full, _ = enrolled([10])
    assert refusal(full, Enrol(at=at, name="X", family="F1")) == "join.family-full"


def test_setup_mafia_members_are_not_listed_in_the_pool():
    with pytest.raises(RuleError) as error:
        load_setup({"ruleset": "mafia1923", "roles": [{"role": "mafia_member"}]})
    assert error.value.rule == "setup.mafia-by-family"


def test_setup_options_are_checked():
    for options, rule in (
        ({"detective_learns": "alignment"}, "setup.option-type"),
        ({"mafia_second_roles": ["mafia_member"]}, "setup.second-role"),
        ({"timezone": "Mars/Olympus"}, "setup.option-type"),
        ({"court_families": "3"}, "setup.option-type"),
    ):
        with pytest.raises(RuleError) as error:
            load_setup({"ruleset": "mafia1923", "roles": [{"role": "doctor"}], "options": options})
        assert error.value.rule == rule


def test_forum_commands_and_modkill_are_not_mafia_1923_commands():
    e = event().end()
    e_state = e.state
    for command, rule in (
        (Vote(at=e.now, actor=3, target=4), "command.unknown"),
        (Modkill(at=e.now, slot=3, note="x"), "modkill.use-exile"),
    ):
        with pytest.raises(RuleError) as error:
            resolve(e_state, command)
        assert error.value.rule == rule


# --- the schedule ---------------------------------------------------------------------------------
def test_schedule_night_1_is_saturday_21_to_sunday_7_israel_time():
    e = event()
    assert e.state.phase.id == "N1"
    assert e.state.phase.started_at == utc("2026-11-28T19:00:00Z")  # 21:00 in Israel (UTC+2)
    assert e.state.phase.deadline == utc("2026-11-29T05:00:00Z")  # 07:00
    assert e.state.phase.started_at.weekday() == 5


def test_schedule_day_is_9_to_19_and_the_gaps_are_buffers():
    e = event().end()
    assert e.state.phase.id == "D1"
    assert (e.state.phase.started_at, e.state.phase.deadline) == (
        utc("2026-11-29T07:00:00Z"),
        utc("2026-11-29T17:00:00Z"),
    )
    e.end()
    assert (e.state.phase.started_at, e.state.phase.deadline) == (
        utc("2026-11-29T19:00:00Z"),
        utc("2026-11-30T05:00:00Z"),
    )


def test_schedule_follows_daylight_saving_time():
    e = Event(
        ["doctor", *TOWN6, "mafia_member"],
        ["butler", *TOWN6, "mafia_member"],
        ["witness", *TOWN6, "mafia_member"],
        start="2026-10-20T10:00:00Z",
    )
    # Night 1 on Saturday 24 October (summer time, UTC+3); Israel leaves summer time on the 25th.
    assert e.state.phase.started_at == utc("2026-10-24T18:00:00Z")
    assert e.state.phase.deadline == utc("2026-10-25T05:00:00Z")  # 07:00 in winter time
    e.end()
    assert e.state.phase.started_at == utc("2026-10-25T07:00:00Z")


def test_schedule_actions_before_the_window_opens_are_refused_and_spend_nothing():
    e = event(["doctor"])
    early = e.state.phase.started_at - timedelta(hours=1)
    e.now = early
    e.refuses("action.wrong-time").act(1, "save", player=3)


def test_schedule_a_draft_waits_for_the_moderators_and_blocks_everything_else():
    e = event(["doctor"])
    e.now = e.state.phase.deadline
    e.do(DeadlineReached(at=e.now))
    assert e.state.pending is not None and e.state.phase.id == "N1"
    e.refuses("phase.awaiting-publication").vote(3, "F2", 4)
    e.do(PublishResolution(at=e.now + timedelta(hours=2), actor="system"))  # the buffer's end
    assert e.state.phase.id == "D1"


def test_schedule_five_days_from_saturday_night_to_thursday_evening():
    e = event()
    while e.state.phase is not None:
        if e.state.phase.kind == "day":
            e.everyone_votes()
        e.end()
    ids = [phase.id for phase in e.state.phases]
    assert ids == ["N1", "D1", "N2", "D2", "N3", "D3", "N4", "D4", "N5", "D5"]
    assert e.state.phases[-1].ended_at == utc("2026-12-03T17:00:00Z")  # Thursday 19:00
    assert e.state.phases[-1].ended_at.weekday() == 3
    assert e.state.result is not None
