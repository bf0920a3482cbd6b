"""The moderator's console for online games."""

from django.urls import path

from . import views_moderator as views

app_name = "online_mod"

urlpatterns = [
    path("", views.console, name="console"),
    path("setups/new/", views.setup_new, name="setup_new"),
    path("<slug:slug>/", views.game_console, name="game"),
    path("<slug:slug>/<slug:action>/", views.game_action, name="action"),
]
