import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Anonymous GETs of the published standings are answered in front of Django from its own recent
# answers (tournaments/fast_standings.py); every other request goes to Django unchanged.
from tournaments.fast_standings import FastStandings  # noqa: E402  (after Django is set up)

application = FastStandings(application)
