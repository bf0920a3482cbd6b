"""Property tests: whatever the input, the engine answers a record or a ProtocolError."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import ProtocolError, replay
from games.engine.examples import full_fiim_game, full_pro_mafia_game

from .kit import ten_seats

SEAT = st.integers(min_value=-1, max_value=12)
GOOD_SEAT = st.integers(min_value=1, max_value=10)
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=3),
    st.floats(allow_nan=True),
    st.lists(SEAT, max_size=3),
)
ANY_SEAT = st.one_of(GOOD_SEAT, GOOD_SEAT, SEAT, ODD)
PHASE = st.one_of(
    st.fixed_dictionaries({"day": st.integers(min_value=1, max_value=4)}),
    st.fixed_dictionaries({"night": st.integers(min_value=0, max_value=4)}),
    st.fixed_dictionaries({"day": st.one_of(SEAT, ODD)}),
    st.fixed_dictionaries({}),
    st.fixed_dictionaries({"day": GOOD_SEAT, "night": GOOD_SEAT}),
)
VOTES = st.dictionaries(
    st.one_of(GOOD_SEAT.map(str), st.text(max_size=2), GOOD_SEAT), ANY_SEAT, max_size=10
)


def event_of(event_type, /, **fields):
    """Events of one type with a random phase and random field values."""
    return st.tuples(PHASE, st.fixed_dictionaries(fields)).map(
        lambda pair: {"type": event_type, **pair[0], **pair[1]}
    )


EVENT = st.one_of(
    event_of("nominate", by=ANY_SEAT, target=ANY_SEAT),
    event_of(
        "vote",
        round=st.one_of(st.integers(1, 4), ODD),
        candidates=st.one_of(st.lists(ANY_SEAT, max_size=4), ODD),
        votes=st.one_of(VOTES, ODD),
    ),
    event_of(
        "raise",
        candidates=st.lists(ANY_SEAT, max_size=3),
        hands=st.one_of(st.lists(ANY_SEAT, max_size=8), ODD),
    ),
    event_of(
        "shot",
        shots=st.one_of(
            st.dictionaries(
                st.one_of(GOOD_SEAT.map(str), st.text(max_size=2)),
                st.one_of(st.none(), ANY_SEAT),
                max_size=4,
            ),
            ODD,
        ),
        target=st.one_of(st.none(), ANY_SEAT),
        responsible=st.one_of(st.lists(ANY_SEAT, max_size=2), ODD),
    ),
    event_of("don_check", target=ANY_SEAT),
    event_of("sheriff_check", target=ANY_SEAT),
    event_of(
        "will",
        seat=ANY_SEAT,
        kind=st.sampled_from(["first_color", "ordered", "pass_the_helm", "none", "x"]),
        declarations=st.one_of(
            st.dictionaries(GOOD_SEAT.map(str), st.sampled_from(["red", "black", "x"]), max_size=4),
            ODD,
        ),
        targets=st.one_of(st.lists(ANY_SEAT, max_size=4), ODD),
        recipient=ANY_SEAT,
    ),
    event_of("foul", seat=ANY_SEAT, kind=st.sampled_from(["ordinary", "technical", "x"])),
    event_of("disqualify", seat=ANY_SEAT, reason=st.one_of(st.text(max_size=3), ODD)),
    event_of("dd", seat=ANY_SEAT, reason=st.text(max_size=3)),
    event_of("surrender"),
    event_of("sheriff_kill_responsible", seat=ANY_SEAT),
    event_of(
        "bonus",
        seat=ANY_SEAT,
        points=st.one_of(st.floats(allow_nan=True), st.integers(-2, 2), ODD),
        reason=st.text(max_size=3),
    ),
    st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2)),
    st.dictionaries(st.text(max_size=4), ODD, max_size=3),
)


def check(document):
    try:
        record = replay(document)
    except ProtocolError as error:
        assert error.rule != "engine.unexpected", error.__cause__
        assert isinstance(error.message, str) and error.message
        assert error.event_index is None or isinstance(error.event_index, int)
        return
    # a valid record answers every query
    record.to_result()
    assert record.current.phase is not None
    for index in range(len(record.events)):
        record.alive_after(index)
        record.critical_after(index)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(["pro-mafia-1.1", "fiim-2025"]), events=st.lists(EVENT, max_size=25))
def test_random_event_sequences_only_raise_protocol_error(ruleset, events):
    check(
        {"format": "mafia-protocol/1", "ruleset": ruleset, "seats": ten_seats(), "events": events}
    )


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_mutated_real_games_only_raise_protocol_error(data):
    game = data.draw(st.sampled_from([full_pro_mafia_game, full_fiim_game]))()
    document = game.build()
    events = document["events"]
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(events) - 1))
        action = data.draw(st.sampled_from(["drop", "swap", "field", "insert"]))
        if action == "drop":
            events.pop(index)
        elif action == "swap" and index + 1 < len(events):
            events[index], events[index + 1] = events[index + 1], events[index]
        elif action == "field" and isinstance(events[index], dict) and events[index]:
            # An inserted event may be garbage (not an object): only real events have fields.
            key = data.draw(st.sampled_from(sorted(events[index])))
            events[index][key] = data.draw(st.one_of(ANY_SEAT, ODD, VOTES))
        elif action == "insert":
            events.insert(index, data.draw(EVENT))
        if not events:
            break
    check(document)


JSONISH = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=4)
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(value=JSONISH)
def test_garbage_documents_only_raise_protocol_error(value):
    check(value)
    check(json.dumps(value))
    header = {
        "format": "mafia-protocol/1",
        "ruleset": "pro-mafia-1.1",
        "seats": value,
        "events": value,
    }
    check(header)


@given(raw=st.binary(max_size=40))
def test_garbage_bytes_only_raise_protocol_error(raw):
    check(raw)
