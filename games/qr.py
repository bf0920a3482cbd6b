"""QR codes drawn on the server as inline SVG (segno, pure Python): no CDN, no image request, and
they work offline at the venue."""

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(text: str, *, title: str = "") -> SafeString:
    """``text`` as a QR code: an ``<svg>`` element sized by CSS (it has a viewBox, no width)."""
    code = segno.make(text, error="m", micro=False)
    # Dark modules on a white ground with the standard quiet zone of four modules: what phone
    # cameras read best, whatever the page's colours are.
    svg = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr",
                          lineclass=None, title=title or None)
    return mark_safe(svg)  # segno's own markup; it escapes the title itself
