import pytest

from tests.discipline.helpers import Cup


@pytest.fixture
def cup(db):
    """A tournament with a judge, two organizers, a chief judge and ten players with accounts;
    confirmed games are published at once (its switch is on)."""
    return Cup()
