"""``{{ user|person }}``: a person named to other people (clubs.selectors.person_name)."""

from django import template

from clubs.selectors import person_name

register = template.Library()


@register.filter
def person(user) -> str:
    return person_name(user)
