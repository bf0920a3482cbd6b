from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from clubs import views as club_views
from core.ratelimits import limit

from .favicon import favicon
from .health import healthz, healthz_live

urlpatterns = [
    path("", club_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("healthz/live", healthz_live, name="healthz_live"),
    path("favicon.ico", favicon, name="favicon"),
    path("clubs/<slug:slug>/seasons/", include("seasons.urls")),
    path("clubs/", include("clubs.urls")),
    path("players/", include("clubs.urls_players")),
    path("players/", include("records.urls")),
    path("ratings/", include("ratings.urls")),
    path("leagues/", include("leagues.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("broadcast/", include("tournaments.urls_broadcast")),
    path("organize/pipeline/", include("tournaments.urls_pipeline")),
    path("organize/discipline/", include("discipline.urls")),
    path("discipline/", include("discipline.urls_player")),
    path("organize/", include("tournaments.urls_organizer")),
    path("games/", include("games.urls")),
    path("online/1923/", include("online.mafia1923.urls")),  # before online/<slug>/
    path("online/", include("online.urls")),
    path("organize/online/1923/", include("online.mafia1923.urls_moderator")),
    path("organize/online/", include("online.urls_moderator")),
    path("organize/games/", include("games.urls_organizer")),
    path("", include("games.urls_judge")),
    path("accounts/sign-up/", club_views.sign_up, name="sign_up"),
    # Django's own password reset, its POSTs rate-limited per address (core/ratelimits.py).
    path("accounts/password_reset/", limit("password_reset", key="ip")(auth_views.PasswordResetView.as_view()),
         name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls", namespace="api")),
]


# Errors: JSON under /api/ in the API's one shape, pages elsewhere (config/error_views.py).
handler400 = "config.error_views.bad_request"
handler403 = "config.error_views.permission_denied"
handler404 = "config.error_views.page_not_found"
handler500 = "config.error_views.server_error"
