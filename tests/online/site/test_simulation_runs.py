"""Simulation runs on the site: asked for by the moderators of online games, played by the
outbox's worker, shown as a page with charts and as JSON (docs/auto-judged-table.md,
"Simulations")."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import translation

from clubs.models import ClubMembership
from core.errors import ApplicationError
from core.models import RecomputeJob
from games.protocol_scoring import scorer
from online.agents.simulate import build_report, report_json, simulate
from online.engine.judged_table import TableConfig
from online.models import SimulationRun
from online.simulations.services import run_simulation, simulation_request
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

GOOD = {"games": 4, "seed": "t", "spec": "rule", "compare_spec": "", "config": None}


@pytest.fixture
def organizer():
    membership = MembershipFactory(role=ClubMembership.Role.ORGANIZER)
    return membership.player.user


def asked(user, captured, **changes):
    with captured(execute=True):
        return simulation_request(requested_by=user, **{**GOOD, **changes})


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"games": 0}, "number of games"),
        ({"games": 2001}, "number of games"),
        ({"games": "12"}, "number of games"),
        ({"seed": "  "}, "seed"),
        ({"seed": "x" * 65}, "seed"),
        ({"spec": "clever"}, "unknown agent kind"),
        ({"spec": "11=rule"}, "unknown seat or team"),
        ({"spec": "1=http:http://127.0.0.1:9/act,rule"}, "not played on the site"),
        ({"compare_spec": "python:os:getcwd"}, "not played on the site"),
        ({"compare_spec": "chat"}, "not played on the site"),
        ({"config": {"speech_limit": 1}}, "speech_limit"),
        ({"config": {"loudness": 11}}, "has no setting loudness"),
        ({"config": [1, 2]}, "a JSON object"),
        ({"config": {"language": "de"}}, "English or Russian"),
    ],
)
def test_the_service_refuses_bad_input_and_changes_nothing(organizer, changes, words):
    with pytest.raises(ApplicationError, match=words):
        simulation_request(requested_by=organizer, **{**GOOD, **changes})
    assert not SimulationRun.objects.exists()
    assert not RecomputeJob.objects.exists()


def test_a_bad_setting_is_told_in_the_sites_language_not_the_engines(organizer):
    with translation.override("ru"), pytest.raises(ApplicationError) as refused:
        simulation_request(requested_by=organizer, **{**GOOD, "config": {"speech_limit": 1}})
    assert refused.value.message == "speech_limit — целое число не меньше 2."


def test_the_games_limit_is_a_setting(organizer, settings):
    settings.TABLE_SIMULATION_MAX_GAMES = 3
    with pytest.raises(ApplicationError, match="from 1 to 3"):
        simulation_request(requested_by=organizer, **GOOD)
    assert not SimulationRun.objects.exists()


def test_one_unfinished_run_per_person(organizer, django_capture_on_commit_callbacks):
    first = simulation_request(requested_by=organizer, **GOOD)  # not committed: still queued
    with pytest.raises(ApplicationError, match=f"run #{first.pk} is not finished"):
        simulation_request(requested_by=organizer, **GOOD)
    assert SimulationRun.objects.count() == 1 and RecomputeJob.objects.count() == 1
    other = MembershipFactory(role=ClubMembership.Role.ORGANIZER).player.user
    assert simulation_request(requested_by=other, **GOOD).status == SimulationRun.Status.QUEUED


def test_a_requested_run_is_queued_then_played_and_its_report_stored(
    organizer, django_capture_on_commit_callbacks
):
    config = {"speech_limit": 100, "limit_unit": "tokens"}
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        run = simulation_request(requested_by=organizer, **{**GOOD, "compare_spec": "red=rule,black=random",
                                                             "config": config})  # fmt: skip
    assert SimulationRun.objects.get().status == SimulationRun.Status.QUEUED
    job = RecomputeJob.objects.get(kind=RecomputeJob.Kind.SIMULATION, target_id=run.pk)
    assert job.status == RecomputeJob.Status.PENDING
    for callback in callbacks:  # the Celery message after the commit (eager in the tests)
        callback()
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE, run.error
    assert run.started_at and run.finished_at and run.duration_ms is not None and not run.error
    table = TableConfig.from_dict(config)
    expected = build_report(simulate(4, "t", "rule", table, scorer=scorer()),
                            simulate(4, "t", "red=rule,black=random", table, scorer=scorer()))  # fmt: skip
    assert run.report_text == report_json(expected) and run.report == expected
    assert run.red_win_rate == expected["run"]["red_win_rate"]
    assert RecomputeJob.objects.get(pk=job.pk).status == RecomputeJob.Status.DONE


def test_a_run_that_fails_is_marked_failed_with_its_reason(organizer, django_capture_on_commit_callbacks):
    run = asked(organizer, django_capture_on_commit_callbacks)
    # A spec the site no longer plays (stored before the rule, or changed by hand): the run fails.
    SimulationRun.objects.filter(pk=run.pk).update(status=SimulationRun.Status.QUEUED, spec="clever")
    run_simulation(run.pk)
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.FAILED and run.report is None
    assert "unknown agent kind" in run.error and run.finished_at is not None


def test_a_run_that_is_done_is_not_played_again(organizer, django_capture_on_commit_callbacks):
    run = asked(organizer, django_capture_on_commit_callbacks)
    run.refresh_from_db()
    finished = run.finished_at
    run_simulation(run.pk)  # a message delivered twice
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE and run.finished_at == finished


# --- pages ---------------------------------------------------------------------------------------


def test_a_player_who_organizes_nothing_cannot_ask_for_a_run(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get("/organize/online/simulations/new/").status_code == 403
    response = client.post("/organize/online/simulations/new/", {"games": "3", "seed": "x", "spec": "rule"})
    assert response.status_code == 403 and not SimulationRun.objects.exists()
    assert "Ask for a run" not in client.get("/online/simulations/").content.decode()


def test_a_visitor_is_sent_to_log_in(client):
    response = client.post("/organize/online/simulations/new/", {"games": "3", "seed": "x", "spec": "rule"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not SimulationRun.objects.exists()


def test_a_moderator_asks_for_a_run_from_the_form(client, organizer, django_capture_on_commit_callbacks):
    client.force_login(organizer)
    assert "Ask for a run" in client.get("/online/simulations/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/organize/online/simulations/new/", {
            "games": "3", "seed": "form", "spec": "rule", "compare_spec": "random", "config": '{"speech_limit": 50}'})
    run = SimulationRun.objects.get()
    assert response.status_code == 302 and response["Location"] == run.get_absolute_url()
    assert run.requested_by == organizer and run.config == {"speech_limit": 50}
    assert run.status == SimulationRun.Status.DONE and run.report["compare"]["spec"] == "random"


def test_the_form_shows_a_refusal_and_stores_nothing(client, organizer):
    client.force_login(organizer)
    response = client.post("/organize/online/simulations/new/", {"games": "3", "seed": "x", "spec": "http:http://x"})
    assert response.status_code == 400
    assert "not played on the site" in response.content.decode()
    response = client.post("/organize/online/simulations/new/", {"games": "3", "seed": "x", "config": "{oops"})
    assert response.status_code == 400 and "not valid JSON" in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_the_json_is_the_commands_report_json(client, organizer, tmp_path, django_capture_on_commit_callbacks):
    run = asked(organizer, django_capture_on_commit_callbacks, compare_spec="random")
    call_command("simulate_games", "--games", "4", "--seed", "t", "--compare", "random", "--no-games",
                 "--out", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    response = client.get(f"/online/simulations/{run.pk}/report.json")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert response.content == (tmp_path / "report.json").read_bytes()


def test_the_json_of_a_run_not_done_is_not_found(client, organizer):
    run = simulation_request(requested_by=organizer, **GOOD)  # not committed: still queued
    assert client.get(f"/online/simulations/{run.pk}/report.json").status_code == 404
    page = client.get(run.get_absolute_url()).content.decode()
    assert "Queued" in page or "queued" in page
    assert '<meta http-equiv="refresh"' in page


def test_the_page_draws_every_chart(client, organizer, django_capture_on_commit_callbacks):
    run = asked(organizer, django_capture_on_commit_callbacks, compare_spec="red=rule,black=random")
    page = client.get(run.get_absolute_url()).content.decode()
    for key in ("win-rate", "difference", "points", "length", "paths"):
        assert f'id="chart-{key}"' in page, key
    assert page.count("<svg") >= 5 and "<script" not in page.split('id="simulation"')[1]
    assert "votes to eliminate all" in page and "Day 1 single nominations (no vote)" in page
    assert 'id="head-to-head"' in page


def test_anyone_reads_the_list_and_a_run(client, organizer, django_capture_on_commit_callbacks, django_assert_max_num_queries):
    for seed in ("a", "b", "c"):
        asked(organizer, django_capture_on_commit_callbacks, seed=seed, games=2)
    with django_assert_max_num_queries(6):
        page = client.get("/online/simulations/").content.decode()
    assert page.count("/online/simulations/") >= 3
    run = SimulationRun.objects.first()
    assert client.get(run.get_absolute_url()).status_code == 200


def test_the_page_speaks_russian(client, organizer, django_capture_on_commit_callbacks):
    run = asked(organizer, django_capture_on_commit_callbacks, compare_spec="random")
    page = client.get(run.get_absolute_url(), headers={"Accept-Language": "ru"}).content.decode()
    assert "Доля побед красных и её интервал (95%)" in page and "голосования «поднять всех»" in page


def test_a_failed_runs_reason_is_for_the_moderators(client, organizer):
    run = SimulationRun.objects.create(seed="f", spec="rule", games=2, status=SimulationRun.Status.FAILED,
                                       error="The run failed: ValueError: the secret detail")
    assert "the secret detail" not in client.get(run.get_absolute_url()).content.decode()
    client.force_login(organizer)
    assert "the secret detail" in client.get(run.get_absolute_url()).content.decode()


def test_the_command_records_its_run_on_the_site(tmp_path):
    call_command("simulate_games", "--games", "3", "--seed", "rec", "--no-games", "--record",
                 "--out", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    run = SimulationRun.objects.get()
    assert run.origin == SimulationRun.Origin.COMMAND and run.status == SimulationRun.Status.DONE
    assert run.report_text == (tmp_path / "report.json").read_text()
