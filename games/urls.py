"""Public pages of games: what anyone may see (roles only under games.visibility.may_see_roles)."""

from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("<int:pk>/", views.game_detail, name="detail"),
    path("<int:pk>/live/", views.game_live, name="live"),
    path("<int:pk>/live/table/", views.game_live_table, name="live_table"),
]
