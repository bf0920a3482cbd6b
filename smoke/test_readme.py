"""Every command the README shows works exactly as written, after `make run` from a fresh clone.

The checkout's files (as a fresh clone would have them, plus what is not committed yet) are copied
to a scratch folder that shares this checkout's .venv; there `make run`'s set-up steps run (the
local .env, migrate, the demo data), and then each command of the README's ``sh`` blocks, verbatim,
with none of the test run's variables in the environment. ``make run`` and ``make test``
themselves are what CI and this very suite run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SETUP = [".venv/bin/python manage.py migrate --noinput"]  # make run's first step: it writes the .env too


def readme_commands() -> list[str]:
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(), flags=re.S):
        for line in block.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command and not command.startswith("#") and command not in ("make run", "make test"):
                commands.append(command)
    return commands


@pytest.fixture(scope="module")
def fresh_checkout(tmp_path_factory):
    target = tmp_path_factory.mktemp("checkout")
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    (target / ".venv").symlink_to(ROOT / ".venv")
    for command in SETUP:
        run(command, target)
    return target


def clean_environment() -> dict[str, str]:
    """What a new user's shell has: no database, broker, debug or key of the test run."""
    return {name: os.environ[name] for name in ("PATH", "HOME", "LANG", "TMPDIR") if name in os.environ}


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    result = subprocess.run(["bash", "-c", command], cwd=cwd, env=clean_environment(), capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, f"`{command}` failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    return result


def test_the_readme_shows_its_commands():
    assert any("manage.py" in command for command in readme_commands())


@pytest.mark.parametrize("command", readme_commands())
def test_a_readme_command_works_as_written(fresh_checkout, command):
    result = run(command, fresh_checkout)
    assert "AXES: BEGIN" not in result.stderr, "a command prints only what it is for (django-axes' start-up line)"


def test_the_demo_prints_its_accounts_last_and_writes_its_mail_to_a_file_with_whole_links(fresh_checkout, tmp_path):
    """Issue 27: `make run` buried the demo accounts under about 40 printed e-mails with relative
    links. On a database of its own (the module's may hold the demo already, and sends no mail
    twice): the accounts are seed_demo's last lines, and the mail is in the file, links whole."""
    environment = {**clean_environment(), "DATABASE_URL": f"sqlite:///{tmp_path / 'demo.sqlite3'}",
                   "EMAIL_FILE": str(tmp_path / "mail.log")}
    for command in (".venv/bin/python manage.py migrate --noinput", ".venv/bin/python manage.py seed_demo"):
        result = subprocess.run(["bash", "-c", command], cwd=fresh_checkout, env=environment, capture_output=True,
                                text=True, timeout=900)
        assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-4] == "Demo accounts (username / password):", lines[-6:]
    assert [line.split()[1] for line in lines[-3:]] == ["organizer", "judge", "player"]
    assert "Subject:" not in result.stdout and result.stderr == ""
    mail = (tmp_path / "mail.log").read_text()
    assert mail.count("Subject:") >= 10
    assert "http://127.0.0.1:8000/online/" in mail
    assert not [line for line in mail.splitlines() if line.startswith("/")], "a relative link in an e-mail"


def test_a_new_checkout_gets_its_development_env_from_manage_py(fresh_checkout):
    """A new user's first `manage.py` command, with nothing set and no .env, writes the
    development .env (DEBUG on, a key of its own) and works."""
    (fresh_checkout / ".env").rename(fresh_checkout / ".env.aside")
    try:
        result = subprocess.run([".venv/bin/python", "manage.py", "check"], cwd=fresh_checkout,
                                env=clean_environment(), capture_output=True, text=True, timeout=120)
        written = (fresh_checkout / ".env").read_text()
    finally:
        (fresh_checkout / ".env.aside").replace(fresh_checkout / ".env")
    assert result.returncode == 0, result.stderr
    assert "Wrote .env" in result.stderr
    assert "DEBUG=1" in written and "SECRET_KEY=" in written


def test_production_settings_refuse_to_start_without_a_key(fresh_checkout):
    """The web entry point writes no .env: without it and without DEBUG, no key, no start."""
    (fresh_checkout / ".env").rename(fresh_checkout / ".env.aside")
    try:
        result = subprocess.run([".venv/bin/python", "-c", "import config.wsgi"], cwd=fresh_checkout,
                                env=clean_environment(), capture_output=True, text=True, timeout=120)
        assert not (fresh_checkout / ".env").exists()
    finally:
        (fresh_checkout / ".env.aside").rename(fresh_checkout / ".env")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr
