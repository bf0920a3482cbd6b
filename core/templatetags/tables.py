"""``{% load tables %}``: ``{% stacked lead=2 %}<table class="list">…</table>{% endstacked %}`` — a
table that reads on a phone as labelled rows instead of scrolling sideways (core/tables.py)."""

from django import template
from django.utils.safestring import mark_safe

from core.tables import label_cells

register = template.Library()


class StackedNode(template.Node):
    def __init__(self, nodelist, lead):
        self.nodelist, self.lead = nodelist, lead

    def render(self, context):
        lead = self.lead.resolve(context) if self.lead is not None else 1
        # the table was rendered (and escaped) by the template; only attributes are added
        return mark_safe(label_cells(self.nodelist.render(context), lead=int(lead)))  # noqa: S308


@register.tag
def stacked(parser, token):
    """``{% stacked %}`` or ``{% stacked lead=N %}``: the first N columns head each row on a phone."""
    bits = token.split_contents()[1:]
    lead = None
    for bit in bits:
        name, _, value = bit.partition("=")
        if name != "lead" or not value:
            raise template.TemplateSyntaxError("{% stacked %} takes only lead=N")
        lead = parser.compile_filter(value)
    nodelist = parser.parse(("endstacked",))
    parser.delete_first_token()
    return StackedNode(nodelist, lead)
