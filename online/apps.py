from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.actions import describe

from . import texts  # text only, no models: importable while the registry loads
from .audit_actions import ACTIONS
from .mafia1923 import texts as mafia1923_texts


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("Online games")

    def ready(self):
        describe(ACTIONS)  # the audit trail's actions in words (core/actions.py)
        from .deadlines import on_phase_started  # ready() runs once the app registry is loaded
        from .signals import phase_started

        phase_started.connect(on_phase_started, dispatch_uid="online.deadlines.schedule")

        from games import automatic_play

        from .agents.simulate import play_protocol

        automatic_play.provide(play_protocol)  # tournaments simulated at auto-judged tables

        texts.register_notifications("forum", texts.forum_notification_text)  # each game its notifications' text
        texts.register_notifications("mafia1923", mafia1923_texts.notification_text)

        from core import outbox

        from .simulations.services import run_simulation

        outbox.register(outbox.Kind.SIMULATION, run_simulation)  # runs asked for on the site
