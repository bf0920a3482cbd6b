"""Fixtures shared by the online games' site tests."""

from __future__ import annotations

from datetime import timedelta

import pytest

from online.core import clock
from tests.online.factories import START


@pytest.fixture
def at_start():
    """The site's clock at the games' start (moved with clock.advance)."""
    clock.reset()
    clock.advance(START - clock.now() + timedelta(minutes=5))
    yield
    clock.reset()
