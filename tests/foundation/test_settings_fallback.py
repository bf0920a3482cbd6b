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
