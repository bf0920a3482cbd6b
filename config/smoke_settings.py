"""The smoke suite's settings: the embedded default exactly as ``make run`` serves it.

A SQLite file under ``var/`` (the tests' own, beside the development database), Celery tasks run
in-process, the local-memory cache, DEBUG on as ``make run`` sets it — whatever the shell that
runs the tests has exported for the full suite (scripts/test.sh runs both).
"""

import os

for _name in ("DATABASE_URL", "REDIS_URL", "EMAIL_URL", "SECRET_KEY"):
    os.environ.pop(_name, None)
os.environ["DEBUG"] = "1"

from .settings import *  # noqa: E402,F403

DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "smoke-test.sqlite3")}  # noqa: F405
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
