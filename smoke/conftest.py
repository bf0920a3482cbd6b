"""The smoke suite runs on the embedded default only (config.smoke_settings): it is there to catch
what works on PostgreSQL and fails on the SQLite that ``make run`` gives a new user."""

import pytest

from tests.browser_kit import launched_chromium
from tests.demo_world import demo_snapshot, demo_world  # noqa: F401  (fixtures: the demo, built once)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.conf import settings
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor != "sqlite":
            pytest.exit("The smoke suite runs on the embedded SQLite only (--ds=config.smoke_settings).",
                        returncode=3)
    if not settings.CELERY_TASK_ALWAYS_EAGER or "locmem" not in settings.CACHES["default"]["BACKEND"]:
        pytest.exit("The smoke suite runs with Celery eager and the local-memory cache, as `make run` does.",
                    returncode=3)
    yield


@pytest.fixture(scope="session")
def chromium():
    with launched_chromium() as browser:
        yield browser
