"""The forum game's moderator console, in the ``online_mod`` namespace."""

from django.urls import path

from . import views_moderator as views

urlpatterns = [
    path("", views.console, name="console"),
    path("setups/new/", views.setup_new, name="setup_new"),
    path("<slug:slug>/", views.game_console, name="game"),
    path("<slug:slug>/<slug:action>/", views.game_action, name="action"),
]
