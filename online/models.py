"""The models module Django loads for the app ``online``: every model of online play, each
defined in its package (docs/architecture.md, "Online play"). Django gives a model the app label
of the app its module lives in, so all of them keep the label ``online``, their tables and their
content types wherever the class is written. New code imports a model from its package.
"""

from .core.models import (  # noqa: F401
    Delivery,
    Follow,
    Game,
    GameEvent,
    LanguagePreference,
    Notification,
    Post,
    Setup,
    Slot,
    Thread,
)
from .forum.models import Signup, Vote  # noqa: F401
from .mafia1923.models import Entry, EventSettings, Moderator, Override, Question  # noqa: F401
from .simulations.models import SimulationRun  # noqa: F401
from .table.models import JudgedTable  # noqa: F401
