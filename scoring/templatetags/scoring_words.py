"""``{% load scoring_words %}``: a point's rule in the reader's language (scoring/rule_names.py).

    {{ item.rule|rule_name }}   Vote that eliminated a black
    {{ item.note|rule_note }}   the engine's English note, for English readers only
"""

from django import template

from scoring import rule_names

register = template.Library()


@register.filter
def rule_name(slug) -> str:
    return rule_names.rule_name(str(slug))


@register.filter
def rule_note(note) -> str:
    return rule_names.rule_note(str(note))
