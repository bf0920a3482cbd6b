"""Online play's public pages under /online/, one namespace for the packages' pages (Mafia 1923's
have their own: online/mafia1923/urls.py). The moderators' are in urls_moderator.py."""

from django.urls import path

from .core import views
from .forum import urls as forum_urls
from .simulations import urls as simulation_urls
from .table import urls as table_urls

app_name = "online"

# The forum games' catch-all slug (``<slug>/``) comes last.
urlpatterns = [
    path("notifications/", views.notifications, name="notifications"),
    *table_urls.urlpatterns,
    *simulation_urls.urlpatterns,
    *forum_urls.urlpatterns,
]
