import pytest

from benchmarks.ratings_synthetic import synthetic_games


@pytest.fixture(scope="session")
def synthetic():
    """600 synthetic games among 60 players: every player plays both colours many times."""
    return list(synthetic_games(600, seed=7, players=60))
