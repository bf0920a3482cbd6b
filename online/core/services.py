"""What every online game's services share: a setup row, a unique slug, a checked title, the
player's slot (each game's own services: online/<game>/services.py)."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import ApplicationError

from .models import Game, Setup, Slot


def setup_create(*, name: str, data: dict, check: Callable[[object], dict], created_by=None,
                 slug: str | None = None) -> Setup:
    """A setup, checked by its game's ``check`` (the normalised setup, or ``ValidationError`` with one
    clear sentence: the forum game's is online/forum/setup_forms.py ``validate_setup``)."""

    name = (name or "").strip()
    if not name:
        raise ApplicationError(_("Give the setup a name."), code="setup.name")
    try:
        normalised = check({**data, "name": name} if isinstance(data, dict) else data)
    except ValidationError as error:
        raise ApplicationError(_("This is not a valid setup: %(reason)s") % {"reason": error.messages[0]},
                               code=error.code or "setup.invalid") from error
    slug = slug or unique_slug(Setup, name)
    return Setup.objects.create(name=name, slug=slug, data=normalised, created_by=created_by)


RESERVED_SLUGS = {"setups", "notifications", "roles"}  # paths of their own under /online/ and the console


def unique_slug(model, title: str) -> str:
    base = slugify(title)[:60] or "game"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or model.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def checked_title(title: str) -> str:
    """A game's (or an event's) title: given, and short enough for its column."""
    title = (title or "").strip()
    limit = Game._meta.get_field("title").max_length
    if not title:
        raise ApplicationError(_("Give the game a title."), code="game.title")
    if len(title) > limit:
        raise ApplicationError(_("The title is too long: at most %(limit)s characters.") % {"limit": limit},
                               code="game.title-too-long")
    return title


def player_slot(game: Game, user) -> Slot:
    slot = game.slots.filter(user=user).first()
    if slot is None:
        raise ApplicationError(_("You are not playing in this game."), code="slot.none")
    return slot
