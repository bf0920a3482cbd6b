"""What the tests of the records' fast paths share (records/fast.py): a fast path on a clock the
test moves, a new store generation before each test, and the CSRF tokens a page carries."""

from __future__ import annotations

import re

import pytest

from records.generation import store_changed
from tournaments.standings import fast as fast_standings

TOKENS = re.compile(rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")([^"]+)')


@pytest.fixture(autouse=True)
def a_new_generation():
    store_changed()  # nothing kept by an earlier test is read


def fast_app(fast_path_class, django_app, monkeypatch):
    """``fast_path_class`` in front of Django, its clock at ``app.clock[0]`` (seconds) for the test to move."""
    clock = [1000.0]
    monkeypatch.setattr(fast_standings.time, "monotonic", lambda: clock[0])
    app = fast_path_class(django_app)
    app.clock = clock
    return app
