"""games/refusals.py: the engine's refusals in a judge's words, in English and Russian, with the
code and params kept for programs."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from games.engine import ProtocolError, replay
from games.engine.examples import full_pro_mafia_game
from games.refusals import FIELDS, SENTENCES, explain, refusal

ENGINE = (re.compile(r'"([a-z-]+\.[a-z-]+)"'), "games/engine/replayer.py")


def refused(document) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        replay(document)
    return caught.value


def nominating_a_departed_seat():
    """The example game's first departure, then on the next day someone nominates that seat."""
    document = full_pro_mafia_game().build()
    events = document["events"]
    gone = replay(document).departures[0]
    next_day = gone.phase.number + 1
    cut = next(i for i, event in enumerate(events) if event.get("day") == next_day)
    left = {d.seat for d in replay({**document, "events": events[:cut]}).departures}
    by = next(seat for seat in range(1, 11) if seat not in left)
    bad = {"type": "nominate", "day": next_day, "by": by, "target": gone.seat}
    return {**document, "events": events[:cut] + [bad]}, gone


def test_a_departed_seat_is_named_with_when_and_how_it_left():
    document, gone = nominating_a_departed_seat()
    error = refused(document)
    assert error.rule == "nominate.target-departed"
    assert error.params["seat"] == gone.seat and error.params["day"] == gone.phase.number + 1
    assert (error.params["left_kind"], error.params["left_number"], error.params["left_how"]) == (
        gone.phase.kind, gone.phase.number, gone.how)
    with translation.override("en"):
        text = explain(error.rule, error.params)
    assert text.startswith(f"Seat {gone.seat} already left the table on {gone.phase.kind.capitalize()} ")
    assert "event" not in text
    with translation.override("ru"):
        russian = explain(error.rule, error.params)
    assert f"Игрок {gone.seat} уже покинул стол" in russian


def test_the_services_refusal_keeps_the_code_params_and_field():
    document, _gone = nominating_a_departed_seat()
    error = refusal(refused(document))
    assert error.code == "refused"
    assert error.extra["rule"] == "nominate.target-departed" and error.extra["field"] == "target"
    assert error.extra["params"]["seat"] and error.extra["event_index"] == len(document["events"]) - 1


def test_every_worded_code_is_one_the_engine_raises():
    source = Path(ENGINE[1]).read_text(encoding="utf-8")
    raised = set(ENGINE[0].findall(source)) | {"will.first-color-not-allowed", "will.ordered-not-allowed"}
    assert set(SENTENCES) <= raised, set(SENTENCES) - raised
    assert set(FIELDS) <= set(SENTENCES)


def test_a_code_without_its_params_or_sentence_still_reads_and_names_the_code():
    assert "document.not-json" in explain("document.not-json", {})
    assert "nominate.target-departed" in explain("nominate.target-departed", {})  # no seat: the general sentence


@pytest.mark.parametrize(("role", "english", "russian"), [("don", "The Don", "Дон"), ("sheriff", "The Sheriff", "Шериф")])
def test_a_refusal_names_the_role_as_the_site_labels_it(role, english, russian):
    # "The don" came from str.capitalize(), which lowers the rest of the words.
    with translation.override("en"):
        assert explain("check.self", {"seat": 7, "role": role}).startswith(f"{english} cannot check")
    with translation.override("ru"):
        assert explain("check.self", {"seat": 7, "role": role}).startswith(russian)


def test_the_russian_refusal_about_the_sheriffs_kill_writes_the_sheriff_as_the_label():
    with translation.override("ru"):
        assert "Шериф" in explain("sheriff-kill-responsible.no-first-night-kill", {})
