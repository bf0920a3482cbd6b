"""Who wins: the readings of docs/online-rules.md ("Winning"), one test each."""

from online.engine.scenario import ForumScenario

from .kit import MINI, mini, townies


def test_the_town_wins_when_every_scum_team_and_serial_killer_is_dead():
    game = mini(day_start=True).votes(3, 1, 2, 5, 6).deadline().votes(4, 1, 2, 5, 6)
    assert game.winner == "town"
    assert game.result["winners"] == [1, 2, 5, 6, 7]  # the town's dead win with it
    assert game.result["reason"] == "killers-dead"
    assert game.phase is None


def test_the_town_has_not_won_while_a_serial_killer_lives():
    game = ForumScenario(
        "serial_killer",
        "mafia_goon",
        *townies(5),
        options={"day_start": True},
    )
    game.votes(2, 3, 4, 5, 6)
    assert game.result is None and game.phase == "N1"


def test_a_scum_team_wins_at_parity_at_once_even_by_day():
    game = ForumScenario(
        "mafia_goon", "mafia_goon", "townie", "townie", "townie", options={"day_start": True}
    )
    game.votes(5, 1, 2, 3)  # 2 mafia, 2 town left: parity right after the lynch
    assert game.winner == "mafia"
    assert game.result["winners"] == [1, 2]
    assert game.phase is None and game.events("phase_started")[-1]["phase"] == "D1"


def test_a_scum_team_wins_at_parity_after_a_night_kill():
    game = ForumScenario("mafia_goon", "townie", "townie", "townie", options={"day_start": True})
    game.votes(4, 1, 2, 3).kill(1, 2).deadline()  # 1 goon against 1 townie
    assert game.winner == "mafia"


def test_parity_is_no_win_while_a_vigilante_has_a_shot():
    game = ForumScenario(
        "mafia_goon", "mafia_goon", "vigilante", "townie", "townie", options={"day_start": True}
    )
    game.votes(5, 1, 2, 4)  # 2 mafia, 2 town, one of them the Vigilante
    assert game.result is None and game.phase == "N1"


def test_parity_wins_once_the_vigilante_s_last_shot_is_spent():
    game = ForumScenario(
        "mafia_goon",
        "mafia_goon",
        "mafia_goon",
        {"role": "vigilante", "uses": 1},
        *townies(4),
        options={"day_start": True},
    )
    game.votes(8, 1, 2, 3, 5, 6)  # 8 living, a majority is 5
    game.act(4, "shoot", 1).kill(2, 5).deadline()  # the shot kills 1; 5 dies: 2 mafia, 3 town
    assert game.result is None
    game.votes(7, 2, 3, 6)  # 5 living, a majority is 3: 2 mafia against 2 town, no shot left
    assert game.winner == "mafia"


def test_in_a_nightless_game_a_vigilante_cannot_stop_parity():
    game = ForumScenario(
        "mafia_goon", "mafia_goon", "vigilante", "townie", "townie", options={"nightless": True}
    )
    game.votes(5, 1, 2, 4)
    assert game.winner == "mafia"


def test_two_scum_teams_at_parity_stop_each_other():
    game = ForumScenario("mafia_goon", "werewolf", "townie", options={"day_start": True})
    game.deadline().kill(1, 3).kill(2, 3).deadline()  # one goon, one werewolf: each 1 against 1
    assert game.result is None and game.phase == "D2"


def test_when_the_last_players_die_together_no_one_wins():
    game = ForumScenario("mafia_goon", "werewolf", "townie", options={"day_start": True})
    game.deadline().kill(1, 3).kill(2, 3).deadline().deadline().kill(1, 2).kill(2, 1).deadline()
    assert game.result["winner"] is None
    assert game.result["winners"] == [] and game.result["reason"] == "no-one-left"


def test_a_serial_killer_wins_alone_when_one_other_is_left():
    game = ForumScenario("serial_killer", "townie", "townie", options={"day_start": True})
    game.votes(3, 1, 2)  # a majority of 3 is 2
    assert game.winner == "serial_killer"
    assert game.result["winners"] == [1]


def test_a_serial_killer_with_one_scum_left_has_not_won():
    game = ForumScenario(
        "serial_killer", "mafia_goon", "townie", "townie", "townie", options={"day_start": True}
    )
    game.votes(5, 1, 2, 3).kill(1, 3).kill(2, 4).deadline()
    assert game.alive == [1, 2] and game.result is None and game.phase == "D2"


def test_of_two_serial_killers_neither_wins_while_both_live():
    game = ForumScenario("serial_killer", "serial_killer", "townie", options={"day_start": True})
    game.deadline().kill(1, 3).deadline()
    assert game.alive == [1, 2] and game.result is None


def test_a_setup_already_decided_ends_when_it_starts():
    game = ForumScenario("mafia_goon", "mafia_goon", "townie")
    assert game.winner == "mafia" and game.phase is None
    assert not game.events("phase_started")


def test_a_modkill_can_end_the_game_in_the_middle_of_a_phase():
    game = ForumScenario("mafia_goon", *MINI[4:], options={"day_start": True}).modkill(1, note="Modkilled.")
    assert game.winner == "town"
    ended = game.events("phase_ended")[-1]
    assert (ended["phase"], ended["reason"]) == ("D1", "game_over")


def test_the_game_end_names_every_role():
    game = mini(day_start=True).votes(3, 1, 2, 5, 6).deadline().votes(4, 1, 2, 5, 6)
    assert game.result["roles"]["3"] == {"role": "mafia_goon", "side": "mafia"}
    assert game.public()["result"]["roles"]["1"] == {"role": "cop", "side": "town"}


def test_nothing_is_taken_once_the_game_is_over():
    game = ForumScenario("mafia_goon", "mafia_goon", "townie")
    game.refuses("game.over").vote(3, 1)
    game.refuses("game.over").modkill(1)
