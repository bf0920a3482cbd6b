from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("players/<int:pk>/", views.player_rating, name="player"),
]
