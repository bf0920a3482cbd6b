"""The moderator's console for online games."""

from django.urls import path

from . import views_moderator as views
from . import views_simulations

app_name = "online_mod"

urlpatterns = [
    path("", views.console, name="console"),
    path("setups/new/", views.setup_new, name="setup_new"),
    path("simulations/new/", views_simulations.simulation_new, name="simulation_new"),
    path("<slug:slug>/", views.game_console, name="game"),
    path("<slug:slug>/<slug:action>/", views.game_action, name="action"),
]
