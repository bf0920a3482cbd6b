"""`GameRecord` fields the replay builds on first read: they read exactly as eager fields."""

import copy
import dataclasses
import gc
import pickle
import typing

import pytest

from games.engine import (
    Bonus,
    Check,
    Departure,
    Disqualification,
    Foul,
    GameRecord,
    NightShot,
    Nomination,
    RaiseDecision,
    SeatInfo,
    VoteRound,
    Will,
    replay,
)
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.engine.record import BUILT_ON_READ
from games.engine.scenario import Scenario

KINDS = BUILT_ON_READ
GAMES = [full_pro_mafia_game, full_fiim_game]


def test_the_fields_built_on_read_are_the_lists_of_the_record_each_of_its_annotated_kind():
    assert set(BUILT_ON_READ) == {"seats", "nominations", "votes", "raises", "nights", "checks", "departures",
                                  "wills", "fouls", "disqualifications", "bonuses"}
    hints = typing.get_type_hints(GameRecord)
    assert {name: hints[name] for name in BUILT_ON_READ} == {
        name: tuple[kind, ...] for name, kind in (
            ("seats", SeatInfo), ("nominations", Nomination), ("votes", VoteRound), ("raises", RaiseDecision),
            ("nights", NightShot), ("checks", Check), ("departures", Departure), ("wills", Will),
            ("fouls", Foul), ("disqualifications", Disqualification),
            ("bonuses", Bonus))}


def eager_copy(record: GameRecord) -> GameRecord:
    """The same record built the ordinary way, every field passed to the constructor."""
    return GameRecord(**{f.name: getattr(record, f.name) for f in dataclasses.fields(record)})


@pytest.mark.parametrize("make", GAMES)
def test_fields_built_on_read_are_tuples_of_record_objects(make):
    record = make().replay()
    for name, kind in KINDS.items():
        value = getattr(record, name)
        assert type(value) is tuple
        assert all(type(item) is kind for item in value), name
        assert getattr(record, name) is value  # built once


@pytest.mark.parametrize("make", GAMES)
def test_record_equals_its_eager_copy(make):
    record = make().replay()
    assert eager_copy(record) == record
    assert repr(eager_copy(record)) == repr(record)
    assert repr(record).startswith("GameRecord(")


@pytest.mark.parametrize("make", GAMES)
def test_two_replays_are_equal_whatever_is_read_first(make):
    document = make().build()
    first, second = replay(document), replay(document)
    assert first.fouls == second.fouls
    assert first == second
    plain = dataclasses.asdict(first)
    again = dataclasses.asdict(replay(document))
    assert plain == again


def test_the_test_games_have_every_kind_built_on_read():
    records = [make().replay() for make in GAMES]
    records.append(Scenario.pro_mafia().day(1).disqualify(3).foul(4).replay())
    for name, kind in KINDS.items():
        assert any(getattr(record, name) for record in records), name
        for record in records:
            assert eager_copy(record) == record
            assert all(type(item) is kind for item in getattr(record, name))


def test_built_fields_hold_the_replayed_values():
    record = full_pro_mafia_game().replay()
    assert record.seats[6] == SeatInfo(7, "Player 7", "sheriff", "red", None)
    assert record.fouls[0].kind == "ordinary" and record.fouls[0].number == 1
    vote = record.votes[0]
    assert vote.counts == {5: 4, 8: 4, 2: 2} and vote.outcome == "revote"
    assert vote.alive_before == frozenset(range(1, 11)) and vote.defaulted == frozenset()
    assert record.raises[0].passed is False


def test_a_field_built_on_read_can_be_set_and_deleted_like_any_field():
    record = full_pro_mafia_game().replay()
    record.fouls = ()
    assert record.fouls == ()
    del record.votes
    with pytest.raises(AttributeError, match="'GameRecord' object has no attribute 'votes'"):
        _ = record.votes
    with pytest.raises(AttributeError):
        del record.votes
    record.votes = ()
    assert record.votes == ()
    eager = eager_copy(full_pro_mafia_game().replay())
    del eager.votes
    with pytest.raises(AttributeError, match="'GameRecord' object has no attribute 'votes'"):
        _ = eager.votes


@pytest.mark.parametrize("make", GAMES)
def test_copy_and_pickle_keep_the_record(make):
    record = make().replay()
    assert copy.copy(record) == record
    clone = pickle.loads(pickle.dumps(record))
    assert clone == record and type(clone) is GameRecord


def test_seats_are_not_shared_between_records():
    document = full_pro_mafia_game().build()
    first, second = replay(document), replay(document)
    first.seats[0].player = "changed"
    assert second.seats[0].player == "Player 1"
    assert replay(document).seats[0].player == "Player 1"


def test_alive_bitsets_follow_every_departure():
    game = Scenario.pro_mafia(blacks=(8, 9, 10)).day(1).nominate(1, 2).vote({2: []})
    game.foul(3).night(1).shot(4).day(2).foul(5, "technical").foul(5, "technical")
    record = game.replay()
    every = (1 << 11) - 2
    assert record.alive_bitsets() == (
        every,
        every,
        every & ~(1 << 2),
        every & ~(1 << 2),
        every & ~(1 << 2 | 1 << 4),
        every & ~(1 << 2 | 1 << 4),
        every & ~(1 << 2 | 1 << 4 | 1 << 5),
    )


@pytest.mark.parametrize("make", GAMES)
def test_the_record_keeps_no_reference_to_the_replay(make):
    from games.engine import replayer

    record = make().replay()
    referents = gc.get_referents(record)
    assert not any(isinstance(value, replayer._Reading) for value in referents)
    assert record.current.phase == record.phase  # the table after the last event, from the record alone


@pytest.mark.parametrize("make", GAMES)
def test_each_will_holds_the_records_own_departure_whichever_is_read_first(make):
    record = make().replay()
    wills = record.wills  # built before the departures: building the wills builds them
    departures = {departure.seat: departure for departure in record.departures}
    assert wills and all(will.departure is departures[will.seat] for will in wills)
    assert [will.departure.how for will in wills] == [departures[will.seat].how for will in wills]
