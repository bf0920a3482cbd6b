"""Header refusals: the document, the format, the ruleset and the deal (event None)."""

import json
import math

import pytest

from games.engine import replay

from .kit import document, refused, ten_seats


def test_accepts_a_document_with_no_events():
    record = replay(document())
    assert record.alive == frozenset(range(1, 11))
    assert not record.finished and record.winner is None


def test_accepts_json_text_and_bytes():
    text = json.dumps(document())
    assert replay(text).ruleset == "pro-mafia-1.1"
    assert replay(text.encode()).ruleset == "pro-mafia-1.1"


@pytest.mark.parametrize("raw", ["{not json", b"\xff\xfe", "", "[1, 2"])
def test_document_not_json(raw):
    refused(raw, "document.not-json", None)


def test_not_json_message_is_the_json_modules():
    # The fast reader (msgspec) has messages of its own; a refusal quotes the json module's.
    with pytest.raises(json.JSONDecodeError) as reading:
        json.loads("[1, 2")
    error = refused("[1, 2", "document.not-json", None)
    assert error.message == f"header: the file is not JSON ({reading.value})"


@pytest.mark.parametrize(
    ("player_id", "text"),
    [
        (10**30, "1000000000000000000000000000000"),  # beyond 64 bits: still an int
        (-(2**63) - 1, "-9223372036854775809"),
        ("\ud800", '"\\ud800"'),  # a lone surrogate: msgspec refuses it, json reads it
    ],
)
def test_json_text_reads_as_the_json_module_reads_it(player_id, text):
    raw = json.dumps(document()).replace('"player": "P3"', f'"player": "P3", "player_id": {text}', 1)
    assert replay(raw).seats[2].player_id == player_id
    assert replay(raw.encode("utf-16")).seats[2].player_id == player_id  # json detects UTF-16


def test_json_text_with_nan_reads_as_the_json_module_reads_it():
    raw = json.dumps(document()).replace('"player": "P3"', '"player": "P3", "player_id": NaN', 1)
    assert math.isnan(replay(raw).seats[2].player_id)


@pytest.mark.parametrize("raw", [[], "[]", "42", None, 3.5])
def test_document_not_an_object(raw):
    refused(raw, "document.not-object", None)


@pytest.mark.parametrize("fmt", ["mafia-protocol/2", None, 1])
def test_unknown_format(fmt):
    refused(document(format=fmt), "document.format-unknown", None)


@pytest.mark.parametrize("ruleset", ["pro-mafia-1.0", "", None, ["fiim-2025"]])
def test_unknown_ruleset(ruleset):
    refused(document(ruleset=ruleset), "document.ruleset-unknown", None)


def test_events_must_be_a_list():
    refused(document(events=None) | {"events": {"0": {}}}, "document.events-not-list", None)


def test_seats_not_ten():
    refused(document(seats=ten_seats()[:9]), "seats.not-ten", None)
    refused(document(seats=None), "seats.not-ten", None)


def test_seats_numbered_one_to_ten_once_each():
    seats = ten_seats()
    seats[9]["seat"] = 1
    refused(document(seats=seats), "seats.numbering", None)
    seats[9]["seat"] = 11
    refused(document(seats=seats), "seats.numbering", None)


def test_seats_in_any_order_are_accepted():
    seats = list(reversed(ten_seats()))
    record = replay(document(seats=seats))
    assert [info.seat for info in record.seats] == list(range(1, 11))
    assert record.role(10) == "don"


def test_unknown_role():
    seats = ten_seats()
    seats[0]["role"] = "doctor"
    refused(document(seats=seats), "seats.role-unknown", None)


def test_deal_is_six_civilians_one_sheriff_two_mafia_one_don():
    seats = ten_seats()
    seats[0]["role"] = "mafia"  # 5 civilians, 3 mafia
    refused(document(seats=seats), "seats.deal", None)


def test_player_must_be_a_string():
    seats = ten_seats()
    seats[0]["player"] = 7
    refused(document(seats=seats), "seats.malformed", None)


def test_player_id_is_carried():
    seats = ten_seats()
    seats[2]["player_id"] = 42
    assert replay(document(seats=seats)).seats[2].player_id == 42


def test_header_error_message_names_the_header():
    error = refused(document(ruleset="x"), "document.ruleset-unknown", None)
    assert error.message.startswith("header: ")
