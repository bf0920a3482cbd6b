"""The site's own address, for links read outside it (e-mails): ``absolute("/online/x/")`` →
"http://127.0.0.1:8000/online/x/" with ``settings.SITE_URL`` (config/settings.py)."""

from django.conf import settings


def absolute(path: str) -> str:
    """A path of the site as a whole address; an address that is whole already stays as it is."""
    if not path.startswith("/"):
        return path
    return f"{settings.SITE_URL.rstrip('/')}{path}"
