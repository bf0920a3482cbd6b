"""Fill an empty site with a living demo: a club, thirty players, a judge and an organizer.

Safe to run again: it finds what it made before instead of duplicating it. Each app adds its own
demo data in its ``demo`` module (tournaments, games, online).
"""

import functools
import importlib

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.module_loading import module_has_submodule

from clubs.models import Club, ClubMembership, Player
from core.outbox import one_run_per_job

DEMO_PASSWORD = "mafia-demo-2026"
DEMO_NICKNAMES = [
    "Arkady", "Boris", "Vera", "Galina", "Dmitry", "Elena", "Zhenya", "Igor", "Katya", "Lev",
    "Marina", "Nikita", "Olga", "Pavel", "Rita", "Sergey", "Tanya", "Ulyana", "Fedor", "Khariton",
    "Tsvetana", "Chesslav", "Shura", "Yulia", "Yakov", "Anfisa", "Bogdan", "Varvara", "Gleb", "Darya",
]
DEMO_ACCOUNTS = [
    # (username, nickname, role, superuser)
    ("organizer", "Organizer Oleg", ClubMembership.Role.ORGANIZER, True),
    ("judge", "Judge Julia", ClubMembership.Role.JUDGE, False),
    ("player", "Arkady", ClubMembership.Role.MEMBER, False),
]

DEMO_JUDGES_WITHOUT_ACCOUNT = ["Judge Nadia"]


@functools.cache
def _demo_password_hash(hashers: tuple[str, ...]) -> str:
    """The demo password hashed once per process and hasher setting (the argument is the cache's key)."""
    return make_password(DEMO_PASSWORD)


def demo_account(username: str, **fields):
    """A demo account with the demo password. Every demo account shares one hash of it: the hasher
    of ``make run`` (PBKDF2) takes about a quarter of a second of CPU per hash, and a salt per demo
    account of a password printed on the console protects nothing."""
    return get_user_model().objects.create(username=username, email=f"{username}@example.com",
                                           password=_demo_password_hash(tuple(settings.PASSWORD_HASHERS)), **fields)


def named(user, nickname: str) -> None:
    """A demo account gets a name (issue 27: "demo people have names"): the player ``nickname``
    (the demo club's player of that name when it has no account yet), unless it has one already.
    Every page names it so (clubs.selectors.person_name), never by its username."""
    if getattr(user, "player", None) is not None:
        return
    player = Player.objects.filter(nickname__iexact=nickname).first()
    if player is None:
        Player.objects.create(nickname=nickname, user=user)
    elif player.user_id is None:
        player.user = user
        player.save(update_fields=["user"])
    user.refresh_from_db()


def _extensions():
    """The apps' demo builders, each ``<app>.demo.build(club, stdout)``, in the order of
    INSTALLED_APPS (tournaments, games, online): found as the admin finds ``admin`` modules, so
    this command of the lowest app names none of the apps above it (docs/architecture.md)."""
    for config in apps.get_app_configs():
        if module_has_submodule(config.module, "demo"):
            yield importlib.import_module(f"{config.name}.demo").build


class Command(BaseCommand):
    help = "Create the demo club, thirty players and the judge and organizer accounts."

    def handle(self, *args, **options):
        # The pipeline's jobs the demo asks for run after its commit, each once (the standings of
        # the demo cup were stored 13 times, its ratings recomputed 14 times, one run per game).
        with one_run_per_job():
            self.build()

    @transaction.atomic
    def build(self):
        User = get_user_model()
        club, _ = Club.objects.get_or_create(
            slug="red-square",
            defaults={
                "name": "Red Square Mafia Club",
                "city": "Moscow",
                "timezone": "Europe/Moscow",
                "description": "A demo club: evenings on Tuesdays and Fridays, a tournament each month.",
                "contact": "Tverskaya 1, Moscow\n+7 000 000-00-00",
            },
        )
        for nickname in DEMO_NICKNAMES:
            player, _ = Player.objects.get_or_create(
                nickname=nickname, defaults={"home_club": club, "city": club.city}
            )
            ClubMembership.objects.get_or_create(club=club, player=player)
        lines = []
        for username, nickname, role, superuser in DEMO_ACCOUNTS:
            user = User.objects.filter(username=username).first()
            if user is None:
                user = demo_account(username, is_staff=superuser, is_superuser=superuser)
            player, _ = Player.objects.get_or_create(
                nickname=nickname, defaults={"home_club": club, "city": club.city}
            )
            if player.user_id is None:
                player.user = user
                player.save(update_fields=["user"])
            membership, _ = ClubMembership.objects.get_or_create(club=club, player=player)
            if membership.role != role:
                membership.role = role
                membership.save(update_fields=["role"])
            lines.append(f"  {role.label:<10} {username} / {DEMO_PASSWORD}")
        # A third judge (no account: the private link is how a table's judge enters): the demo cup
        # has three tables, and one judge never judges two tables of a round (docs/seating.md).
        for nickname in DEMO_JUDGES_WITHOUT_ACCOUNT:
            player, _ = Player.objects.get_or_create(nickname=nickname, defaults={"home_club": club, "city": club.city})
            ClubMembership.objects.update_or_create(club=club, player=player,
                                                    defaults={"role": ClubMembership.Role.JUDGE})
        for build in _extensions():
            build(club=club, stdout=self.stdout)
        self.stdout.write(self.style.SUCCESS(f"Demo club: {club.name} ({Player.objects.count()} players)"))
        self.stdout.write("Demo accounts (username / password):")
        for line in lines:
            self.stdout.write(line)
