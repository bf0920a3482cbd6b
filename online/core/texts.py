"""The text every online game shares: the registry of each game's notifications, written out in
the reader's language when shown (each game's own words: its package's texts.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy

# --- notifications: each online game registers the renderer of its own ---------------------------
NotificationRenderer = Callable[[str, dict, Any], str]
_RENDERERS: dict[str, NotificationRenderer] = {}
UNKNOWN_NOTIFICATION = gettext_lazy("There is news in this game.")
DEFAULT_RULESET = "forum"  # a setup that names no ruleset is the forum game's (online/forum/setup_forms.py)


def register_notifications(ruleset: str, renderer: NotificationRenderer) -> None:
    """``renderer(kind, params, game)`` writes a notification of a game of ``ruleset`` in the
    active language, or answers "" for a kind it does not know. Registered in
    ``OnlineConfig.ready`` (online/apps.py)."""
    _RENDERERS[ruleset] = renderer


def notification_rulesets() -> set[str]:
    return set(_RENDERERS)


def ruleset_of(game) -> str:
    setup = getattr(game, "setup", None)
    data = getattr(setup, "data", None) or {}
    return data.get("ruleset") or DEFAULT_RULESET


def notification_text(kind: str, params: dict, game=None) -> str:
    """A notification in the active language (the reader's: the page's, or the e-mail's
    recipient's, online/core/notifications.py), by the renderer its game's ruleset registered; a kind that
    renderer does not know (or a ruleset with none) reads as a plain "there is news"."""
    renderer = _RENDERERS.get(ruleset_of(game) if game is not None else DEFAULT_RULESET)
    text = renderer(kind, params or {}, game) if renderer is not None else ""
    return text or str(UNKNOWN_NOTIFICATION)
