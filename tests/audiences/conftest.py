"""The three audiences' main paths in Debian's Chromium, at a phone's size and a laptop's, in
English and in Russian. Each page a path reaches goes through ``browser_kit.page_check``: a
screenshot when SCREENSHOTS is set (the screenshot tour, scripts/tour.sh) and an axe-core run
that fails the test on a serious or critical violation."""

import pytest

from tests.browser_kit import LAPTOP, PHONE

SIZES = {"phone": PHONE, "laptop": LAPTOP}


@pytest.fixture(params=["phone", "laptop"])
def size(request):
    return request.param


@pytest.fixture(params=["en", "ru"])
def language(request):
    return request.param


@pytest.fixture
def browser_context(chromium, size, language):
    """A fresh browser at the size, asking for the language (Accept-Language: LocaleMiddleware)."""
    context = chromium.new_context(**SIZES[size], locale=language,
                                   extra_http_headers={"Accept-Language": language})
    yield context
    context.close()
