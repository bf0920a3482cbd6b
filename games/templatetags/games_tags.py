"""Template helpers of the games pages."""

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from clubs.permissions import user_may_organize
from core import written
from games import links
from games.entry_parts import EntryParts
from games.qr import qr_svg
from games.visibility import FINISHED_STATUSES, may_see_roles

register = template.Library()


def _organizes(request, club) -> bool:
    """user_may_organize, remembered for the request (a page lists many games of one club)."""
    known = request.__dict__.setdefault("_organizes_clubs", {})
    if club.pk not in known:
        known[club.pk] = user_may_organize(request.user, club)
    return known[club.pk]


@register.filter
def club_time(value, game) -> str:
    """``{{ value|when:game }}`` under its older name (core/written.py writes every time): a moment
    in the game's club's zone whoever looks (a link's holder may be anonymous)."""
    return written.moment(value, game)


@register.inclusion_tag("games/_judge_link.html", takes_context=True)
def judge_link_panel(context, game):
    """The table's private link for organizers: the address with a copy button, its expiry, a QR
    code to show the table's judge, and the buttons to rotate or withdraw it.

    The link is a secret: the tag itself renders nothing for anyone but the club's organizers,
    whatever page it is put on. ``game`` needs its club, evening and tournament loaded.
    """
    request = context.get("request")
    if request is None or not _organizes(request, game.club):
        return {"shown": False}
    url = request.build_absolute_uri(reverse("entry:link", kwargs={"token": game.judge_token}))
    state = links.link_state(game)
    return {
        "shown": True, "game": game, "url": url, "state": str(state), "expires_at": links.link_expires_at(game),
        "qr": qr_svg(url, title=_("The judge's link to %(game)s") % {"game": game})
        if state in (links.LinkState.OPEN, links.LinkState.READ_ONLY) else "",
        "next": request.get_full_path(), "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag(takes_context=True)
def game_roles_visible(context, game) -> bool:
    """``{% game_roles_visible game as show_roles %}``: games.visibility.may_see_roles, no other rule."""
    request = context.get("request")
    user = getattr(request, "user", None)
    return may_see_roles(user, game, via_link=bool(context.get("via_link")))



@register.simple_tag
def seat_tiles(name, input_type, seats, none_label=""):
    """A row of big seat tiles (radio buttons or checkboxes drawn as buttons).

    Written in Python rather than as a template loop: the entry page draws several of these on
    every action, and this is the hot path of the 50 ms budget.
    """
    name = escape(name)
    input_type = "checkbox" if input_type == "checkbox" else "radio"
    parts = ['<div class="tiles" role="group">']
    for seat in seats:
        number = int(seat.number)
        out = "" if seat.alive else " out"
        parts.append(f'<label class="tile{out}"><input type="{input_type}" name="{name}" value="{number}">'
                     f"<span>{number}</span></label>")
    if none_label:
        parts.append(f'<label class="tile"><input type="{input_type}" name="{name}" value="none">'
                     f"<span>{escape(none_label)}</span></label>")
    parts.append("</div>")
    return mark_safe("".join(parts))  # noqa: S308  (every value above is escaped or an int)


@register.simple_tag
def shown_number_tiles(black, seats):
    """What a black player shows at the night shot: "—" (nothing) or a seat number. Nothing is
    preselected: a miss is a tap like any number (the form refuses an untouched row)."""
    black = int(black)
    nothing = escape(_("nothing shown"))
    parts = ['<div class="tiles numbers" role="group">',
             f'<label class="tile"><input type="radio" name="shot_{black}" value="none" aria-label="{nothing}">'
             '<span>—</span></label>']
    for number in seats:
        parts.append(f'<label class="tile"><input type="radio" name="shot_{black}" value="{number}">'
                     f"<span>{number}</span></label>")
    parts.append("</div>")
    return mark_safe("".join(parts))  # noqa: S308  (integers only)


@register.simple_tag
def color_tiles(seats):
    """First Color declarations: for each seat, red or black, or "—" (not declared, the default):
    a wrong tap is taken back by tapping "—", with or without JS (an empty value declares nothing)."""
    red, black, undeclared = escape(_("red")), escape(_("black")), escape(_("not declared"))
    parts = ['<div class="colors">']
    for seat in seats:
        number = int(seat.number)
        parts.append(
            f'<div class="color-row"><span class="seat-no">{number}</span>'
            f'<label class="tile small undeclared"><input type="radio" name="color_{number}" value="" checked'
            f' aria-label="{undeclared}"><span>—</span></label>'
            f'<label class="tile small red"><input type="radio" name="color_{number}" value="red"><span>{red}</span></label>'
            f'<label class="tile small black"><input type="radio" name="color_{number}" value="black"><span>{black}</span></label></div>'
        )
    parts.append("</div>")
    return mark_safe("".join(parts))  # noqa: S308  (integers and escaped text only)


@register.simple_tag(takes_context=True)
def seat_grid(context, seats, roles_visible, open_for_fouls):
    """The ten seat cards: number, nickname, role (only when visible), fouls, how a seat left,
    and the one-tap foul button. Rendered in Python for the same reason as ``seat_tiles``. Each
    card is a part of the table (games/entry_parts.py): a foul sends one card again, not ten."""
    fouls_label, short_label, foul_label = escape(_("fouls")), escape(_("30 s speech")), escape(_("foul"))
    table_parts: EntryParts | None = context.get("entry_parts")
    cards = []
    for seat in seats:
        parts = []
        number = int(seat.number)
        classes = ["seat", "alive" if seat.alive else "out"]
        if roles_visible:
            classes.append(f"team-{escape(seat.team)}")
        if seat.nominated:
            classes.append("nominated")
        parts.append(f'<div class="{" ".join(classes)}" data-seat="{number}">'
                     f'<div class="seat-top"><span class="seat-no">{number}</span>'
                     f'<span class="nick">{escape(seat.nickname)}</span></div>')
        if roles_visible:
            parts.append(f'<span class="role role-{escape(seat.role)}">{escape(seat.role_name)}</span>')
        parts.append(f'<div class="fouls" title="{fouls_label}" data-fouls="{int(seat.ordinary)}">'
                     f'<span class="dots">{seat.dots}</span>')
        if seat.technical:
            parts.append(f'<span class="tech">T{int(seat.technical)}</span>')
        if seat.shortened and seat.alive:
            parts.append(f'<span class="badge warn short">{short_label}</span>')
        parts.append("</div>")
        if seat.gone:
            parts.append(f'<div class="gone">{escape(seat.gone)}</div>')
        if seat.alive and open_for_fouls:
            parts.append(f'<button type="submit" name="seat" value="{number}" class="foul-button" '
                         f'aria-label="{foul_label} {number}">+ {foul_label}</button>')
        parts.append("</div>")
        card = "".join(parts)
        if table_parts is not None:
            card = table_parts.leaf(f"seat-{number}", card)
        cards.append(card)
    return mark_safe("".join(cards))  # noqa: S308  (integers and escaped text only)


class PartNode(template.Node):
    def __init__(self, key, nodelist):
        self.key, self.nodelist = key, nodelist

    def render(self, context):
        table_parts: EntryParts | None = context.get("entry_parts")
        if table_parts is None:
            return self.nodelist.render(context)
        key = "-".join(str(piece.resolve(context)) for piece in self.key)
        table_parts.open()
        return mark_safe(table_parts.close(key, self.nodelist.render(context)))  # noqa: S308


@register.tag("part")
def part(parser, token):
    """``{% part "key" [more...] %}<element>...</element>{% endpart %}``: one part of the entry
    table, sent again only when it changed (games/entry_parts.py); the key's pieces are joined
    with "-" (``{% part "will" will.seat %}``: will-3). The content starts with its element."""
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% part %} takes a key")
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    return PartNode([parser.compile_filter(bit) for bit in bits[1:]], nodelist)


@register.inclusion_tag("games/_result.html", takes_context=True)
def game_result(context, game):
    """``{% game_result game %}``: who won, under the secrecy rule and no other. The winner with
    the public departures tells who was black, so it is part of the results (docs/secrecy.md):
    shown where and when the roles are. A list's games carry ``roles_visible``
    (``with_roles_visible``); a single game is asked ``may_see_roles``."""
    visible = getattr(game, "roles_visible", None)
    if visible is None:
        visible = game_roles_visible(context, game)
    return {"game": game, "shown": bool(visible) and game.status in FINISHED_STATUSES}
