import pytest

from tests.discipline.helpers import Cup


@pytest.fixture
def run(django_capture_on_commit_callbacks):
    """Run a step, then the pipeline after its commit (eagerly, as the embedded mode does)."""

    def run(step, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return step(*args, **kwargs)

    return run


@pytest.fixture
def cup(db):
    """A tournament with a judge, two organizers, a chief judge and ten players with accounts;
    confirmed games are published at once (its switch is on)."""
    return Cup()
