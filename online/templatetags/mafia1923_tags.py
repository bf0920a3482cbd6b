"""Template filters of Mafia 1923's pages: the engine's ids in the reader's language."""

from django import template

from online.mafia1923.models import Entry
from online.mafia1923.texts import ability_name, phase_name, role_name, status_name

register = template.Library()


@register.filter
def m1923_phase(phase: str | None) -> str:
    return phase_name(phase) if phase else ""


@register.filter
def m1923_role(role: str | None) -> str:
    return role_name(role)


@register.filter
def m1923_status(status: str) -> str:
    return status_name(status)


@register.filter
def m1923_ability(ability: str) -> str:
    return ability_name(ability)


@register.filter
def m1923_name(number, names: dict) -> str:
    """A slot's name from a {number: name} table (a number the table lacks prints as is)."""
    try:
        return names.get(int(number), str(number))
    except (TypeError, ValueError):
        return str(number) if number is not None else "—"


@register.filter
def m1923_level(level: str | None) -> str:
    return str(dict(Entry.Level.choices).get(level, level or "—"))
