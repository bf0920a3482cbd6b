"""The rule-based bot's shortcuts for speed play as the plain code did: its shuffle is
`random.Random.shuffle` (the same order, the same draws), and what it reads from a speech is
what its two patterns find."""

from __future__ import annotations

import random

import pytest

from online.agents.bots import ACCUSES, CLAIM, FACTS_SIZE, _facts, shuffle, speech_facts


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
