"""The site's clock for online games: ``now()``, which tests (and the browser tests' live server,
in the same process) move with ``advance``/``reset``. Production never moves it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

_offset = timedelta(0)


def now() -> datetime:
    return timezone.now() + _offset


def advance(delta: timedelta) -> datetime:
    global _offset
    _offset += delta
    return now()


def reset() -> None:
    global _offset
    _offset = timedelta(0)
