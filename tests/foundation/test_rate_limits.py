"""Rate limits (issue 14): log-in lock-out, sign-up, password reset, applications, the API's token
endpoint and writes. The suite runs with the limits off (config/test_settings.py); here they are
on, with low rates so a test needs few requests. core/ratelimits.py says who counts how."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import UserFactory, UserPlayerFactory
from tests.tournaments.factories import TournamentFactory

pytestmark = pytest.mark.django_db

REFUSED_EN = "Too many attempts from you in a short time"
REFUSED_RU = "Слишком много попыток"


@pytest.fixture
def limits_on(settings):
    settings.RATE_LIMITS_ENABLED = settings.AXES_ENABLED = True
    settings.RATE_LIMITS = {"sign_up": "2/h", "password_reset": "2/h", "applications": "2/h",
                            "api_token": "2/m", "api_write": "2/m"}
    cache.clear()  # counters of earlier tests
    yield settings
    cache.clear()


def test_log_in_is_locked_out_after_five_failures_even_with_the_right_password(client, limits_on):
    user = UserFactory(username="victim")
    user.set_password("the-right-one-2026")
    user.save()
    for _ in range(limits_on.AXES_FAILURE_LIMIT - 1):
        wrong = client.post("/accounts/login/", {"username": "victim", "password": "guess"})
        assert wrong.status_code == 200  # the form again, with its error
    locked = client.post("/accounts/login/", {"username": "victim", "password": "guess"})
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    again = client.post("/accounts/login/", {"username": "victim", "password": "the-right-one-2026"})
    assert again.status_code == 429 and "_auth_user_id" not in client.session


def test_another_address_can_still_log_in_to_a_locked_username(client, limits_on):
    user = UserFactory(username="victim")
    user.set_password("the-right-one-2026")
    user.save()
    for _ in range(limits_on.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": "victim", "password": "guess"})
    elsewhere = client.post("/accounts/login/", {"username": "victim", "password": "the-right-one-2026"},
                            REMOTE_ADDR="10.0.0.7")
    assert elsewhere.status_code == 302  # locked per username *and* address: no lock-out by strangers


def test_sign_up_is_limited_per_address_with_a_translated_page(client, limits_on):
    for _ in range(2):
        assert client.post("/accounts/sign-up/", {"username": ""}).status_code == 200
    refused = client.post("/accounts/sign-up/", {"username": ""})
    assert refused.status_code == 429 and REFUSED_EN in refused.content.decode()
    russian = client.post("/accounts/sign-up/", {"username": ""}, HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 429 and REFUSED_RU in russian.content.decode()
    assert client.get("/accounts/sign-up/").status_code == 200  # reading the form is never limited


def test_password_reset_is_limited_per_address(client, limits_on):
    for _ in range(2):
        assert client.post("/accounts/password_reset/", {"email": "someone@example.org"}).status_code == 302
    assert client.post("/accounts/password_reset/", {"email": "someone@example.org"}).status_code == 429


def test_guest_applications_are_limited_per_address(client, limits_on):
    tournament = TournamentFactory(status="registration_open")
    url = f"/tournaments/{tournament.slug}/apply/"
    for n in range(2):
        client.post(url, {"guest_name": f"Stranger {n}", "guest_contact": f"s{n}@example.org"})
    refused = client.post(url, {"guest_name": "Stranger 9", "guest_contact": "s9@example.org"})
    assert refused.status_code == 429
    assert tournament.applications.count() == 2  # the refused one changed nothing


def test_the_api_token_endpoint_is_throttled_with_a_json_answer(limits_on):
    api = APIClient()
    for _ in range(2):
        assert api.post("/api/v1/auth/token/", {"username": "x", "password": "y"}).status_code == 400
    refused = api.post("/api/v1/auth/token/", {"username": "x", "password": "y"})
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled" and REFUSED_EN in refused.json()["detail"]
    assert "Retry-After" in refused


def test_api_writes_are_throttled_per_account_and_reads_are_not(limits_on):
    api = APIClient()
    api.force_authenticate(UserPlayerFactory().user)
    for _ in range(2):
        assert api.post("/api/v1/games/", {}, format="json").status_code < 429
    refused = api.post("/api/v1/games/", {}, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert api.get("/api/v1/clubs/").status_code == 200


def test_the_limits_let_people_through_while_the_cache_is_down(client, limits_on):
    from core.cache import reset_error_pause

    limits_on.CACHES = {"default": {**limits_on.CACHES["default"], "LOCATION": "redis://127.0.0.1:1/0"}}
    reset_error_pause()
    try:
        for _ in range(4):
            assert client.post("/accounts/sign-up/", {"username": ""}).status_code == 200
    finally:
        reset_error_pause()
