import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from clubs.models import ClubMembership, Player
from clubs.services import player_sign_up
from core.errors import ApplicationError
from tests.factories import ClubFactory, UserPlayerFactory

pytestmark = pytest.mark.django_db

SIGN_UP = {
    "nickname": "Kolya", "username": "kolya", "email": "kolya@example.com",
    "password1": "long-enough-pass-42", "password2": "long-enough-pass-42", "city": "Kazan",
}


def test_sign_up_creates_the_account_and_the_player_and_logs_in(client):
    club = ClubFactory()
    response = client.post(reverse("sign_up"), {**SIGN_UP, "home_club": club.pk})
    assert response.status_code == 302
    player = Player.objects.get(nickname="Kolya")
    assert player.user.username == "kolya"
    assert player.home_club == club
    assert ClubMembership.objects.get(player=player).role == ClubMembership.Role.MEMBER
    assert client.get(reverse("home")).context["user"] == player.user


def test_sign_up_refuses_a_taken_nickname_whatever_its_case(client):
    UserPlayerFactory(nickname="kolya")
    response = client.post(reverse("sign_up"), SIGN_UP)
    assert response.status_code == 200
    assert "already taken" in response.content.decode()
    assert not get_user_model().objects.filter(username="kolya").exists()


def test_sign_up_refuses_mismatched_passwords(client):
    response = client.post(reverse("sign_up"), {**SIGN_UP, "password2": "something-else-77"})
    assert response.status_code == 200
    assert not Player.objects.filter(nickname="Kolya").exists()


def test_sign_up_service_is_all_or_nothing():
    UserPlayerFactory(user__username="taken")
    with pytest.raises(ApplicationError):
        player_sign_up(username="taken", email="x@example.com", password="x-long-pass-1",
                       nickname="Fresh")
    assert not Player.objects.filter(nickname="Fresh").exists()


def test_log_in_and_log_out(client):
    player = UserPlayerFactory()
    response = client.post(reverse("login"), {"username": player.user.username, "password": "secret-pass-123"})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].is_authenticated
    client.post(reverse("logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_password_reset_sends_a_link(client):
    player = UserPlayerFactory()
    response = client.post(reverse("password_reset"), {"email": player.user.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body
