import re

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from core import written
from online.agents.spec import spec_words
from online.forum import texts

register = template.Library()


@register.filter
def agents(spec):
    """A simulation's agent spec in words ("red=rule,black=random": "red: rule-based bots; …")."""
    return spec_words(spec, _)


@register.filter
def phase_label(phase):
    return texts.phase_label(phase)


@register.filter
def role_name(role_id):
    return texts.role_name(role_id)


@register.filter
def side_name(side_id):
    return texts.side_name(side_id)


@register.filter
def ability_name(ability_id):
    return str(texts.ABILITIES.get(ability_id, ability_id))


@register.filter
def left_how(how):
    return str(texts.LEFT.get(how, how))


@register.filter
def outcome_name(outcome):
    return str(texts.OUTCOMES.get(outcome, outcome))


@register.filter
def verdict_name(verdict):
    return str(texts.VERDICTS.get(verdict, verdict))


@register.filter
def stage_title(stage):
    return str(texts.STAGES.get(stage, (stage, ""))[0])


@register.filter
def stage_description(stage):
    return str(texts.STAGES.get(stage, ("", ""))[1])


@register.simple_tag
def thread_label(key, names):
    return texts.thread_label(key, names)


@register.simple_tag
def role_message(role_id, side_id):
    return texts.role_message(role_id, side_id)


@register.filter
def name_of(number, names):
    if number is None:
        return ""
    return names.get(number, number)


@register.filter
def name_list(numbers, names):
    return ", ".join(str(names.get(n, n)) for n in numbers or [])


_QUOTE_OPEN = re.compile(r"\[quote(?:=([^\]]{0,60}))?\]", re.IGNORECASE)
_QUOTE_CLOSE = re.compile(r"\[/quote\]", re.IGNORECASE)
_POST_LINK = re.compile(r"&gt;&gt;(\d{1,12})")


@register.filter
def post_body(text, thread="main"):
    """A post's text: escaped, [quote] blocks as quotes, >>123 as a link to post 123 (on whichever
    page of the thread holds it), line breaks."""
    html = escape(text)
    opened = 0

    def open_quote(match):
        nonlocal opened
        opened += 1
        who = match.group(1)
        return f'<blockquote class="quote">{f"<cite>{who}</cite>" if who else ""}'

    html = _QUOTE_OPEN.sub(open_quote, html)

    def close_quote(match):
        nonlocal opened
        if opened == 0:
            return match.group(0)
        opened -= 1
        return "</blockquote>"

    html = _QUOTE_CLOSE.sub(close_quote, html) + "</blockquote>" * opened
    where = escape(f"?thread={thread}&post=")
    html = _POST_LINK.sub(lambda m: f'<a href="{where}{m.group(1)}#post-{m.group(1)}">&gt;&gt;{m.group(1)}</a>', html)
    return mark_safe(html.replace("\n", "<br>"))  # noqa: S308 (every piece escaped above)


@register.filter
def make_post(event):
    """An event shown like a system post (the review lists private results this way)."""
    return {"event": event}


@register.filter
def option_name(key):
    return texts.option_name(key)


@register.simple_tag
def vote_history(count, game):
    """The day's vote history as list items, each vote linked to its post: written in Python, as
    the count fragment answers every vote and every poll and a day's history grows long."""


    if not count["history"]:
        return format_html('<li class="muted">{}</li>', _("No votes yet."))
    url = escape(reverse("online:game", kwargs={"slug": game.slug}))
    votes, unvotes = _("votes %(name)s"), escape(_("unvotes"))
    rows = []
    for entry in count["history"]:
        what = escape(votes % {"name": entry["target_name"]}) if entry["target_name"] else unvotes
        post = entry["post_id"]
        link = f' <a href="{url}?post={post}#post-{post}">#{post}</a>' if isinstance(post, int) else ""
        rows.append(f"<li>{escape(written.moment(entry['at'], game))} {escape(entry['voter_name'])}: {what}{link}</li>")
    return mark_safe("".join(rows))  # noqa: S308 (every piece escaped above; the post id is an int)
