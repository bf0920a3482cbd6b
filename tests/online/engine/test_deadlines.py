"""Deadlines: at the top of the hour (UTC), computed, never measured; the processing state."""

from datetime import datetime, timedelta

from online.engine import DeadlineReached, RuleError, Vote, processing, resolve
from online.engine.clock import iso
from online.engine.scenario import ForumScenario

from .kit import MINI, mini


def deadline(game: ForumScenario) -> str:
    return iso(game.state.phase.deadline)


def test_the_first_deadline_is_counted_from_the_top_of_the_hour_after_the_start():
    game = mini()  # started at 2025-03-03 18:20 UTC; Night 0 lasts 24 hours
    assert iso(game.state.phase.started_at) == "2025-03-03T18:20:00Z"
    assert deadline(game) == "2025-03-04T19:00:00Z"


def on_the_hour(when: datetime) -> bool:
    return when.minute == when.second == when.microsecond == 0


def test_every_deadline_is_at_the_top_of_an_hour():
    game = mini(day_start=True)
    for victim, voters in ((7, (1, 2, 5, 6)), (6, (1, 2, 3, 5))):
        assert on_the_hour(game.state.phase.deadline)
        game.later(minutes=17).votes(victim, *voters)  # the hammer at some minutes past the hour
        assert game.phase[0] == "N" and on_the_hour(game.state.phase.deadline)
        game.deadline()


def test_a_phase_ended_by_its_deadline_times_the_next_from_that_deadline_not_from_the_update():
    game = mini()
    # The site reaches Night 0's deadline (19:00) 47 minutes late.
    game.at("2025-03-04T19:47:00Z").do(DeadlineReached(at=game.now))
    day = game.state.phase
    assert day.id == "D1"
    assert iso(day.started_at) == "2025-03-04T19:00:00Z"
    assert iso(day.deadline) == "2025-03-06T19:00:00Z"  # 19:00 + 48 h, not 19:47 + 48 h


def test_a_lynch_times_the_next_deadline_from_the_top_of_the_next_hour():
    game = mini(day_start=True).at("2025-03-04T14:35:00Z").votes(3, 1, 2, 5, 6)
    night = game.state.phase
    assert night.id == "N1"
    assert iso(night.started_at) == "2025-03-04T14:38:00Z"  # the hammer (fourth vote)
    assert iso(night.deadline) == "2025-03-05T15:00:00Z"  # 15:00 + 24 h


def test_an_action_exactly_at_the_top_of_an_hour_counts_from_the_next_hour():
    game = mini(day_start=True).votes(3, 1, 2, 5).at("2025-03-04T14:00:00Z").vote(6, 3)
    assert iso(game.state.phase.deadline) == "2025-03-05T15:00:00Z"


def test_a_late_update_may_leave_the_next_deadline_already_due():
    game = ForumScenario(*MINI, options={"night_zero_hours": 1, "day_hours": 1})
    game.at("2025-03-03T22:10:00Z").do(DeadlineReached(at=game.now))  # N0 ended at 20:00
    assert game.phase == "D1" and deadline(game) == "2025-03-03T21:00:00Z"
    game.do(DeadlineReached(at=game.now))
    assert game.phase == "N1" and deadline(game) == "2025-03-04T21:00:00Z"


def test_nothing_is_taken_at_or_after_the_deadline_until_it_is_resolved():
    game = mini(day_start=True)
    due = game.state.phase.deadline
    game.at(due).refuses("phase.deadline-passed").vote(1, 3)
    game.at(due + timedelta(minutes=3)).refuses("phase.deadline-passed").unvote(1)
    game.at(due + timedelta(minutes=3)).refuses("phase.deadline-passed").modkill(1)
    game.at(due - timedelta(seconds=1)).vote(1, 3)
    assert game.count()["wagons"][0]["voters"] == [1]


def test_night_actions_must_come_before_the_night_deadline():
    game = mini().to("N1")
    game.at(game.state.phase.deadline).refuses("phase.deadline-passed").act(1, "investigate", 3)


def test_a_deadline_is_not_reached_before_its_time():
    game = mini()
    error = (
        game.at("2025-03-04T18:59:59Z")
        .refuses("deadline.not-reached")
        .do(DeadlineReached(at=game.now))
    )
    assert "2025-03-04T19:00:00Z" in error.message


def test_only_the_clock_or_the_moderator_reaches_a_deadline():
    game = mini()
    game.at("2025-03-04T19:00:00Z").refuses("actor.not-system").do(
        DeadlineReached(at=game.now, actor=3)
    )


def test_the_moderator_extends_a_deadline_by_whole_hours_with_a_public_note():
    game = mini(day_start=True).extend(24, note="Extended: a player is travelling.")
    assert deadline(game) == "2025-03-06T19:00:00Z"  # 19:00 + 24 h + 24 h
    notes = game.public()["notes"]
    assert notes[-1]["note"] == "Extended: a player is travelling."
    assert notes[-1]["deadline"] == "2025-03-06T19:00:00Z"


def test_an_extension_needs_a_note_and_whole_hours():
    game = mini()
    game.refuses("note.required").extend(24, note=" ")
    game.refuses("deadline.hours").extend(0)
    game.refuses("deadline.hours").extend(400)


def test_a_paused_deadline_is_never_reached_and_play_goes_on():
    game = (
        mini(day_start=True).at("2025-03-04T14:30:00Z").pause("Paused while we find a replacement.")
    )
    assert game.state.phase.deadline is None
    assert game.public()["phase"]["paused"] is True
    game.at("2025-03-10T00:00:00Z").refuses("deadline.paused").do(DeadlineReached(at=game.now))
    game.vote(1, 3)  # a pause stops the clock, not the game
    game.refuses("deadline.already-paused").pause("Again.")
    game.refuses("deadline.paused").extend(2)


def test_a_resumed_deadline_keeps_the_time_that_was_left_rounded_up_to_the_hour():
    game = mini(day_start=True)  # D1 deadline 2025-03-05 19:00
    game.at("2025-03-04T14:30:00Z").pause("Paused.")  # 28 h 30 min left
    game.at("2025-03-06T10:10:00Z").resume("Resumed.")
    assert deadline(game) == "2025-03-07T15:00:00Z"  # 10:10 + 28:30 = 14:40 next day → 15:00
    game.refuses("deadline.not-paused").resume("Again.")


def test_a_command_may_not_come_before_the_last_event():
    game = mini()
    game.at("2025-03-03T18:00:00Z").refuses("time.before-last-event").prod(1)


def test_times_without_a_zone_are_refused():
    game = mini()
    naive = datetime(2025, 3, 3, 20, 0)
    try:
        resolve(game.state, Vote(at=naive, actor=1, target=3))
    except RuleError as error:
        assert error.rule == "time.naive"
    else:
        raise AssertionError("a naive time was accepted")


def test_a_deadline_task_for_one_phase_never_resolves_the_next():
    game = ForumScenario(*MINI, options={"night_zero_hours": 1, "day_hours": 1})
    late = "2025-03-03T22:10:00Z"  # N0 ended at 20:00 and D1 at 21:00: both are overdue
    game.at(late).do(DeadlineReached(at=game.now, phase="N0"))
    assert game.phase == "D1"
    game.refuses("deadline.other-phase").do(DeadlineReached(at=game.now, phase="N0"))
    game.do(DeadlineReached(at=game.now, phase="D1"))
    assert game.phase == "N1"


def test_the_site_asks_whether_the_game_is_processing():
    game = mini()
    due = game.state.phase.deadline
    assert not processing(game.state, due - timedelta(seconds=1))
    assert processing(game.state, due)
    game.deadline()
    assert not processing(game.state, game.now)
    review = mini(moderator_review=True).deadline()
    assert processing(review.state, review.now)
