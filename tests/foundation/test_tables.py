"""Tables that read on a phone (core/tables.py, ``{% stacked %}``): each body cell carries its
column's heading, the lead cells are marked, a cell across columns takes a whole line, and what
the template escaped stays escaped. The phone's look itself is checked in Chromium on the demo
site (tests/audiences/test_demo_site.py: nothing scrolls sideways at 390 px, no words cut)."""

from django.template import Context, Template

from core.tables import label_cells

TABLE = """<div class="table-scroll"><table class="list t-standings">
  <thead><tr><th class="num">#</th><th>Player</th><th class="num">Total</th><th>Extra <span class="sr-only">points</span></th><th></th></tr></thead>
  <tbody>
  <tr><td class="num">1</td><td><a href="/p/1/">Marina &amp; co</a></td><td class="num"><strong>1.70</strong></td>
      <td>2.10</td><td><table><tr><td>a cell's own table</td></tr></table></td></tr>
  <tr><td colspan="5" class="muted">No more.</td></tr>
  </tbody>
</table></div>"""


def test_each_cell_gets_its_columns_heading_and_the_lead_cells_head_the_row():
    html = label_cells(TABLE, lead=2)
    assert '<table class="stack list t-standings">' in html
    assert '<td class="stack-lead num">1</td>' in html
    assert '<td class="stack-lead"><a href="/p/1/">Marina &amp; co</a></td>' in html
    assert '<td class="num" data-label="Total"><strong>1.70</strong></td>' in html
    assert '<td data-label="Extra points">2.10</td>' in html
    assert "<td><table><tr><td>a cell's own table</td>" in html, "no heading, no label; an inner table untouched"
    assert '<td colspan="5" class="stack-whole muted">No more.</td>' in html
    assert html.count("data-label") == 2


def test_a_heading_is_escaped_in_its_attribute():
    html = label_cells('<table><thead><tr><th>A "quoted" &lt;b&gt;</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>',
                       lead=0)
    assert '<td data-label="A &quot;quoted&quot; &lt;b&gt;">x</td>' in html


def test_the_tag_wraps_a_templates_table():
    template = Template("{% load tables %}{% stacked lead=1 %}<table><thead><tr><th>#</th><th>{{ heading }}</th>"
                        "</tr></thead><tbody><tr><td>1</td><td>{{ value }}</td></tr></tbody></table>{% endstacked %}")
    html = template.render(Context({"heading": "Очки", "value": "<b>"}))
    assert '<td data-label="Очки">&lt;b&gt;</td>' in html and '<td class="stack-lead">1</td>' in html
