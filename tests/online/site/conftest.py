"""Fixtures shared by the online games' site tests."""

from __future__ import annotations

import itertools
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


@pytest.fixture(autouse=True)
def tables_dealt_in_order(monkeypatch):
    """A table's token seeds its deal, so a random token made the bots' games differ from run to
    run (one deal in a hundred ended before a test's awaited event, in CI); each test's tables
    are dealt from a fixed sequence of tokens instead."""
    numbers = itertools.count(1)
    monkeypatch.setattr("online.table.play.new_table_token", lambda: f"test-table-{next(numbers):04d}")
