"""The protocol services: versions, history, conflicts, refusals, the deal, submit and confirm."""

import pytest

from clubs.models import ClubMembership
from core.audit import audit_trail
from core.errors import ApplicationError
from games import services
from games.engine.examples import full_pro_mafia_game
from games.engine.scenario import Scenario
from games.models import Game, GameSeat, ProtocolVersion
from tests.factories import MembershipFactory, PlayerFactory

from .factories import ROLES_BY_SEAT, dealt_game, judged_game

pytestmark = pytest.mark.django_db
Status = Game.Status


def append(game, event, actor=None):
    return services.protocol_append_event(
        game=game, event=event, expected_version=game.protocol_version, actor=actor or game.judge.user
    )


def play_whole_game(game):
    """Append every event of the example game, one by one, as the judge would."""
    for event in full_pro_mafia_game().build()["events"]:
        game = append(game, event)
    return game


def organizer_of(club):
    return MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER).player.user


# --- the deal -------------------------------------------------------------------------------------


def test_the_deal_seats_players_and_starts_version_one():
    game = dealt_game()
    assert game.protocol_version == 1
    assert game.status == Status.IN_PROGRESS
    assert game.protocol["format"] == "mafia-protocol/1"
    assert [seat["role"] for seat in game.protocol["seats"]] == [ROLES_BY_SEAT[s] for s in range(1, 11)]
    assert GameSeat.objects.filter(game=game).count() == 10
    version = ProtocolVersion.objects.get(game=game)
    assert (version.version, version.action, version.author) == (1, "deal", game.judge.user)


def test_a_deal_needs_ten_distinct_players_and_the_six_one_two_one_cards():
    game = judged_game()
    players = {seat: PlayerFactory() for seat in range(1, 11)}
    with pytest.raises(ApplicationError, match="The deal is 6 × Civilian, 1 × Sheriff, 2 × Mafia, 1 × Don; this one has 10 × Civilian"):
        services.game_deal(game=game, players=players, roles={s: "civilian" for s in range(1, 11)},
                           expected_version=0, actor=game.judge.user)
    players[2] = players[1]
    with pytest.raises(ApplicationError, match="only one seat"):
        services.game_deal(game=game, players=players, roles=ROLES_BY_SEAT, expected_version=0,
                           actor=game.judge.user)
    del players[2]
    with pytest.raises(ApplicationError, match="Every seat"):
        services.game_deal(game=game, players=players, roles=ROLES_BY_SEAT, expected_version=0,
                           actor=game.judge.user)
    game.refresh_from_db()
    assert game.protocol_version == 0 and game.status == Status.SETUP
    assert not GameSeat.objects.filter(game=game).exists()


def test_a_random_deal_gives_out_exactly_the_ten_cards():
    game = judged_game()
    players = {seat: PlayerFactory() for seat in range(1, 11)}
    game = services.game_deal(game=game, players=players, random_roles=True, expected_version=0,
                              actor=game.judge.user)
    roles = sorted(seat["role"] for seat in game.protocol["seats"])
    assert roles == sorted(["civilian"] * 6 + ["sheriff", "mafia", "mafia", "don"])


def test_the_deal_can_be_redone_until_the_first_event_only():
    game = dealt_game()
    players = {seat: PlayerFactory() for seat in range(1, 11)}
    game = services.game_deal(game=game, players=players, roles=ROLES_BY_SEAT, expected_version=1,
                              actor=game.judge.user)
    assert game.protocol_version == 2
    game = append(game, {"type": "foul", "day": 1, "seat": 3, "kind": "ordinary"})
    with pytest.raises(ApplicationError, match="before the first event"):
        services.game_deal(game=game, players=players, roles=ROLES_BY_SEAT, expected_version=3,
                           actor=game.judge.user)


# --- append, undo, replace -------------------------------------------------------------------


def test_append_and_undo_make_versions_and_keep_the_history():
    game = dealt_game()
    judge = game.judge.user
    game = append(game, {"type": "nominate", "day": 1, "by": 1, "target": 2})
    game = append(game, {"type": "foul", "day": 1, "seat": 3, "kind": "ordinary"})
    game = services.protocol_undo_last(game=game, expected_version=3, actor=judge)
    assert game.protocol_version == 4
    assert game.protocol["events"] == [{"type": "nominate", "day": 1, "by": 1, "target": 2}]
    history = list(ProtocolVersion.objects.filter(game=game).order_by("version"))
    assert [(v.version, v.action) for v in history] == [(1, "deal"), (2, "append"), (3, "append"), (4, "undo")]
    assert len(history[2].document["events"]) == 2  # the undone event stays in the history
    assert all(v.author == judge for v in history)


def test_undo_with_nothing_to_undo_is_refused():
    game = dealt_game()
    with pytest.raises(ApplicationError, match="no event"):
        services.protocol_undo_last(game=game, expected_version=1, actor=game.judge.user)


def test_replace_stores_the_document_with_its_reason():
    game = dealt_game()
    document = Scenario.pro_mafia(blacks=(2, 5, 9), sheriff=7).day(1).nominate(1, 2).build()
    document["seats"] = game.protocol["seats"]
    game = services.protocol_replace(game=game, document=document, expected_version=1, actor=game.judge.user,
                                     reason="typed from paper")
    version = ProtocolVersion.objects.get(game=game, version=2)
    assert (version.action, version.reason) == ("replace", "typed from paper")
    assert game.protocol["events"] == document["events"]


def test_a_stale_version_is_a_conflict_and_changes_nothing():
    game = dealt_game()
    append(game, {"type": "nominate", "day": 1, "by": 1, "target": 2})  # the other device
    with pytest.raises(ApplicationError) as refused:
        services.protocol_append_event(game=game, event={"type": "nominate", "day": 1, "by": 3, "target": 5},
                                       expected_version=1, actor=game.judge.user)
    assert refused.value.code == "conflict"
    assert refused.value.extra["current_version"] == 2
    for stale_call in (
        lambda: services.protocol_undo_last(game=game, expected_version=1, actor=game.judge.user),
        lambda: services.game_move_phase(game=game, phase_key=2, expected_version=1, actor=game.judge.user),
        lambda: services.protocol_append_event(game=game, event={}, expected_version="x", actor=None),
    ):
        with pytest.raises(ApplicationError, match="Someone else changed"):
            stale_call()
    game.refresh_from_db()
    assert game.protocol_version == 2
    assert game.protocol["events"] == [{"type": "nominate", "day": 1, "by": 1, "target": 2}]
    assert ProtocolVersion.objects.filter(game=game).count() == 2


def test_an_engine_refusal_saves_nothing_and_carries_the_engine_message():
    game = dealt_game()
    entries_before = audit_trail(game).count()
    with pytest.raises(ApplicationError) as refused:
        append(game, {"type": "vote", "day": 1, "round": 1, "candidates": [4], "votes": {}})
    assert refused.value.code == "refused"
    assert refused.value.message  # the engine's own words
    assert refused.value.extra["event_index"] == 0
    game.refresh_from_db()
    assert game.protocol_version == 1 and game.protocol["events"] == []
    assert ProtocolVersion.objects.filter(game=game).count() == 1
    assert audit_trail(game).count() == entries_before


def test_status_winner_and_end_follow_the_engine():
    game = play_whole_game(dealt_game())
    assert (game.status, game.winner, game.end) == (Status.FINISHED, "red", "all_black_out")
    game = services.protocol_undo_last(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    assert (game.status, game.winner, game.end) == (Status.IN_PROGRESS, "", "")


def test_moving_the_phase_is_a_version_and_cannot_skip_ahead():
    game = dealt_game()
    game = services.game_move_phase(game=game, phase_key=2, expected_version=1, actor=game.judge.user)
    assert game.protocol_version == 2 and game.entry_phase_key == 2
    with pytest.raises(ApplicationError, match="cannot move"):
        services.game_move_phase(game=game, phase_key=5, expected_version=2, actor=game.judge.user)
    game = services.game_move_phase(game=game, phase_key=1, expected_version=2, actor=game.judge.user)
    assert game.entry_phase_key == 1


# --- submit, confirm, correct --------------------------------------------------------------------


def test_the_judge_submits_and_another_organizer_confirms():
    game = play_whole_game(dealt_game())
    judge = game.judge.user
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=judge)
    assert game.submitted_by == judge
    organizer = organizer_of(game.club)
    game = services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)
    assert game.status == Status.CONFIRMED and game.confirmed_by == organizer
    actions = list(ProtocolVersion.objects.filter(game=game).order_by("-version").values_list("action", flat=True)[:2])
    assert actions == ["confirm", "submit"]


def test_only_a_finished_submitted_game_can_be_confirmed():
    game = dealt_game()
    with pytest.raises(ApplicationError, match="finished"):
        services.game_submit(game=game, expected_version=1, actor=game.judge.user)
    game = play_whole_game(game)
    with pytest.raises(ApplicationError, match="submitted"):
        services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_of(game.club))


def test_whoever_entered_the_protocol_cannot_confirm_it():
    game = dealt_game()
    organizer = organizer_of(game.club)
    # The organizer entered one event (and is an organizer, so could otherwise confirm).
    game = append(game, {"type": "foul", "day": 1, "seat": 4, "kind": "ordinary"}, actor=organizer)
    game = play_whole_game(game)
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    with pytest.raises(ApplicationError) as refused:
        services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)
    assert refused.value.code == "own_protocol"
    # The judge is not an organizer at all.
    with pytest.raises(ApplicationError, match="organizers"):
        services.game_confirm(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    game.refresh_from_db()
    assert game.status == Status.FINISHED


def test_an_organizer_who_judged_cannot_confirm_their_own_submission():
    game = dealt_game()
    organizer = ClubMembership.objects.get(player=game.judge)
    organizer.role = ClubMembership.Role.ORGANIZER
    organizer.save()
    game = play_whole_game(game)
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    with pytest.raises(ApplicationError, match="someone else"):
        services.game_confirm(game=game, expected_version=game.protocol_version, actor=game.judge.user)


def confirmed_game():
    game = play_whole_game(dealt_game())
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    return services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_of(game.club))


def test_a_confirmed_protocol_changes_only_through_a_correction_with_a_reason():
    game = confirmed_game()
    version = game.protocol_version
    with pytest.raises(ApplicationError, match="confirmed"):
        services.protocol_undo_last(game=game, expected_version=version, actor=game.judge.user)
    organizer = organizer_of(game.club)  # only an organizer reopens (tests/games/test_judge_link.py)
    with pytest.raises(ApplicationError, match="why"):
        services.game_edit_after_confirmation(game=game, reason="  ", expected_version=version,
                                              actor=organizer)
    game = services.game_edit_after_confirmation(game=game, reason="seat 3's foul was seat 8's",
                                                 expected_version=version, actor=organizer)
    assert game.status == Status.FINISHED and game.confirmed_by is None and game.submitted_at is None
    edit = ProtocolVersion.objects.get(game=game, version=version + 1)
    assert (edit.action, edit.reason) == ("edit", "seat 3's foul was seat 8's")
    # The correction continues on the page as usual, then needs submitting and confirming again.
    game = services.protocol_undo_last(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    assert game.status == Status.IN_PROGRESS


def test_a_correction_with_a_document_replaces_the_protocol():
    game = confirmed_game()
    document = full_pro_mafia_game().build()
    document["seats"] = game.protocol["seats"]
    document["events"].insert(0, {"type": "foul", "day": 1, "seat": 4, "kind": "ordinary"})
    game = services.game_edit_after_confirmation(game=game, reason="missed foul", document=document,
                                                 expected_version=game.protocol_version,
                                                 actor=organizer_of(game.club))
    assert game.status == Status.FINISHED
    assert game.protocol["events"][0]["seat"] == 4


def test_confirming_publishes_when_the_evening_publishes_results():
    from django.utils import timezone

    from tournaments.models import Evening

    game = dealt_game()
    game.evening = Evening.objects.create(club=game.club, title="Tuesday", starts_at=timezone.now(),
                                          publish_results=True)
    game.save(update_fields=["evening"])
    game = play_whole_game(game)
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    assert not game.results_published
    game = services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_of(game.club))
    assert game.results_published


def test_publishing_results_is_for_organizers_of_finished_games():
    game = dealt_game()
    organizer = organizer_of(game.club)
    with pytest.raises(ApplicationError, match="unfinished"):
        services.game_publish_results(game=game, actor=organizer)
    game = play_whole_game(game)
    with pytest.raises(ApplicationError, match="organizers"):
        services.game_publish_results(game=game, actor=game.judge.user)
    game = services.game_publish_results(game=game, actor=organizer)
    assert game.results_published


# --- audit, creation -------------------------------------------------------------------------


def test_every_change_writes_the_audit_trail():
    game = dealt_game()
    game = append(game, {"type": "nominate", "day": 1, "by": 1, "target": 2})
    game = services.protocol_undo_last(game=game, expected_version=2, actor=game.judge.user)
    actions = [entry.action for entry in audit_trail(game)]
    assert actions[:3] == ["protocol.undo", "protocol.append", "protocol.deal"]
    undo = audit_trail(game).first()
    assert undo.actor == game.judge.user
    assert undo.data["from"]["version"] == 2 and undo.data["to"]["version"] == 3
    assert undo.data["removed"] == {"type": "nominate", "day": 1, "by": 1, "target": 2}


def test_a_club_judge_starts_a_standalone_game_which_they_judge():
    membership = MembershipFactory(role=ClubMembership.Role.JUDGE)
    game = services.game_create(club=membership.club, actor=membership.player.user)
    assert game.judge == membership.player and game.status == Status.SETUP and game.number == 1
    assert services.game_create(club=membership.club, actor=membership.player.user).number == 2
    stranger = MembershipFactory().player.user
    with pytest.raises(ApplicationError):
        services.game_create(club=membership.club, actor=stranger)


def test_scores_are_stored_after_commit_when_the_game_finishes(django_capture_on_commit_callbacks):
    from scoring.models import SeatScore

    with django_capture_on_commit_callbacks(execute=True):
        game = append(dealt_game(), {"type": "nominate", "day": 1, "by": 1, "target": 2})
    assert not SeatScore.objects.filter(game=game).exists()  # nothing to score mid-game
    with django_capture_on_commit_callbacks(execute=True):
        game = play_whole_game(dealt_game())
    scores = SeatScore.objects.filter(game=game)
    assert scores.count() == 10 and scores.first().protocol_version == game.protocol_version
    with django_capture_on_commit_callbacks(execute=True):
        game = services.protocol_undo_last(game=game, expected_version=game.protocol_version,
                                           actor=game.judge.user)
    assert not SeatScore.objects.filter(game=game).exists()  # no longer finished: no scores
