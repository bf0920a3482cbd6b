import pytest

from tests.browser_kit import launched_chromium


@pytest.fixture(scope="session")
def chromium():
    with launched_chromium() as browser:
        yield browser
