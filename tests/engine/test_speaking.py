"""The day's speaking order and the speech's time at a seated table (games/engine/speaking.py).

Seed 001: "Players then speak in order"; "Each player has 60 seconds for a speech"; "A player with
three ordinary fouls has their next speech limited to 30 seconds". Who opens a day is the reading
in docs/rules.md ("Host mode's speaking order").
"""

from games.engine.rulesets import FIIM_2025, PRO_MAFIA
from games.engine.scenario import Scenario
from games.engine.speaking import day_speaking_order, speech_seconds


def test_day_one_opens_with_seat_one_in_seat_order():
    record = Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7).day(1).foul(3).replay()
    assert day_speaking_order(record, 1) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_each_day_opens_one_seat_later_skipping_who_has_left():
    game = Scenario.pro_mafia(blacks=(5, 8, 9), sheriff=7)
    game.day(1).nominations((1, 10), (3, 2)).vote({10: [1, 2, 3, 4, 5, 6, 7], 2: [8, 9, 10]})
    game.no_will(10)
    game.night(1).shot(2).don_check(7).sheriff_check(5)  # seat 2, the next opener, is shot
    game.no_will(2)
    game.day(2).foul(4)
    record = game.replay()
    # Day 2 would open with seat 2, who has left: seat 3 opens; 10 and 2 are skipped
    assert day_speaking_order(record, 2) == [3, 4, 5, 6, 7, 8, 9, 1]
    # Day 1's order is as it was, whoever left since
    assert day_speaking_order(record, 1) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_the_rotation_goes_on_from_the_actual_opener():
    game = Scenario.pro_mafia(blacks=(5, 8, 9), sheriff=7)
    game.day(1).nominations((1, 10)).vote({10: []})
    game.no_will(10)
    game.night(1).shot(2).don_check(7).sheriff_check(5)
    game.no_will(2)
    game.day(2).nominations((3, 5)).vote({5: []})
    game.no_will(5)
    game.night(2).shot(4).sheriff_check(8)  # the Don (5) has left: no Don's check
    game.no_will(4)
    game.day(3).foul(1)
    record = game.replay()
    # Day 2 was opened by 3 (2 had left), so Day 3 opens after 3: 4 (shot) and 5 (voted out) have left
    assert day_speaking_order(record, 3) == [6, 7, 8, 9, 1, 3]


def test_three_fouls_shorten_the_next_speech_and_the_timers_come_from_the_ruleset():
    record = Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7).day(1).foul(3, times=3).foul(4).replay()
    assert speech_seconds(record, 3, PRO_MAFIA.timers) == 30
    assert speech_seconds(record, 4, PRO_MAFIA.timers) == 60
    assert PRO_MAFIA.timers["mafia_meet"] == 60 and PRO_MAFIA.timers["farewell"] == 60
    assert PRO_MAFIA.timers["split_speech"] == 30
    assert FIIM_2025.timers["sheriff_check"] == FIIM_2025.timers["don_check"] == 10
