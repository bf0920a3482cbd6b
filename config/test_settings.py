"""Settings for the test suite: the real PostgreSQL and Redis, never the embedded fallbacks.

``scripts/test.sh`` exports DATABASE_URL and REDIS_URL; run by hand, set them the same way.
"""

import os
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")
# The suite runs as production does, whatever a local .env (written by `make run`) says.
os.environ["DEBUG"] = "0"

from django.core.exceptions import ImproperlyConfigured  # noqa: E402

if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
    raise ImproperlyConfigured(
        "The tests run against PostgreSQL only: set DATABASE_URL=postgres://... "
        "(scripts/test.sh does). They never fall back to SQLite."
    )
if not os.environ.get("REDIS_URL", "").startswith("redis://"):
    raise ImproperlyConfigured(
        "The tests run against Redis: set REDIS_URL=redis://... (scripts/test.sh does)."
    )


def _own_redis_database(url: str, worker: str) -> str:
    """Each pytest-xdist worker (PYTEST_XDIST_WORKER gw0, gw1, ...) gets its own Redis database:
    the given one plus the worker's index. A test that flushes Redis or starts a Celery worker
    then neither sees nor breaks the other worker's (pytest-django gives each its own PostgreSQL
    database, test_<name>_gw0, ...)."""
    if not worker.startswith("gw"):
        return url
    parts = urlsplit(url)
    number = parts.path.strip("/") or "0"  # redis://host:port with no database: 0
    return urlunsplit(parts._replace(path=f"/{int(number) + int(worker[2:])}"))


os.environ["REDIS_URL"] = _own_redis_database(
    os.environ["REDIS_URL"], os.environ.get("PYTEST_XDIST_WORKER", ""))

from .settings import *  # noqa: E402,F403

# Flushed with DELETE (config/test_database); a commit does not wait for the disk: a test database
# need not survive a crash, and transactional tests commit at every save (3 ms each, 0.3 ms so).
DATABASES["default"]["ENGINE"] = "config.test_database"  # noqa: F405
DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"  # noqa: F405
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Unit tests run tasks in-process; the pipeline tests start a real worker against Redis.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
# The live test server speaks plain HTTP: the browser tests log in over it.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
STATIC_ROOT.mkdir(exist_ok=True)  # noqa: F405  (WhiteNoise warns on every request otherwise)
# The suite signs in, applies and writes far more often than a person: no rate limits, except in
# tests/foundation/test_rate_limits.py, which turns them on.
RATE_LIMITS_ENABLED = AXES_ENABLED = False
