import pytest
from freezegun import freeze_time

from .world import START, UNFROZEN, build


@pytest.fixture
def world(db):
    """The secrecy world, variant "a", with its secret games finished and submitted; the clock
    stays frozen for the test (the world's steps move it)."""
    with freeze_time(START, ignore=UNFROZEN) as clock:
        yield build("a", clock)
