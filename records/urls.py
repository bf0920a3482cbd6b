from django.urls import path

from . import views, views_leaderboards

app_name = "records"

# Under /players/, beside the player's page (config/urls.py).
urlpatterns = [
    path("<int:pk>/record/", views.player_record, name="player"),
    path("<int:pk>/record/games.csv", views.player_games_csv, name="games_csv"),
    path("<int:pk>/versus/<int:other_pk>/", views.versus, name="versus"),
    path("leaderboards/", views_leaderboards.leaderboards, name="leaderboards"),
]
