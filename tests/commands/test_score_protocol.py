"""`manage.py score_protocol FILE`."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine.examples import full_fiim_game, full_pro_mafia_game

ROOT = Path(__file__).resolve().parents[2]


def run(path) -> tuple[int, dict]:
    out = StringIO()
    try:
        call_command("score_protocol", str(path), stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, json.loads(out.getvalue())


def test_score_protocol_prints_the_score_json(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(full_pro_mafia_game().json())
    code, output = run(path)
    assert code == 0
    assert set(output) == {"ruleset", "winner", "players"}
    assert output["ruleset"] == "pro-mafia-1.1" and output["winner"] == "red"
    assert [player["seat"] for player in output["players"]] == list(range(1, 11))
    first = output["players"][0]
    assert set(first) == {"seat", "player", "role", "total", "items"}
    assert set(first["items"][0]) == {"points", "rule", "note"}
    for player in output["players"]:
        assert player["total"] == round(sum(item["points"] for item in player["items"]), 3)


def test_score_protocol_refuses_an_invalid_protocol_with_the_engines_error(tmp_path):
    document = full_pro_mafia_game().build()
    document["events"][3]["seat"] = 42  # a foul by seat 42
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    code, output = run(path)
    assert code == 1
    assert output["valid"] is False
    assert output["error"]["event"] == 3
    assert output["error"]["message"]


def test_score_protocol_reports_a_bonus_out_of_range_like_an_engine_error(tmp_path):
    game = full_fiim_game().bonus(4, 0.9, "too much for a loser")
    path = tmp_path / "bonus.json"
    path.write_text(game.json())
    code, output = run(path)
    assert code == 1
    assert output == {
        "valid": False,
        "error": {
            "event": game.last_index,
            "rule": "bonus.out-of-range",
            "message": "a judge bonus for a player whose team did not win is +0.1 to +0.5, not 0.9 (seat 4)",
            "params": {},
        },
    }


def test_score_protocol_missing_file_is_a_clear_error(tmp_path):
    code, output = run(tmp_path / "missing.json")
    assert code == 1
    assert output["error"]["event"] is None
    assert output["error"]["rule"] == "document.unreadable"
    assert output["error"]["message"] == f"cannot read {tmp_path / 'missing.json'}: No such file or directory"


@pytest.mark.parametrize("content", ["{not json", "[]"])
def test_score_protocol_from_the_shell_exits_1_without_a_traceback(tmp_path, content):
    path = tmp_path / "broken.json"
    path.write_text(content)
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.test_settings")
    done = subprocess.run(
        [sys.executable, "manage.py", "score_protocol", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert json.loads(done.stdout)["valid"] is False
