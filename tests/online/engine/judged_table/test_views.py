"""The per-seat view: public history, own role, own checks, and the Mafia's identities and
claims for the Mafia only — a test for every role that no hidden fact leaks into a view."""

from __future__ import annotations

import json

import pytest

from online.agents import RandomBot, RuleBot, play_game
from online.engine.judged_table import create_table, inputs_of, resolve
from online.engine.judged_table.scenario import Table
from online.engine.judged_table.views import seat_view
from tests.online.engine.kit import dicts_in

ROLES = ("civilian", "sheriff", "mafia", "don")
PRIVATE_TYPES = {
    "civilian": set(),
    "sheriff": {"sheriff_checked"},
    "mafia": {"mafia_met", "claim", "kill_called", "kill_decided", "hunt_restarted"},
    "don": {"mafia_met", "claim", "kill_called", "kill_decided", "hunt_restarted", "don_checked"},
}
EVERY_PRIVATE_TYPE = {"game_created", "roles_dealt", "role_told", "speech_out_of_turn", "window_closed",
                      "default_applied"} | set().union(*PRIVATE_TYPES.values())  # fmt: skip


def every_view_of_a_game(seed: int, bot=RuleBot):
    """(state, log, seat, view) at every step of a whole game, for every seat."""
    game = play_game({seat: bot() for seat in range(1, 11)}, seed)
    state, log = create_table(seed)
    for command in inputs_of(game.log[len(log) :]):
        for seat in range(1, 11):
            yield state, log, seat, seat_view(state, log, seat)
        state, events = resolve(state, command)
        log = log + events


def assert_no_leak(state, log, seat, view):
    role = state.roles[seat]
    data = view.to_dict()
    json.dumps(data)  # plain JSON, as an HTTP agent receives it
    own_types = PRIVATE_TYPES[role] | {
        "role_told",
        "speech_out_of_turn",
        "window_closed",
        "default_applied",
    }
    for event in data["history"]:
        if event["type"] in EVERY_PRIVATE_TYPE:
            assert event["type"] in own_types, f"{role} at seat {seat} sees {event}"
            assert "to" not in event or seat in event["to"]
        if event["type"] == "role_told":
            assert event["seat"] == seat
    assert "seed" not in json.dumps(data)
    for found in dicts_in(data):
        if "role" in found:  # only the seat's own role is ever named
            assert found["role"] == role and found.get("seat", seat) == seat
    assert data["role"] == role
    if role in ("mafia", "don"):
        assert data["mafia"]["black"] == state.black_seats
    else:
        assert data["mafia"] is None and data["claims"] is None
    if role in ("civilian", "mafia"):
        assert data["checks"] == []
    request = data["request"]
    if request and request["action"] == "kill":
        assert role in ("mafia", "don")


@pytest.mark.parametrize("role", ROLES)
def test_no_hidden_fact_reaches_another_seats_view(role):
    seen = 0
    for seed in range(3):
        for state, log, seat, view in every_view_of_a_game(seed):
            if state.roles[seat] == role:
                assert_no_leak(state, log, seat, view)
                seen += 1
    assert seen > 100


def test_the_sheriff_sees_his_checks_and_no_one_else_does():
    table = Table(blacks=(2, 5), don=9, sheriff=7).check(2).claims(None, None).kill(None).check(3)
    sheriff = seat_view(table.state, table.log, 7)
    assert sheriff.checks == ({"night": 0, "target": 2, "result": "black"},)
    for seat in (1, 2, 3, 9):
        view = seat_view(table.state, table.log, seat)
        assert not any(event["type"] == "sheriff_checked" for event in view.history)
        assert all(check["result"] != "black" for check in view.checks)


def test_the_don_sees_his_checks_and_the_mafia_do_not():
    table = Table(blacks=(2, 5), don=9, sheriff=7).check(1).claims(None, None).kill(None).check(7)
    assert seat_view(table.state, table.log, 9).checks == (
        {"night": 0, "target": 7, "result": "sheriff"},
    )
    for seat in (2, 5, 7, 1):
        view = seat_view(table.state, table.log, seat)
        assert view.checks == () or seat == 7
        assert not any(event["type"] == "don_checked" for event in view.history)


def test_the_mafia_see_each_other_and_the_claims_the_town_does_not():
    table = Table(blacks=(2, 5), don=9).check(1).claims(3, 4)
    for seat in (2, 5, 9):
        view = seat_view(table.state, table.log, seat)
        assert view.mafia == {"black": [2, 5, 9], "don": 9} and view.claims == {2: 3, 5: 4}
        assert view.step == "hunt"
    decider = seat_view(table.state, table.log, 9)
    assert decider.request == {
        "action": "kill",
        "targets": list(range(1, 11)),
        "claims": {"2": 3, "5": 4},
    }
    for seat in (1, 3, 7):
        view = seat_view(table.state, table.log, seat)
        assert view.mafia is None and view.claims is None and view.request is None
        assert view.step == "hunt"  # the same word while the claims or the decision are awaited
        assert not any(
            event["type"] in ("claim", "kill_called", "mafia_met") for event in view.history
        )


def test_a_civilian_learns_a_kill_only_in_the_morning():
    table = Table(blacks=(2, 5), don=9).check(1).claims(3, 3).kill(3)
    civilian = seat_view(table.state, table.log, 4)
    assert not any(
        event.get("killed") == 3 or event.get("target") == 3 for event in civilian.history
    )
    table.check(1)
    civilian = seat_view(table.state, table.log, 4)
    assert any(
        event["type"] == "day_started" and event["killed"] == 3 for event in civilian.history
    )


def test_random_players_views_leak_nothing_either():
    for state, log, seat, view in every_view_of_a_game(11, bot=RandomBot):
        assert_no_leak(state, log, seat, view)


def test_a_view_gives_copies_of_the_log_to_json():
    table = Table()
    data = seat_view(table.state, table.log, 1).to_dict()
    for event in data["history"]:
        event["say"] = "changed"
    assert not any(event.get("say") == "changed" for event in table.log)


@pytest.mark.parametrize("role", ROLES)
def test_a_seats_transcript_tells_only_what_the_seat_heard(role):
    from online.engine.judged_table.protocol import transcript

    for seed in range(3):
        game = play_game({seat: RuleBot() for seat in range(1, 11)}, seed)
        seat = game.state.roles.index(role)
        text = "\n".join(transcript(game.log, seat=seat))
        assert "roles dealt" not in text and "(to " not in text
        assert ("the Mafia meet" in text) == (role in ("mafia", "don"))
        assert (" claims " in text or "decides:" in text) <= (role in ("mafia", "don"))
        checks = [line for line in text.splitlines() if " checks " in line]
        assert all(line.split("] ")[1].startswith(f"{seat} checks") for line in checks)
        for other in range(1, 11):
            if other != seat:
                assert f"your role: {game.state.roles[other]}" not in text or game.state.roles[other] == role
