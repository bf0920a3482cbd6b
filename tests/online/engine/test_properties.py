"""Properties: random command sequences never crash the engine, every refusal is a clear
`RuleError` that changes nothing, and replaying the log always gives the same state."""

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from online.engine import (
    RuleError,
    create_game,
    replay,
    resolve,
    view_for,
    vote_count,
)
from online.engine import commands as c
from online.engine.clock import utc
from online.engine.forum import ROLES

ROLE_LISTS = [
    ["cop", "doctor", "mafia_goon", "mafia_goon", "townie", "townie", "townie"],
    [
        "roleblocker",
        "vigilante",
        "tracker",
        "watcher",
        "innocent_child",
        "godfather",
        "mafia_roleblocker",
        "werewolf",
        "serial_killer",
        "townie",
    ],
    ["serial_killer", "townie", "townie", "mafia_goon"],
    ["mafia_goon", "werewolf", "doctor", "townie", "townie"],
    list(ROLES),
]
ABILITIES = ["kill", "investigate", "protect", "block", "shoot", "track", "watch", "fly"]
ANY_SLOT = st.integers(min_value=-1, max_value=18)
ODD_TARGET = st.one_of(st.none(), st.lists(ANY_SLOT, max_size=2), st.text(max_size=2), ANY_SLOT)
# Moves, weighted by the phase: mostly plausible votes by day and night actions by night, some
# of everything else at any time.
ANY_TIME = [
    "unvote",
    "act",
    "odd",
    "deadline",
    "deadline",
    "deadline",
    "wait",
    "modkill",
    "replace",
    "prod",
    "extend",
    "pause",
    "resume",
    "publish",
    "publish",
    "early",
]
DAY_KINDS = ["vote"] * 10 + ["own"] * 2 + ANY_TIME
NIGHT_KINDS = ["own"] * 10 + ["vote"] * 2 + ANY_TIME


def kinds_for(state) -> list[str]:
    return NIGHT_KINDS if state.phase is not None and state.phase.kind == "night" else DAY_KINDS


OPTIONS = st.fixed_dictionaries(
    {
        "day_start": st.booleans(),
        "nightless": st.booleans(),
        "mandatory_lynch": st.booleans(),
        "reveal_on_death": st.booleans(),
        "moderator_review": st.booleans(),
        "day_hours": st.integers(min_value=1, max_value=72),
        "night_hours": st.integers(min_value=1, max_value=48),
    }
)


def command_for(kind, data, state, now):
    """One command of the given kind, its fields drawn with the state in view."""
    living = [slot.number for slot in state.slots if slot.alive] or [1]
    slot = st.one_of(
        st.sampled_from(living), st.sampled_from(living), st.sampled_from(living), ANY_SLOT
    )
    draw = data.draw
    if kind == "vote":
        return c.Vote(
            at=now,
            actor=draw(slot),
            target=draw(slot),
            post=draw(st.one_of(st.none(), st.text(max_size=3))),
        )
    if kind == "unvote":
        return c.Unvote(at=now, actor=draw(slot))
    if kind == "own":
        actor = draw(slot)
        ability = own_ability(state, actor, draw(st.integers(min_value=0, max_value=1)))
        return c.NightAction(
            at=now, actor=actor, ability=ability, target=draw(st.one_of(slot, slot, st.none()))
        )
    if kind == "act":
        return c.NightAction(
            at=now, actor=draw(slot), ability=draw(st.sampled_from(ABILITIES)), target=draw(slot)
        )
    if kind == "odd":
        return draw(st.sampled_from([c.Vote, c.NightAction]))(
            at=now, actor=draw(ANY_SLOT), target=draw(ODD_TARGET)
        )
    if kind == "modkill":
        return c.Modkill(at=now, slot=draw(slot), note="m")
    if kind == "replace":
        return c.Replace(at=now, slot=draw(slot), name=draw(st.text(max_size=4)))
    if kind == "prod":
        return c.Prod(at=now, slot=draw(slot))
    if kind == "extend":
        return c.ExtendDeadline(at=now, hours=draw(st.integers(min_value=-2, max_value=30)), note="e")
    if kind == "pause":
        return c.PauseDeadline(at=now, note="p")
    if kind == "resume":
        return c.ResumeDeadline(at=now, note="r")
    if kind == "publish":
        return c.PublishResolution(at=now)
    return c.DeadlineReached(at=now)


def own_ability(state, slot, index):
    if not state.has_slot(slot):
        return "kill"
    owned = [ability.id for ability in ROLES[state.slot(slot).role].abilities]
    if state.setup.side(state.slot(slot).side).kind != "town":
        owned.append("kill")
    return owned[index % len(owned)] if owned else "kill"


def check_invariants(state):
    if state.phase is not None and state.phase.kind == "day" and state.pending is None:
        count = vote_count(state)
        assert all(wagon["to_lynch"] > 0 for wagon in count["wagons"]), (
            "a majority was left standing"
        )
    lynched = [
        slot.left["phase"] for slot in state.slots if slot.left and slot.left["how"] == "lynched"
    ]
    assert len(lynched) == len(set(lynched)), "two lynches in one day"
    if state.result is not None:
        assert state.phase is None
        assert set(state.result["winners"]) <= {slot.number for slot in state.slots}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roles=st.sampled_from(ROLE_LISTS), options=OPTIONS, seed=st.text(max_size=6), data=st.data())
def test_random_commands_never_crash_and_the_log_replays_to_the_state(roles, options, seed, data):
    setup = {
        "name": "Random",
        "ruleset": "forum",
        "roles": [{"role": role} for role in roles],
        "options": options,
    }
    now = utc("2025-03-03T18:20:00Z")
    state, log = create_game(setup, seed, now)
    state, events = resolve(
        state,
        [
            *(c.Join(at=now, name=f"P{n}") for n in range(len(roles))),
            c.DealRoles(at=now),
            c.Start(at=now),
        ],
    )
    log += events
    for _ in range(data.draw(st.integers(min_value=10, max_value=80))):
        kind = data.draw(st.sampled_from(kinds_for(state)))
        if kind == "wait":
            now += timedelta(minutes=data.draw(st.integers(min_value=0, max_value=900)))
            continue
        if kind == "early":
            command = c.DeadlineReached(
                at=now - timedelta(minutes=data.draw(st.integers(min_value=1, max_value=90)))
            )
        else:
            if kind == "deadline" and state.phase is not None and state.phase.deadline is not None:
                now = max(now, state.phase.deadline)
            command = command_for(kind, data, state, now)
        before = state.snapshot()
        try:
            after, events = resolve(state, command)
        except RuleError as error:
            assert isinstance(error.rule, str) and "." in error.rule and error.message
            assert state.snapshot() == before
            continue
        assert events and state.snapshot() == before
        state, log = after, log + events
        check_invariants(state)
        for number in range(1, len(state.slots) + 1):
            view_for(state, number)
    assert replay(log).snapshot() == state.snapshot()


@settings(max_examples=40, deadline=None)
@given(seed=st.text(max_size=8), roles=st.sampled_from(ROLE_LISTS))
def test_the_deal_is_a_permutation_of_the_setup_and_follows_the_seed(seed, roles):
    setup = {"name": "Deal", "ruleset": "forum", "roles": [{"role": role} for role in roles]}
    now = utc("2025-03-03T18:20:00Z")
    deals = []
    for _ in range(2):
        state, _ = create_game(setup, seed, now)
        state, _ = resolve(state, [*(c.Join(at=now) for _ in roles), c.DealRoles(at=now)])
        deals.append([slot.role for slot in state.slots])
    assert deals[0] == deals[1]
    assert sorted(deals[0]) == sorted(roles)
