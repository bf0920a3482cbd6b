from django.contrib import admin
from django.urls import include, path

from clubs import views as club_views

from .health import healthz

urlpatterns = [
    path("", club_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("clubs/", include("clubs.urls")),
    path("players/", include("clubs.urls_players")),
    path("ratings/", include("scoring.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("organize/pipeline/", include("scoring.urls_organizer")),
    path("organize/discipline/", include("games.urls_discipline")),
    path("discipline/", include("games.urls_discipline_player")),
    path("organize/", include("tournaments.urls_organizer")),
    path("games/", include("games.urls")),
    path("online/", include("online.urls")),
    path("organize/online/", include("online.urls_moderator")),
    path("organize/games/", include("games.urls_organizer")),
    path("", include("games.urls_judge")),
    path("accounts/sign-up/", club_views.sign_up, name="sign_up"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls", namespace="api")),
]

