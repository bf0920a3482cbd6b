"""The moderator: replacements (a slot outlives its person), modkills, prods, and the draft of
a phase's resolution that waits to be published (setups with `moderator_review`)."""

from online.engine import (
    DeadlineReached,
    ExtendDeadline,
    Modkill,
    Prod,
    PublishResolution,
    Replace,
)
from online.engine.clock import iso

from .kit import mini


def test_a_replacement_takes_the_slot_with_its_role_votes_and_actions():
    game = (
        mini(day_start=True).vote(5, 3, post="p1").replace(5, "Newcomer", note="P5 had to leave.")
    )
    slot = game.state.slot(5)
    assert (slot.name, slot.role, slot.alive) == ("Newcomer", "townie", True)
    assert game.count()["wagons"][0]["voters"] == [5]
    assert slot.replacements == (
        {"at": "2025-03-03T18:22:00Z", "previous": "P5", "name": "Newcomer"},
    )
    assert game.public()["players"][4]["replacements"][0]["previous"] == "P5"
    game.votes(3, 1, 2, 6)  # the slot's vote still counts toward the hammer
    assert game.left(3)["how"] == "lynched"


def test_a_replaced_slot_s_night_action_still_resolves():
    game = mini().to("N1").act(1, "investigate", 3).replace(1, "Sub").deadline()
    assert game.results(1)[0]["verdict"] == "guilty"
    assert game.view(1)["name"] == "Sub"


def test_a_slot_that_left_is_not_replaced():
    game = mini(day_start=True).votes(3, 1, 2, 5, 6)
    game.refuses("replace.slot-left").replace(3, "Sub")
    game.refuses("replace.name-required").replace(4, "  ")
    game.refuses("slot.unknown").replace(12, "Sub")


def test_a_modkill_removes_the_player_with_a_public_note_and_their_role():
    game = mini(day_start=True).modkill(6, note="Modkilled for inactivity.")
    left = game.events("slot_left")[-1]
    assert (left["slot"], left["how"], left["phase"], left["role"], left["note"]) == (
        6,
        "modkilled",
        "D1",
        "townie",
        "Modkilled for inactivity.",
    )
    game.refuses("modkill.slot-left").modkill(6)
    game.refuses("note.required").modkill(5, note="")


def test_a_prod_is_recorded_for_the_slot():
    game = mini().prod(2, note="Please submit your action.")
    prod = game.events("prodded")[-1]
    assert (prod["slot"], prod["phase"], prod["note"]) == (2, "N0", "Please submit your action.")
    game.refuses("slot.unknown").prod(0)


def test_only_the_moderator_moderates():
    game = mini()
    game.refuses("actor.not-moderator").do(Modkill(at=game.now, actor=3, slot=1, note="x"))
    game.refuses("actor.not-moderator").do(Replace(at=game.now, actor=1, slot=1, name="x"))
    game.refuses("actor.not-moderator").do(ExtendDeadline(at=game.now, actor=3, hours=2, note="x"))
    game.refuses("actor.not-moderator").do(Prod(at=game.now, actor=1, slot=2))
    game.refuses("actor.not-moderator").do(PublishResolution(at=game.now, actor=1))


def test_a_resolution_waits_for_the_moderator_when_the_setup_asks_for_review():
    game = mini(moderator_review=True).to("N0")
    game.deadline()  # Night 0 ends: drafted, not applied
    assert game.phase == "N0" and game.state.pending is not None
    assert game.public()["processing"] is True
    game.refuses("phase.awaiting-publication").prod(1)
    game.refuses("phase.awaiting-publication").do(DeadlineReached(at=game.now))
    game.publish()
    assert game.phase == "D1" and game.state.pending is None
    assert iso(game.state.phase.deadline) == "2025-03-06T19:00:00Z"  # from Night 0's deadline


def test_a_drafted_night_tells_no_one_until_it_is_published():
    game = mini(moderator_review=True).deadline().publish().deadline().publish()
    assert game.phase == "N1"
    game.act(1, "investigate", 3).kill(3, 5).deadline()
    draft = game.events("resolution_drafted")[-1]
    assert [e["type"] for e in draft["events"]][:3] == [
        "phase_ended",
        "action_resolved",
        "action_resolved",
    ]
    assert game.view(1)["results"] == [] and game.state.slot(5).alive
    game.later(hours=2).publish()
    assert game.view(1)["results"][0]["verdict"] == "guilty"
    assert game.left(5)["how"] == "killed" and game.phase == "D2"
    assert game.replayed().snapshot() == game.state.snapshot()


def test_a_hammer_under_review_waits_for_publication_too():
    game = mini(moderator_review=True, day_start=True).votes(3, 1, 2, 5, 6)
    assert game.phase == "D1" and game.state.slot(3).alive
    game.refuses("phase.awaiting-publication").vote(7, 4)
    game.publish()
    assert game.left(3)["how"] == "lynched" and game.phase == "N1"


def test_there_is_nothing_to_publish_without_a_draft():
    mini().refuses("publish.nothing-pending").publish()
