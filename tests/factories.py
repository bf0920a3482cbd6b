"""factory_boy factories for the whole test suite."""

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, ClubMembership, Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", "secret-pass-123")

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    city = "Moscow"
    timezone = "Europe/Moscow"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    nickname = factory.Sequence(lambda n: f"Player{n}")
    home_club = None
    city = "Moscow"


class UserPlayerFactory(PlayerFactory):
    """A player with an account."""

    user = factory.SubFactory(UserFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ClubMembership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(UserPlayerFactory)
    role = ClubMembership.Role.MEMBER
