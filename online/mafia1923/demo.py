"""Demo data for Mafia 1923 (``seed_demo``, via online/demo.py): "Demo Mafia 1923", a small event
in progress that the demo accounts play — three families of 8; the demo accounts ``player`` (the
Sheriff) and ``judge`` (the Lawyer) are in the family "Levi"; the ``organizer`` moderates.

Its Night 1 (the last Saturday night in Israel at least twelve hours past) was played and
published, and its Day 1 is open with the deadline paused (the moderators' pause, with a public
note), so the demo accounts can vote and act at any hour of any day of the week; the moderator
resumes it from the console. Safe to run again."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db import transaction

from clubs.management.commands.seed_demo import demo_account, named
from online.core import clock
from online.core.deadlines import resolve_due_phase
from online.core.models import Game
from online.core.play import apply, locked
from online.engine import PauseDeadline

from . import services

SLUG = "demo-mafia-1923"
FAMILIES = {
    "Levi": ["player", "judge", "boris", "vera", "galina", "dmitry", "elena", "m1923-levi"],
    "Cohen": [f"m1923-cohen-{n}" for n in range(1, 9)],
    "Mizrahi": [f"m1923-mizrahi-{n}" for n in range(1, 9)],
}
ROLES = {"player": "sheriff", "judge": "lawyer", "boris": "doctor", "vera": "detective", "m1923-cohen-1": "witness",
         "m1923-mizrahi-1": "bodyguard", "m1923-cohen-2": "court_secretary", "m1923-mizrahi-2": "councilor"}
# every demo person has a name (issue 27): the accounts' usernames are internal ids, never shown
NAMES = {"m1923-levi": "Hannah Levi",
         **{f"m1923-cohen-{n}": f"{first} Cohen" for n, first in enumerate(
             ("Avraham", "Batya", "Chaim", "Devorah", "Ezra", "Frida", "Gershon", "Hadassah"), start=1)},
         **{f"m1923-mizrahi-{n}": f"{first} Mizrahi" for n, first in enumerate(
             ("Yosef", "Rivka", "Shimon", "Tova", "Meir", "Naomi", "Eliyahu", "Sarah"), start=1)}}
MAFIA = ("dmitry", "m1923-cohen-8", "m1923-mizrahi-8")
POOL = [{"role": role} for role in ("sheriff", "lawyer", "doctor", "detective", "witness", "bodyguard",
                                    "court_secretary", "councilor")]


def last_saturday_night(now: datetime) -> datetime:
    """The latest Saturday 21:00 in Israel whose Night 1 and its morning buffer are over by now."""
    israel = ZoneInfo("Asia/Jerusalem")
    day = now.astimezone(israel).date()
    while True:
        night = datetime.combine(day, time(21), tzinfo=israel)
        if day.weekday() == 5 and night + timedelta(hours=12) <= now:
            return night
        day -= timedelta(days=1)


def build(stdout) -> None:

    if Game.objects.filter(slug=SLUG).exists():
        return
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    users = {}
    for members in FAMILIES.values():
        for username in members:
            user = User.objects.filter(username=username).first()
            if user is None:
                user = demo_account(username)
            named(user, NAMES.get(username, username.capitalize()))
            users[username] = user
    night = last_saturday_night(clock.now())
    begin = night - timedelta(hours=1)
    game = services.event_create(title="Demo Mafia 1923", moderator=organizer, pool=POOL, seed="demo-1923",
                                 now=begin)
    Game.objects.filter(pk=game.pk).update(slug=SLUG)
    game.refresh_from_db()
    for family, members in FAMILIES.items():
        for username in members:
            services.entry_create(game=game, user=users[username], level="standard", request="family", together=family, now=begin)
    services.families_form(game=game, actor=organizer)
    services.event_enrol_and_deal(game=game, actor=organizer, now=begin)
    number = {slot.user.username: slot.number for slot in game.slots.select_related("user")}
    hand = {n: "townsperson" for n in number.values()}
    hand.update({number[u]: role for u, role in ROLES.items()})
    hand.update({number[u]: "mafia_member" for u in MAFIA})
    services.deal_adjust(game=game, changes=hand, reason="the demo's roles", actor=organizer, now=begin)
    services.event_start(game=game, actor=organizer, now=begin)
    at = night + timedelta(minutes=5)
    services.action_submit(game=game, user=users["dmitry"], ability="kill",
                           players=[number["m1923-cohen-3"], number["m1923-mizrahi-3"]], now=at)
    services.action_submit(game=game, user=users["boris"], ability="save", player=number["m1923-cohen-3"],
                           now=at + timedelta(minutes=1))
    services.action_submit(game=game, user=users["vera"], ability="inquire", player=number["m1923-cohen-8"],
                           now=at + timedelta(minutes=2))
    resolve_due_phase(game.pk, night + timedelta(hours=10))  # Night 1's window ends: the draft
    services.draft_publish(game=game, actor=organizer, now=night + timedelta(hours=10, minutes=30))
    with transaction.atomic():
        locked_game = locked(game.pk)
        apply(locked_game, [PauseDeadline(at=night + timedelta(hours=12, minutes=1),
                                          note="Paused for the demo: play at any hour.")])
    stdout.write(f"Mafia 1923: /online/1923/{SLUG}/ (player and judge play in the family Levi; the organizer "
                 "moderates at /organize/online/1923/)")
