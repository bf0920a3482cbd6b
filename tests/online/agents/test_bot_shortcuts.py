"""The rule-based bot's shortcuts for speed play as the plain code did: its shuffle is
`random.Random.shuffle` (the same order, the same draws), and what it reads from a speech is
what its two patterns find; the rule-based players of a game share their reading of its public
record."""

from __future__ import annotations

import random

import pytest

from online.agents import RandomBot, RuleBot, play_game
from online.agents.bots import (
    ACCUSES,
    CLAIM,
    FACTS_SIZE,
    OWN_READING,
    READINGS,
    SloppyBot,
    _facts,
    shuffle,
    speech_facts,
)
from online.engine.judged_table import create_table
from online.engine.judged_table.views import seat_view


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 10, 17, 64])
def test_the_bots_shuffle_is_randoms_shuffle(size):
    for seed in range(50):
        mine, theirs = random.Random(f"s{seed}"), random.Random(f"s{seed}")
        items = list(range(size))
        expected = items[:]
        shuffle(mine, items)
        theirs.shuffle(expected)
        assert items == expected
        assert mine.getstate() == theirs.getstate()  # the same draws: later choices agree


def plain_reading(text: str):
    """What the bot read before the memo: nothing without "Sheriff" or "number"; else a claim
    and the calls, as the patterns find them."""
    if "Sheriff" not in text and "number" not in text:
        return None
    calls = tuple((number, colour.lower()) for number, colour in ACCUSES.findall(text))
    return (CLAIM.search(text) is not None, calls)


@pytest.mark.parametrize(
    "text",
    [
        "PASS",
        "i am the sheriff. PASS",  # no "Sheriff", no "number": the bot does not read it
        "I am the Sheriff. Number 4 is black. Number 2 is red. I nominate number 4. PASS",
        "i am the sheriff, number 3 is BLACK, number 3 is red. THANK YOU",
        "The Sheriff named number 7. I nominate number 7. PASS",
        "I nominate number 10. THANK YOU",
        "number 5 is black but I am not the Sheriff",
    ],
)
def test_what_the_bot_reads_from_a_speech_is_what_its_patterns_find(text):
    _facts.pop(text, None)
    assert speech_facts(text) == plain_reading(text)  # read
    assert speech_facts(text) == plain_reading(text)  # remembered


def test_the_bots_memo_of_speeches_stays_bounded():
    for index in range(FACTS_SIZE + 10):
        speech_facts(f"I nominate number {index}. PASS")
    assert len(_facts) <= FACTS_SIZE
    assert speech_facts("I nominate number 3. PASS") == (False, ())


def test_the_rule_based_players_shared_reading_plays_as_each_reading_alone(monkeypatch):
    """The rule-based players of a game read its public record once for all of them
    (`TownReading`): the games are those of players who each read every view on their own, at
    tables of rule-based players only and mixed with other bots."""

    def tables(seed):
        yield {seat: RuleBot() for seat in range(1, 11)}
        yield {seat: RuleBot() if seat % 3 else RandomBot() for seat in range(1, 11)}
        yield {seat: SloppyBot() if seat % 2 else RuleBot() for seat in range(1, 11)}

    def games():
        return [(game.log, game.problems) for seed in range(12) for agents in tables(seed)
                for game in [play_game(agents, f"shared-{seed}")]]  # fmt: skip

    shared = games()
    assert len(READINGS) == 0  # a reading lives only as long as its players
    monkeypatch.setattr(
        RuleBot, "_join", lambda self, view: setattr(self, "reading", OWN_READING) or OWN_READING
    )
    assert games() == shared


def test_a_rule_based_player_shown_the_log_from_its_middle_reads_on_its_own():
    state, log = create_table("middle")
    late, first = RuleBot(), RuleBot()
    late.begin(4, "middle")
    late.observe(seat_view(state, log, 4, since=3))
    assert late.reading is OWN_READING
    first.begin(5, "middle")
    first.observe(seat_view(state, log, 5))
    assert first.reading is not OWN_READING and first.reading.upto == len(log)


def test_the_end_is_shown_to_the_agents_that_observe_it():
    """The driver builds no view of the finished game for the bots whose `observe` ignores it;
    an agent that overrides `observe` (a subclass of such a bot too) is shown the end."""

    class Watcher(RuleBot):
        def observe(self, view) -> None:
            self.last_winner = view.winner
            super().observe(view)

    class Ignoring(RandomBot):
        observes_the_end = False

        def observe(self, view) -> None:
            assert view.winner is None, "shown the end"

    assert not RuleBot.observes_the_end and not RandomBot.observes_the_end
    assert not SloppyBot.observes_the_end
    assert Watcher.observes_the_end
    seats = {seat: Watcher() if seat == 1 else Ignoring() if seat == 2 else RuleBot()
             for seat in range(1, 11)}  # fmt: skip
    game = play_game(seats, "the-end")
    assert seats[1].last_winner == game.state.winner is not None
