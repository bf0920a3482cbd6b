"""The review queue, a case page, the appeal page, the player's history, and the admin."""

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from discipline.models import DisciplineCase
from tests.factories import MembershipFactory, UserFactory

from .helpers import dd_game, disqualification_game

pytestmark = pytest.mark.django_db
Status = DisciplineCase.Status


@pytest.fixture
def cases(cup):
    return {
        "dd": DisciplineCase.objects.get(game=cup.confirm(cup.play(dd_game()))),
        **{case.kind: case for case in DisciplineCase.objects.filter(game=cup.confirm(cup.play(disqualification_game())))},
    }


def test_the_queue_shows_the_reviewers_cases_and_filters_them(client, cup, cases):
    client.force_login(cup.organizer)
    url = reverse("discipline:queue")
    html = client.get(url).content.decode()
    assert all(reverse("discipline:case", args=[case.pk]) in html for case in cases.values())
    fragment = client.get(url, {"kind": "dd", "status": "all"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment
    assert reverse("discipline:case", args=[cases["dd"].pk]) in fragment
    assert reverse("discipline:case", args=[cases["technical_foul"].pk]) not in fragment
    assert "No cases." in client.get(url, {"status": "upheld"}).content.decode()
    assert "No cases." in client.get(url, {"tournament": cup.tournament.pk + 1000}).content.decode()
    client.force_login(cup.chief.user)
    assert reverse("discipline:case", args=[cases["dd"].pk]) in client.get(url).content.decode()


def test_the_queue_is_closed_to_players_and_strangers(client, cup, cases):
    client.force_login(cup.player(3).user)
    assert client.get(reverse("discipline:queue")).status_code == 403
    other = MembershipFactory(role=ClubMembership.Role.ORGANIZER)
    client.force_login(other.player.user)
    html = client.get(reverse("discipline:queue")).content.decode()
    assert reverse("discipline:case", args=[cases["dd"].pk]) not in html
    assert client.get(reverse("discipline:case", args=[cases["dd"].pk])).status_code == 404
    client.logout()
    assert client.get(reverse("discipline:queue")).status_code == 302


def test_the_case_page_shows_the_protocol_around_the_event_and_decides(client, cup, cases):
    case = cases["disqualification"]
    client.force_login(cup.organizer)
    html = client.get(case.get_absolute_url()).content.decode()
    assert "removed the mask at night" in html
    assert "technical foul on 4" in html and "<strong>" in html and "nominates" in html
    response = client.post(reverse("discipline:decide", args=[case.pk]),
                           {"decision": "waive_penalty", "reason": "the host invited him"})
    assert response.status_code == 302
    case.refresh_from_db()
    assert (case.status, case.decision) == (Status.AMENDED, "waive_penalty")
    client.post(reverse("discipline:note", args=[case.pk]), {"text": "filmed from table 2"})
    html = client.get(case.get_absolute_url()).content.decode()
    assert "filmed from table 2" in html and "the host invited him" in html and "Reopen" in html


def test_the_judge_sees_the_case_but_the_server_refuses_the_decision(client, cup, cases):
    ClubMembership.objects.filter(player=cup.judge).update(role=ClubMembership.Role.ORGANIZER)
    client.force_login(cup.judge.user)
    case = cases["dd"]
    html = client.get(case.get_absolute_url()).content.decode()
    assert "someone else must decide" in html and 'name="decision"' not in html
    response = client.post(reverse("discipline:decide", args=[case.pk]), {"decision": "uphold", "reason": "mine"},
                           follow=True)
    assert "someone else must decide" in response.content.decode()
    case.refresh_from_db()
    assert case.status == Status.PENDING


def test_the_player_appeals_from_their_page(client, cup, cases):
    case = cases["dd"]
    player = cup.player(3)
    client.force_login(player.user)
    html = client.get(player.get_absolute_url()).content.decode()
    assert "Discipline" in html and reverse("discipline_player:appeal", args=[case.pk]) in html
    url = reverse("discipline_player:appeal", args=[case.pk])
    assert "File the appeal" in client.get(url).content.decode()
    client.post(url, {"text": "I was calling for a doctor."})
    case.refresh_from_db()
    assert case.appeal.text == "I was calling for a doctor."
    client.force_login(cup.player(4).user)
    assert client.get(url).status_code == 404
    assert client.post(url, {"text": "me too"}).status_code == 404


def test_the_discipline_history_is_shown_to_the_player_and_to_reviewers_only(client, cup, cases):
    player = cup.player(3)
    client.force_login(cup.organizer)
    html = client.get(player.get_absolute_url()).content.decode()
    assert "Discipline" in html and reverse("discipline:case", args=[cases["dd"].pk]) in html
    client.force_login(UserFactory())
    assert "declared defeat" not in client.get(player.get_absolute_url()).content.decode()
    client.logout()
    assert "declared defeat" not in client.get(player.get_absolute_url()).content.decode()


def test_every_admin_changelist_and_change_page_loads(admin_client, cup, cases):
    from django.contrib import admin

    from discipline.services import case_add_note, case_appeal

    case_appeal(case=cases["dd"], text="appeal", actor=cup.player(3).user)
    case_add_note(case=cases["dd"], text="note", actor=cup.organizer)
    from core.outbox import request_ratings
    from ratings.services import ratings_recompute
    from scoring.services import game_scores_recompute
    from tournaments.standings.store import standings_store

    for case in cases.values():
        game_scores_recompute(game_id=case.game_id)
    request_ratings(None)
    ratings_recompute()
    standings_store(tournament_id=cup.tournament.pk)
    missing = []
    for model in admin.site._registry:
        opts = model._meta
        changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        assert admin_client.get(changelist).status_code == 200, changelist
        assert admin_client.get(changelist, {"q": "a"}).status_code == 200, changelist
        obj = model._default_manager.first()
        if obj is None:
            missing.append(opts.label)
            continue
        change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
        assert admin_client.get(change).status_code == 200, change
    assert not {"games.Game", "discipline.DisciplineCase", "discipline.DisciplineAppeal",
                "discipline.DisciplineNote", "scoring.SeatScore", "ratings.RatingEntry", "ratings.PlayerRating",
                "core.RecomputeJob", "core.AuditEntry"} & set(missing), missing


def test_the_site_models_are_all_in_the_admin():
    from django.apps import apps
    from django.contrib import admin

    ours = [model for model in apps.get_models()
            if model._meta.app_label in {"core", "clubs", "games", "discipline", "scoring", "tournaments", "ratings"}]
    assert [model._meta.label for model in ours if model not in admin.site._registry] == []


def test_an_organizer_names_the_chief_judge_from_the_queue(client, cup):
    from core.audit import audit_trail
    from tests.factories import PlayerFactory, UserPlayerFactory

    chief = UserPlayerFactory(nickname="Arbiter")
    client.force_login(cup.organizer)
    assert "Chief judges" in client.get(reverse("discipline:queue")).content.decode()
    client.post(reverse("discipline:chief_judge", args=[cup.tournament.pk]), {"nickname": "arbiter"})
    cup.tournament.refresh_from_db()
    assert cup.tournament.chief_judge == chief
    assert audit_trail(cup.tournament).first().action == "tournament.chief_judge"
    PlayerFactory(nickname="Guest")
    client.post(reverse("discipline:chief_judge", args=[cup.tournament.pk]), {"nickname": "Guest"})
    cup.tournament.refresh_from_db()
    assert cup.tournament.chief_judge == chief  # a player without an account cannot review
    client.force_login(cup.judge.user)
    client.post(reverse("discipline:chief_judge", args=[cup.tournament.pk]), {"nickname": ""})
    cup.tournament.refresh_from_db()
    assert cup.tournament.chief_judge == chief  # only organizers name the chief judge


def test_the_queue_does_not_grow_queries_with_rows(client, cup, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cup.play(disqualification_game())
    client.force_login(cup.organizer)
    url = reverse("discipline:queue")
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    for _ in range(3):
        cup.play(disqualification_game())
    assert DisciplineCase.objects.count() == 8
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get(url).status_code == 200
