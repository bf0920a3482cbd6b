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


def test_a_label_is_the_headings_words_read_aloud_not_its_short_form_for_the_eye():
    """The seating grid's rounds: "1" and "F" above the columns, "round 1" and "final round" on a
    phone's labels (issue 27: at 390 px the grid scrolled sideways)."""
    html = label_cells('<table><thead><tr><th>Player</th><th><span class="sr-only">round </span>1</th>'
                       '<th><span class="sr-only">final round</span><span aria-hidden="true">F<b>!</b></span></th>'
                       '</tr></thead><tbody><tr><th>Marina</th><td>3/5</td><td>1/2</td></tr></tbody></table>', lead=1)
    assert '<td data-label="round 1">3/5</td>' in html and '<td data-label="final round">1/2</td>' in html
