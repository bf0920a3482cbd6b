"""The order of phases: Night 0, Day 1, Night 1, …; Day Start; Nightless; Night 0 itself."""

from datetime import timedelta

from online.engine import readable_threads
from online.engine.clock import iso
from online.engine.scenario import ForumScenario

from .kit import MINI, mini


def phases_until(game: ForumScenario, count: int) -> list[str]:
    seen = [game.phase]
    for _ in range(count - 1):
        game.deadline()
        seen.append(game.phase)
    return seen


def test_a_game_starts_with_night_0_then_day_1_night_1_day_2():
    assert phases_until(mini(), 5) == ["N0", "D1", "N1", "D2", "N2"]


def test_a_day_start_setup_starts_with_day_1():
    assert phases_until(mini(day_start=True), 4) == ["D1", "N1", "D2", "N2"]


def test_a_nightless_setup_goes_day_1_day_2_day_3():
    assert phases_until(mini(nightless=True), 4) == ["D1", "D2", "D3", "D4"]


def test_nightless_with_day_start_is_nightless():
    assert phases_until(mini(nightless=True, day_start=True), 3) == ["D1", "D2", "D3"]


def test_night_0_takes_no_night_actions():
    game = mini()
    assert game.phase == "N0"
    game.refuses("action.night-zero").act(1, "investigate", 3)
    game.refuses("action.night-zero").kill(3, 5)


def test_night_0_ends_with_no_one_dead_and_no_result():
    game = mini().deadline()
    assert game.phase == "D1"
    assert game.alive == [1, 2, 3, 4, 5, 6, 7]
    assert not game.state.results
    assert not game.events("action_resolved")


def test_night_0_unlocks_the_shared_private_threads():
    game = mini()
    assert game.phase == "N0"
    assert readable_threads(game.state, 3) == ["main", "side:mafia"]
    assert readable_threads(game.state, 4) == ["main", "side:mafia"]
    assert readable_threads(game.state, 1) == ["main"]  # the town has no shared thread


def test_a_day_start_game_opens_the_threads_on_day_1():
    game = mini(day_start=True)
    assert game.phase == "D1"
    assert readable_threads(game.state, 3) == ["main", "side:mafia"]


def test_a_dead_player_reads_the_threads_but_posts_in_none():
    game = mini(day_start=True).votes(3, 1, 2, 5, 6)
    assert not game.state.slot(3).alive
    threads = game.view(3)["threads"]
    assert threads == [
        {"thread": "main", "read": True, "post": False},
        {"thread": "side:mafia", "read": True, "post": False},
    ]
    assert game.view(4)["threads"][1] == {"thread": "side:mafia", "read": True, "post": True}


def test_each_scum_team_has_its_own_thread():
    game = ForumScenario("mafia_goon", "werewolf", "werewolf", "townie", "townie", "townie", "townie")
    assert readable_threads(game.state, 1) == ["main", "side:mafia"]
    assert readable_threads(game.state, 2) == ["main", "side:werewolves"]
    assert readable_threads(game.state, 4) == ["main"]


def test_a_serial_killer_has_no_shared_thread():
    game = ForumScenario("serial_killer", *MINI[1:])
    assert readable_threads(game.state, 1) == ["main"]


def test_phase_lengths_come_from_the_setup():
    game = ForumScenario(*MINI, options={"night_zero_hours": 12, "day_hours": 72, "night_hours": 6})
    n0 = game.state.phase
    assert iso(n0.deadline) == "2025-03-04T07:00:00Z"  # the top of the hour after 18:20, + 12 h
    game.deadline()
    d1 = game.state.phase
    assert d1.deadline - d1.started_at == timedelta(hours=72)
    game.deadline()
    n1 = game.state.phase
    assert n1.deadline - n1.started_at == timedelta(hours=6)
