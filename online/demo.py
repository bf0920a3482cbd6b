"""Demo data for online games (``seed_demo``): a forum game in progress that the demo accounts
play (the player "player" and the judge "judge" are in it, the organizer moderates), one open
for sign-ups, and a finished simulation run of the auto-judged table. Safe to run again."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from clubs.management.commands.seed_demo import DEMO_PASSWORD, named

from . import services
from .mafia1923.demo import build as build_mafia1923
from .models import Game, Setup
from .simulations.models import SimulationRun
from .simulations.services import simulation_request

PLAYING = ["player", "judge", "boris", "vera", "galina", "dmitry", "elena"]
SETUP = {"ruleset": "forum", "roles": [{"role": "mafia_goon", "count": 2}, {"role": "cop", "count": 1},
                                       {"role": "doctor", "count": 1}, {"role": "townie", "count": 3}],
         "options": {"day_start": True, "day_hours": 48, "night_hours": 24}}
# One small run for the simulations' page: rule-based bots against themselves and, on the same
# seeds, rule-based red players against random black ones (about a second; played after the
# demo's commit, in-process under `make run`, by a worker with a broker).
SIMULATION = {"games": 200, "seed": "demo", "spec": "rule", "compare_spec": "red=rule,black=random"}


def build(club, stdout) -> None:
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    users = []
    for username in PLAYING:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(username=username, email=f"{username}@example.com", password=DEMO_PASSWORD)
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

    build_mafia1923(stdout)
    stdout.write("Auto-judged table: /online/table/ (any visitor sits down at once, bots in the other seats)")
    if not SimulationRun.objects.filter(seed=SIMULATION["seed"], requested_by=organizer).exists():
        simulation_request(requested_by=organizer, **SIMULATION)
    stdout.write("Simulations of the auto-judged table: /online/simulations/ (200 bot games, head to head)")
