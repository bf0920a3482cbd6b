"""The night: each role, the written order of its stages, and how the actions meet."""

import pytest

from online.engine import night_order
from online.engine.scenario import ForumScenario

from .kit import MINI, townies


def night(*roles, **options) -> ForumScenario:
    return ForumScenario(*roles, options=options).to("N1")


def outcomes(game: ForumScenario, ability: str | None = None) -> list[tuple]:
    return [
        (e["slot"], e["ability"], e["target"], e["outcome"])
        for e in game.events("action_resolved")
        if ability is None or e["ability"] == ability
    ]


# --- the order -----------------------------------------------------------------------------
def test_the_night_order_is_one_table_block_redirect_protect_kill_investigate_delayed():
    assert [row["stage"] for row in night_order()] == [
        "block",
        "redirect",
        "protect",
        "kill",
        "investigate",
        "delayed",
    ]


def test_the_printed_order_names_the_setup_s_roles_in_their_stage():
    setup = {
        "name": "Mini",
        "ruleset": "forum",
        "roles": [
            {"role": r}
            for r in ("cop", "doctor", "roleblocker", "townie", "godfather", "mafia_goon")
        ]
        + [{"role": "serial_killer"}],
    }
    rows = {row["stage"]: row for row in night_order(setup)}
    assert rows["block"]["roles"] == ["Roleblocker"]
    assert rows["protect"]["roles"] == ["Doctor"]
    assert rows["kill"]["roles"] == [] and rows["kill"]["sides"] == ["Mafia", "Serial Killer"]
    assert rows["investigate"]["roles"] == ["Cop"]
    assert rows["redirect"]["roles"] == rows["delayed"]["roles"] == []
    assert [row["position"] for row in night_order(setup)] == [1, 2, 3, 4, 5, 6]


def test_without_a_setup_the_order_names_the_whole_catalogue():
    rows = {row["stage"]: row for row in night_order()}
    assert rows["block"]["roles"] == ["Roleblocker", "Mafia Roleblocker"]
    assert rows["kill"]["roles"] == ["Vigilante"]
    assert rows["investigate"]["roles"] == ["Cop", "Tracker", "Watcher"]


# --- each role -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("role", "verdict"),
    [
        ("mafia_goon", "guilty"),
        ("mafia_roleblocker", "guilty"),
        ("godfather", "innocent"),
        ("werewolf", "guilty"),
        ("serial_killer", "guilty"),
        ("townie", "innocent"),
        ("doctor", "innocent"),
    ],
)
def test_the_cop_learns_guilty_or_innocent_and_the_godfather_reads_innocent(role, verdict):
    game = night("cop", role, "mafia_goon", "townie", "townie", "townie", "townie")
    game.act(1, "investigate", 2).deadline()
    assert game.results(1) == [
        {
            "type": "private_result",
            "at": game.results(1)[0]["at"],
            "phase": "N1",
            "slot": 1,
            "kind": "investigation",
            "target": 2,
            "verdict": verdict,
        }
    ]


def test_the_doctor_saves_the_mafia_s_target():
    game = night(*MINI).kill(3, 5).act(2, "protect", 5).deadline()
    assert game.alive == [1, 2, 3, 4, 5, 6, 7]
    assert (3, "kill", 5, "protected") in outcomes(game)


def test_the_doctor_saves_from_every_kill_of_the_night():
    game = night(
        "doctor", "vigilante", "mafia_goon", "serial_killer", "townie", "townie", "townie", "townie"
    )
    game.act(1, "protect", 5).act(2, "shoot", 5).kill(3, 5).kill(4, 5).deadline()
    assert game.state.slot(5).alive


def test_the_doctor_cannot_protect_themselves():
    night(*MINI).refuses("action.self-target").act(2, "protect", 2)


def test_a_roleblocked_player_s_action_does_not_happen_and_they_are_told():
    game = night("roleblocker", "cop", "mafia_goon", "townie", "townie", "townie", "townie")
    game.act(1, "block", 2).act(2, "investigate", 3).deadline()
    assert [r["kind"] for r in game.results(2)] == ["blocked"]
    assert (2, "investigate", 3, "blocked") in outcomes(game)


def test_a_player_blocked_without_an_action_is_told_as_well():
    game = night("roleblocker", "cop", "mafia_goon", "townie", "townie", "townie", "townie")
    game.act(1, "block", 4).deadline()
    assert [r["kind"] for r in game.results(4)] == ["blocked"]


def test_blocking_the_member_who_makes_the_kill_stops_the_kill():
    game = night("roleblocker", "townie", "mafia_goon", "mafia_goon", "townie", "townie", "townie")
    game.act(1, "block", 3).kill(3, 5).kill(4, 6).deadline()  # 3 is listed first: 3 makes the kill
    assert game.alive == [1, 2, 3, 4, 5, 6, 7]
    assert outcomes(game, "kill") == [(3, "kill", 5, "blocked"), (4, "kill", 6, "overruled")]


def test_the_mafia_roleblocker_blocks_the_doctor_and_the_kill_lands():
    game = night(
        "doctor",
        "mafia_roleblocker",
        "mafia_goon",
        *townies(5),
    )
    game.act(1, "protect", 5).act(2, "block", 1).kill(3, 5).deadline()
    assert game.left(5)["how"] == "killed"
    assert [r["kind"] for r in game.results(1)] == ["blocked"]


def test_blocks_cannot_be_blocked_two_blockers_block_each_other():
    game = night(
        "roleblocker", "mafia_roleblocker", "mafia_goon", "townie", "townie", "townie", "townie"
    )
    game.act(1, "block", 2).act(2, "block", 1).deadline()
    assert [r["kind"] for r in game.results(1)] == ["blocked"]
    assert [r["kind"] for r in game.results(2)] == ["blocked"]
    assert outcomes(game, "block") == [(1, "block", 2, "done"), (2, "block", 1, "done")]


def test_the_vigilante_shoots():
    game = night(*MINI[:4], "vigilante", "townie", "townie").act(5, "shoot", 3).deadline()
    assert game.left(3)["how"] == "killed"


ONE_SHOT_VIGILANTE = {"role": "vigilante", "uses": 1}


def test_a_one_shot_vigilante_shoots_once():
    game = night(
        ONE_SHOT_VIGILANTE,
        "mafia_goon",
        "mafia_goon",
        *townies(5),
    )
    assert game.view(1)["role"]["abilities"] == [{"id": "shoot", "stage": "kill", "uses_left": 1}]
    game.act(1, "shoot", 8).deadline()
    assert game.view(1)["role"]["abilities"][0]["uses_left"] == 0
    game.to("N2").refuses("action.no-uses-left").act(1, "shoot", 7)


def test_a_blocked_shot_is_spent():
    game = night(
        ONE_SHOT_VIGILANTE,
        "roleblocker",
        "mafia_goon",
        "mafia_goon",
        *townies(4),
    )
    game.act(1, "shoot", 3).act(2, "block", 1).deadline()
    assert game.state.slot(3).alive
    assert outcomes(game, "shoot") == [(1, "shoot", 3, "blocked")]
    game.to("N2").refuses("action.no-uses-left").act(1, "shoot", 4)


def test_a_shot_at_a_player_who_left_first_is_not_spent():
    game = night(
        ONE_SHOT_VIGILANTE,
        "mafia_goon",
        "mafia_goon",
        *townies(5),
    )
    game.act(1, "shoot", 8).modkill(8).deadline()
    assert outcomes(game, "shoot") == [(1, "shoot", 8, "target-gone")]
    game.to("N2").act(1, "shoot", 2)


def test_the_tracker_learns_whom_the_target_visited():
    game = night(
        "tracker", "doctor", "mafia_goon", "mafia_goon", "townie", "townie", "townie", "townie"
    )
    game.act(1, "track", 3).act(2, "protect", 6).kill(3, 5).deadline()
    assert [(r["kind"], r["target"], r["visited"]) for r in game.results(1)] == [("track", 3, [5])]


def test_a_member_whose_kill_was_overruled_visited_no_one():
    game = night(
        "tracker", "townie", "mafia_goon", "mafia_goon", "townie", "townie", "townie", "townie"
    )
    game.act(1, "track", 4).kill(3, 5).kill(4, 6).deadline()
    assert game.results(1)[0]["visited"] == []


def test_the_watcher_learns_who_visited_the_target():
    game = night(
        "watcher", "doctor", "mafia_goon", "mafia_goon", "cop", "townie", "townie", "townie"
    )
    game.act(1, "watch", 6).act(2, "protect", 6).kill(4, 6).act(5, "investigate", 6).deadline()
    assert [(r["kind"], r["target"], r["visitors"]) for r in game.results(1)] == [
        ("watch", 6, [2, 4, 5])
    ]


def test_the_watcher_does_not_see_themselves():
    game = night("watcher", "tracker", "mafia_goon", "townie", "townie", "townie", "townie")
    game.act(1, "watch", 4).act(2, "track", 1).deadline()
    assert game.results(1)[0]["visitors"] == []
    assert game.results(2)[0]["visited"] == [4]


def test_a_blocked_player_visits_no_one():
    game = night("watcher", "roleblocker", "cop", "mafia_goon", "townie", "townie", "townie")
    game.act(1, "watch", 4).act(2, "block", 3).act(3, "investigate", 4).deadline()
    assert game.results(1)[0]["visitors"] == []


def test_each_scum_team_and_each_serial_killer_kills():
    game = night(
        "mafia_goon",
        "werewolf",
        "serial_killer",
        *townies(6),
    )
    game.kill(1, 4).kill(2, 5).kill(3, 6).deadline()
    assert game.dead == [4, 5, 6]


def test_two_serial_killers_kill_each_on_their_own():
    game = night("serial_killer", "serial_killer", "townie", "townie", "townie", "townie", "townie")
    game.kill(1, 3).kill(2, 4).deadline()
    assert game.dead == [3, 4]


def test_if_several_members_submit_the_kill_the_first_listed_is_valid():
    game = night(*MINI).kill(4, 6).kill(3, 5).deadline()
    assert game.dead == [5]
    assert outcomes(game, "kill") == [(3, "kill", 5, "done"), (4, "kill", 6, "overruled")]


def test_a_later_listed_member_makes_the_kill_when_the_first_submits_none():
    game = night(*MINI).kill(4, 6).deadline()
    assert game.dead == [6]


def test_the_last_submission_counts():
    game = (
        night(*MINI)
        .kill(3, 5)
        .kill(3, 6)
        .act(1, "investigate", 4)
        .act(1, "investigate", 3)
        .deadline()
    )
    assert game.dead == [6]
    assert [r["target"] for r in game.results(1)] == [3]


def test_a_submission_can_be_withdrawn():
    game = night(*MINI).kill(3, 5).kill(3, None).deadline()
    assert game.dead == []


def test_there_is_nothing_to_withdraw_without_a_submission():
    night(*MINI).refuses("action.nothing-to-withdraw").kill(3, None)


def test_an_action_has_one_target_who_is_another_living_player():
    game = night(*MINI)
    game.refuses("action.one-target").act(1, "investigate", [3, 4])
    game.refuses("action.self-target").act(1, "investigate", 1)
    game.refuses("action.self-target").kill(3, 3)
    game.refuses("action.unknown-target").act(1, "investigate", 12)
    game.modkill(7)
    game.refuses("action.target-dead").act(1, "investigate", 7)


def test_a_player_uses_only_their_own_actions():
    game = night(*MINI)
    game.refuses("action.not-yours").act(5, "investigate", 3)
    game.refuses("action.not-yours").kill(5, 3)
    game.refuses("action.not-yours").act(1, "protect", 3)
    game.refuses("action.not-yours").act(3, "investigate", 1)


def test_the_dead_take_no_night_action():
    game = night(*MINI).modkill(1)
    game.refuses("action.actor-dead").act(1, "investigate", 3)


def test_actions_are_simultaneous_a_cop_killed_tonight_still_learns():
    game = night(*MINI).act(1, "investigate", 3).kill(3, 1).deadline()
    assert game.left(1)["how"] == "killed"
    assert game.results(1)[0]["verdict"] == "guilty"


def test_a_vigilante_and_a_killer_who_shoot_each_other_both_die():
    game = night("vigilante", "townie", "serial_killer", "townie", "townie", "townie", "townie")
    game.act(1, "shoot", 3).kill(3, 1).deadline()
    assert game.dead == [1, 3]


def test_two_kills_on_one_player_kill_once():
    game = night("mafia_goon", "serial_killer", "townie", "townie", "townie", "townie", "townie")
    game.kill(1, 4).kill(2, 4).deadline()
    assert [e["slot"] for e in game.events("slot_left")] == [4]


def test_a_target_who_left_before_the_night_ended_is_not_acted_on():
    game = night(*MINI).kill(3, 5).modkill(5).deadline()
    assert outcomes(game, "kill") == [(3, "kill", 5, "target-gone")]
    assert [e["slot"] for e in game.events("slot_left")] == [5]


def test_an_action_of_a_player_who_left_during_the_night_is_dropped():
    game = night(*MINI).kill(3, 5).modkill(3).deadline()
    assert outcomes(game) == []
    assert game.state.slot(5).alive


def test_night_results_are_kept_per_night():
    game = (
        night(*MINI)
        .act(1, "investigate", 3)
        .deadline()
        .to("N2")
        .act(1, "investigate", 5)
        .deadline()
    )
    assert [(r["phase"], r["target"], r["verdict"]) for r in game.results(1)] == [
        ("N1", 3, "guilty"),
        ("N2", 5, "innocent"),
    ]


def test_the_deaths_of_the_night_come_at_dawn_with_their_roles():
    game = night(*MINI).kill(3, 5).deadline()
    left = game.events("slot_left")[0]
    assert (left["slot"], left["how"], left["phase"], left["role"]) == (5, "killed", "N1", "townie")
    assert game.public()["players"][4]["role"] == "townie"


def test_a_setup_may_keep_roles_hidden_on_death():
    game = night(*MINI, reveal_on_death=False).kill(3, 5).deadline()
    assert "role" not in game.events("slot_left")[0]
    assert "role" not in game.public()["players"][4]


def test_a_member_may_use_their_own_action_and_make_the_team_s_kill():
    game = night(
        "doctor",
        "mafia_roleblocker",
        "mafia_goon",
        *townies(5),
    )
    game.act(2, "block", 1).kill(2, 5).act(1, "protect", 5).deadline()
    assert outcomes(game) == [
        (2, "block", 1, "done"),
        (1, "protect", 5, "blocked"),
        (2, "kill", 5, "done"),
    ]
    assert game.left(5)["how"] == "killed"


def test_a_team_may_target_one_of_its_own():
    game = night(*MINI).kill(3, 4).deadline()
    assert game.left(4)["how"] == "killed"
