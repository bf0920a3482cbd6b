import pytest
import redis
from django.conf import settings
from django.utils import translation

from core.cache import reset_error_pause
from online.core.play import forget_kept_states
from tests.browser_kit import launched_chromium
from tests.demo_world import demo_snapshot, demo_world  # noqa: F401  (fixtures: the demo, built once)
from tests.wsgi_kit import django_app  # noqa: F401  (a fixture: Django as a WSGI server calls it)
from tournaments.standings import stored as stored_standings


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Fail loudly unless the database under test is the real PostgreSQL."""
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            pytest.exit("The test suite runs against PostgreSQL only.", returncode=3)
    yield


@pytest.fixture(scope="session", autouse=True)
def _own_redis_database_empty():
    """The run starts with its own Redis database empty, as it starts with a new PostgreSQL one. Redis
    outlives a run: what the last run kept there (pages under a game's or a player's number, a
    store's generation) would meet this run's rows, which count their numbers from 1 again."""
    redis.Redis.from_url(settings.REDIS_URL).flushdb()
    yield


@pytest.fixture(scope="session")
def chromium():
    """One Chromium for the whole run: Playwright's sync API cannot start a second one in the
    thread while the first is open (a fixture per folder failed the second folder's tests)."""
    with launched_chromium() as browser:
        yield browser


@pytest.fixture
def run(django_capture_on_commit_callbacks):
    """Run a step (a service and its arguments), then the pipeline after its commit, eagerly as
    the embedded mode does: what a test asserts next is what the site would show."""

    def run(step, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return step(*args, **kwargs)

    return run


@pytest.fixture(autouse=True)
def _cache_answers_again():
    """A test that kills the cache leaves it paused for a few seconds (core/cache.py skips a dead
    Redis): the next test starts with the cache asked again."""
    reset_error_pause()
    yield
    reset_error_pause()


@pytest.fixture(autouse=True)
def _process_memory_forgotten():
    """What this process keeps by a row's number (a game's replayed states, the standings' bodies)
    is forgotten before each test: a test that resets the sequences (tests/secrecy/test_every_url.py)
    lets the next tests' rows take numbers that earlier tests' rows had."""
    forget_kept_states()
    stored_standings.clear_local()


@pytest.fixture(autouse=True)
def _language_back():
    """A request in Russian leaves Russian active in the thread (LocaleMiddleware activates, nothing
    deactivates): the next test starts in the default language, whatever ran before it."""
    yield
    if settings.configured:
        translation.deactivate()
