from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from .core import texts  # text only, no models: importable while the registry loads
from .forum import texts as forum_texts
from .mafia1923 import texts as mafia1923_texts
from .mafia1923.audit_actions import ACTIONS


class OnlineConfig(AppConfig):
    """One app for all of online play: the shared core (online/core/) and one package per game
    beside it (docs/architecture.md, "Online play"). The core never imports a game's package:
    each game registers here what the core asks of it."""

    name = "online"
    verbose_name = _("Online games")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        from .core.deadlines import on_phase_started  # ready() runs once the app registry is loaded
        from .core.signals import phase_started

        phase_started.connect(on_phase_started, dispatch_uid="online.deadlines.schedule")

        from games import automatic_play

        from .agents.simulate import play_protocol

        automatic_play.provide(play_protocol)  # tournaments simulated at auto-judged tables

        # Each game: its notifications' text, what its new log events mean on the site, when the
        # clock publishes its drafts, its own rules' refusals.
        texts.register_notifications("forum", forum_texts.forum_notification_text)
        texts.register_notifications("mafia1923", mafia1923_texts.notification_text)
        from .core import deadlines, play, refusals
        from .forum import play as forum_play
        from .mafia1923 import play as mafia1923_play

        play.register_follower("forum", forum_play.follow_events)
        play.register_follower("mafia1923", mafia1923_play.follow_events)
        deadlines.register_publisher("mafia1923", mafia1923_play.publish_due)
        refusals.register_refusals(mafia1923_texts.REFUSALS)

        from core import outbox

        from .simulations.services import run_simulation

        outbox.register(outbox.Kind.SIMULATION, run_simulation)  # runs asked for on the site
