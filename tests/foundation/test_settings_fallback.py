"""With nothing configured the site uses its embedded defaults; with URLs it uses real services."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, django
from django.conf import settings
django.setup()
from config.celery import app
print(json.dumps({
    "engine": settings.DATABASES["default"]["ENGINE"],
    "name": str(settings.DATABASES["default"]["NAME"]),
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "celery_eager": bool(app.conf.task_always_eager),
    "broker": settings.CELERY_BROKER_URL,
    "cache": settings.CACHES["default"]["BACKEND"],
    "debug": settings.DEBUG,
    "use_tz": settings.USE_TZ,
    "time_zone": settings.TIME_ZONE,
    "languages": [code for code, _ in settings.LANGUAGES],
}))
"""

SERVICE_VARIABLES = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE")


def run_probe(**variables):
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["ENV_FILE"] = "/nonexistent/.env"  # this checkout's own .env is not the probe's business
    env.update(variables)
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    return result


def test_no_environment_gives_sqlite_eager_celery_and_local_memory_cache():
    result = run_probe(DEBUG="1")
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout)
    assert probe["engine"] == "django.db.backends.sqlite3"
    assert probe["name"].endswith("var/db.sqlite3")
    assert probe["eager"] is True and probe["celery_eager"] is True
    assert probe["cache"].endswith("LocMemCache")
    assert probe["use_tz"] is True and probe["time_zone"] == "UTC"
    assert probe["languages"] == ["en", "ru"]


def test_database_and_redis_urls_switch_to_real_services():
    result = run_probe(
        DEBUG="1",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/whatever",
        REDIS_URL="redis://127.0.0.1:6379/3",
    )
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout)
    assert probe["engine"] == "django.db.backends.postgresql"
    assert probe["eager"] is False and probe["celery_eager"] is False
    assert probe["broker"] == "redis://127.0.0.1:6379/3"
    assert probe["cache"].endswith("RedisCache")


def test_secret_key_has_no_default_without_debug():
    result = run_probe()
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_secret_key_from_environment_without_debug():
    result = run_probe(SECRET_KEY="a-real-production-secret")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["debug"] is False


def test_test_settings_refuse_sqlite():
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode != 0
    assert "never fall back to SQLite" in result.stderr


MAIL_PROBE = """
import django
from django.conf import settings
django.setup()
from django.core.mail import send_mail
from core.site import absolute
send_mail("Day 1 has begun", "Deadline soon.\\n\\n" + absolute("/online/demo-forum-game/"), None, ["p@example.com"])
print(settings.EMAIL_BACKEND)
"""


def test_with_no_mail_server_the_mail_goes_to_one_file_with_whole_links(tmp_path):
    """Issue 27: `make run` buried the demo accounts under about 40 printed e-mails with relative
    links. With no EMAIL_URL the mail is appended to var/mail.log (here EMAIL_FILE), and its links
    are whole addresses on the address the site is served at (ADDRESS, as `make run` takes it)."""
    mail_file = tmp_path / "mail.log"
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", ENV_FILE="/nonexistent/.env", DEBUG="1",
               EMAIL_FILE=str(mail_file), ADDRESS="127.0.0.1:8103")
    result = subprocess.run([sys.executable, "-c", MAIL_PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "core.mail.FileBackend"
    assert result.stderr == "", "nothing printed but what the command is for"
    written = mail_file.read_text()
    assert "Subject: Day 1 has begun" in written and "To: p@example.com" in written
    assert "http://127.0.0.1:8103/online/demo-forum-game/" in written


def test_a_command_prints_only_what_it_is_for():
    """django-axes said "AXES: BEGIN version …, blocking by …" on stderr at every start of every
    command (issue 30's lock-out); its start-up line is silenced, its warnings are not."""
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", ENV_FILE="/nonexistent/.env", DEBUG="1")
    result = subprocess.run([sys.executable, "manage.py", "validate_protocol", "docs/examples/game.json"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
    assert json.loads(result.stdout)["winner"] in ("red", "black")
    probe = subprocess.run([sys.executable, "-c", "import django, logging; django.setup(); "
                            "print(logging.getLogger('axes.apps').isEnabledFor(logging.WARNING), "
                            "logging.getLogger('axes.apps').isEnabledFor(logging.INFO), "
                            "logging.getLogger('axes.handlers.cache').isEnabledFor(logging.WARNING))"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert probe.stdout.split() == ["True", "False", "True"], probe.stderr
