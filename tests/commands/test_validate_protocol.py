"""`manage.py validate_protocol FILE`: the result as JSON on stdout, exit 1 when invalid."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine.examples import full_pro_mafia_game

ROOT = Path(__file__).resolve().parents[2]


def run_command(path) -> tuple[dict, int]:
    out = StringIO()
    code = 0
    try:
        call_command("validate_protocol", str(path), stdout=out)
    except SystemExit as exit_:
        code = exit_.code
    return json.loads(out.getvalue()), code


def test_valid_document_prints_the_result(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(full_pro_mafia_game().json())
    result, code = run_command(path)
    assert code == 0
    assert result["valid"] is True and result["winner"] == "red" and result["first_out"] == 4
    assert result["departures"][0] == {"seat": 4, "how": "shot", "night": 1, "alive_after": 9}


def test_invalid_document_prints_the_error_and_exits_1(tmp_path):
    game = full_pro_mafia_game()
    game.events[3]["seat"] = 11  # a foul on a seat that does not exist
    path = tmp_path / "game.json"
    path.write_text(game.json())
    result, code = run_command(path)
    assert code == 1
    assert result["valid"] is False
    assert result["error"]["event"] == 3
    assert result["error"]["rule"] == "event.seat-out-of-range"
    assert result["error"]["message"].startswith("event 3 (foul, day 1): ")


@pytest.mark.parametrize("content", ["{not json", ""])
def test_non_json_file(tmp_path, content):
    path = tmp_path / "game.json"
    path.write_text(content)
    result, code = run_command(path)
    assert code == 1 and result == {"valid": False, "error": result["error"]}
    assert result["error"]["event"] is None


def test_missing_file(tmp_path):
    result, code = run_command(tmp_path / "absent.json")
    assert code == 1 and result["valid"] is False and result["error"]["event"] is None
    # the same refusal as score_protocol's (games.management.protocol_command)
    assert result["error"]["rule"] == "document.unreadable"
    assert result["error"]["message"] == f"cannot read {tmp_path / 'absent.json'}: No such file or directory"


def test_subprocess_prints_json_and_no_traceback(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("[1, 2")
    completed = subprocess.run(
        [sys.executable, "manage.py", "validate_protocol", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"},
        timeout=60,
    )
    assert completed.returncode == 1
    assert json.loads(completed.stdout)["valid"] is False
    assert "Traceback" not in completed.stderr
