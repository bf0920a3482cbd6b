import pytest

from tests.discipline.helpers import Cup


@pytest.fixture
def cup(db):
    return Cup()
