"""The stream's broadcast view of a tournament (/broadcast/<token>/): tournaments/views_broadcast.py."""

from django.urls import path

from . import views_broadcast as views

app_name = "broadcast"

urlpatterns = [
    path("<str:token>/", views.broadcast_tournament, name="tournament"),
    path("<str:token>/games/<int:pk>/", views.broadcast_game, name="game"),
    path("<str:token>/games/<int:pk>/table/", views.broadcast_game_table, name="game_table"),
]
