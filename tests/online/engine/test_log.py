"""The log is the truth: replay, the seeded deal, purity of `resolve`, refusals."""

import json

import pytest

from online.engine import (
    GameRNG,
    LogError,
    RuleError,
    create_game,
    replay,
    resolve,
)
from online.engine import commands as c
from online.engine.commands import COMMAND_TYPES
from online.engine.scenario import START, ForumScenario

from .kit import MINI, mini, townies

SETUP = {
    "name": "Mini",
    "ruleset": "forum",
    "roles": [
        {"role": "cop"},
        {"role": "doctor"},
        {"role": "mafia_goon", "count": 2},
        {"role": "townie", "count": 3},
    ],
}


def dealt(seed: str) -> dict:
    state, log = create_game(SETUP, seed, START)
    state, events = resolve(state, [*(c.Join(at=START) for _ in range(7)), c.DealRoles(at=START)])
    return events[-1]["roles"]


def test_the_first_event_holds_the_setup_and_the_seed():
    state, log = create_game(SETUP, "s33d", START)
    assert log == [
        {
            "type": "game_created",
            "at": "2025-03-03T18:20:00Z",
            "ruleset": "forum",
            "setup": state.setup.to_dict(),
            "seed": "s33d",
        }
    ]
    assert replay(log).snapshot() == state.snapshot()


def test_replaying_the_log_gives_the_state_resolve_answered():
    game = mini().to("N1").kill(3, 5).act(1, "investigate", 3).deadline().vote(1, 3, post="p9")
    assert game.replayed().snapshot() == game.state.snapshot()


def test_the_log_is_plain_json():
    game = mini().to("N1").kill(3, 5).deadline().votes(3, 1, 2, 6)
    log = json.loads(json.dumps(game.log))
    assert replay(log).snapshot() == game.state.snapshot()


def test_the_random_deal_follows_the_seed():
    assert dealt("alpha") == dealt("alpha")
    assert len({json.dumps(dealt(seed), sort_keys=True) for seed in ("a", "b", "c", "d", "e")}) > 1


def test_the_deal_is_recorded_with_its_draw_and_a_replay_draws_nothing(monkeypatch):
    state, log = create_game(SETUP, "alpha", START)
    state, events = resolve(
        state, [*(c.Join(at=START) for _ in range(7)), c.DealRoles(at=START), c.Start(at=START)]
    )
    deal = next(e for e in events if e["type"] == "roles_dealt")
    assert deal["draw"] == 0 and state.draws == 1
    assert sorted(entry["role"] for entry in deal["roles"].values()) == [
        "cop",
        "doctor",
        "mafia_goon",
        "mafia_goon",
        *townies(3),
    ]

    def no_draws(self, position):
        raise AssertionError("a replay drew a random number")

    monkeypatch.setattr(GameRNG, "draw", no_draws)
    assert replay(log + events).snapshot() == state.snapshot()


def test_a_redeal_before_the_start_draws_again():
    state, _ = create_game(SETUP, "alpha", START)
    state, first = resolve(state, [*(c.Join(at=START) for _ in range(7)), c.DealRoles(at=START)])
    state, second = resolve(state, c.DealRoles(at=START))
    assert second[0]["draw"] == 1
    assert [state.slot(n).role for n in range(1, 8)] == [
        second[0]["roles"][str(n)]["role"] for n in range(1, 8)
    ]


def test_resolve_never_changes_the_state_it_is_given():
    game = mini(day_start=True)
    before = game.state.snapshot()
    resolve(game.state, c.Vote(at=game.now, actor=1, target=3))
    with pytest.raises(RuleError):
        resolve(game.state, c.Vote(at=game.now, actor=1, target=1))
    assert game.state.snapshot() == before


def test_a_batch_is_all_or_nothing():
    game = mini(day_start=True)
    before = game.state.snapshot()
    with pytest.raises(RuleError) as refused:
        resolve(
            game.state, [c.Vote(at=game.now, actor=1, target=3), c.Vote(at=game.now, actor=2, target=2)]
        )
    assert refused.value.rule == "vote.self" and refused.value.input_index == 1
    assert game.state.snapshot() == before


def test_a_refusal_is_a_stable_rule_code_and_a_clear_message():
    error = mini(day_start=True).refuses("vote.self").vote(1, 1)
    assert error.to_dict() == {
        "rule": "vote.self",
        "message": "A player cannot vote for themselves.",
        "input": 0,
    }


def test_commands_come_from_plain_dicts():
    command = c.command_from_dict(
        {"type": "vote", "at": "2025-03-03T19:00:00Z", "actor": 1, "target": 3, "post": "p1"}
    )
    assert command == c.Vote(at=command.at, actor=1, target=3, post="p1")
    assert c.command_from_dict(command.to_dict()) == command
    deal = c.command_from_dict(
        {"type": "deal_roles", "at": "2025-03-03T19:00:00Z", "roles": {"1": "cop"}}
    )
    assert deal.roles == {1: "cop"}


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        ({"type": "jump"}, "command.unknown"),
        ({"type": "vote", "actor": 1, "target": 3}, "command.invalid"),
        ({"type": "vote", "at": "2025-03-03T19:00:00Z", "target": 3}, "command.invalid"),
        (
            {"type": "vote", "at": "2025-03-03T19:00:00Z", "actor": 1, "targets": [3]},
            "command.invalid",
        ),
        ({"type": "vote", "at": "yesterday", "actor": 1, "target": 3}, "time.invalid"),
        ({"type": "vote", "at": "2025-03-03T19:00:00", "actor": 1, "target": 3}, "time.naive"),
        ([], "command.invalid"),
    ],
)
def test_malformed_commands_are_refused(data, rule):
    with pytest.raises(RuleError) as refused:
        c.command_from_dict(data)
    assert refused.value.rule == rule


def test_every_command_type_round_trips():
    at = c.command_from_dict({"type": "start", "at": START}).at
    commands = [
        c.Join(at=at, name="Alice"),
        c.DealRoles(at=at, roles={1: "cop"}),
        c.Start(at=at),
        c.Vote(at=at, actor=1, target=3, post="p1"),
        c.Unvote(at=at, actor=1),
        c.NightAction(at=at, actor=1, ability="investigate", target=3),
        c.DeadlineReached(at=at),
        c.ExtendDeadline(at=at, hours=2, note="n"),
        c.PauseDeadline(at=at, note="n"),
        c.ResumeDeadline(at=at, note="n"),
        c.Replace(at=at, slot=2, name="Bob"),
        c.Modkill(at=at, slot=2, note="n"),
        c.Prod(at=at, slot=2),
        c.PublishResolution(at=at),
    ]
    assert {type(command) for command in commands} == set(COMMAND_TYPES.values())
    for command in commands:
        assert c.command_from_dict(json.loads(json.dumps(command.to_dict()))) == command


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ([], "an empty log"),
        (
            [{"type": "slot_joined", "at": START, "slot": 1, "name": "A"}],
            "a log begins with game_created",
        ),
        ([{"type": "teleported", "at": START}], "unknown event"),
        (
            [{"type": "game_created", "at": START, "ruleset": "forum", "setup": SETUP}],
            "game_created lacks seed",
        ),
    ],
)
def test_a_log_the_engine_did_not_write_is_refused(log, message):
    with pytest.raises(LogError) as refused:
        replay(log)
    assert message in str(refused.value)


def test_a_damaged_log_is_refused_at_the_damaged_event():
    log = mini().log
    at = log[-1]["at"]
    with pytest.raises(LogError) as refused:
        replay([*log, {"type": "slot_left", "at": at, "slot": 99, "how": "killed", "phase": "N0"}])
    assert refused.value.index == len(log) and "slot_left does not fit" in str(refused.value)
    with pytest.raises(LogError) as refused:
        replay([*log, log[0]])
    assert refused.value.index == len(log) and "a second game_created" in str(refused.value)


def test_the_join_and_the_deal():
    game = ForumScenario(*MINI, deal=False)
    game.refuses("deal.wrong-count").do(c.DealRoles(at=game.now))
    game.refuses("start.not-dealt").do(c.Start(at=game.now))
    game.refuses("game.not-started").vote(1, 2)
    game.refuses("actor.not-moderator").do(c.Join(at=game.now, name="Eve", actor=1))
    game.do(*(c.Join(at=game.now, name=f"P{n}") for n in range(1, 8)))
    game.refuses("join.full").do(c.Join(at=game.now, name="Eighth"))
    game.refuses("deal.slots").do(c.DealRoles(at=game.now, roles={1: "cop"}))
    hand = dict(enumerate(MINI, start=1))
    game.refuses("deal.not-the-setup").do(c.DealRoles(at=game.now, roles={**hand, 5: "godfather"}))
    game.do(c.DealRoles(at=game.now, roles=hand))
    game.refuses("join.dealt").do(c.Join(at=game.now, name="Late"))
    game.do(c.Start(at=game.now))
    assert [slot.role for slot in game.state.slots] == list(MINI)
    game.refuses("start.started").do(c.Start(at=game.now))
    game.refuses("deal.started").do(c.DealRoles(at=game.now))
