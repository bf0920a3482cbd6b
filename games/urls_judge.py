"""The judges' pages: their tables, and the entry page by login (id) or by the private link."""

from django.urls import path

from . import views

app_name = "entry"

urlpatterns = [
    path("entry-sw.js", views.entry_service_worker, name="service_worker"),
    path("judge/", views.my_tables, name="my_tables"),
    path("judge/games/<int:pk>/", views.entry_page, name="page"),
    path("judge/games/<int:pk>/players/", views.player_options, name="players"),
    path("judge/games/<int:pk>/history/", views.history, name="history"),
    path("judge/games/<int:pk>/log/", views.event_log, name="log"),
    path("judge/games/<int:pk>/host/", views.entry_host, name="host"),
    path("judge/games/<int:pk>/<slug:action>/", views.entry_action, name="action"),
    path("t/<str:token>/", views.entry_page, name="link"),
    path("t/<str:token>/players/", views.player_options, name="link_players"),
    path("t/<str:token>/history/", views.history, name="link_history"),
    path("t/<str:token>/log/", views.event_log, name="link_log"),
    path("t/<str:token>/host/", views.entry_host, name="link_host"),
    path("t/<str:token>/<slug:action>/", views.entry_action, name="link_action"),
]
