"""What a slot may know: its role message, its team, its threads, its own results, the public
record — and, per role, a proof that no hidden fact of that role reaches another slot's view."""

import json

import pytest

from online.engine import Join, moderator_view, public_view, readable_threads
from online.engine.scenario import ForumScenario

from .kit import keys_in, reveals

# Every role of the catalogue in one game (16 slots).
EVERYONE = (
    "cop",
    "doctor",
    "roleblocker",
    "vigilante",
    "tracker",
    "watcher",
    "innocent_child",
    "mafia_goon",
    "godfather",
    "mafia_roleblocker",
    "werewolf",
    "werewolf",
    "serial_killer",
    "townie",
    "townie",
    "townie",
)
SLOT = {role: EVERYONE.index(role) + 1 for role in EVERYONE}
TEAMS = {"mafia": {8, 9, 10}, "werewolves": {11, 12}}


def everyone_at_night_1() -> ForumScenario:
    game = ForumScenario(*EVERYONE).to("N1")
    game.act(1, "investigate", 9)  # the Cop checks the Godfather
    game.act(2, "protect", 14)  # the Doctor protects 14
    game.act(3, "block", 11)  # the Roleblocker blocks the first werewolf
    game.act(4, "shoot", 13)  # the Vigilante shoots the Serial Killer
    game.act(5, "track", 8)  # the Tracker follows the goon
    game.act(6, "watch", 15)  # the Watcher watches 15
    game.act(10, "block", 5)  # the Mafia Roleblocker blocks the Tracker
    game.kill(8, 15).kill(9, 16)  # the Mafia: the goon (listed first) makes the kill
    game.kill(11, 14).kill(12, 2)  # the werewolves: 11 makes it, but 11 is blocked
    game.kill(13, 6)  # the Serial Killer
    return game


def entitled(viewer: int, slot: int) -> bool:
    """Whether `viewer` may know `slot`'s role: itself, or a teammate on a team that knows."""
    return viewer == slot or any(viewer in team and slot in team for team in TEAMS.values())


def views(game: ForumScenario) -> dict[int, dict]:
    return {number: game.view(number) for number in range(1, len(EVERYONE) + 1)}


@pytest.mark.parametrize("role", sorted(set(EVERYONE)))
def test_no_hidden_fact_of_a_role_reaches_another_slot(role):
    slots = [number for number, r in enumerate(EVERYONE, start=1) if r == role]
    for moment in ("night", "day"):
        game = everyone_at_night_1()
        if moment == "day":
            game.deadline()
        seen = views(game)
        for slot in slots:
            public = slot in game.state.revealed
            for viewer, view in seen.items():
                if viewer == slot:
                    assert view["role"]["id"] == role
                    continue
                knows_role = reveals(view, slot=slot, role=role)
                assert knows_role == (public or entitled(viewer, slot)), (moment, viewer, slot)
                assert not reveals(view, type="private_result", slot=slot), (moment, viewer, slot)
                for ability in ("investigate", "protect", "block", "shoot", "track", "watch"):
                    assert not reveals(view, slot=slot, ability=ability), (
                        moment,
                        viewer,
                        slot,
                        ability,
                    )
                team = TEAMS.get(game.state.slot(slot).side, set())
                submitted_kill = slot in {8, 9, 11, 12}  # the Serial Killer (13) has no team
                assert reveals(view, slot=slot, ability="kill") == (
                    moment == "night" and viewer in team and submitted_kill
                ), (moment, viewer, slot)


def test_no_view_holds_the_seed_or_the_resolution_trace():
    game = everyone_at_night_1().deadline()
    for view in views(game).values():
        assert "seed" not in keys_in(view)
        assert not reveals(view, type="action_resolved")
        assert "scenario" not in json.dumps(view)  # the seed's value
    assert "seed" not in keys_in(public_view(game.state))


def test_the_public_record_tells_deaths_flips_and_the_innocent_child_only():
    game = everyone_at_night_1().deadline()
    players = public_view(game.state)["players"]
    with_role = {p["slot"]: p["role"] for p in players if "role" in p}
    assert with_role == {7: "innocent_child", 6: "watcher", 13: "serial_killer", 15: "townie"}
    assert [p["slot"] for p in players if not p["alive"]] == [6, 13, 15]


def test_a_slot_sees_its_role_message():
    view = everyone_at_night_1().view(1)
    assert view["role"]["id"] == "cop" and view["role"]["name"] == "Cop"
    assert "investigate one player" in view["role"]["message"]
    assert view["side"] == {"id": "town", "name": "Town", "kind": "town"}  # no town member list


def test_a_scum_team_knows_its_members_and_their_roles():
    view = everyone_at_night_1().view(9)
    assert view["side"]["members"] == [
        {"slot": 8, "name": "P8", "role": "mafia_goon", "alive": True},
        {"slot": 9, "name": "P9", "role": "godfather", "alive": True},
        {"slot": 10, "name": "P10", "role": "mafia_roleblocker", "alive": True},
    ]
    assert [t["thread"] for t in view["threads"]] == ["main", "side:mafia"]
    assert {"id": "kill", "stage": "kill", "uses_left": None} in view["role"]["abilities"]


def test_a_scum_team_sees_its_kill_submissions_and_not_its_members_own_actions():
    view = everyone_at_night_1().view(8)
    assert [(a["slot"], a["ability"], a["target"]) for a in view["actions"]] == [
        (8, "kill", 15),
        (9, "kill", 16),
    ]


def test_a_serial_killer_is_a_side_of_one():
    view = everyone_at_night_1().view(13)
    assert view["side"] == {"id": "serial_killer", "name": "Serial Killer", "kind": "solo"}
    assert [(a["slot"], a["ability"]) for a in view["actions"]] == [(13, "kill")]


def test_each_slot_sees_its_own_results():
    game = everyone_at_night_1().deadline()
    assert [(r["kind"], r["target"], r["verdict"]) for r in game.view(1)["results"]] == [
        ("investigation", 9, "innocent")
    ]
    assert [r["kind"] for r in game.view(5)["results"]] == ["blocked"]  # no track: blocked
    assert [r["kind"] for r in game.view(11)["results"]] == ["blocked"]
    assert game.view(6)["results"] == [
        {**game.view(6)["results"][0], "kind": "watch", "target": 15, "visitors": [8]}
    ]


def test_prods_reach_only_the_prodded_slot():
    game = everyone_at_night_1().prod(14, note="Please post.")
    assert [p["note"] for p in game.view(14)["prods"]] == ["Please post."]
    assert not reveals(game.view(15), type="prodded")
    assert not reveals(game.public(), type="prodded")


def test_before_the_deal_a_view_has_the_public_record_only():
    game = ForumScenario(*EVERYONE, deal=False)
    game.do(Join(at=game.now, name="Alice"), Join(at=game.now, name="Bob"))
    view = game.view(1)
    assert set(view) == {"slot", "name", "alive", "public"}
    assert [p["name"] for p in view["public"]["players"]] == ["Alice", "Bob"]
    assert readable_threads(game.state, 1) == ["main"]


def test_the_moderator_sees_everything():
    game = everyone_at_night_1().deadline()
    view = moderator_view(game.state)
    assert view["seed"] == "scenario"
    assert reveals(view, slot=9, role="godfather")
    assert reveals(view, type="private_result", slot=1, verdict="innocent")
    assert reveals(view, slot=13, role="serial_killer")
