import pytest


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Fail loudly unless the database under test is the real PostgreSQL."""
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            pytest.exit("The test suite runs against PostgreSQL only.", returncode=3)
    yield
