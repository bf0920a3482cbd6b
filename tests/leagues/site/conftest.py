"""The leagues' site fixtures."""

from datetime import date

import pytest

from .kit import League, players, tournament


@pytest.fixture
def league(db):
    """Three tournaments of a series: Ann 25 + 18 = 43; Cid (15 + 18) / 2 = 16.5 + 25 = 41.5; Bob
    16.5. The Autumn Cup's final standings are not published: it counts for nobody (Bob won it)."""
    league = League()
    ann, bob, cid = players("Ann", "Bob", "Cid")
    league.add(tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2), (cid, 2)]))
    league.add(tournament("Summer Cup", date(2026, 6, 1), [(cid, 1), (ann, 2)]))
    league.add(tournament("Autumn Cup", date(2026, 9, 1), [(bob, 1)], published=False))
    return league
