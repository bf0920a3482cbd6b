"""``{% load written %}``: the one way a page writes a moment, a date or points (core/written.py).

    {{ game.deadline|when:game }}          Sat 28 Nov 2026, 17:54 MSK (in the game's zone)
    {{ tournament.starts_on|day }}         Sat 28 Nov 2026
    {{ evening.starts_at|day:evening }}    the date in the evening's club's zone
    {{ post.created_at|clock:game }}       17:54 MSK
    <time datetime="{{ x|machine }}">      2026-11-28T14:54:00Z (for machines, not people)
    {{ standing.total|points }}            1.70 (Russian «1,70»)

The argument is what the moment belongs to: a club, a tournament, an evening, a game, a case, an
online game, a notification, a zone's name; without one, the reader's zone.
"""

from django import template

from core import actions, written

register = template.Library()


@register.filter
def when(value, owner=None) -> str:
    return written.moment(value, owner)


@register.filter
def day(value, owner=None) -> str:
    return written.day(value, owner)


@register.filter
def clock(value, owner=None) -> str:
    return written.clock(value, owner)


@register.filter
def machine(value) -> str:
    return written.machine(value)


@register.filter
def points(value) -> str:
    return written.points(value)


@register.filter
def action_label(action) -> str:
    """An audit entry's action in words: ``{{ entry.action|action_label }}`` (core/actions.py)."""
    return actions.action_label(str(action))
