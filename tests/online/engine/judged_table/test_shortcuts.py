"""The judge's and the views' shortcuts for speed give what the plain computation gives: a
remembered reading of a speech, the name readers tables share, the default settings, and the
public facts of a view, kept by later states only while they still hold; the seats' histories
kept beside the log, a view built field by field, the driver's commands and its steps on the
state itself."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields

import pytest

from online.agents import RuleBot, play_game
from online.agents.bots import SloppyBot
from online.engine.judged_table import commands as c
from online.engine.judged_table import create_table, inputs_of, resolve
from online.engine.judged_table.config import TableConfig
from online.engine.judged_table.errors import TableError
from online.engine.judged_table.judge import resolve_in_place
from online.engine.judged_table.speech import (
    MEMO_SIZE,
    _readings,
    name_pattern,
    name_reader,
    read_speech,
    read_speech_memo,
)
from online.engine.judged_table.views import (
    PUBLIC_STEPS,
    SeatHistories,
    SeatView,
    history_for,
    request_for,
    seat_view,
)

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya", "Kira", "Lev")
TEXTS = [
    "PASS",
    "THANK YOU",
    "I nominate number 4. PASS",
    "I nominate number four, I nominate number 5. THANK YOU",
    "Anna is black. I nominate number. PASS",
    "one two three four five six PASS",
    "Я выставляю номер 3. Спасибо",
    "  I nominate player number 2.  pass!  ",
]


@pytest.mark.parametrize("limit,unit", [(200, "words"), (3, "words"), (4, "tokens")])
@pytest.mark.parametrize("names", [tuple(f"Player {seat}" for seat in range(1, 11)), NAMES])
def test_a_remembered_reading_is_the_reading_itself(limit, unit, names):
    reader = name_reader(names)
    for text in TEXTS:
        expected = read_speech(text, limit, unit, reader)
        assert read_speech_memo(text, limit, unit, reader, names) == expected  # read
        assert read_speech_memo(text, limit, unit, reader, names) == expected  # remembered


def test_the_same_speech_is_read_anew_for_other_names():
    text = "Anna is black. PASS"
    plain = tuple(f"Player {seat}" for seat in range(1, 11))
    assert read_speech_memo(text, 200, "words", name_reader(plain), plain).names == ()
    assert read_speech_memo(text, 200, "words", name_reader(NAMES), NAMES).names == (1,)


def test_the_memo_of_readings_stays_bounded_and_leaves_long_speeches_out():
    reader = name_reader(NAMES)
    for index in range(MEMO_SIZE + 10):
        read_speech_memo(f"I nominate number {index}. PASS", 200, "words", reader, NAMES)
    assert len(_readings) <= MEMO_SIZE
    long = "word " * 300 + "PASS"
    assert read_speech_memo(long, 200, "words", reader, NAMES) == read_speech(
        long, 200, "words", reader
    )
    assert not any(key[0] == long for key in _readings)


def test_tables_with_the_same_names_share_a_reader_and_the_seats_order_counts():
    assert name_reader(NAMES) is name_reader(tuple(NAMES))
    assert name_reader(NAMES)[1] == name_pattern(dict(enumerate(NAMES, start=1)))[1]
    swapped = (NAMES[1], NAMES[0], *NAMES[2:])
    assert name_reader(swapped)[1]["anna"] == 2 and name_reader(NAMES)[1]["anna"] == 1
    first, _ = create_table("a", names=list(NAMES))
    second, _ = create_table("b", names=list(NAMES))
    assert first.name_reader is second.name_reader


def test_tables_without_settings_share_the_default_settings():
    assert TableConfig.from_dict(None) == TableConfig()
    assert create_table("a")[0].config is create_table("b")[0].config


def public_facts(state):
    """The public facts of a view, computed from the state with no shortcut."""
    return (
        tuple(state.living),
        {seat: count for seat, count in enumerate(state.fouls) if seat and count},
        tuple(state.nominees) if state.phase == "day" else (),
        PUBLIC_STEPS.get(state.step, state.step),
    )


@pytest.mark.parametrize("bot", [RuleBot, SloppyBot])  # sloppy: fouls and removals too
def test_the_public_facts_of_a_view_follow_every_state(bot):
    for seed in range(4):
        game = play_game({seat: bot() for seat in range(1, 11)}, seed)
        state, log = create_table(seed)
        states = []
        for command in inputs_of(game.log[len(log) :]):
            state, events = resolve(state, command)
            log = log + events
            states.append((state, log))
            view = seat_view(state, log, 1 + len(states) % 10)
            assert (view.living, view.fouls, view.nominees, view.step) == public_facts(state)
        for state, log in states[::7]:  # older states' views, asked after the newer ones
            view = seat_view(state, log, 3)
            assert (view.living, view.fouls, view.nominees, view.step) == public_facts(state)


@pytest.mark.parametrize("bot", [RuleBot, SloppyBot])
def test_the_seats_histories_kept_beside_the_log_are_what_the_log_gives(bot):
    """`SeatHistories`, given every batch of the log, takes for a seat what `history_for` finds
    in the log since the seat's last view, whatever the order the seats are asked in."""
    for seed in range(4):
        game = play_game({seat: bot() for seat in range(1, 11)}, seed)
        state, log = create_table(seed)
        histories = SeatHistories(log)
        seen = [0] * 11
        for index, command in enumerate(inputs_of(game.log[len(log) :])):
            state, events = resolve(state, command)
            log = log + events
            histories.add(events)
            for seat in (1 + index % 10, 1 + index * 7 % 10):
                assert histories.take(seat) == history_for(log, seat, seen[seat])
                seen[seat] = len(log)
        for seat in range(1, 11):
            assert histories.take(seat, with_history=index % 2 == 0) == (
                history_for(log, seat, seen[seat]) if index % 2 == 0 else ()
            )
            assert histories.take(seat) == ()


def test_a_view_built_field_by_field_has_every_field_of_a_seat_view():
    """`seat_view` sets a view's fields one by one (no `__init__`): each is set, to what the
    dataclass's own constructor gives."""
    game = play_game({seat: SloppyBot() for seat in range(1, 11)}, "fields")
    state, log = create_table("fields")
    for command in inputs_of(game.log[len(log) :])[:40]:
        state, events = resolve(state, command)
        log = log + events
        for seat in range(1, 11):
            view = seat_view(state, log, seat, since=len(log) // 2)
            values = {field.name: getattr(view, field.name) for field in fields(SeatView)}
            assert SeatView(**values) == view
            assert values["history"] == history_for(log, seat, len(log) // 2)


def test_commands_made_fast():
    """`commands.make` and `commands.timeout` give the commands their classes give: equal, of
    the same class, hashed alike, as frozen."""
    for kind, value in ((c.Speak, "I nominate number 4. PASS"), (c.Vote, 4), (c.Hand, True),
                        (c.Check, 7), (c.Claim, None), (c.Kill, 3)):  # fmt: skip
        made = c.make(kind, 2, value)
        assert type(made) is kind and made == kind(2, value) and hash(made) == hash(kind(2, value))
        with pytest.raises(FrozenInstanceError):
            made.seat = 5
    assert c.timeout("late") == c.Timeout("late") and c.timeout() == c.Timeout()
    assert type(c.timeout()) is c.Timeout


@pytest.mark.parametrize("bot", [RuleBot, SloppyBot])
def test_a_step_on_the_state_itself_is_the_step_resolve_takes(bot):
    """`resolve_in_place` changes the state it is given into the state `resolve` returns (and
    writes the same events); `resolve` leaves its state as it was."""
    for seed in range(3):
        game = play_game({seat: bot() for seat in range(1, 11)}, seed)
        state, _ = create_table(seed)
        kept, _ = create_table(seed)
        for command in inputs_of(game.log):
            if type(command) is c.Timeout or command.seat % 2:
                command = [command]  # a batch and a single command alike
            before = state.snapshot()
            state, events = resolve(state, command)
            assert resolve_in_place(kept, command) == events
            assert kept.snapshot() == state.snapshot() != before
        assert kept.winner == game.state.winner is not None
    with pytest.raises(TableError) as refused:
        resolve_in_place(kept, [c.Vote(1, 2)])
    assert refused.value.input_index == 0


def test_a_request_made_with_the_views_living_seats_is_the_request():
    """`request_for` given the seats at the table (as `seat_view` gives them) asks what it asks
    without them."""
    game = play_game({seat: SloppyBot() for seat in range(1, 11)}, "requests")
    state, _ = create_table("requests")
    asked = set()
    for command in inputs_of(game.log):
        state, _ = resolve(state, command)
        living = tuple(state.living)
        for seat in range(1, 11):
            request = request_for(state, seat)
            assert request_for(state, seat, living) == request
            asked.add(request and request["action"])
    assert asked >= {"speak", "vote", "check", "claim", "kill"}
