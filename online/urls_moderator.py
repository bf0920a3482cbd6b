"""The moderator's console for online games."""

from django.urls import path

from . import views_moderator as views
from .simulations import urls_moderator as simulation_urls

app_name = "online_mod"

urlpatterns = simulation_urls.urlpatterns + [  # before the console's game slug
    path("", views.console, name="console"),
    path("setups/new/", views.setup_new, name="setup_new"),
    path("<slug:slug>/", views.game_console, name="game"),
    path("<slug:slug>/<slug:action>/", views.game_action, name="action"),
]
