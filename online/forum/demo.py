"""The forum game's demo data: a game in progress that the demo accounts play (the player "player"
and the judge "judge" are in it, the organizer moderates) and one open for sign-ups. Safe to run
again (called by online/demo.py)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from clubs.management.commands.seed_demo import demo_account, named
from online.core.models import Game, Setup

from . import services

PLAYING = ["player", "judge", "boris", "vera", "galina", "dmitry", "elena"]
SETUP = {"ruleset": "forum", "roles": [{"role": "mafia_goon", "count": 2}, {"role": "cop", "count": 1},
                                       {"role": "doctor", "count": 1}, {"role": "townie", "count": 3}],
         "options": {"day_start": True, "day_hours": 48, "night_hours": 24}}


def build(club, stdout) -> None:
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    users = []
    for username in PLAYING:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = demo_account(username)
        named(user, username.capitalize())
        users.append(user)
    setup = Setup.objects.filter(slug="demo-seven").first() or services.setup_create(
        name="Seven: two goons, a cop and a doctor", slug="demo-seven", data=SETUP, created_by=organizer)
    if not Game.objects.filter(slug="demo-forum-game").exists():
        game = services.game_create(setup=setup, moderator=organizer, title="Demo forum game", seed="demo",
                                    time_zone=club.timezone or "UTC")
        Game.objects.filter(pk=game.pk).update(slug="demo-forum-game")
        game.refresh_from_db()
        for user in users:
            services.signup_join(game=game, user=user)
        services.game_deal(game=game)
        services.role_messages_send(game=game)
        services.game_start(game=game)
        services.post_create(game=game, user=organizer, body="Welcome to Day 1! Vote with the control or VOTE: name.")
        services.post_create(game=game, user=users[2], body="Good morning. I have a feeling about Vera.\nVOTE: Vera")
    if not Game.objects.filter(slug="demo-sign-ups").exists():
        game = services.game_create(setup=setup, moderator=organizer, title="Demo sign-ups",
                                    time_zone=club.timezone or "UTC")
        Game.objects.filter(pk=game.pk).update(slug="demo-sign-ups")
        for user in users[2:5]:
            services.signup_join(game=game, user=user)
    stdout.write(f"Online games: /online/ (players {', '.join(PLAYING)}; the organizer moderates)")
