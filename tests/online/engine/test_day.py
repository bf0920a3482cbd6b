"""The day: one vote each, changed or removed freely; the hammer at majority; the deadline."""

from online.engine import Vote
from online.engine.scenario import ForumScenario

from .kit import MINI, mini


def day() -> ForumScenario:
    return mini(day_start=True)  # 7 living: a majority is 4


def test_each_living_player_has_one_vote_and_changes_it_freely():
    game = day().vote(5, 3).vote(5, 4)
    assert game.count()["wagons"] == [{"target": 4, "voters": [5], "count": 1, "to_lynch": 3}]
    history = game.count()["history"]
    assert [(h["voter"], h["target"], h["previous"]) for h in history] == [(5, 3, None), (5, 4, 3)]


def test_a_player_removes_their_vote_with_an_unvote():
    game = day().vote(5, 3).unvote(5)
    count = game.count()
    assert count["wagons"] == []
    assert 5 in count["not_voting"]
    assert count["history"][-1] == {
        "at": count["history"][-1]["at"],
        "voter": 5,
        "target": None,
        "previous": 3,
    }


def test_there_is_nothing_to_unvote_without_a_vote():
    day().refuses("vote.nothing-to-unvote").unvote(5)


def test_no_one_votes_for_themselves():
    day().refuses("vote.self").vote(5, 5)


def test_no_one_votes_for_an_innocent_child():
    game = ForumScenario("innocent_child", *MINI[1:], options={"day_start": True})
    error = game.refuses("vote.innocent-child").vote(5, 1)
    assert "Innocent Child" in error.message


def test_the_innocent_child_is_known_to_all_from_the_start():
    # Refusing votes on a hidden Innocent Child would tell everyone who it is: the role is public.
    game = ForumScenario("innocent_child", *MINI[1:])
    assert game.public()["players"][0]["role"] == "innocent_child"
    assert game.events("role_revealed")[0]["slot"] == 1


def test_the_dead_neither_vote_nor_are_voted_for():
    game = day().votes(7, 1, 2, 5, 6).deadline()  # 7 lynched; Night 1 passes quietly
    assert game.phase == "D2"
    game.refuses("vote.voter-dead").vote(7, 3)
    game.refuses("vote.target-dead").vote(3, 7)


def test_votes_name_slots_of_the_game():
    game = day()
    game.refuses("vote.unknown-target").vote(5, 8)
    game.refuses("vote.unknown-target").vote(5, "3")
    game.refuses("actor.unknown-slot").vote(9, 3)
    game.refuses("actor.unknown-slot").do(Vote(at=game.now, actor="moderator", target=3))


def test_votes_are_cast_only_during_the_day():
    game = mini()
    game.refuses("vote.not-day").vote(5, 3)
    game.refuses("vote.not-day").unvote(5)


def test_a_majority_of_the_living_lynches_at_once_and_night_begins():
    game = day().votes(3, 1, 2, 5)
    assert game.phase == "D1" and game.count()["wagons"][0]["to_lynch"] == 1
    game.vote(6, 3)  # the fourth of seven: the hammer
    assert game.phase == "N1"
    assert game.left(3) == {"how": "lynched", "phase": "D1", "at": "2025-03-03T18:24:00Z"}
    ended = game.events("phase_ended")[-1]
    assert (ended["phase"], ended["reason"], ended["lynched"]) == ("D1", "lynch", 3)


def test_the_lynch_happens_exactly_once():
    game = day().votes(3, 1, 2, 5, 6)
    # A vote that comes after the hammer finds the day over.
    game.refuses("vote.not-day").vote(7, 3)
    assert len(game.events("slot_left")) == 1
    assert len([e for e in game.events("phase_ended") if e["phase"] == "D1"]) == 1


def test_two_final_votes_in_one_batch_lynch_once():
    game = day().votes(3, 1, 2, 5)
    error = game.refuses("vote.not-day").do(
        Vote(at=game.now, actor=6, target=3), Vote(at=game.now, actor=7, target=3)
    )
    assert error.input_index == 1


def test_a_deadline_without_a_lynch_is_no_lynch():
    game = day().votes(3, 1, 2, 5).deadline()
    assert game.phase == "N1"
    assert game.alive == [1, 2, 3, 4, 5, 6, 7]
    assert game.events("phase_ended")[-1]["lynched"] is None


def test_mandatory_lynch_lynches_the_most_voted_at_the_deadline():
    game = ForumScenario(*MINI, options={"day_start": True, "mandatory_lynch": True})
    game.votes(3, 1, 2).votes(4, 5).deadline()
    assert game.left(3)["how"] == "lynched"
    assert game.events("phase_ended")[-1]["reason"] == "deadline"


def test_mandatory_lynch_breaks_a_tie_for_the_first_listed():
    game = ForumScenario(*MINI, options={"day_start": True, "mandatory_lynch": True})
    game.vote(1, 6).vote(2, 4).deadline()  # 6's wagon came first; 4 is listed first
    assert game.left(4)["how"] == "lynched"
    assert game.state.slot(6).alive


def test_mandatory_lynch_with_no_vote_at_all_lynches_no_one():
    game = ForumScenario(*MINI, options={"day_start": True, "mandatory_lynch": True}).deadline()
    assert game.alive == [1, 2, 3, 4, 5, 6, 7]


def test_the_vote_count_shows_wagons_l_minus_n_and_who_is_not_voting():
    game = day().vote(1, 3).vote(5, 4).vote(2, 3).vote(6, 4).vote(7, 4).vote(3, 1)
    count = game.count()
    assert (count["living"], count["majority"]) == (7, 4)
    assert count["wagons"] == [
        {"target": 4, "voters": [5, 6, 7], "count": 3, "to_lynch": 1},
        {"target": 3, "voters": [1, 2], "count": 2, "to_lynch": 2},
        {"target": 1, "voters": [3], "count": 1, "to_lynch": 3},
    ]
    assert count["not_voting"] == [4]


def test_a_wagon_lists_its_voters_in_the_order_they_came_and_a_repeated_vote_keeps_its_place():
    game = day().vote(2, 3).vote(1, 3).vote(2, 3)
    assert game.count()["wagons"][0]["voters"] == [2, 1]
    assert len(game.count()["history"]) == 3


def test_the_history_links_each_vote_and_unvote_to_its_post():
    game = day().vote(1, 3, post="post-101").vote(1, 4, post="post-107").unvote(1, post="post-120")
    history = game.count()["history"]
    assert [(h["target"], h["post"]) for h in history] == [
        (3, "post-101"),
        (4, "post-107"),
        (None, "post-120"),
    ]
    assert [h["at"] for h in history] == [
        "2025-03-03T18:21:00Z",
        "2025-03-03T18:22:00Z",
        "2025-03-03T18:23:00Z",
    ]


def test_a_post_reference_is_text():
    game = day()
    game.refuses("vote.post").do(Vote(at=game.now, actor=1, target=3, post=101))


def test_only_the_lynch_vote_exists():
    game = day()
    game.refuses("vote.unknown-ballot").do(Vote(at=game.now, actor=1, target=3, ballot="family"))


def test_a_day_s_final_count_is_kept_after_the_lynch():
    game = day().votes(3, 1, 2, 5, 6)
    final = game.count("D1")
    assert final["closed"] and final["lynched"] == 3
    assert final["wagons"][0] == {"target": 3, "voters": [1, 2, 5, 6], "count": 4, "to_lynch": 0}
    assert final["living"] == 7


def test_a_modkill_that_lowers_the_majority_lynches_a_wagon_that_now_has_it():
    game = ForumScenario(*MINI, "townie", options={"day_start": True})  # 8 living: a majority is 5
    game.votes(3, 1, 2, 5, 6)
    assert game.phase == "D1" and game.count()["wagons"][0]["to_lynch"] == 1
    game.modkill(7)  # 7 living: a majority is 4
    assert game.left(3)["how"] == "lynched"
    assert game.phase == "N1"


def test_a_modkilled_player_s_vote_no_longer_counts():
    game = day().votes(3, 1, 2).modkill(1)
    count = game.count()
    assert count["wagons"][0]["voters"] == [2]
    assert count["living"] == 6 and 1 not in count["not_voting"]


def test_night_actions_are_refused_during_the_day():
    day().refuses("action.not-night").act(1, "investigate", 3)
