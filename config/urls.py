from django.contrib import admin
from django.urls import include, path

from clubs import views as club_views

from .health import healthz

urlpatterns = [
    path("", club_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("clubs/", include("clubs.urls")),
    path("players/", include("clubs.urls_players")),
    path("tournaments/", include("tournaments.urls")),
    path("games/", include("games.urls")),
    path("accounts/sign-up/", club_views.sign_up, name="sign_up"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

