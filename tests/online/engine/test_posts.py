"""Vote tags in posts: `VOTE: name` and `UNVOTE`, the last outside quotes counts."""

import pytest

from online.engine import PostTag, parse_post

NAMES = {
    "Alice": 1,
    "Bob": 2,
    "Bobby Tables": 3,
    "Carol": 4,
    "Caroline": 5,
    "Ali": 6,
    "Dmitry": 7,
    "Dima": 7,
}


def vote(text: str) -> PostTag | None:
    return parse_post(text, NAMES)


@pytest.mark.parametrize(
    "text", ["VOTE: Carol", "vote: carol", "Vote:Carol", "VOTE : CAROL", "vote:   carol  "]
)
def test_a_vote_tag_is_read_whatever_its_case_and_spacing(text):
    assert vote(text) == PostTag("vote", 4, text.split(":", 1)[1].strip())


def test_a_post_without_a_tag_has_none():
    assert vote("I think Carol is scummy, but I will not vote yet.") is None
    assert vote("") is None


def test_unvote_is_read_with_or_without_a_colon():
    assert vote("UNVOTE") == PostTag("unvote")
    assert vote("unvote: Carol") == PostTag("unvote")
    assert vote("Ok.\n[b]Unvote[/b]") == PostTag("unvote")


def test_unvote_is_not_read_as_a_vote_and_a_word_ending_in_vote_is_no_tag():
    assert vote("unvote:Alice").kind == "unvote"
    assert vote("I devote: Alice my attention") is None


def test_the_last_tag_in_a_post_counts():
    assert vote("VOTE: Alice\nOn second thought...\nVOTE: Carol").slot == 4
    assert vote("VOTE: Alice\nUNVOTE") == PostTag("unvote")
    assert vote("UNVOTE\nVOTE: Bob").slot == 2


def test_tags_inside_quotes_do_not_count():
    assert vote('[quote="Bob"]VOTE: Alice[/quote]\nI agree.') is None
    assert vote('[quote="Bob"]VOTE: Alice[/quote]\nVOTE: Carol').slot == 4
    assert vote("VOTE: Carol\n[quote]UNVOTE[/quote]").slot == 4


def test_nested_quotes_are_quotes_to_their_end():
    text = "[quote=A]outer [quote=B]VOTE: Bob[/quote] VOTE: Alice[/quote] VOTE: Carol"
    assert vote(text).slot == 4
    assert vote("[quote]one[quote]two[/quote] VOTE: Bob [/quote]") is None


def test_markdown_quote_lines_do_not_count():
    assert vote("> VOTE: Alice\nNo.") is None
    assert vote("> VOTE: Alice\nVOTE: Bob").slot == 2


def test_formatting_around_a_tag_is_read_through():
    assert vote("[b]VOTE: [color=red]Carol[/color][/b]").slot == 4


def test_the_whole_name_wins_over_a_shorter_one():
    assert vote("VOTE: Caroline").slot == 5
    assert vote("VOTE: Bobby Tables").slot == 3
    assert vote("VOTE: Bob").slot == 2
    assert vote("VOTE: Ali").slot == 6


def test_a_name_may_be_followed_by_words():
    assert vote("VOTE: Alice, she lied about her role").slot == 1
    assert vote("VOTE: Bobby Tables because of the claim").slot == 3
    assert vote("VOTE: Carol!").slot == 4


def test_a_unique_beginning_of_a_name_matches_it():
    assert vote("VOTE: dmi").slot == 7
    assert vote("VOTE: Alic").slot == 1


def test_aliases_name_the_same_slot():
    assert vote("VOTE: Dima").slot == 7
    assert vote("VOTE: Di").slot == 7  # two names of one slot are not ambiguous


def test_an_ambiguous_beginning_says_which_slots_it_could_mean():
    assert vote("VOTE: car") == PostTag("vote", None, "car", "ambiguous", (4, 5))


def test_an_unknown_name_counts_as_the_post_s_tag_and_matches_no_one():
    assert vote("VOTE: Alice\nVOTE: Zed") == PostTag("vote", None, "Zed", "unknown")


def test_an_empty_vote_is_reported():
    assert vote("VOTE:") == PostTag("vote", None, "", "empty")
    assert vote("VOTE: \nAlice") == PostTag("vote", None, "", "empty")
