"""Complete example games, written with the scenario kit (tests and benchmarks share them)."""

from __future__ import annotations

from .scenario import Scenario


def full_pro_mafia_game() -> Scenario:
    """A complete Pro Mafia game of about 60 events: a failed raise on Day 1, a First Color
    Will, the Sheriff shot, a split that narrows, a Pass the Helm; red wins on Day 4."""
    game = Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7)
    game.day(1).foul(3).foul(8).foul(10, "technical").foul(6)
    game.nominations((1, 5), (3, 8), (6, 2))
    game.foul(9).foul(1).foul(4).foul(7)
    game.vote({5: [1, 3, 4, 6], 8: [2, 5, 9, 10], 2: [7, 8]})  # 5 and 8 tie: a split
    game.foul(5).foul(2)
    game.revote({5: [1, 3, 4, 6, 7], 8: [2, 5, 8, 9, 10]})  # the same tie: the raise decision
    game.raise_hands([1, 3, 4, 6])  # 4 of 10: not a majority
    game.night(1).shot(4).don_check(7).sheriff_check(5)
    game.will(4, first_color={5: "black", 8: "red", 2: "black"})
    game.day(2).foul(3).foul(6).foul(8).foul(1)
    game.nominations((7, 5), (1, 2), (5, 1))
    game.foul(10).foul(9).foul(2).foul(7).foul(5)
    game.vote({5: [7, 1, 3, 6], 2: [8, 10], 1: [2, 5, 9]})
    game.will(5, ordered=[1, 3])
    game.night(2).shot(7).don_check(1)
    game.will(7, ordered=[2, 9])
    game.day(3).foul(1).foul(3).foul(6).foul(8)
    game.nominations((1, 2), (3, 9), (2, 1))
    game.foul(9).foul(10).foul(2)
    game.vote({2: [1, 3, 6], 9: [8, 10, 9], 1: [2]})  # 2 and 9 tie
    game.revote({2: [1, 3, 6, 8], 9: [10, 2, 9]})
    game.will(2, ordered=[9])
    game.night(3).shot(10)  # the Don has left: no Don check
    game.will(10, pass_the_helm=1)
    game.day(4).technical_foul(3).technical_foul(6).technical_foul(8)  # three ordinary each already
    game.nominations((1, 9), (9, 3))
    game.technical_foul(1).technical_foul(9)
    game.vote({9: [1, 3, 6, 8], 3: [9]})  # the last black leaves: red wins
    return game


def full_fiim_game() -> Scenario:
    """A complete fiim-2025 game: Night 0 with a check and a shot, a Day 1 single nomination
    without a vote, a failed raise, the city critical; black wins by parity, then bonuses."""
    game = Scenario.fiim(blacks=(3, 6, 10), sheriff=1)
    game.night(0).sheriff_check(6).shot(5).don_check(2)
    game.will(5, first_color={6: "black", 3: "red"})
    game.day(1).foul(2).foul(4).foul(7).foul(1)
    game.nominate(1, 6)  # a single nomination on Day 1: no vote
    game.foul(8).foul(9).foul(3).foul(10)
    game.night(1).sheriff_check(3).shot(1).don_check(7)
    game.will(1, ordered=[6, 3])
    game.day(2).foul(2).foul(4).foul(8).foul(10)
    game.nominations((2, 6), (6, 2), (3, 4))
    game.foul(7).foul(9).foul(6)
    game.vote({6: [2, 4, 7], 2: [6, 10, 3], 4: [8, 9]})  # 6 and 2 tie
    game.foul(3).foul(4)
    game.revote({6: [2, 4, 7, 8], 2: [6, 10, 3, 9]})  # the same tie
    game.raise_hands([3, 6, 10])  # 3 of 8: the raise fails
    game.night(2).shot(7).don_check(8)  # the Sheriff has left: no check
    game.will(7)  # skipped
    game.day(3).foul(8).foul(9).foul(3).foul(2).foul(6)
    game.nominations((8, 3), (9, 6), (3, 4))
    game.technical_foul(9).foul(10)
    game.vote({3: [8, 9], 6: [2], 4: [3, 4, 6, 10]})  # 4 leaves: three reds, three blacks
    game.bonus(3, 0.3, "led the black team")
    game.bonus(9, -0.2, "destructive play")
    return game
