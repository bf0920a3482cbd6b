"""`simulate_games` and `simulate_tournament`: files, reports, and a tournament through the
site's pipeline (docs/auto-judged-table.md, "Simulations")."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import Game
from ratings.models import PlayerRating
from scoring.models import SeatScore
from tournaments.models import Tournament
from tournaments.standings.selectors import tournament_standings


def test_simulate_games_same_seed_same_files(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    call_command(
        "simulate_games", "--games", "6", "--seed", "s", "--out", str(first), "--compare", "random"
    )
    call_command(
        "simulate_games", "--games", "6", "--seed", "s", "--out", str(second), "--compare", "random"
    )
    names = sorted(path.name for path in first.iterdir())
    assert names == sorted(path.name for path in second.iterdir())
    assert "game-0006.protocol.json" in names and "game-0006.transcript.txt" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    report = json.loads((first / "report.json").read_text())
    run = report["run"]
    assert (
        run["games"] == 6
        and 0 <= run["red_win_rate_ci95"][0] <= run["red_win_rate"] <= run["red_win_rate_ci95"][1]
    )
    assert set(run["points_per_role"]) == {"civilian", "sheriff", "mafia", "don"}
    # Scored by the scoring app's engine (provided through games.protocol_scoring).
    assert all(data["mean"] is not None and data["players"] for data in run["points_per_role"].values())
    assert {"tie", "revote", "hands", "day_one_single", "later_single"} <= set(run["rule_paths"])
    assert report["compare"]["spec"] == "random" and "difference_ci95" in report["head_to_head"]
    page = (first / "report.html").read_text()
    assert "<svg" in page and "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_simulate_games_refuses_a_bad_spec(tmp_path):
    with pytest.raises(CommandError, match="unknown agent kind"):
        call_command("simulate_games", "--games", "1", "--agents", "clever", "--out", str(tmp_path))


@pytest.mark.django_db(transaction=True)
def test_simulate_tournament_confirms_and_publishes_every_game():
    call_command(
        "simulate_tournament", "--name", "Bots cup", "--tables", "1", "--rounds", "2", "--seed", "3"
    )
    tournament = Tournament.objects.get(name="Bots cup")
    assert tournament.ruleset == "fiim-2025" and tournament.status == Tournament.Status.FINISHED
    games = Game.objects.filter(tournament=tournament)
    assert games.count() == 2
    assert all(game.status == Game.Status.CONFIRMED for game in games)
    assert tournament.publish_standings and tournament.publish_results
    # The pipeline scored every seat, the standings list the ten players, the ratings moved.
    assert SeatScore.objects.filter(game__tournament=tournament).count() == 20
    standings = tournament_standings(tournament)
    assert len(standings) == 10
    assert PlayerRating.objects.filter(player__nickname__startswith="Bot rule").count() == 10


@pytest.mark.django_db
def test_simulate_tournament_refuses_a_bad_spec_before_creating_anything():
    with pytest.raises(CommandError, match="unknown agent kind"):
        call_command("simulate_tournament", "--name", "Never", "--agents", "clever")
    assert not Tournament.objects.filter(name="Never").exists()


def test_simulate_games_plays_a_russian_table(tmp_path):
    call_command("simulate_games", "--games", "3", "--seed", "ru", "--config", '{"language": "ru"}',
                 "--out", str(tmp_path))  # fmt: skip
    log = json.loads((tmp_path / "game-0001.log.json").read_text(encoding="utf-8"))
    assert log[0]["config"]["language"] == "ru"
    lines = (tmp_path / "game-0001.transcript.txt").read_text(encoding="utf-8").splitlines()
    assert "[Ночь 0] Судья: Наступает ночь." in lines
    assert lines[-1].endswith(("победа красных.", "победа чёрных."))
    document = json.loads((tmp_path / "game-0001.protocol.json").read_text(encoding="utf-8"))
    assert set(document) == {"format", "ruleset", "seats", "events"}  # no field for a language
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["run"]["games"] == 3  # every game validated and scored on the way


def test_simulate_games_refuses_a_language_it_does_not_speak(tmp_path):
    with pytest.raises(CommandError, match="language must be one of en, ru"):
        call_command("simulate_games", "--games", "1", "--config", '{"language": "de"}', "--out", str(tmp_path))
