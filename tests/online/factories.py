"""Factories and a tiny builder for online games on the site (tests/online/site, benchmarks)."""

from __future__ import annotations

from datetime import UTC, datetime

import factory

from online.forum import services
from online.models import Setup
from tests.factories import UserFactory

START = datetime(2025, 3, 3, 18, 20, tzinfo=UTC)


def setup_data(*roles: str, **options) -> dict:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return {"ruleset": "forum", "roles": [{"role": role, "count": n} for role, n in counts.items()],
            "options": options}


class SetupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Setup

    name = factory.Sequence(lambda n: f"Setup {n}")
    slug = factory.Sequence(lambda n: f"setup-{n}")
    data = factory.LazyFunction(lambda: setup_data("mafia_goon", "townie", "townie", "cop", "doctor"))


def a_setup(*roles: str, **options) -> Setup:
    return services.setup_create(name=f"Setup {'-'.join(roles)}", data=setup_data(*roles, **options))


def a_game(*roles: str, names=None, start: bool = True, now: datetime = START, seed: str = "site", hand=True,
           **options):
    """A game of these roles (slot n gets the n-th role when ``hand``), signed up, dealt and
    started at ``now``. Answers (game, [users in slot order], moderator)."""
    setup = a_setup(*roles, **options)
    moderator = UserFactory(username=f"mod-{setup.slug}")
    game = services.game_create(setup=setup, moderator=moderator, title=f"Game {setup.slug}", seed=seed, now=now)
    names = names or [f"P{n}" for n in range(1, len(roles) + 1)]
    users = [UserFactory(username=f"{name.lower()}-{setup.pk}") for name in names]
    for user, name in zip(users, names, strict=True):
        services.signup_join(game=game, user=user, name=name)
    if start:
        services.game_deal(game=game, roles=dict(enumerate(roles, start=1)) if hand else None, now=now)
        services.game_start(game=game, now=now)
    game.refresh_from_db()
    return game, users, moderator
