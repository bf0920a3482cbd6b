"""Any input, at any moment: the judge takes it or refuses it with a TableError and changes
nothing; whatever it takes, the log replays to the same state."""

from __future__ import annotations

import random

import pytest

from games.engine import replay as replay_protocol
from online.engine.judged_table import (
    Check,
    Claim,
    Hand,
    Kill,
    Speak,
    TableError,
    Timeout,
    Vote,
    create_table,
    replay,
    resolve,
)
from online.engine.judged_table.protocol import to_protocol

TEXTS = ["PASS", "I nominate number 3. PASS", "Nominating number 11 THANK YOU", "hmm", "", "Player 4 PASS",
         "Я выставляю номер 7. Спасибо", "word " * 250]  # fmt: skip
SEATS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, None, "3", True]


def random_command(rng: random.Random, state):
    kind = rng.randrange(8)
    seat = rng.choice(SEATS) if rng.random() < 0.3 else (state.actor or rng.randint(1, 10))
    target = rng.choice(SEATS)
    if kind == 0:
        return Speak(seat=seat, text=rng.choice(TEXTS + [None]))
    if kind == 1:
        return Vote(seat=seat, target=target if rng.random() < 0.5 else state.current_candidate)
    if kind == 2:
        return Hand(seat=seat, up=rng.choice([True, False, None]))
    if kind == 3:
        return Check(seat=seat, target=target)
    if kind == 4:
        return Claim(seat=seat, target=target)
    if kind == 5:
        return Kill(seat=seat, target=target)
    return Timeout(note=rng.choice(["", "late", None]))


@pytest.mark.parametrize("seed", range(40))
def test_any_input_is_taken_or_refused_and_the_log_replays(seed):
    rng = random.Random(seed)
    state, log = create_table(f"fuzz-{seed}")
    taken = refused = 0
    for _ in range(3000):
        if state.winner is not None:
            break
        before = state.snapshot()
        batch = [random_command(rng, state) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        try:
            state, events = resolve(state, batch)
        except TableError as error:
            assert error.rule and error.message and error.input_index is not None
            assert state.snapshot() == before  # the refused batch changed nothing
            refused += 1
            continue
        assert events
        log.extend(events)
        taken += 1
    assert taken and refused
    assert replay(log).snapshot() == state.snapshot()
    # Whatever happened (fouls out of turn by night and day, removals, defaults), the protocol
    # engine reads the game the same way.
    result = replay_protocol(to_protocol(log)).to_result()
    assert result["valid"] and result["winner"] == state.winning_team
