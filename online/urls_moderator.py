"""The moderators' consoles of online play under /organize/online/ (Mafia 1923's:
online/mafia1923/urls_moderator.py)."""

from .forum import urls_moderator as forum_urls
from .simulations import urls_moderator as simulation_urls

app_name = "online_mod"

# Asking for a simulation run comes before the forum console's game slug.
urlpatterns = [*simulation_urls.urlpatterns, *forum_urls.urlpatterns]
