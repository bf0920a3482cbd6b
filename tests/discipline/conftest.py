import pytest

from .helpers import Cup


@pytest.fixture
def cup(db):
    return Cup()


@pytest.fixture
def fiim_cup(db):
    return Cup("fiim-2025")
