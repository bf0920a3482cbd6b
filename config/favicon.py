"""``/favicon.ico``: browsers ask for it at the site's root on every new visit, whatever the page
links; the file is the site's own (static/favicon.ico, beside static/favicon.svg that pages link)."""

from django.conf import settings
from django.http import FileResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

FAVICON = settings.BASE_DIR / "static" / "favicon.ico"


@require_GET
@cache_control(max_age=86400, public=True)
def favicon(request):
    return FileResponse(FAVICON.open("rb"), content_type="image/x-icon")
